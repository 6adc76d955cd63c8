/**
 * razorpayx-webhook over the in-memory payout store (the forward-only rule of payout-status.ts): payout
 * webhooks in every order, each delivered 50 times, end where RazorpayX says the payout ended; forged,
 * unknown and foreign events change nothing.
 */
import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import type { PayoutStatus } from '../_shared/payout-status.ts';
import { payoutEvent, startPayoutHarness } from '../_test/payout-harness.ts';

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const JOURNEYS: { events: string[]; final: PayoutStatus; moneyReturned: number }[] = [
  { events: ['queued', 'processing', 'processed'], final: 'processed', moneyReturned: 0 },
  { events: ['queued', 'processing', 'processed', 'reversed'], final: 'reversed', moneyReturned: 1 },
  { events: ['queued', 'processing', 'failed'], final: 'failed', moneyReturned: 1 },
  { events: ['queued', 'pending', 'rejected'], final: 'rejected', moneyReturned: 1 },
];

Deno.test('payout webhooks in every order, each delivered 50 times under its event id, end in the final state once', async () => {
  const h = startPayoutHarness();
  for (const journey of JOURNEYS) {
    for (const order of permutations(journey.events)) {
      const payoutId = h.fakes.addPayout();
      for (const status of order) {
        const eventId = `evt_${status}_${payoutId.slice(0, 8)}`;
        const answers = await Promise.all(Array.from({ length: 50 }, () => h.sendWebhook(payoutEvent(payoutId, status), { eventId })));
        for (const answer of answers) assertEquals(answer.status, 200);
        assertEquals(answers.filter((a) => a.body.status === 'recorded').length >= 1, true);
      }
      const payout = h.fakes.payouts.get(payoutId);
      assertEquals(payout?.status, journey.final, `${order.join(' → ')}`);
      assertEquals(payout?.money_returned, journey.moneyReturned, `${order.join(' → ')}`);
      assertEquals(payout?.provider_payout_id, 'pout_TestPayout0001');
    }
  }
  await h.close();
});

Deno.test('the same events redelivered under new event ids still end in the final state, money returned once', async () => {
  const h = startPayoutHarness();
  for (const order of permutations(['queued', 'processing', 'processed', 'reversed'])) {
    const payoutId = h.fakes.addPayout();
    for (let round = 0; round < 50; round++) for (const status of order) await h.sendWebhook(payoutEvent(payoutId, status));
    assertEquals(h.fakes.payouts.get(payoutId)?.status, 'reversed');
    assertEquals(h.fakes.payouts.get(payoutId)?.money_returned, 1);
  }
  await h.close();
});

Deno.test('a finished event id is acknowledged as a duplicate and not recorded again', async () => {
  const h = startPayoutHarness();
  const payoutId = h.fakes.addPayout();
  const first = await h.sendWebhook(payoutEvent(payoutId, 'processed'), { eventId: 'evt_OnlyOnce000001' });
  assertEquals(first.body.status, 'recorded');
  const again = await h.sendWebhook(payoutEvent(payoutId, 'processed'), { eventId: 'evt_OnlyOnce000001' });
  assertEquals([again.status, again.body.status], [200, 'duplicate']);
  assertEquals(h.fakes.updates.length, 1);
  await h.close();
});

Deno.test('a tampered body or a wrong secret is refused and changes nothing', async () => {
  const h = startPayoutHarness();
  const payoutId = h.fakes.addPayout();
  const signed = payoutEvent(payoutId, 'processing');
  const tampered = JSON.stringify(payoutEvent(payoutId, 'reversed'));
  const forgedBody = await h.sendWebhook(signed, { rawBody: tampered });
  assertEquals([forgedBody.status, forgedBody.body.code], [401, 'invalid_webhook_signature']);
  const wrongSecret = await h.sendWebhook(payoutEvent(payoutId, 'reversed'), { secret: 'not-the-razorpayx-webhook-secret' });
  assertEquals([wrongSecret.status, wrongSecret.body.code], [401, 'invalid_webhook_signature']);
  assertEquals(h.fakes.payouts.get(payoutId), { status: 'approved', provider_payout_id: null, failure_reason: null, money_returned: 0 });
  assertEquals(h.fakes.updates.length, 0);
  await h.close();
});

Deno.test('events that are not about one of our payouts are acknowledged and ignored', async () => {
  const h = startPayoutHarness();
  const payoutId = h.fakes.addPayout();
  const validation = await h.sendWebhook({
    entity: 'event',
    event: 'fund_account.validation.completed',
    payload: { 'fund_account.validation': { entity: { id: 'fav_1' } } },
    created_at: 1_796_000_000,
  });
  assertEquals([validation.status, validation.body.status], [200, 'ignored']);
  const updated = await h.sendWebhook({ ...payoutEvent(payoutId, 'processing'), event: 'payout.updated' });
  assertEquals([updated.status, updated.body.status], [200, 'recorded']);
  const madeElsewhere = payoutEvent('not-a-payout-of-ours', 'processed');
  const foreign = await h.sendWebhook(madeElsewhere);
  assertEquals([foreign.status, foreign.body.status], [200, 'ignored']);
  // A payout id we do not know (deleted test data, another environment): acknowledged so RazorpayX stops retrying.
  const unknown = await h.sendWebhook(payoutEvent(crypto.randomUUID(), 'processed'));
  assertEquals([unknown.status, unknown.body.status, unknown.body.reason], [200, 'ignored', 'payout_not_found']);
  assertEquals(h.fakes.payouts.get(payoutId)?.status, 'processing');
  await h.close();
});

Deno.test('a body that is not a RazorpayX event is refused with 400', async () => {
  const h = startPayoutHarness();
  const answer = await h.sendWebhook({ hello: 'world' });
  assertEquals([answer.status, answer.body.code], [400, 'invalid_request']);
  await h.close();
});

Deno.test('the reason RazorpayX gives is recorded for a payout that failed or came back, not for one on its way', async () => {
  const h = startPayoutHarness();
  const payoutId = h.fakes.addPayout();
  const processing = payoutEvent(payoutId, 'processing');
  processing.payload.payout.entity.status_details = { description: 'Payout is being processed' } as never;
  await h.sendWebhook(processing);
  assertEquals(h.fakes.payouts.get(payoutId)?.failure_reason, null);
  await h.sendWebhook(payoutEvent(payoutId, 'reversed'));
  assertEquals(h.fakes.payouts.get(payoutId)?.failure_reason, 'The bank returned the money');
  await h.close();
});

Deno.test("the payout's UTR from the webhook is recorded with its status", async () => {
  const h = startPayoutHarness();
  const payoutId = h.fakes.addPayout();
  const event = payoutEvent(payoutId, 'processed');
  (event.payload.payout.entity as Record<string, unknown>).utr = 'ICIC000987654321';
  const answer = await h.sendWebhook(event);
  assertEquals(answer.body.status, 'recorded');
  assertEquals(h.fakes.updates.at(-1)?.utr, 'ICIC000987654321');
  await h.close();
});
