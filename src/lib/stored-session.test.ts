import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { assuranceOf, freshStoredSession, needsSecondFactor, sessionStorageKey } from './stored-session';

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
