import { describe, expect, it } from 'vitest';
import { durationSeconds, parseToml } from '../../supabase/local/config.ts';
import { parseEnv } from 'node:util';
import { filterMatches } from '../../supabase/local/services/realtime/subscriptions.ts';
import { Secret } from 'otpauth';
import { totp, verifyTotp } from '../../supabase/local/services/auth/totp.ts';

describe('TOTP (RFC 6238)', () => {
  const secret = Secret.fromLatin1('12345678901234567890').base32;

  it('matches the RFC test vectors (last 6 digits)', () => {
    expect(totp(secret, 59_000)).toBe('287082');
    expect(totp(secret, 1_111_111_109_000)).toBe('081804');
    expect(totp(secret, 2_000_000_000_000)).toBe('279037');
    expect(totp(secret, 0)).toBe('755224'); // RFC 4226's HOTP vector for counter 0
  });

  it('accepts one step of clock drift and no more', () => {
    const now = 1_700_000_000_000;
    expect(verifyTotp(secret, totp(secret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, now - 90_000), now)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });
});

describe('config readers', () => {
  it('reads the TOML subset of supabase/config.toml', () => {
    const toml = parseToml(
      '[auth]\nsite_url = "http://127.0.0.1:4321" # comment\njwt_expiry = 3600\n[functions.razorpay-webhook]\nverify_jwt = false\n',
    );
    expect(toml).toEqual({
      auth: { site_url: 'http://127.0.0.1:4321', jwt_expiry: 3600 },
      functions: { 'razorpay-webhook': { verify_jwt: false } },
    });
  });

  it('reads arrays written over several lines, and Go durations', () => {
    expect(parseToml('urls = [\n  "a",\n  "b",\n]\nafter = 1\n')).toEqual({ urls: ['a', 'b'], after: 1 });
    expect(durationSeconds('1m0s', 0)).toBe(60);
    expect(durationSeconds('1h30m', 0)).toBe(5400);
    expect(durationSeconds('soon', 7)).toBe(7);
  });

  it('reads functions.env the way Node reads .env files', () => {
    expect(parseEnv('# c\nA=1\nB="two words"\nexport C=x # note\n')).toEqual({ A: '1', B: 'two words', C: 'x' });
  });
});

describe('realtime filters', () => {
  it('matches eq, in and comparisons on the changed row', () => {
    const row = { id: 'abc', slots: 3 };
    expect(filterMatches({ column: 'id', op: 'eq', value: 'abc' }, row)).toBe(true);
    expect(filterMatches({ column: 'id', op: 'eq', value: 'abd' }, row)).toBe(false);
    expect(filterMatches({ column: 'id', op: 'in', value: '(x,abc)' }, row)).toBe(true);
    expect(filterMatches({ column: 'slots', op: 'gt', value: '2' }, row)).toBe(true);
    expect(filterMatches({ column: 'slots', op: 'lte', value: '2' }, row)).toBe(false);
    expect(filterMatches({ column: 'missing', op: 'eq', value: '1' }, row)).toBe(false);
  });
});
