/**
 * Time, outside calls and webhooks in any order, against the real SQL, the Razorpay test double and
 * the database's movable clock (no test waits for time: each moves the clock). Each step says what a
 * player or an attacker would gain or lose if it failed.
 */
import { deepStrictEqual as assertEquals, match as assertMatch, ok as assert } from 'node:assert/strict';
import { ORDER_PRODUCT } from '../_shared/razorpay-client.ts';
import { startHarness } from '../_test/harness.ts';
import { createOutboxWorkerHandler } from './handler.ts';

const MINUTE = 60_000;

/**
 * How many calls of one kind a run made. Counted by kind because moving the clock across a six-hour
 * mark also queues that window's reconciliation, which shares the outbox.
 */
const made = (due: { outbox: { doneByKind: Partial<Record<string, number>> } }, kind: string) => due.outbox.doneByKind[kind] ?? 0;

Deno.test('payments on the one clock, through the outbox', async (t) => {
  const h = await startHarness();
  const payment = async (orderId: unknown) =>
    (
      await h.sql<{ status: string; failure_reason: string | null; refunded_paise: number; razorpay_payment_id: string | null }>(
        `select status, failure_reason, refunded_paise, razorpay_payment_id from public.payments where razorpay_order_id = $1`,
        [orderId],
      )
    )[0];
  const registrations = async (tournamentId: string) =>
    (
      await h.sql<{ n: number }>(
        `select count(*)::int as n from public.tournament_registrations where tournament_id = $1 and status <> 'cancelled'`,
        [tournamentId],
      )
    )[0].n;
  const filled = async (tournamentId: string) =>
    (await h.sql<{ filled_slots: number }>(`select filled_slots from public.tournaments where id = $1`, [tournamentId]))[0].filled_slots;
  const refundsOf = (razorpayPaymentId: unknown) =>
    [...h.double.refunds.values()].filter((refund) => refund.payment_id === razorpayPaymentId);
  const verifyBody = (paid: Record<string, unknown>, tournamentId: string) => ({
    action: 'verify_payment',
    payment_id: paid.razorpay_payment_id,
    order_id: paid.razorpay_order_id,
    signature: paid.razorpay_signature,
    tournament_id: tournamentId,
  });
  const signedEvent = (event: string, payload: Record<string, unknown>) => ({
    entity: 'event',
    account_id: 'acc_GolazoLocalDev',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
  async function openOrder(slots = 1, facts: Parameters<typeof h.tournament>[0] = {}) {
    const player = await h.signIn();
    const tournament = await h.tournament(facts);
    const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots });
    assertEquals(order.status, 200);
    return { player, tournament, orderId: String(order.body.order_id), amount: Number(order.body.amount), order };
  }

  try {
    await t.step('create_order passes the checkout timeout, and the order outlives it', async () => {
      const { order, orderId } = await openOrder();
      assertEquals(order.body.timeout, 15 * 60);
      const [row] = await h.sql<{ minutes: number }>(
        `select extract(epoch from expires_at - created_at)::int / 60 as minutes from public.payments where razorpay_order_id = $1`,
        [orderId],
      );
      assert(row.minutes > 15, 'a payment made just before the checkout closes is not refused');
    });

    // Fails -> a player who walked away sees "Pending" forever, and a late capture is kept without an entry.
    await t.step('an abandoned checkout reads abandoned once its time is up, and a late payment is refunded', async () => {
      const { player, tournament, orderId } = await openOrder();
      await h.clock.ahead(21 * MINUTE);
      const due = await h.runDueWork();
      assert(Number(due.abandoned_orders) >= 1);
      assertEquals((await payment(orderId)).status, 'abandoned');

      const paid = await h.pay(orderId, 'success', 'none');
      const verify = await h.callPayment(player.token, verifyBody(paid, tournament));
      assertEquals(verify.status, 409);
      assertEquals(verify.body.code, 'payment_refunded');
      assertMatch(String(verify.body.error), /checkout had expired/);
      assertEquals((await payment(orderId)).status, 'refunded');
      assertEquals(refundsOf(paid.razorpay_payment_id).length, 1);
      assertEquals(await registrations(tournament), 0);
      await h.clock.resume();
    });

    // Fails -> the platform keeps money for a tournament the player can no longer enter.
    await t.step('a payment that arrives after registration closed is refunded with the reason shown', async () => {
      const { player, tournament, orderId } = await openOrder();
      await h.sql(`update public.tournaments set registration_closes_at = now() + interval '5 minutes' where id = $1`, [tournament]);
      await h.clock.ahead(6 * MINUTE);
      const paid = await h.pay(orderId, 'success', 'none');
      const verify = await h.callPayment(player.token, verifyBody(paid, tournament));
      assertEquals(verify.body.refunded, true);
      assertMatch(String(verify.body.error), /Registration had closed/);
      const row = await payment(orderId);
      assertEquals(row.status, 'refunded');
      assertMatch(String(row.failure_reason), /Registration had closed/);
      await h.clock.resume();
    });

    // Fails -> one player holds several entries bought inside 24 hours, or pays three times for one.
    await t.step('three checkouts opened at once and all paid: one registration, two refunds with the reason', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const orders = await Promise.all(
        [1, 2, 3].map(() => h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 })),
      );
      const paid = [];
      for (const order of orders) paid.push(await h.pay(String(order.body.order_id), 'success', 'none'));
      const answers = await Promise.all(paid.map((p) => h.callPayment(player.token, verifyBody(p, tournament))));
      assertEquals(answers.filter((a) => a.body.success === true).length, 1);
      assertEquals(answers.filter((a) => a.body.refunded === true).length, 2);
      assertEquals(await registrations(tournament), 1);
      assertEquals(await filled(tournament), 1);
      for (const p of paid) {
        const row = await payment(p.razorpay_order_id);
        if (row.status === 'paid') continue;
        assertEquals(row.status, 'refunded');
        assertMatch(String(row.failure_reason), /newer checkout|already registered/, 'the player is told why');
        assertEquals(refundsOf(p.razorpay_payment_id).length, 1);
      }
    });

    // Fails -> a capture whose webhook never came is kept without an entry.
    await t.step('reconciliation asks Razorpay about an expired order and refunds a capture nobody reported', async () => {
      const { tournament, orderId } = await openOrder();
      const paid = await h.pay(orderId, 'success', 'none'); // neither verify nor webhook reaches us
      await h.clock.ahead(21 * MINUTE);
      const due = await h.runDueWork();
      assert(made(due, 'razorpay_order_check') >= 1, 'the order was checked');
      assert(made(due, 'razorpay_refund') >= 1, 'and the capture refunded');
      const row = await payment(orderId);
      assertEquals(row.status, 'refunded');
      assertEquals(row.razorpay_payment_id, paid.razorpay_payment_id);
      assertEquals(refundsOf(paid.razorpay_payment_id).length, 1);
      assertEquals(await registrations(tournament), 0);
      // Running it again asks nothing twice.
      const again = await h.runDueWork();
      assertEquals(made(again, 'razorpay_order_check') + made(again, 'razorpay_refund'), 0);
      await h.clock.resume();
    });

    // Fails -> a refund owed is lost when Razorpay is down, or made twice when a worker restarts.
    await t.step('a refund Razorpay could not take is retried after backoff and made once after a worker crash', async () => {
      const { player, tournament, orderId } = await openOrder(1, { maxPlayers: 1 });
      await h.sql(`update public.tournaments set filled_slots = 1 where id = $1`, [tournament]);
      const paid = await h.pay(orderId, 'success', 'none');
      const realRefund = h.razorpay.refundPayment;
      h.razorpay.refundPayment = () => Promise.reject(Object.assign(new Error('down'), {}));
      try {
        const verify = await h.callPayment(player.token, verifyBody(paid, tournament));
        assertEquals(verify.body.refunded, true, 'the player is told at once; no raw error');
      } finally {
        h.razorpay.refundPayment = realRefund;
      }
      assertEquals((await payment(orderId)).status, 'refund_pending');
      // Not due yet: the backoff holds it.
      assertEquals(made(await h.runDueWork(), 'razorpay_refund'), 0);

      // A worker claims it, makes the call, and dies before recording the answer.
      await h.clock.ahead(2 * MINUTE);
      const [claimed] = await h.store.claimOutsideCalls(10);
      assertEquals(claimed.kind, 'razorpay_refund');
      await h.razorpay.refundPayment({
        paymentId: String(paid.razorpay_payment_id),
        amountPaise: Number(claimed.payload.amount_paise),
        receipt: 'crash',
        notes: {},
        idempotencyKey: claimed.idempotency_key,
      });
      // After the lease the next worker sends the same key: Razorpay answers with the same refund.
      await h.clock.ahead(5 * MINUTE);
      const due = await h.runDueWork();
      assertEquals(made(due, 'razorpay_refund'), 1);
      assertEquals((await payment(orderId)).status, 'refunded');
      assertEquals(refundsOf(paid.razorpay_payment_id).length, 1);
      const answers = await h.sql<{ n: number }>(
        `select count(*)::int as n from private.outbox_answers a join private.outbox o on o.id = a.outbox_id where o.idempotency_key = $1`,
        [claimed.idempotency_key],
      );
      assertEquals(answers[0].n, 2, 'each answer is recorded');
      await h.clock.resume();
    });

    // Fails -> a player is charged twice for one entry.
    await t.step('a second captured payment on an already paid order is refunded once', async () => {
      const { player, tournament, orderId } = await openOrder();
      const paid = await h.pay(orderId, 'success', 'none');
      await h.callPayment(player.token, verifyBody(paid, tournament));
      const first = h.double.payments.get(String(paid.razorpay_payment_id))!;
      const second = { ...first, id: `pay_second${crypto.randomUUID().slice(0, 6)}`, amount_refunded: 0, refund_status: null };
      h.double.payments.set(second.id, second);
      const event = signedEvent('payment.captured', { payment: { entity: { ...second } } });
      for (let i = 0; i < 3; i++) await h.sendWebhook(event);
      assertEquals(refundsOf(second.id).length, 1);
      assertEquals(refundsOf(first.id).length, 0);
      assertEquals((await payment(orderId)).status, 'paid');
      assertEquals(await registrations(tournament), 1);
    });

    // Fails -> a payment refunded before its capture event still buys a free entry.
    await t.step('refund.processed before payment.captured: no registration, no second refund', async () => {
      const { tournament, orderId, amount } = await openOrder();
      const paid = await h.pay(orderId, 'success', 'none');
      const paymentEntity = { ...h.double.payments.get(String(paid.razorpay_payment_id))! };
      const refundId = `rfnd_early${crypto.randomUUID().slice(0, 6)}`;
      await h.sendWebhook(
        signedEvent('refund.processed', {
          refund: { entity: { id: refundId, entity: 'refund', payment_id: paymentEntity.id, amount, status: 'processed' } },
        }),
      );
      const captured = await h.sendWebhook(signedEvent('payment.captured', { payment: { entity: paymentEntity } }));
      assertEquals(captured.status, 200);
      assertEquals(await registrations(tournament), 0);
      assertEquals(await filled(tournament), 0);
      const row = await payment(orderId);
      assertEquals(row.status, 'refunded');
      assertEquals(row.refunded_paise, amount);
    });

    // Fails -> an organiser's small goodwill refund silently removes a paid entry (or a full one keeps it).
    await t.step('a partial refund cancels nothing and shows the amount; the rest completes the refund', async () => {
      const { player, tournament, orderId, amount } = await openOrder(2);
      const paid = await h.pay(orderId, 'success', 'none');
      await h.callPayment(player.token, verifyBody(paid, tournament));
      const refundEvent = (id: string, paise: number) =>
        signedEvent('refund.processed', {
          refund: { entity: { id, entity: 'refund', payment_id: paid.razorpay_payment_id, amount: paise, status: 'processed' } },
        });
      await h.sendWebhook(refundEvent('rfnd_partA', 5000));
      await h.sendWebhook(refundEvent('rfnd_partA', 5000)); // replayed: counted once
      let row = await payment(orderId);
      assertEquals(row.status, 'paid');
      assertEquals(row.refunded_paise, 5000);
      assertMatch(String(row.failure_reason), /₹50\.00 .*refunded; your entry stands/);
      assertEquals(await registrations(tournament), 1);
      await h.sendWebhook(refundEvent('rfnd_partB', amount - 5000));
      row = await payment(orderId);
      assertEquals(row.status, 'refunded');
      assertEquals(await registrations(tournament), 0);
      assertEquals(await filled(tournament), 0);
    });

    // Fails -> a chargeback goes unnoticed and its prizes are paid out.
    await t.step('payment.dispute.created flags the entry and leaves a record for staff', async () => {
      const { player, tournament, orderId } = await openOrder();
      const paid = await h.pay(orderId, 'success', 'none');
      await h.callPayment(player.token, verifyBody(paid, tournament));
      const dispute = { id: 'disp_test1', entity: 'dispute', payment_id: paid.razorpay_payment_id, amount: 15000, reason_code: 'fraud' };
      const answer = await h.sendWebhook(signedEvent('payment.dispute.created', { dispute: { entity: dispute } }));
      assertEquals(answer.body.status, 'flagged');
      const [entry] = await h.sql<{ disputed_at: string | null }>(
        `select disputed_at from public.tournament_registrations where tournament_id = $1`,
        [tournament],
      );
      assert(entry.disputed_at !== null);
      const records = await h.sql(`select event, reason from public.payment_disputes where razorpay_dispute_id = 'disp_test1'`);
      assertEquals(records, [{ event: 'payment.dispute.created', reason: 'fraud' }]);
    });

    // Fails -> a refund the organiser already made from the dashboard is retried forever, or refunded twice.
    await t.step("Razorpay's refusal of an already refunded payment is recognised by its code, not its wording", async () => {
      const { player, tournament, orderId } = await openOrder(1, { maxPlayers: 1 });
      await h.sql(`update public.tournaments set filled_slots = 1 where id = $1`, [tournament]);
      const paid = await h.pay(orderId, 'success', 'none');
      const realRefund = h.razorpay.refundPayment;
      h.razorpay.refundPayment = () => Promise.reject(new Error('unreachable'));
      try {
        await h.callPayment(player.token, verifyBody(paid, tournament));
      } finally {
        h.razorpay.refundPayment = realRefund;
      }
      // Meanwhile the organiser refunds it from the dashboard (no key of ours).
      await h.razorpay.refundPayment({ paymentId: String(paid.razorpay_payment_id), amountPaise: 15000, receipt: 'dashboard', notes: {} });
      // The double words its refusal differently from Razorpay on purpose: only the code may decide.
      const realFetch = h.razorpay.refundPayment;
      h.razorpay.refundPayment = async (input) => {
        try {
          return await realFetch(input);
        } catch (error) {
          throw Object.assign(error as Error, { message: 'zzz' });
        }
      };
      try {
        await h.clock.ahead(2 * MINUTE);
        const due = await h.runDueWork();
        assertEquals(made(due, 'razorpay_refund'), 1);
      } finally {
        h.razorpay.refundPayment = realFetch;
        await h.clock.resume();
      }
      assertEquals((await payment(orderId)).status, 'refunded');
      assertEquals(refundsOf(paid.razorpay_payment_id).length, 1, 'only the dashboard refund was made');
    });

    // Fails -> a refund owed stays owed for ever once part of it was refunded from the dashboard unseen.
    await t.step('a refund asked for more than is left after an unseen dashboard refund returns the rest, once', async () => {
      const { player, tournament, orderId } = await openOrder(1, { maxPlayers: 1 });
      await h.sql(`update public.tournaments set filled_slots = 1 where id = $1`, [tournament]);
      const paid = await h.pay(orderId, 'success', 'none');
      const paymentId = String(paid.razorpay_payment_id);
      const realRefund = h.razorpay.refundPayment;
      h.razorpay.refundPayment = () => Promise.reject(new Error('unreachable'));
      try {
        await h.callPayment(player.token, verifyBody(paid, tournament));
      } finally {
        h.razorpay.refundPayment = realRefund;
      }
      // The organiser refunds ₹50 of it from the dashboard; its webhook never reaches us.
      await h.razorpay.refundPayment({ paymentId, amountPaise: 5000, receipt: 'dashboard', notes: {} });
      try {
        await h.clock.ahead(2 * MINUTE);
        await h.runDueWork();
      } finally {
        await h.clock.resume();
      }
      assertEquals((await payment(orderId)).status, 'refunded');
      assertEquals(
        refundsOf(paymentId).map((refund) => refund.amount),
        [5000, 10000],
        'the dashboard refund, then the rest',
      );
      assertEquals(h.double.payments.get(paymentId)?.amount_refunded, 15000);
    });

    // Fails -> the platform keeps money for an order it lost track of (its order row was never written).
    await t.step('a capture for an order of ours we never recorded is refunded once, however often it is reported', async () => {
      const order = await h.razorpay.createOrder({
        amountPaise: 15000,
        currency: 'INR',
        receipt: 'lost-order',
        notes: { product: ORDER_PRODUCT, tournament_id: 'lost-cup', user_id: 'x', slots: '1' },
      });
      const paid = await h.pay(order.id, 'success', 'none');
      const entity = { ...h.double.payments.get(String(paid.razorpay_payment_id))! };
      const captured = signedEvent('payment.captured', { payment: { entity } });
      const orderPaid = signedEvent('order.paid', {
        payment: { entity },
        order: { entity: { id: order.id, amount: 15000, status: 'paid' } },
      });
      const first = await h.sendWebhook(captured);
      assertEquals(first.body.status, 'unknown_order_refunded');
      await h.sendWebhook(orderPaid);
      await h.sendWebhook(captured);
      assertEquals(refundsOf(entity.id).length, 1);
      assertEquals(h.double.payments.get(entity.id)?.amount_refunded, 15000);
    });

    // Fails -> a merchant account shared with another product refunds that product's sales.
    await t.step("another product's capture on the shared merchant account is recorded and left alone", async () => {
      const order = await h.razorpay.createOrder({ amountPaise: 25000, currency: 'INR', receipt: 'shop-1', notes: { shop_order: 'S-1' } });
      const paid = await h.pay(order.id, 'success', 'none');
      const entity = { ...h.double.payments.get(String(paid.razorpay_payment_id))! };
      const answer = await h.sendWebhook(signedEvent('payment.captured', { payment: { entity } }));
      assertEquals(answer.body.status, 'unknown_order_ignored');
      await h.sendWebhook(
        signedEvent('order.paid', { payment: { entity }, order: { entity: { id: order.id, amount: 25000, status: 'paid', notes: [] } } }),
      );
      await h.clock.ahead(5 * MINUTE);
      await h.runDueWork();
      await h.clock.resume();
      assertEquals(refundsOf(entity.id).length, 0);
      assertEquals(h.double.payments.get(entity.id)?.amount_refunded, 0);
      const [recorded] = await h.sql(`select razorpay_order_id from private.foreign_captures where razorpay_payment_id = $1`, [entity.id]);
      assertEquals(recorded, { razorpay_order_id: order.id });
    });

    // Fails -> create_order names the product in words the database does not accept: our own lost orders are kept.
    await t.step("create_order's notes are ones the database takes as ours", async () => {
      const { orderId } = await openOrder();
      const notes = h.double.orders.get(orderId)?.notes ?? {};
      assertEquals(notes.product, ORDER_PRODUCT);
      const [ours] = await h.sql<{ ok: boolean }>('select private.order_is_ours($1::jsonb) as ok', [
        JSON.stringify({ product: notes.product }),
      ]);
      assertEquals(ours.ok, true);
    });

    // Fails -> anyone could cancel another player's entry (forged refund) or freeze their prizes (forged dispute).
    await t.step('forged refund and dispute events change nothing', async () => {
      const { player, tournament, orderId, amount } = await openOrder();
      const paid = await h.pay(orderId, 'success', 'none');
      await h.callPayment(player.token, verifyBody(paid, tournament));
      const forgedRefund = signedEvent('refund.processed', {
        refund: { entity: { id: 'rfnd_forged1', entity: 'refund', payment_id: paid.razorpay_payment_id, amount, status: 'processed' } },
      });
      const forgedDispute = signedEvent('payment.dispute.created', {
        dispute: { entity: { id: 'disp_forged1', entity: 'dispute', payment_id: paid.razorpay_payment_id, amount } },
      });
      for (const event of [forgedRefund, forgedDispute]) {
        const answer = await h.sendWebhook(event, { secret: 'guessed-secret' });
        assertEquals(answer.status, 401);
        assertEquals(answer.body.code, 'invalid_webhook_signature');
      }
      assertEquals((await payment(orderId)).status, 'paid');
      assertEquals(await registrations(tournament), 1);
      const [entry] = await h.sql<{ disputed_at: string | null }>(
        `select disputed_at from public.tournament_registrations where tournament_id = $1`,
        [tournament],
      );
      assertEquals(entry.disputed_at, null);
    });

    // Fails -> a payment the ledger counts but Razorpay does not hold goes unnoticed until the books are closed.
    await t.step('the six-hourly reconciliation lists a payment Razorpay does not hold, and nothing for the ones it does', async () => {
      const held = await openOrder();
      const heldPaid = await h.pay(held.orderId, 'success', 'none');
      await h.callPayment(held.player.token, verifyBody(heldPaid, held.tournament));
      const lost = await openOrder();
      const lostPaid = await h.pay(lost.orderId, 'success', 'none');
      await h.callPayment(lost.player.token, verifyBody(lostPaid, lost.tournament));
      h.double.payments.delete(String(lostPaid.razorpay_payment_id));
      // Seven hours on, the window holding both payments has ended an hour ago: its fetch is queued and made.
      await h.clock.ahead(7 * 60 * MINUTE);
      try {
        await h.runDueWork();
      } finally {
        await h.clock.resume();
      }
      const differences = await h.sql<{ reference: string; ledger_paise: number; provider_paise: number }>(
        `select reference, ledger_paise::int, provider_paise::int from private.reconciliation_differences
          where kind = 'payments' and resolved_at is null and reference = any($1)`,
        [[heldPaid.razorpay_payment_id, lostPaid.razorpay_payment_id]],
      );
      assertEquals(differences, [{ reference: lostPaid.razorpay_payment_id, ledger_paise: lost.amount, provider_paise: 0 }]);
      assertEquals((await payment(lost.orderId)).status, 'paid'); // listed for staff, never changed
    });

    // Fails -> anyone could make the platform call Razorpay at will.
    await t.step('the outbox worker answers only the service role', async () => {
      const worker = createOutboxWorkerHandler({ store: h.store, razorpay: h.razorpay, serviceRoleKey: 'service-key' });
      const call = (token?: string) =>
        worker(new Request('http://x/outbox-worker', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} }));
      assertEquals((await call()).status, 403);
      assertEquals((await call('anon-key')).status, 403);
      const ok = await call('service-key');
      assertEquals(ok.status, 200);
      assertEquals((await ok.json()).success, true);
    });
  } finally {
    await h.close();
  }
});
