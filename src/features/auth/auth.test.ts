import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  freshStoredSession,
  assuranceOf,
  classifyAuthError,
  isCompleteCode,
  isPlausibleEmail,
  loginUrlFor,
  needsSecondFactor,
  qrCodeImageSource,
  normaliseCode,
  safeNextPath,
  secondsUntilResend,
  sessionStorageKey,
} from './auth';

describe('sessionStorageKey', () => {
  it.each(['http://127.0.0.1:54321', 'http://localhost:54321', 'https://abcdefghijklmnop.supabase.co'])(
    'matches the key supabase-js itself stores the session under for %s',
    (url) => {
      const client = createClient(url, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
      // supabase-js keeps the derived key on the client; the inline header script must read the same one.
      expect(sessionStorageKey(url)).toBe((client as unknown as { storageKey: string }).storageKey);
    },
  );

  it('uses the first label of the host', () => {
    expect(sessionStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(sessionStorageKey('https://xyz.supabase.co')).toBe('sb-xyz-auth-token');
  });
});

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/my-earnings')).toBe('/my-earnings');
    expect(safeNextPath('/tournaments/golazo-june-2025?slots=2#pay')).toBe('/tournaments/golazo-june-2025?slots=2#pay');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'my-earnings',
    '/\t/evil.example',
    '',
  ])('refuses %j and falls back', (raw) => {
    expect(safeNextPath(raw)).toBe('/dashboard');
  });

  it('falls back for missing values and for the sign-in screens themselves', () => {
    expect(safeNextPath(null)).toBe('/dashboard');
    expect(safeNextPath(undefined, '/profile')).toBe('/profile');
    expect(safeNextPath('/login?next=/x')).toBe('/dashboard');
    expect(safeNextPath('/register')).toBe('/dashboard');
  });

  it('builds the login address a guard redirects to', () => {
    expect(loginUrlFor('/my-earnings')).toBe('/login?next=%2Fmy-earnings');
    expect(loginUrlFor('//evil.example')).toBe('/login?next=%2F');
  });
});

describe('code entry', () => {
  it('strips spaces and non-digits from a pasted code and caps it at six digits', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('12-34-56-78')).toBe('123456');
  });

  it('accepts exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });

  it('checks e-mail addresses loosely', () => {
    expect(isPlausibleEmail('player@golazo.example')).toBe(true);
    expect(isPlausibleEmail('player@golazo')).toBe(false);
    expect(isPlausibleEmail('not an email')).toBe(false);
  });
});

describe('secondsUntilResend', () => {
  it('counts down from 60 seconds and stops at zero', () => {
    const sentAt = 1_000_000;
    expect(secondsUntilResend(sentAt, sentAt)).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt + 500)).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt + 59_001)).toBe(1);
    expect(secondsUntilResend(sentAt, sentAt + 60_000)).toBe(0);
    expect(secondsUntilResend(sentAt, sentAt + 120_000)).toBe(0);
  });
});

describe('classifyAuthError', () => {
  it('treats a wrong and an expired e-mail code alike', () => {
    expect(classifyAuthError({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })).toBe('wrong-code');
  });

  it('recognises rate limits', () => {
    expect(classifyAuthError({ status: 429, code: 'over_request_rate_limit' })).toBe('too-many-attempts');
    expect(classifyAuthError({ status: 429, code: 'over_email_send_rate_limit' })).toBe('too-many-attempts');
    expect(classifyAuthError({ status: 429 })).toBe('too-many-attempts');
  });

  it('recognises a wrong authenticator code', () => {
    expect(classifyAuthError({ status: 422, code: 'mfa_verification_failed' })).toBe('wrong-authenticator-code');
  });

  it('recognises network failures and leaves the rest unknown', () => {
    expect(classifyAuthError({ name: 'AuthRetryableFetchError', status: 0 })).toBe('network');
    expect(classifyAuthError({ status: 500, code: 'unexpected_failure' })).toBe('unknown');
  });
});

describe('needsSecondFactor', () => {
  it('is true only between the e-mail code and the authenticator code', () => {
    expect(needsSecondFactor('aal1', 'aal2')).toBe(true);
    expect(needsSecondFactor('aal2', 'aal2')).toBe(false);
    expect(needsSecondFactor('aal1', 'aal1')).toBe(false);
    expect(needsSecondFactor(null, null)).toBe(false);
  });
});

describe('assuranceOf', () => {
  const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

  it('reads the level from the token and asks for aal2 once a factor is verified', () => {
    expect(assuranceOf(token({ aal: 'aal1' }), [])).toEqual({ current: 'aal1', next: 'aal1' });
    expect(assuranceOf(token({ aal: 'aal1' }), [{ status: 'unverified' }])).toEqual({ current: 'aal1', next: 'aal1' });
    expect(assuranceOf(token({ aal: 'aal1' }), [{ status: 'verified' }])).toEqual({ current: 'aal1', next: 'aal2' });
    expect(assuranceOf(token({ aal: 'aal2' }), [{ status: 'verified' }])).toEqual({ current: 'aal2', next: 'aal2' });
  });

  it('copes with a malformed token', () => {
    expect(assuranceOf('not-a-jwt', undefined)).toEqual({ current: null, next: null });
  });
});

describe('qrCodeImageSource', () => {
  it('escapes the SVG so a colour like #000 does not cut the image short', () => {
    const source = qrCodeImageSource('data:image/svg+xml;utf-8,<svg fill="#000"><path d="M0 0"/></svg>');
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('#');
    expect(decodeURIComponent(source.split(',')[1])).toBe('<svg fill="#000"><path d="M0 0"/></svg>');
  });

  it('accepts a bare SVG and leaves other image addresses alone', () => {
    expect(qrCodeImageSource('<svg/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E');
    expect(qrCodeImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});

describe('freshStoredSession', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  const stored = (expiresInSeconds: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      access_token: 'header.payload.signature',
      refresh_token: 'r',
      expires_at: now / 1000 + expiresInSeconds,
      user: { id: 'u-1', email: 'a@golazo.test', factors: [] },
      ...extra,
    });

  it('answers the stored session while its token has more than a minute to run', () => {
    expect(freshStoredSession(stored(3600), now)).toEqual({
      access_token: 'header.payload.signature',
      expires_at: now / 1000 + 3600,
      user: { id: 'u-1', email: 'a@golazo.test', factors: [] },
    });
  });

  it('leaves an expired or nearly expired token to Auth, which refreshes it', () => {
    expect(freshStoredSession(stored(60), now)).toBeNull();
    expect(freshStoredSession(stored(-10), now)).toBeNull();
  });

  it('reads nothing from an empty, broken or odd-shaped entry', () => {
    expect(freshStoredSession(null, now)).toBeNull();
    expect(freshStoredSession('{not json', now)).toBeNull();
    expect(freshStoredSession('"a string"', now)).toBeNull();
    expect(freshStoredSession(stored(3600, { user: null }), now)).toBeNull();
    expect(freshStoredSession(stored(3600, { access_token: 42 }), now)).toBeNull();
  });
});
