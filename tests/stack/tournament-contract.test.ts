/**
 * The public contract (docs/contract.md), driven over HTTP as an outside test
 * suite would: the seeded demo players fill an open pod, all but one check in, the seeded organiser signs in
 * with their authenticator (aal2) and closes check-in, and anyone reads the same verifiable bracket.
 * If this fails, outside clients and test suites that drive a tournament through the API break.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { totp } from '../../supabase/local/services/auth/totp.ts';
import { SEED_PASSWORD, STAFF_TOTP_SECRET } from '../support/players.ts';
import { anonClient, serviceClient, stack } from './helpers.ts';

async function signIn(email: string): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password: SEED_PASSWORD });
  if (error) throw error;
  return client;
}

/** Staff reach aal2 with the seeded authenticator. */
async function signInStaff(email: string): Promise<SupabaseClient> {
  const client = await signIn(email);
  const { data: factors } = await client.auth.mfa.listFactors();
  const factor = factors?.totp[0];
  if (!factor) throw new Error(`${email} has no authenticator`);
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
  if (challenge.error) throw challenge.error;
  const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data.id, code: totp(STAFF_TOTP_SECRET) });
  if (verified.error) throw verified.error;
  return client;
}

describe('the tournament contract over HTTP', () => {
  const service = serviceClient();
  afterAll(async () => {
    await stack().clock.resume();
  });

  it('offers the seeded accounts: eight complete demo players and the three staff roles', async () => {
    for (const n of [1, 8]) {
      const client = await signIn(`demo${n}@golazo.test`);
      const { data } = await client.rpc('get_my_profile');
      expect(data).toMatchObject({ in_game_name: `demo${n}`, profile_completed: true });
      expect(await client.rpc('get_my_staff_roles')).toMatchObject({ data: [] });
    }
    for (const role of ['referee', 'organiser', 'admin']) {
      const client = await signInStaff(`${role}@golazo.test`);
      expect((await client.rpc('get_my_staff_roles')).data).toEqual([expect.objectContaining({ role, tournament_id: null })]);
    }
  });

  it('fills a pod, checks in, closes check-in as the organiser and shows one verifiable bracket to everyone', async () => {
    const { data: pods, error } = await service
      .from('tournaments')
      .select('id, max_players, filled_slots, entry_fee_paise')
      .not('pod_number', 'is', null)
      .is('cancelled_at', null)
      .eq('filled_slots', 0)
      .lte('max_players', 8)
      // The largest (a Super 8 in the catalog): one player short still leaves a bracket with a bye.
      .order('max_players', { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    const pod = pods?.[0];
    if (!pod) throw new Error('the seeded catalog has no open pod of 8 or fewer places');
    const capacity: number = pod.max_players;

    const anon = anonClient();
    const before = (await anon.rpc('get_bracket', { p_tournament_id: pod.id })).data;
    expect(before).toMatchObject({ draw: { secret: null }, rounds: [] });
    expect(before.draw.commitment).toMatch(/^[0-9a-f]{64}$/);

    // Each demo player pays for one place, recorded and confirmed as the payment functions do.
    const players: SupabaseClient[] = [];
    for (let n = 1; n <= capacity; n++) {
      const client = await signIn(`demo${n}@golazo.test`);
      const { data: user } = await client.auth.getUser();
      const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
      const recorded = await service.rpc('service_record_payment_order', {
        p_user_id: user.user?.id,
        p_tournament_id: pod.id,
        p_slots: 1,
        p_razorpay_order_id: orderId,
        p_amount_paise: pod.entry_fee_paise,
        p_currency: 'INR',
      });
      expect(recorded.error).toBeNull();
      const confirmed = await service.rpc('service_confirm_tournament_payment', {
        p_razorpay_order_id: orderId,
        p_razorpay_payment_id: `pay_${orderId.slice(6)}`,
      });
      expect(confirmed.data).toMatchObject({ outcome: 'registered' });
      players.push(client);
    }
    const full = (await anon.rpc('get_tournament_state', { p_tournament_id: pod.id })).data;
    expect(full).toMatchObject({ status: 'check-in', entries: capacity, capacity });

    // Everyone but the last checks in.
    for (const client of players.slice(0, -1)) {
      const { data, error: checkInError } = await client.rpc('check_in', { p_tournament_id: pod.id });
      expect(checkInError).toBeNull();
      expect(data.checked_in_at).toEqual(expect.any(String));
    }
    const refused = await anon.rpc('check_in', { p_tournament_id: pod.id });
    expect(refused.error).not.toBeNull();

    // A player may not close check-in; the organiser at aal2 may, once.
    const byPlayer = await players[0]?.rpc('staff_close_check_in', { p_tournament_id: pod.id });
    expect(byPlayer?.error).toMatchObject({ hint: 'staff_only' });
    const organiser = await signInStaff('organiser@golazo.test');
    const closed = await organiser.rpc('staff_close_check_in', { p_tournament_id: pod.id });
    expect(closed.data).toEqual({ drawn: true, entries: capacity - 1, bracket_size: capacity });

    const bracket = (await anon.rpc('get_bracket', { p_tournament_id: pod.id })).data;
    expect(createHash('sha256').update(bracket.draw.secret, 'utf8').digest('hex')).toBe(before.draw.commitment);
    expect(bracket.draw.entry_ids).toHaveLength(capacity - 1);
    expect(bracket.rounds).toHaveLength(Math.log2(capacity));
    const names = bracket.rounds[0].matches.flatMap((m: { entries: Array<{ in_game_name: string } | null> }) =>
      m.entries.filter((e) => e !== null).map((e) => e?.in_game_name),
    );
    expect(names.sort()).toEqual(Array.from({ length: capacity - 1 }, (_, i) => `demo${i + 1}`).sort());
    // Every player reads the same bracket.
    for (const client of players) expect((await client.rpc('get_bracket', { p_tournament_id: pod.id })).data).toEqual(bracket);
    expect((await anon.rpc('get_tournament_state', { p_tournament_id: pod.id })).data).toMatchObject({ status: 'live', current_round: 1 });
  });

  it('lets only the service role move the clock and run the due work', async () => {
    const anon = anonClient();
    expect((await anon.rpc('local_set_clock', { p_now: '2030-01-01T00:00:00Z' })).error).not.toBeNull();
    expect((await anon.rpc('local_run_due_work')).error).not.toBeNull();
    // A minute ahead: enough to see the clock move, too little to expire anything another test relies on.
    const ahead = new Date(Date.now() + 60_000);
    ahead.setMilliseconds(0);
    const moved = await service.rpc('local_set_clock', { p_now: ahead.toISOString() });
    expect(new Date(moved.data).toISOString()).toBe(ahead.toISOString());
    const ran = await service.rpc('local_run_due_work');
    expect(ran.data).toMatchObject({ draws_run: expect.any(Number), outbox: expect.objectContaining({ success: true }) });
  });
});
