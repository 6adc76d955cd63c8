import { describe, expect, it } from 'vitest';
import { totp } from '../../supabase/local/services/auth/totp.ts';
import { anonClient, signedInPlayer } from './helpers.ts';

describe('auth: TOTP multi-factor', () => {
  it('enrolls, challenges and verifies a factor, reaching aal2', async () => {
    const { client } = await signedInPlayer('mfa');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();

    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: totp(factor.totp.secret, Date.now() + 10 * 60_000),
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: totp(factor.totp.secret),
    });
    expect(verified.error).toBeNull();

    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
    expect(level.data?.nextLevel).toBe('aal2');
    expect(level.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(['totp', 'otp']);

    const { data } = await client.auth.getUser();
    expect(data.user?.factors?.[0]).toMatchObject({ id: factor.id, factor_type: 'totp', status: 'verified' });

    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await client.auth.getUser()).data.user?.factors ?? []).toHaveLength(0);
  });

  it('will not let an aal1 session remove a verified factor', async () => {
    const { client, email } = await signedInPlayer('mfa-lock');
    expect((await client.auth.updateUser({ password: 'a-long-password' })).error).toBeNull();
    const factor = (await client.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const challenge = (await client.auth.mfa.challenge({ factorId: factor.id })).data!;
    expect(
      (await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: totp(factor.totp.secret) })).error,
    ).toBeNull();

    // A second sign-in starts at aal1 again: it may not drop the factor that protects the account.
    const second = anonClient();
    expect((await second.auth.signInWithPassword({ email, password: 'a-long-password' })).error).toBeNull();
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.code).toBe('insufficient_aal');
  });
});
