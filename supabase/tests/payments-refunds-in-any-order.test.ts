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
});
