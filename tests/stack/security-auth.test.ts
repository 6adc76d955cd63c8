/**
 * Guessing codes: a six-digit code falls to a few hundred thousand guesses, so wrong sign-in codes and
 * wrong TOTP codes are throttled (429 over_request_rate_limit) as on a hosted project. If these
 * failed, an attacker could brute-force a player's sign-in code or second factor and take the account
 * (and the prize money paid to it).
 */
import { describe, expect, it } from 'vitest';
import { FailedAttemptThrottle } from '../../supabase/local/services/auth/throttle.ts';
import {
  MAX_FAILED_CODE_VERIFICATIONS,
  MAX_FAILED_PASSWORD_SIGN_INS,
  MAX_FAILED_TOTP_VERIFICATIONS,
} from '../../supabase/local/services/auth/index.ts';
import { totp } from '../../supabase/local/services/auth/totp.ts';
import { codeFromInbox, uniqueEmail } from '../support/players.ts';
import { anonClient, signedInPlayer, stack } from './helpers.ts';

const wrongCode = (right: string, i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');

describe('security: guessing sign-in codes', () => {
  it('answers 429 over_request_rate_limit once an address has sent too many wrong codes', async () => {
    const client = anonClient();
    const email = uniqueEmail('brute');
    await client.auth.signInWithOtp({ email });
    const code = await codeFromInbox(stack(), email);
    for (let i = 0; i < MAX_FAILED_CODE_VERIFICATIONS; i++) {
      const { error } = await client.auth.verifyOtp({ email, token: wrongCode(code, i), type: 'email' });
      expect(error?.code).toBe('otp_expired');
    }
    const blocked = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
  });
});

describe('security: guessing passwords', () => {
  it('answers 429 over_request_rate_limit once an address has had too many wrong passwords, even to the right one', async () => {
    const player = await signedInPlayer('pw-brute');
    expect((await player.client.auth.updateUser({ password: 'the-right-password' })).error).toBeNull();
    const client = anonClient();
    for (let i = 0; i < MAX_FAILED_PASSWORD_SIGN_INS; i++) {
      const { error } = await client.auth.signInWithPassword({ email: player.email, password: `guess-${i}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const blocked = await client.auth.signInWithPassword({ email: player.email, password: 'the-right-password' });
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
  });
});

describe('security: guessing TOTP codes', () => {
  it('answers 429 after a few wrong codes for a factor, even to the right code, until the window passes', async () => {
    const { client } = await signedInPlayer('totp-brute');
    const factor = (await client.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const challenge = (await client.auth.mfa.challenge({ factorId: factor.id })).data!;
    for (let i = 0; i < MAX_FAILED_TOTP_VERIFICATIONS; i++) {
      const wrong = await client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.id,
        code: totp(factor.totp.secret, Date.now() + (10 + i) * 60_000),
      });
      expect(wrong.error?.code).toBe('mfa_verification_failed');
    }
    const blocked = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: totp(factor.totp.secret) });
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
  });

  it('lets the key try again once its failures leave the window, and forgets them after a success', () => {
    let now = 1_000_000;
    const throttle = new FailedAttemptThrottle(2, 60_000, () => now);
    throttle.fail('factor');
    now += 10_000;
    throttle.fail('factor');
    expect(throttle.retryAfterSeconds('factor')).toBe(50);
    now += 50_000;
    expect(throttle.retryAfterSeconds('factor')).toBe(0);
    throttle.fail('factor');
    expect(throttle.retryAfterSeconds('factor')).toBeGreaterThan(0);
    throttle.clear('factor');
    expect(throttle.retryAfterSeconds('factor')).toBe(0);
  });
});
