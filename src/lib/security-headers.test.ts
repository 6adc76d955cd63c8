import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../scripts/preview.mjs';
import { headerPolicy, pageKindOf, renderHeadersFile, renderVercelConfig, sharedDirectives } from './security-headers';

const inputs = { supabaseUrl: 'https://abc.supabase.co', razorpayCheckoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' };
const PATHS = ['/', '/index.html', '/404', '/404.html', '/tournaments', '/tournaments/*', '/embed', '/embed/*', '/pay', '/pay/*'];

describe('the security headers', () => {
  it('lets any site frame the embeds and only the site frame the rest', () => {
    expect(headerPolicy(inputs, 'embed')).toMatch(/frame-ancestors \*$/);
    expect(headerPolicy(inputs, 'site')).toMatch(/frame-ancestors 'self'$/);
    expect(pageKindOf('/embed/bracket/')).toBe('embed');
    expect(pageKindOf('/embedded-news/')).toBe('site');
    expect(pageKindOf('/tournaments/x/')).toBe('site');
  });

  it('allows the Supabase project with its websocket, and Razorpay checkout, its frames and telemetry', () => {
    const policy = sharedDirectives(inputs).join('; ');
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co");
    expect(policy).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/lumberjack\.razorpay\.com/);
    expect(policy).toContain("object-src 'none'");
  });

  it('writes a _headers file where every page path gets exactly one policy, as the preview applies it', () => {
    const rules = parseHeadersFile(renderHeadersFile(inputs, PATHS));
    for (const path of ['/', '/tournaments/champions-dec-2026/', '/404.html', '/embed/bracket/', '/pay/']) {
      const headers = headersFor(rules, path) as [string, string][];
      const policies = headers.filter(([name]) => name === 'Content-Security-Policy');
      expect(policies, path).toHaveLength(1);
      expect(policies[0]?.[1]).toContain(path.startsWith('/embed/') ? 'frame-ancestors *' : "frame-ancestors 'self'");
      expect(headers.map(([name]) => name)).toEqual(
        expect.arrayContaining(['Strict-Transport-Security', 'Referrer-Policy', 'Permissions-Policy']),
      );
    }
  });

  it('sends the policy report-only when asked (the first production deploy)', () => {
    const text = renderHeadersFile(inputs, PATHS, { reportOnly: true });
    expect(text).toContain('Content-Security-Policy-Report-Only:');
    expect(text).not.toContain('Content-Security-Policy:');
  });

  it('writes the same policies for Vercel, the embeds outside the site pattern', () => {
    const config = JSON.parse(renderVercelConfig(inputs)) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    const site = config.headers.find((h) => h.source === '/((?!embed/).*)');
    const matches = (path: string) => new RegExp(`^${site?.source}$`).test(path);
    expect(matches('/embed/bracket/')).toBe(false);
    expect(matches('/tournaments/champions-dec-2026/')).toBe(true);
    expect(site?.headers.find((h) => h.key === 'Content-Security-Policy')?.value).toBe(headerPolicy(inputs, 'site'));
  });
});
