/**
 * Tax on net winnings as the decisions read Rule 133: net winnings in a withdrawal are the amount withdrawn
 * less the entry fees paid in the financial year (less their refunds) and the opening balance, less what
 * earlier withdrawals that year already counted; 30% of that is withheld, and at the year's end on what is
 * left. If these fail, a player is taxed on money they paid in, or on a withdrawal that never happened, and
 * the balance card promises an amount the withdrawal does not pay.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setDatabaseClock, startWithMovableClock, type TestDatabase } from './helpers.ts';
import { admin, checkLedger, givePrize, kycPlayer, rpcOf, runDueWork } from './money-fixtures.ts';

type Earnings = { balance_paise: number; balance_after_tax_paise: number; tax_withheld_paise: number };
type Preview = { gross_paise: number; tax_paise: number; net_paise: number; reckoning: Record<string, number> };
type Payout = { payout_id: string; gross_paise: number; tax_paise: number; net_paise: number; status: string };

describe.each(engines)('Net winnings (Rule 133) on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  /** A verified player who has had a payout processed, so withdrawals up to ₹10,000 go straight through. */
  const paidBeforePlayer = async () => {
    const user = await kycPlayer(db);
    await db.admin.query(
      `insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, upi_id, created_at, updated_at)
       values ($1, 1, 0, 1, 'processed', 'x@okaxis', '2020-01-01', '2020-01-01')`,
      [user.id],
    );
    return user;
  };
  /** An entry fee paid now (a captured payment), refunded in part or in full when told. */
  const payEntryFee = async (userId: string, paise: number) => {
    const tournament = `tax-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
       values ($1, 'Tax Cup', 'quick', 'Knockout', $2, 0, 100, true, now() + interval '30 days')`,
      [tournament, paise],
    );
    const id = randomUUID();
    await db.admin.query(
      `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
       values ($1, $2, $3, $4, $5, $6, 1, 'paid', now())`,
      [id, userId, tournament, `order_${id.slice(0, 13)}`, `pay_${id.slice(0, 13)}`, paise],
    );
    return {
      refund: async (refundedPaise: number) =>
        db.admin.query(
          `update public.payments set refunded_paise = $2, status = case when $2 = amount_paise then 'refunded' else status end,
                  refund_id = 'rfnd_' || left(id::text, 8)
            where id = $1`,
          [id, refundedPaise],
        ),
    };
  };
  const earnings = (actor: ReturnType<typeof kycPlayer> extends Promise<infer U> ? U : never) =>
    rpc<Earnings>(actor.actor, 'public.get_my_earnings()');

  it('taxes a win of ₹200 after a ₹100 entry fee on ₹100, and the balance card says what it pays out', async () => {
    await setDatabaseClock(db, '2027-06-01T06:30:00Z');
    const user = await paidBeforePlayer();
    await payEntryFee(user.id, 10_000);
    await givePrize(db, user.id, 20_000);
    expect(await earnings(user)).toMatchObject({ balance_paise: 20_000, balance_after_tax_paise: 17_000, tax_withheld_paise: 0 });
    expect(await rpc<Preview>(user.actor, 'public.preview_payout($1)', [20_000])).toMatchObject({
      gross_paise: 20_000,
      tax_paise: 3_000,
      net_paise: 17_000,
      tax_rate_percent: 30,
      reckoning: {
        financial_year: 2027,
        withdrawn_paise: 20_000,
        entry_fees_paise: 10_000,
        opening_balance_paise: 0,
        already_counted_paise: 0,
        net_winnings_paise: 10_000,
      },
    });
    expect(await rpc<Payout>(user.actor, 'public.request_payout($1)', [20_000])).toMatchObject({ tax_paise: 3_000, net_paise: 17_000 });
    expect(await earnings(user)).toMatchObject({ balance_paise: 0, balance_after_tax_paise: 0, tax_withheld_paise: 3_000 });
  });

  it('counts fees less their refunds, and several withdrawals in a year never count the same winnings twice', async () => {
    await setDatabaseClock(db, '2027-07-01T06:30:00Z');
    const user = await paidBeforePlayer();
    await payEntryFee(user.id, 10_000);
    const refunded = await payEntryFee(user.id, 5_000);
    const halfRefunded = await payEntryFee(user.id, 4_000);
    await refunded.refund(5_000);
    await halfRefunded.refund(2_000);
    // Fees paid: 100 + 0 + 20 = ₹120.
    await givePrize(db, user.id, 50_000);
    // Whole balance ₹500: net 500 - 120 = ₹380, tax ₹114.
    expect(await earnings(user)).toMatchObject({ balance_paise: 50_000, balance_after_tax_paise: 50_000 - 11_400 });
    // ₹100 first: less than the fees, no tax.
    expect(await rpc<Payout>(user.actor, 'public.request_payout($1)', [10_000])).toMatchObject({ tax_paise: 0 });
    // ₹150 more: A = 250, B = 120, D = 0: net ₹130, tax ₹39.
    expect(await rpc<Payout>(user.actor, 'public.request_payout($1)', [15_000])).toMatchObject({ tax_paise: 3_900 });
    // ₹100 more: A = 350, B = 120, D = 130: net ₹100, tax ₹30.
    expect(await rpc<Preview>(user.actor, 'public.preview_payout($1)', [10_000])).toMatchObject({
      tax_paise: 3_000,
      reckoning: { withdrawn_paise: 35_000, entry_fees_paise: 12_000, already_counted_paise: 13_000, net_winnings_paise: 10_000 },
    });
    await rpc(user.actor, 'public.request_payout($1)', [10_000]);
    // In all ₹350 withdrawn, taxed on 350 - 120 = ₹230: ₹69. The ₹150 left: A = 500, B = 120, D = 230: net ₹150, tax ₹45.
    expect(await earnings(user)).toMatchObject({
      balance_paise: 15_000,
      balance_after_tax_paise: 15_000 - 4_500,
      tax_withheld_paise: 6_900,
    });
  });

  it('gives back what a rejected withdrawal counted: it did not happen', async () => {
    await setDatabaseClock(db, '2027-08-01T06:30:00Z');
    const user = await kycPlayer(db);
    const approver = await admin(db);
    await payEntryFee(user.id, 10_000);
    await givePrize(db, user.id, 30_000);
    // The first withdrawal waits for an admin: ₹300 - ₹100 = ₹200 counted, ₹60 tax.
    const first = await rpc<Payout>(user.actor, 'public.request_payout($1)', [30_000]);
    expect(first).toMatchObject({ status: 'awaiting_approval', tax_paise: 6_000 });
    await rpc(approver.actor, 'public.staff_reject_payout($1, $2)', [first.payout_id, 'Checking the account']);
    // Back to ₹300 before tax, ₹240 after; the next withdrawal reckons as if the first never was.
    expect(await earnings(user)).toMatchObject({ balance_paise: 30_000, balance_after_tax_paise: 24_000, tax_withheld_paise: 0 });
    expect(await rpc<Preview>(user.actor, 'public.preview_payout($1)', [15_000])).toMatchObject({
      tax_paise: 1_500,
      reckoning: { withdrawn_paise: 15_000, already_counted_paise: 0, net_winnings_paise: 5_000 },
    });
  });

  it('at the year end taxes what is left, and the next year opens on the taxed balance with its own fees', async () => {
    // Financial year 2029: April 2029 to March 2030 (IST).
    await setDatabaseClock(db, '2029-05-01T06:30:00Z');
    const user = await paidBeforePlayer();
    await payEntryFee(user.id, 20_000);
    await givePrize(db, user.id, 100_000);
    // ₹400: net 400 - 200 = ₹200, tax ₹60.
    expect(await rpc<Payout>(user.actor, 'public.request_payout($1)', [40_000])).toMatchObject({ tax_paise: 6_000 });
    // Year end: (A + closing) - (B + C + E) = (400 + 600) - (200 + 0 + 200) = ₹600, tax ₹180.
    await setDatabaseClock(db, '2030-04-01T00:10:00+05:30');
    await runDueWork(db);
    expect((await earnings(user)).balance_paise).toBe(60_000 - 18_000);
    const lastYear = await rpc<{
      entry_fees_paise: number;
      tax_withheld: Array<{ paise: number; net_winnings_paise: number; kind: string }>;
    }>(user.actor, 'public.get_my_tax_statement($1)', [2029]);
    expect(lastYear.entry_fees_paise).toBe(20_000);
    expect(lastYear.tax_withheld.map((t) => [t.kind, t.net_winnings_paise, t.paise])).toEqual([
      ['withdrawal', 20_000, 6_000],
      ['year_end', 60_000, 18_000],
    ]);
    // Financial year 2030: the opening balance is ₹420 (taxed); last year's fees count no more.
    await setDatabaseClock(db, '2030-05-01T06:30:00Z');
    expect(await earnings(user)).toMatchObject({ balance_paise: 42_000, balance_after_tax_paise: 42_000 });
    await payEntryFee(user.id, 5_000);
    await givePrize(db, user.id, 30_000);
    // Whole balance ₹720: A = 720, B = 50, C = 420: net ₹250, tax ₹75.
    expect(await rpc<Preview>(user.actor, 'public.preview_payout($1)', [72_000])).toMatchObject({
      tax_paise: 7_500,
      reckoning: {
        financial_year: 2030,
        withdrawn_paise: 72_000,
        entry_fees_paise: 5_000,
        opening_balance_paise: 42_000,
        net_winnings_paise: 25_000,
      },
    });
    expect(await earnings(user)).toMatchObject({ balance_after_tax_paise: 72_000 - 7_500 });
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('tells the player by when an admin approves a withdrawal that waits for one, from the setting', async () => {
    await setDatabaseClock(db, '2027-09-01T06:30:00Z');
    const user = await kycPlayer(db);
    await givePrize(db, user.id, 30_000);
    const first = await rpc<Payout & { approval_due_at: string | null }>(user.actor, 'public.request_payout($1)', [10_000]);
    expect(first.status).toBe('awaiting_approval');
    expect(new Date(first.approval_due_at as string).toISOString()).toBe('2027-09-02T06:30:00.000Z');
    const mine = await rpc<Array<{ payout_id: string; approval_due_at: string | null }>>(user.actor, 'public.get_my_payouts()');
    expect(new Date(mine[0]?.approval_due_at as string).toISOString()).toBe('2027-09-02T06:30:00.000Z');
    const due = await db.admin.query<{ due: Date }>('select private.payout_approval_due_at(p) as due from public.payouts p where id = $1', [
      first.payout_id,
    ]);
    expect(due.rows[0]?.due.toISOString()).toBe('2027-09-02T06:30:00.000Z');
    // The target is a setting; a payout that never waited for an admin has no due time.
    await db.admin.query(`update private.settings set value = '"6 hours"' where key = 'payout_approval_target'`);
    try {
      const payouts = await rpc<Array<{ approval_due_at: string | null }>>(user.actor, 'public.get_my_payouts()');
      expect(new Date(payouts[0]?.approval_due_at as string).toISOString()).toBe('2027-09-01T12:30:00.000Z');
    } finally {
      await db.admin.query(`update private.settings set value = '"24 hours"' where key = 'payout_approval_target'`);
    }
    const regular = await paidBeforePlayer();
    await givePrize(db, regular.id, 30_000);
    expect(await rpc(regular.actor, 'public.request_payout($1)', [10_000])).toMatchObject({ status: 'approved', approval_due_at: null });
  });

  it('puts a withdrawal waiting for approval on the admins’ needs-attention list with its age, late once its time passed', async () => {
    await setDatabaseClock(db, '2027-10-01T06:30:00Z');
    const user = await kycPlayer(db);
    await givePrize(db, user.id, 30_000);
    const waiting = await rpc<Payout>(user.actor, 'public.request_payout($1)', [12_000]);
    const staffAdmin = await admin(db);
    type Item = { kind: string; due_at: string; title: string; detail: Record<string, unknown> };
    const itemOf = async () =>
      (await rpc<Item[]>(staffAdmin.actor, 'public.staff_needs_attention()')).find(
        (item) => item.kind === 'payout_awaiting_approval' && item.detail.payout_id === waiting.payout_id,
      );
    await setDatabaseClock(db, '2027-10-01T09:35:00Z');
    const item = await itemOf();
    expect(item?.title).toBe('Withdrawal of ₹120.00 waiting for approval');
    expect(item?.detail).toMatchObject({ gross_paise: 12_000, age_minutes: 185 });
    expect(String(item?.detail.text)).toBe('Requested 3 h 5 min ago; the player was told an admin approves it by 02 Oct 2027 12:00 IST');
    await setDatabaseClock(db, '2027-10-03T07:30:00Z');
    expect(String((await itemOf())?.detail.text)).toMatch(/^Requested 2 days 1 h ago; .* \(late\)$/);
    // Approved: it leaves the list.
    await rpc(staffAdmin.actor, 'public.staff_approve_payout($1)', [waiting.payout_id]);
    expect(await itemOf()).toBeUndefined();
  });
});
