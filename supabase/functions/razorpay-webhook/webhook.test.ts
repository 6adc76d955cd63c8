/**
 * razorpay-webhook against the real SQL and the Razorpay test double: signatures, duplicates,
 * and the race with the browser's verify call.
 */
import { deepStrictEqual as assertEquals, match as assertMatch } from 'node:assert/strict';
import { startHarness } from '../_test/harness.ts';

function capturedEvent(payment: { id: string; order_id: string; amount: number }) {
  return {
    entity: 'event',
    account_id: 'acc_GolazoLocalDev',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { ...payment, entity: 'payment', currency: 'INR', status: 'captured', captured: true } } },
    created_at: Math.floor(Date.now() / 1000),
  };
}

Deno.test('razorpay-webhook', async (t) => {
  const h = await startHarness();
  const registrationCount = async (tournamentId: string) =>
    (
      await h.sql<{ n: number }>(`select count(*)::int as n from public.tournament_registrations where tournament_id = $1`, [tournamentId])
    )[0].n;
  const filled = async (tournamentId: string) =>
    (await h.sql<{ filled_slots: number }>(`select filled_slots from public.tournaments where id = $1`, [tournamentId]))[0].filled_slots;

  /** A player with a paid order whose webhooks have not been delivered yet. */
  async function paidOrder(slots = 2) {
    const player = await h.signIn();
    const tournament = await h.tournament();
    const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots });
    const paid = await h.pay(String(order.body.order_id), 'success', 'none');
    const verify = () =>
      h.callPayment(player.token, {
        action: 'verify_payment',
        payment_id: paid.razorpay_payment_id,
        order_id: paid.razorpay_order_id,
        signature: paid.razorpay_signature,
        tournament_id: tournament,
      });
    const event = capturedEvent({
      id: String(paid.razorpay_payment_id),
      order_id: String(paid.razorpay_order_id),
      amount: Number(order.body.amount),
    });
    return { player, tournament, paid, verify, event };
  }

  try {
    await t.step('a webhook with a bad signature is rejected and changes nothing', async () => {
      const { tournament, event } = await paidOrder();
      const forged = await h.sendWebhook(event, { secret: 'not-the-webhook-secret' });
      assertEquals(forged.status, 401);
      assertEquals(forged.body.code, 'invalid_webhook_signature');
      assertEquals(await registrationCount(tournament), 0);
      assertEquals(await filled(tournament), 0);
    });

    await t.step('the webhook alone registers a player who closed the browser after paying', async () => {
      const { tournament, event, player } = await paidOrder(3);
      const response = await h.sendWebhook(event);
      assertEquals(response.status, 200);
      assertEquals(response.body.status, 'registered');
      const rows = await h.sql(`select user_id, slots from public.tournament_registrations where tournament_id = $1`, [tournament]);
      assertEquals(rows, [{ user_id: player.id, slots: 3 }]);
    });

    await t.step('the same webhook 50 times registers once', async () => {
      const { tournament, event } = await paidOrder(2);
      const eventId = 'evt_SameEventFifty1';
      const answers = await Promise.all(Array.from({ length: 50 }, () => h.sendWebhook(event, { eventId })));
      for (const answer of answers) assertEquals(answer.status, 200);
      assertEquals(await registrationCount(tournament), 1);
      assertEquals(await filled(tournament), 2);
      const again = await h.sendWebhook(event, { eventId });
      assertEquals(again.body.status, 'duplicate');
    });

    await t.step('50 deliveries of the same payment under different event ids still register once', async () => {
      const { tournament, event } = await paidOrder(1);
      for (let i = 0; i < 50; i++) await h.sendWebhook(event);
      assertEquals(await registrationCount(tournament), 1);
      assertEquals(await filled(tournament), 1);
    });

    await t.step('webhook before the browser verify: one registration, and verify still succeeds', async () => {
      const { tournament, event, verify } = await paidOrder(2);
      assertEquals((await h.sendWebhook(event)).body.status, 'registered');
      const answer = await verify();
      assertEquals(answer.body.success, true);
      assertEquals(await registrationCount(tournament), 1);
      assertEquals(await filled(tournament), 2);
    });

    await t.step('webhook after the browser verify: one registration', async () => {
      const { tournament, event, verify } = await paidOrder(2);
      assertEquals((await verify()).body.success, true);
      assertEquals((await h.sendWebhook(event)).body.status, 'registered');
      assertEquals(await registrationCount(tournament), 1);
      assertEquals(await filled(tournament), 2);
    });

    await t.step('webhook and verify at the same moment: one registration', async () => {
      const { tournament, event, verify } = await paidOrder(4);
      const [answer] = await Promise.all([verify(), h.sendWebhook(event), h.sendWebhook(event)]);
      assertEquals(answer.body.success, true);
      assertEquals(await registrationCount(tournament), 1);
      assertEquals(await filled(tournament), 4);
    });

    await t.step('the double delivers payment.captured and order.paid itself, signed', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      await h.pay(String(order.body.order_id), 'success', 'immediate');
      assertEquals(await registrationCount(tournament), 1);
    });

    await t.step('payment.failed records the reason without registering', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      await h.pay(String(order.body.order_id), 'failure', 'immediate');
      const [row] = await h.sql<{ status: string; failure_reason: string }>(
        `select status, failure_reason from public.payments where razorpay_order_id = $1`,
        [order.body.order_id],
      );
      assertEquals(row.status, 'failed');
      assertMatch(row.failure_reason, /declined/);
      assertEquals(await registrationCount(tournament), 0);
    });

    await t.step('refund.processed for a paid registration cancels it and gives the slots back', async () => {
      const { tournament, event, paid } = await paidOrder(3);
      await h.sendWebhook(event);
      assertEquals(await filled(tournament), 3);
      const refund = {
        entity: 'event',
        event: 'refund.processed',
        contains: ['refund', 'payment'],
        payload: {
          refund: { entity: { id: 'rfnd_OrganiserRefund1', payment_id: paid.razorpay_payment_id, amount: 45000, status: 'processed' } },
        },
      };
      assertEquals((await h.sendWebhook(refund)).body.status, 'refunded');
      assertEquals((await h.sendWebhook(refund)).body.status, 'already_refunded');
      assertEquals(await filled(tournament), 0);
      const [registration] = await h.sql<{ status: string }>(
        `select status from public.tournament_registrations where tournament_id = $1`,
        [tournament],
      );
      assertEquals(registration.status, 'cancelled');
    });

    const disputeEvent = (event: string, paymentId: string, disputeId: string, amount: number) => ({
      entity: 'event',
      account_id: 'acc_GolazoLocalDev',
      event,
      contains: ['dispute'],
      payload: { dispute: { entity: { id: disputeId, entity: 'dispute', payment_id: paymentId, amount, reason_code: 'fraud' } } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const chargeback = async (disputeId: string) =>
      (await h.sql<{ status: string }>(`select status from private.chargebacks where razorpay_dispute_id = $1`, [disputeId]))[0]?.status;
    const held = async (userId: string) =>
      Number((await h.sql<{ held: string }>(`select private.chargeback_held_paise($1) as held`, [userId]))[0].held);

    // Fails -> a chargeback changes nothing: the player withdraws money the bank is taking back.
    await t.step('chargeback events route to the one SQL function, in any order and repeated', async () => {
      const { player, paid, verify } = await paidOrder(1);
      await verify();
      const paymentId = String(paid.razorpay_payment_id);
      const created = await h.sendWebhook(disputeEvent('payment.dispute.created', paymentId, 'disp_Route00001', 15000));
      assertEquals([created.status, created.body.status], [200, 'flagged']);
      assertEquals(await chargeback('disp_Route00001'), 'open');
      assertEquals(await held(player.id), 15000);
      // Razorpay retries under the same event id, or sends the same event again under a new one.
      const again = await h.sendWebhook(disputeEvent('payment.dispute.created', paymentId, 'disp_Route00001', 15000));
      assertEquals(again.status, 200);
      const won = await h.sendWebhook(disputeEvent('payment.dispute.won', paymentId, 'disp_Route00001', 15000));
      assertEquals(won.status, 200);
      assertEquals(await chargeback('disp_Route00001'), 'won');
      assertEquals(await held(player.id), 0);
      // A late created, and a contrary lost, change nothing once decided.
      await h.sendWebhook(disputeEvent('payment.dispute.under_review', paymentId, 'disp_Route00001', 15000));
      await h.sendWebhook(disputeEvent('payment.dispute.lost', paymentId, 'disp_Route00001', 15000));
      assertEquals(await chargeback('disp_Route00001'), 'won');

      // Lost first, then created: lost, the ledger debited once.
      const lost = await h.sendWebhook(disputeEvent('payment.dispute.lost', paymentId, 'disp_Route00002', 15000));
      assertEquals(lost.status, 200);
      await h.sendWebhook(disputeEvent('payment.dispute.created', paymentId, 'disp_Route00002', 15000));
      await h.sendWebhook(disputeEvent('payment.dispute.lost', paymentId, 'disp_Route00002', 15000));
      assertEquals(await chargeback('disp_Route00002'), 'lost');
      const journals = await h.sql(
        `select 1 from private.ledger_journal where kind = 'chargeback' and reference = 'chargeback:disp_Route00002'`,
      );
      assertEquals(journals.length, 1);
      const [ledger] = await h.sql<{ ok: { balanced: boolean } }>('select private.check_ledger() as ok');
      assertEquals(ledger.ok.balanced, true);
    });

    // Fails -> anyone who saw one signed delivery could freeze or debit a player by rewriting its body.
    await t.step('a dispute body tampered with after signing, or signed with another secret, is refused', async () => {
      const { paid, verify } = await paidOrder(1);
      await verify();
      const paymentId = String(paid.razorpay_payment_id);
      const signed = disputeEvent('payment.dispute.created', paymentId, 'disp_Tamper0001', 100);
      const tampered = JSON.stringify(disputeEvent('payment.dispute.lost', paymentId, 'disp_Tamper0001', 15000));
      const forged = await h.sendWebhook(signed, { rawBody: tampered });
      assertEquals([forged.status, forged.body.code], [401, 'invalid_webhook_signature']);
      const wrongSecret = await h.sendWebhook(disputeEvent('payment.dispute.lost', paymentId, 'disp_Tamper0001', 15000), {
        secret: 'guessed-secret',
      });
      assertEquals([wrongSecret.status, wrongSecret.body.code], [401, 'invalid_webhook_signature']);
      assertEquals(await chargeback('disp_Tamper0001'), undefined);
    });

    await t.step("the double's /test/dispute sends a signed chargeback event the function records", async () => {
      const { player, paid, verify } = await paidOrder(1);
      await verify();
      const dispute = async (event: string) => {
        const response = await h.double.handle(
          new Request('http://127.0.0.1:54321/razorpay/test/dispute', {
            method: 'POST',
            body: JSON.stringify({ payment_id: paid.razorpay_payment_id, event, dispute_id: 'disp_Double00001', amount: 5000 }),
          }),
        );
        return response?.status;
      };
      assertEquals(await dispute('created'), 200);
      assertEquals(await chargeback('disp_Double00001'), 'open');
      assertEquals(await held(player.id), 5000);
      assertEquals(await dispute('closed'), 200);
      assertEquals(await chargeback('disp_Double00001'), 'won');
      assertEquals(await dispute('exploded'), 400);
    });

    await t.step('a dispute event the product does not know is acknowledged and ignored', async () => {
      const answer = await h.sendWebhook(disputeEvent('payment.dispute.teleported', 'pay_Whatever000001', 'disp_Unknown001', 100));
      assertEquals([answer.status, answer.body.status], [200, 'ignored']);
      assertEquals(await chargeback('disp_Unknown001'), undefined);
    });

    await t.step('events the product does not use are acknowledged and ignored', async () => {
      const answer = await h.sendWebhook({ entity: 'event', event: 'payment.authorized', payload: {} });
      assertEquals(answer.status, 200);
      assertEquals(answer.body.status, 'ignored');
    });
  } finally {
    await h.close();
  }
});
