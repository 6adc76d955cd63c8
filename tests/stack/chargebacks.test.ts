/**
 * Chargebacks through the stack as Razorpay sends them: the Razorpay double's /razorpay/test/dispute
 * (service role only) delivers a signed payment.dispute.* webhook to razorpay-webhook, which records it.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY, serviceClient, signedInPlayer, stackUrl } from './helpers.ts';

const dispute = (body: unknown, key: string | null = SERVICE_ROLE_KEY) =>
  fetch(`${stackUrl()}/razorpay/test/dispute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });

describe('chargebacks: the Razorpay double and the webhook', () => {
  it('records each event of a chargeback the double sends, and the control takes only the service role', { timeout: 90_000 }, async () => {
    const tournament = { id: `chargeback-${Date.now().toString(36)}` };
    const created = await serviceClient()
      .from('tournaments')
      .insert({
        id: tournament.id,
        title: 'Chargeback cup',
        series: 'quick',
        format: 'Super 8',
        entry_fee_paise: 15000,
        prize_pool_paise: 100000,
        max_players: 8,
        is_live: true,
        starts_at: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString(),
      });
    expect(created.error).toBeNull();
    const player = await signedInPlayer('chargeback');
    const profile = await player.client.rpc('update_my_profile', {
      p_legal_name: 'Charge Back',
      p_in_game_name: 'ChargeFC',
      p_age: null,
      p_game_user_id: 'CHRG-123456',
      p_date_of_birth: '1994-04-04',
      p_lives_in_india: true,
    });
    expect(profile.error).toBeNull();
    const order = await player.client.functions.invoke('razorpay-payment', {
      body: { action: 'create_order', tournament_id: tournament.id, slots: 1 },
    });
    expect(order.error).toBeNull();
    const paid = await fetch(`${stackUrl()}/razorpay/test/pay`, {
      method: 'POST',
      body: JSON.stringify({ order_id: order.data.order_id, outcome: 'success', webhook: 'immediate' }),
    });
    const { razorpay_payment_id: paymentId } = (await paid.json()) as { razorpay_payment_id: string };

    expect((await dispute({ payment_id: paymentId }, null)).status).toBe(401);
    const opened = await dispute({ payment_id: paymentId, event: 'created', dispute_id: `disp_${Date.now()}`, amount: 15000 });
    expect(opened.status).toBe(200);
    const { id: disputeId } = (await opened.json()) as { id: string };
    expect((await dispute({ payment_id: paymentId, event: 'lost', dispute_id: disputeId, amount: 15000 })).status).toBe(200);

    const { data: events } = await serviceClient()
      .from('payment_disputes')
      .select('event')
      .eq('razorpay_dispute_id', disputeId)
      .order('id');
    expect((events ?? []).map((row) => row.event)).toEqual(['payment.dispute.created', 'payment.dispute.lost']);
  });
});
