import { describe, expect, it } from 'vitest';
import { ANON_KEY, anonClient, serviceClient, signedInPlayer, stack, stackUrl } from './helpers.ts';

describe('functions: edge functions under Deno', () => {
  it('runs a function under Deno with the Supabase environment', { timeout: 90_000 }, async () => {
    const { data, error } = await anonClient().functions.invoke('echo-env', { body: { hello: 'arena' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo-env',
      body: { hello: 'arena' },
      supabaseUrl: stackUrl(),
      anonKeySet: true,
      serviceRoleKeySet: true,
    });
    expect(data.runtime).toMatch(/^deno \d+\./);
  });

  it('restarts a function that crashed on the next request', { timeout: 90_000 }, async () => {
    const client = anonClient();
    const crashed = await fetch(`${stackUrl()}/functions/v1/echo-env/crash`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ANON_KEY}` },
    });
    expect(crashed.status).toBe(502);
    const { data, error } = await client.functions.invoke('echo-env', { body: { again: true } });
    expect(error).toBeNull();
    expect(data.body).toEqual({ again: true });
  });

  it('verifies the JWT like the CLI does by default', async () => {
    const missing = await fetch(`${stackUrl()}/functions/v1/echo-env`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    const forged = await fetch(`${stackUrl()}/functions/v1/echo-env`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.status).toBe(401);
  });

  it('answers 404 for a function that does not exist', async () => {
    const response = await fetch(`${stackUrl()}/functions/v1/no-such-function`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});

describe('payments: the movable clock and due work', () => {
  const rpc = (name: string, body: unknown, key?: string) =>
    fetch(`${stackUrl()}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: key ?? ANON_KEY, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    });

  // Fails -> anyone could move the clock (reopen closed registration) or fire refunds at will.
  it('keeps local_set_clock and local_run_due_work to the service role', async () => {
    expect((await rpc('local_set_clock', { p_now: '2020-01-01T00:00:00Z' })).status).toBe(401);
    expect((await rpc('local_run_due_work', {})).status).toBe(401);
    const player = await signedInPlayer('clock');
    expect((await rpc('local_run_due_work', {}, player.accessToken)).status).toBe(403);
    expect((await rpc('local_set_clock', { p_now: '2020-01-01T00:00:00Z' }, player.accessToken)).status).toBe(403);
  });

  // Fails -> a capture that arrives after the checkout expired is kept without an entry.
  it('refunds a payment on an order that expired, before local_run_due_work answers', { timeout: 90_000 }, async () => {
    // A tournament of its own, open for a week (the service role writes tournaments like the catalog sync).
    const tournament = { id: `late-pay-${Date.now().toString(36)}` };
    const created = await serviceClient()
      .from('tournaments')
      .insert({
        id: tournament.id,
        title: 'Late payment cup',
        series: 'quick',
        format: 'Super 8',
        entry_fee_paise: 15000,
        prize_pool_paise: 100000,
        max_players: 8,
        is_live: true,
        starts_at: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString(),
      });
    expect(created.error).toBeNull();
    const player = await signedInPlayer('late-payer');
    // Paid entry needs a complete profile of an adult who lives in India.
    const profile = await player.client.rpc('update_my_profile', {
      p_legal_name: 'Late Payer',
      p_in_game_name: 'LateFC',
      p_age: null,
      p_game_user_id: 'LATE-123456',
      p_date_of_birth: '1995-05-05',
      p_lives_in_india: true,
    });
    expect(profile.error).toBeNull();
    const order = await player.client.functions.invoke('razorpay-payment', {
      body: { action: 'create_order', tournament_id: tournament.id, slots: 1 },
    });
    expect(order.error).toBeNull();
    expect(order.data.timeout).toBe(900);
    const paid = await fetch(`${stackUrl()}/razorpay/test/pay`, {
      method: 'POST',
      body: JSON.stringify({ order_id: order.data.order_id, outcome: 'success', webhook: 'none' }),
    });
    expect(paid.status).toBe(200);
    // Setting the clock and running the due work throw unless the stack answers 200.
    await stack().clock.ahead(25 * 60_000);
    try {
      const result = await stack().runDueWork();
      expect(result.outbox.success).toBe(true);
      const { data: history } = await player.client.rpc('get_my_payments');
      const row = (history as Array<{ razorpay_order_id: string; status: string; status_reason: string }>).find(
        (p) => p.razorpay_order_id === order.data.order_id,
      );
      expect(row).toMatchObject({ status: 'refunded' });
      expect(row?.status_reason).toMatch(/checkout had expired/);
    } finally {
      await stack().clock.resume();
    }
  });
});
