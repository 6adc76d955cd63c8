/**
 * Deleting an account against the local stack: after the grace period and the due work, the old access
 * token, password and refresh token are refused, and the same address signs up as a new, empty account.
 */
import { describe, expect, it } from 'vitest';
import { DELETION_CODE_SUBJECT } from '../../src/features/profile/deletion-mail.ts';
import {
  completeProfile,
  deletionCodeFromInbox,
  setPassword,
  signInWithCode,
  signInWithPassword,
  uniqueEmail,
} from '../support/players.ts';
import { stack } from './helpers.ts';

describe('deleting an account', () => {
  it('refuses the old token, password and refresh token after the erasure, and the address starts afresh', async () => {
    const email = uniqueEmail('leaving');
    const session = await signInWithCode(stack(), email);
    await completeProfile(stack(), session);
    await setPassword(stack(), session, 'a-long-local-password');
    const fresh = await signInWithPassword(stack(), email, 'a-long-local-password');

    const scheduled = await stack().call<{ status: string; erase_at: string }>('request_account_deletion', {}, fresh);
    expect(scheduled.status).toBe('scheduled');
    expect(await stack().call('request_account_deletion', {}, fresh)).toEqual(scheduled);

    await stack().clock.during(new Date(Date.parse(scheduled.erase_at) + 60_000), () => stack().runDueStep('account_erasure'));

    // The access token is still signed and unexpired, but its account is gone.
    const refused = await stack().rpc('get_my_profile', {}, fresh);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'PT401', hint: 'account_deleted' });

    const password = await stack().request('/auth/v1/token?grant_type=password', {
      body: { email, password: 'a-long-local-password' },
    });
    expect(password.status).toBe(400);
    const refresh = await stack().request('/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: fresh.refresh_token } });
    expect(refresh.ok).toBe(false);

    // A code sign-in with the same address: a new account with an empty profile.
    const again = await signInWithCode(stack(), email);
    expect(again.user.id).not.toBe(session.user.id);
    const profile = await stack().call<{ in_game_name: string | null; profile_completed: boolean }>('get_my_profile', {}, again);
    expect(profile).toMatchObject({ in_game_name: null, profile_completed: false });
    expect(await stack().call('get_my_account_deletion', {}, again)).toMatchObject({ status: 'none', blocked_by: null });
  });

  it("e-mails the deletion's own code through the outbox to the inbox double, and that code confirms the deletion", async () => {
    const email = uniqueEmail('leaving-by-code');
    const session = await signInWithCode(stack(), email);
    await completeProfile(stack(), session);
    const since = Date.now();
    expect(await stack().call('send_account_deletion_code', {}, session)).toMatchObject({ status: 'sent' });
    const code = await deletionCodeFromInbox(stack(), email, DELETION_CODE_SUBJECT, since);
    expect(await stack().call('confirm_account_deletion_code', { p_code: code }, session)).toEqual({ status: 'confirmed' });
    expect(await stack().call('request_account_deletion', {}, session)).toMatchObject({ status: 'scheduled' });
    await stack().call('cancel_account_deletion', {}, session);
  });
});
