/**
 * Refunds reported in any order: Razorpay's answers ("already refunded in full") and its refund webhooks
 * can arrive in either order, and what a payment counts as refunded never goes back. If this failed, a
 * payment refunded in full would show (to the player, to staff and to the reconciliation) a smaller refund
 * than the money that went back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistration, createTournament, createUser, engines, serviceRole, type TestDatabase } from './helpers.ts';

describe.each(engines)('refunds in any order on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  const payment = async (razorpayPaymentId: string) =>
    (
      await db.admin.query<{ status: string; refunded_paise: number; held: string }>(
        `select p.status, p.refunded_paise,
                -coalesce((select sum(l.amount_paise) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                            where l.account = 'razorpay:clearing' and j.reference like 'payment:' || p.id || '%'), 0) as held
           from public.payments p where p.razorpay_payment_id = $1`,
        [razorpayPaymentId],
      )
    ).rows[0];

  it('keeps a payment refunded in full when a dashboard refund webhook arrives after Razorpay said it was all refunded', async () => {
    const user = await createUser(db);
    const tournament = await createTournament(db);
    const { orderId } = await createRegistration(db, user.id, tournament.id);
    const razorpayPaymentId = `pay_${orderId.slice(6)}`;
    // The outbox's refund was refused: Razorpay answered that two dashboard refunds had returned all of it.
    await db.admin.query('select private.apply_refund($1, null, null, true)', [razorpayPaymentId]);
    expect(await payment(razorpayPaymentId)).toMatchObject({ status: 'refunded', refunded_paise: 15000, held: '0' });

    // Then the webhooks of those dashboard refunds arrive, one by one.
    await db.as(serviceRole, 'select public.service_record_payment_refund($1, $2, $3)', [razorpayPaymentId, 'rfnd_dash1', 5000]);
    expect(await payment(razorpayPaymentId)).toMatchObject({ status: 'refunded', refunded_paise: 15000, held: '0' });
    await db.as(serviceRole, 'select public.service_record_payment_refund($1, $2, $3)', [razorpayPaymentId, 'rfnd_dash2', 10000]);
    expect(await payment(razorpayPaymentId)).toMatchObject({ status: 'refunded', refunded_paise: 15000, held: '0' });
    expect((await db.admin.query<{ r: { balanced: boolean } }>('select private.check_ledger() as r')).rows[0]?.r.balanced).toBe(true);
  });

  it('refunds what is left of a cancelled entry when its refund asked for more than a dashboard refund had left', async () => {
    const user = await createUser(db);
    const tournament = await createTournament(db);
    const { orderId } = await createRegistration(db, user.id, tournament.id);
    const razorpayPaymentId = `pay_${orderId.slice(6)}`;
    // A dashboard refund of ₹50 is made; its webhook is late. The tournament is cancelled: the refund
    // queued asks for all ₹150.
    await db.admin.query(`select private.cancel_tournament($1, 'Called off', now())`, [tournament.id]);
    await db.as(serviceRole, 'select public.service_record_payment_refund($1, $2, $3)', [razorpayPaymentId, 'rfnd_dash', 5000]);
    // Razorpay refuses the ₹150 (only ₹100 is left) and the worker records the refusal.
    const [call] =
      (
        await db.as<{ r: { id: number }[] }>(serviceRole, 'select public.service_claim_outside_calls(10, $1) as r', [
          `refund-${razorpayPaymentId}`,
        ])
      )[0]?.r ?? [];
    expect(call).toBeDefined();
    await db.as(serviceRole, `select public.service_record_outside_answer($1, 'failed', $2::jsonb)`, [
      call?.id,
      JSON.stringify({ http_status: 400, description: 'The refund amount provided is greater than amount captured' }),
    ]);
    await db.admin.query('select private.run_due_work()');

    // The ₹100 still owed is asked for, under a key of its own, and once made the payment is refunded in full.
    const owed = (
      await db.admin.query<{ key: string; amount: number }>(
        `select idempotency_key as key, (payload ->> 'amount_paise')::integer as amount from private.outbox
          where kind = 'razorpay_refund' and status = 'pending' and payload ->> 'razorpay_payment_id' = $1`,
        [razorpayPaymentId],
      )
    ).rows;
    expect(owed).toEqual([{ key: `refund-${razorpayPaymentId}-5000`, amount: 10000 }]);
    const [next] =
      (await db.as<{ r: { id: number }[] }>(serviceRole, 'select public.service_claim_outside_calls(10, $1) as r', [owed[0]?.key]))[0]?.r ??
      [];
    await db.as(serviceRole, `select public.service_record_outside_answer($1, 'done', $2::jsonb)`, [
      next?.id,
      JSON.stringify({ refund_id: 'rfnd_rest', amount_paise: 10000, status: 'processed' }),
    ]);
    expect(await payment(razorpayPaymentId)).toMatchObject({ status: 'refunded', refunded_paise: 15000, held: '0' });
    await db.admin.query('select private.run_due_work()');
    expect(
      (
        await db.admin.query(`select 1 from private.outbox where status = 'pending' and payload ->> 'razorpay_payment_id' = $1`, [
          razorpayPaymentId,
        ])
      ).rows,
    ).toEqual([]);
  });
});
