import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_ROUTES } from '@/lib/routes';
import { PolicyFrontmatterSchema, calendarDate, fillPolicyHtml, fillPolicyText, matchPoliciesToRoutes } from './policies';

const values = { productName: 'Golazo Arena', supportEmail: 'help@golazo.example' };

describe('fillPolicyHtml', () => {
  it('puts in the product name and a mailto link for the support email', () => {
    expect(fillPolicyHtml('<p>Email %SUPPORT_EMAIL% about %PRODUCT%.</p>', values)).toBe(
      '<p>Email <a href="mailto:help@golazo.example">help@golazo.example</a> about Golazo Arena.</p>',
    );
  });

  it('escapes the values it inserts', () => {
    const html = fillPolicyHtml('<p>%PRODUCT%</p>', { ...values, productName: 'A <b>&</b> "B"' });
    expect(html).toBe('<p>A &#60;b&#62;&#38;&#60;/b&#62; &#34;B&#34;</p>');
  });

  it('fails on an unknown placeholder instead of showing it to players', () => {
    expect(() => fillPolicyHtml('<p>%PRODUKT%</p>', values)).toThrow('%PRODUKT%');
  });

  it('leaves ordinary percentages alone', () => {
    expect(fillPolicyHtml('<p>100% skill, 50 %off</p>', values)).toBe('<p>100% skill, 50 %off</p>');
  });
});

describe('fillPolicyText', () => {
  it('fills plain text without markup', () => {
    expect(fillPolicyText('What %PRODUCT% keeps; ask %SUPPORT_EMAIL%', values)).toBe('What Golazo Arena keeps; ask help@golazo.example');
  });
});

describe('PolicyFrontmatterSchema', () => {
  const valid = {
    title: 'Privacy Policy',
    description: 'What we collect and why, in plain words.',
    lastUpdated: '2024-12-07',
    route: '/privacy-policy',
  };

  it('reads the last-updated date as a calendar date', () => {
    const parsed = PolicyFrontmatterSchema.parse(valid);
    expect(calendarDate(parsed.lastUpdated)).toBe('2024-12-07');
  });

  it('rejects a route that is not a single lower-case path segment', () => {
    for (const route of ['privacy-policy', '/Privacy', '/a/b', '/privacy-policy/']) {
      expect(PolicyFrontmatterSchema.safeParse({ ...valid, route }).success, route).toBe(false);
    }
  });

  it('rejects a missing or invalid date', () => {
    expect(PolicyFrontmatterSchema.safeParse({ ...valid, lastUpdated: 'soon' }).success).toBe(false);
    const { lastUpdated: _omit, ...withoutDate } = valid;
    expect(PolicyFrontmatterSchema.safeParse(withoutDate).success).toBe(false);
  });
});

describe('policy pages from the route table', () => {
  const routes = [
    { path: '/privacy-policy', title: 'Privacy Policy' },
    { path: '/cookies-policy', title: 'Cookies Policy' },
  ];

  it('pairs every route with its policy text', () => {
    const pairs = matchPoliciesToRoutes(routes, [
      { route: '/cookies-policy', title: 'Cookies Policy' },
      { route: '/privacy-policy', title: 'Privacy Policy' },
    ]);
    expect(pairs.map(({ route, policy }) => [route.path, policy.route])).toEqual([
      ['/privacy-policy', '/privacy-policy'],
      ['/cookies-policy', '/cookies-policy'],
    ]);
  });

  it('fails for a route without its text, a text without its route, or titles that differ', () => {
    expect(() => matchPoliciesToRoutes(routes, [{ route: '/privacy-policy', title: 'Privacy Policy' }])).toThrow(
      'No policy in src/content/policies has route /cookies-policy',
    );
    expect(() =>
      matchPoliciesToRoutes(routes, [
        { route: '/privacy-policy', title: 'Privacy Policy' },
        { route: '/cookies-policy', title: 'Cookies Policy' },
        { route: '/refunds', title: 'Refunds' },
      ]),
    ).toThrow('/refunds');
    expect(() =>
      matchPoliciesToRoutes(routes, [
        { route: '/privacy-policy', title: 'Privacy Notice' },
        { route: '/cookies-policy', title: 'Cookies Policy' },
      ]),
    ).toThrow("titled 'Privacy Notice'");
  });

  it('has a text in src/content/policies for each of the policy pages, under the same title', () => {
    expect(POLICY_ROUTES.map((route) => route.path)).toEqual([
      '/terms-of-service',
      '/privacy-policy',
      '/cookies-policy',
      '/cancellation-refund',
      '/shipping-delivery',
    ]);
    const dir = path.resolve(import.meta.dirname, '../../content/policies');
    const frontmatter = readdirSync(dir)
      .filter((file) => file.endsWith('.md'))
      .map((file) => {
        const text = readFileSync(path.join(dir, file), 'utf8');
        const field = (name: string) => text.match(new RegExp(`^${name}:\\s*['"]?(.+?)['"]?\\s*$`, 'm'))?.[1] ?? '';
        return { route: field('route'), title: field('title') };
      });
    expect(() => matchPoliciesToRoutes(POLICY_ROUTES, frontmatter)).not.toThrow();
  });
});
