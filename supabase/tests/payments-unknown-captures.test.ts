/**
 * A capture for an order the database never recorded: refunded when the order is Golazo's (its notes name
 * the product or one of our tournaments: create_order wrote it, the order row was lost), recorded and
 * left alone when it is another product's on a shared merchant account. If these fail, the platform
 * keeps money it lost track of, or refunds another product's sales.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTournament, engines, startWithMovableClock, type TestDatabase } from './helpers.ts';
import { rpcOf } from './money-fixtures.ts';

const service = { role: 'service_role' } as const;

describe.each(engines)('captures on unknown orders on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  const refundsQueued = async (paymentId: string) =>
    (await db.admin.query(`select 1 from private.outbox where kind = 'razorpay_refund' and idempotency_key = $1`, [`refund-${paymentId}`]))
      .rows.length;
  const capture = (paymentId: string, notes: unknown) =>
    rpc<{ outcome: string }>(service, `public.service_refund_unknown_capture($1, $2, 15000, $3::jsonb)`, [
      paymentId,
      `order_${paymentId.slice(4)}`,
      JSON.stringify(notes),
    ]);

  it('refunds a capture whose order notes say it is ours', async () => {
    const tournament = await createTournament(db);
    expect(await capture('pay_OursProduct01', { product: 'golazo-arena', tournament_id: tournament.id })).toEqual({
      outcome: 'refund_queued',
    });
    expect(await refundsQueued('pay_OursProduct01')).toBe(1);
    // An order made before create_order named the product still names our tournament.
    expect(await capture('pay_OursTourney01', { tournament_id: tournament.id, user_id: 'x', slots: '1' })).toEqual({
      outcome: 'refund_queued',
    });
    expect(await refundsQueued('pay_OursTourney01')).toBe(1);
  });

  it("records and leaves alone another product's capture, once, with an audit row", async () => {
    for (const notes of [{}, { product: 'other-shop', invoice: 'INV-1' }, null, []]) {
      const id = `pay_NotOurs${String(Math.random()).slice(2, 8)}`;
      expect(await capture(id, notes)).toEqual({ outcome: 'not_ours' });
      expect(await refundsQueued(id)).toBe(0);
    }
    await capture('pay_NotOursTwice1', { product: 'other-shop' });
    await capture('pay_NotOursTwice1', { product: 'other-shop' });
    const recorded = await db.admin.query(
      `select amount_paise from private.foreign_captures where razorpay_payment_id = 'pay_NotOursTwice1'`,
    );
    expect(recorded.rows).toEqual([{ amount_paise: expect.anything() }]);
    const audited = await db.admin.query(
      `select 1 from public.audit_log where action = 'foreign_capture_ignored' and after ->> 'razorpay_payment_id' = 'pay_NotOursTwice1'`,
    );
    expect(audited.rows).toHaveLength(1);
  });
});
