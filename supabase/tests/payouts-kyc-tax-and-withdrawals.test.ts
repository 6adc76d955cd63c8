/**
 * Money out (docs/areas/payouts.md): KYC before the first withdrawal, tax on net winnings per Rule 133 (worked
 * examples), payouts with admin approvals, provider statuses that arrive late, twice or out of order,
 * reconciliation and the tax reports. If these fail, a player is taxed wrongly, paid twice, paid without
 * an admin, or loses money to a failed transfer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  createUser,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import {
  admin,
  checkLedger,
  finishedTournament,
  freshPan,
  givePrize,
  kycPlayer,
  recordKycCheck,
  rpcOf,
  runDueWork,
} from './money-fixtures.ts';

const service = { role: 'service_role' } as const;

describe.each(engines)('KYC, tax and payouts on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
    await setDatabaseClock(db, '2027-06-01T06:30:00Z');
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const balanceOf = async (userId: string) =>
    Number((await db.admin.query<{ b: string }>('select private.player_balance($1) as b', [userId])).rows[0]?.b);
  const outbox = async (kind: string, key: string) =>
    (
      await db.admin.query<{ payload: Record<string, unknown> }>(
        'select payload from private.outbox where kind = $1 and idempotency_key like $2',
        [kind, key],
      )
    ).rows;

  describe('KYC', () => {
    it('refuses a malformed PAN or UPI id at once, with the code to show', async () => {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      for (const pan of ['ABCDE1234F', 'ABCP1234F', 'ABCPE12345', '', 'ABCPE1234']) {
        await expectSqlError(rpc(user.actor, 'public.submit_kyc($1, $2)', [pan, 'me@okaxis']), 'PT400', 'fourth letter P');
      }
      for (const upi of ['me', 'a@b', 'me@ok axis', '@okaxis', 'me@okaxis1', `${'x'.repeat(257)}@okaxis`]) {
        await expectSqlError(rpc(user.actor, 'public.submit_kyc($1, $2)', ['ABCPE1234F', upi]), 'PT400', 'name@bank');
      }
      const error = await rpc(user.actor, 'public.submit_kyc($1, $2)', ['ABCDE1234F', 'me@okaxis']).catch((e: { hint?: string }) => e);
      expect(error).toMatchObject({ hint: 'invalid_pan' });
      expect(await rpc(user.actor, 'public.get_my_kyc()')).toMatchObject({ status: null });
    });

    it('refuses players under 18 and incomplete profiles', async () => {
      const young = await createUser(db);
      await completeProfile(db, young.id, { dateOfBirth: '2010-01-01' });
      await expectSqlError(rpc(young.actor, 'public.submit_kyc($1, $2)', [freshPan(), 'young@okaxis']), 'PT403', '18 and over');
      const incomplete = await createUser(db);
      await expectSqlError(rpc(incomplete.actor, 'public.submit_kyc($1, $2)', [freshPan(), 'x1@okaxis']), 'PT403', 'legal name');
    });

    it('is verified after both checks, queues both, and a third player cannot read it', async () => {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      const pan = freshPan();
      expect(await rpc(user.actor, 'public.submit_kyc($1, $2)', [pan, 'me.1@okhdfc'])).toMatchObject({
        status: 'pending',
        pan_masked: `••••••${pan.slice(-4)}`,
        upi_id: 'me.1@okhdfc',
      });
      expect(await outbox('pan_verification', `pan-check-${user.id}-%`)).toEqual([{ payload: { user_id: user.id, submission: 1 } }]);
      expect(await outbox('upi_validation', `upi-check-${user.id}-%`)).toEqual([{ payload: { user_id: user.id, submission: 1 } }]);
      await recordKycCheck(db, user.id, 'pan', true);
      expect(await rpc(user.actor, 'public.get_my_kyc()')).toMatchObject({ status: 'pending' });
      await recordKycCheck(db, user.id, 'upi', true);
      expect(await rpc(user.actor, 'public.get_my_kyc()')).toMatchObject({ status: 'verified', reason: null });
      const told = await db.admin.query(`select title from public.notifications where user_id = $1 and kind = 'kyc_result'`, [user.id]);
      expect(told.rows).toEqual([{ title: 'Your KYC is verified' }]);

      const third = await createUser(db);
      expect(await db.as(third.actor, 'select * from public.kyc_records where user_id = $1', [user.id])).toEqual([]);
      expect(await db.as(user.actor, 'select pan_last4 from public.kyc_records')).toEqual([{ pan_last4: pan.slice(-4) }]);
      await expectSqlError(rpc(third.actor, `public.service_record_kyc_check($1, 'pan', true, null, 1)`, [user.id]), '42501');
      const staff = await admin(db);
      expect(await db.as(staff.actor, 'select pan_last4 from public.kyc_records where user_id = $1', [user.id])).toEqual([
        { pan_last4: pan.slice(-4) },
      ]);
    });

    it('is rejected with a clear reason, and a new submission checks again', async () => {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await rpc(user.actor, 'public.submit_kyc($1, $2)', [freshPan(), 'me@okicici']);
      await recordKycCheck(db, user.id, 'upi', false, 'This UPI id does not exist at the bank.');
      expect(await rpc(user.actor, 'public.get_my_kyc()')).toMatchObject({
        status: 'rejected',
        reason: 'This UPI id does not exist at the bank.',
      });
      await recordKycCheck(db, user.id, 'pan', true);
      expect(await rpc(user.actor, 'public.get_my_kyc()')).toMatchObject({ status: 'rejected' });
      const kyc = await rpc<{ status: string }>(user.actor, 'public.get_my_kyc()');
      expect(kyc.status).toBe('rejected');
      // A new UPI id: only the UPI check is asked again.
      const pan = (
        await db.admin.query<{ pan: string }>(
          'select private.decrypt_pan(pan_ciphertext) as pan from public.kyc_records where user_id = $1',
          [user.id],
        )
      ).rows[0]?.pan;
      await rpc(user.actor, 'public.submit_kyc($1, $2)', [pan, 'me2@okicici']);
      expect((await outbox('upi_validation', `upi-check-${user.id}-%`)).length).toBe(2);
      expect((await outbox('pan_verification', `pan-check-${user.id}-%`)).length).toBe(1);
      await recordKycCheck(db, user.id, 'upi', true);
      expect(await rpc(user.actor, 'public.get_my_kyc()')).toMatchObject({ status: 'verified' });
    });

    it('needs the second step to change a verified UPI id, then holds payouts for 24 hours', async () => {
      const user = await kycPlayer(db);
      await givePrize(db, user.id, 5000);
      const pan = (
        await db.admin.query<{ pan: string }>(
          'select private.decrypt_pan(pan_ciphertext) as pan from public.kyc_records where user_id = $1',
          [user.id],
        )
      ).rows[0]?.pan;
      await expectSqlError(rpc(user.actor, 'public.submit_kyc($1, $2)', [pan, 'new@okaxis']), 'PT403', 'two-step');
      const strong = player(user.id, user.email, 'aal2');
      await rpc(strong, 'public.submit_kyc($1, $2)', [pan, 'new@okaxis']);
      await recordKycCheck(db, user.id, 'upi', true);
      const kyc = await rpc<{ status: string; payouts_held_until: string }>(user.actor, 'public.get_my_kyc()');
      expect(kyc.status).toBe('verified');
      expect(new Date(kyc.payouts_held_until).toISOString()).toBe('2027-06-02T06:30:00.000Z');
      await expectSqlError(rpc(user.actor, 'public.request_payout($1)', [1000]), 'PT409', 'held until');
      await expectSqlError(rpc(strong, 'public.submit_kyc($1, $2)', [freshPan(), 'new@okaxis']), 'PT409', 'cannot change');
    });
  });

  describe('tax (Rule 133 worked examples)', () => {
    it('taxes several withdrawals of a year on net winnings, then the balance left at the year end', async () => {
      // Financial year 2028 (April 2028 - March 2029). A prize of ₹10,000.
      await setDatabaseClock(db, '2028-05-01T06:30:00Z');
      const user = await kycPlayer(db);
      await db.admin.query(
        `insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, upi_id, created_at, updated_at)
                            values ($1, 1, 0, 1, 'processed', 'x@okaxis', now(), now())`,
        [user.id],
      );
      await givePrize(db, user.id, 1_000_000);
      // First withdrawal ₹3,000: A - (B + C) = 3,000 - 0 -> tax ₹900.
      expect(await rpc(user.actor, 'public.preview_payout($1)', [300_000])).toMatchObject({
        gross_paise: 300_000,
        tax_paise: 90_000,
        net_paise: 210_000,
        balance_paise: 1_000_000,
      });
      expect(await rpc(user.actor, 'public.request_payout($1)', [300_000])).toMatchObject({
        tax_paise: 90_000,
        net_paise: 210_000,
        status: 'approved',
      });
      // Second withdrawal ₹5,000: A - (B + C + D) = 8,000 - 3,000 = 5,000 -> ₹1,500.
      await setDatabaseClock(db, '2028-09-01T06:30:00Z');
      expect(await rpc(user.actor, 'public.request_payout($1)', [500_000])).toMatchObject({ tax_paise: 150_000, net_paise: 350_000 });
      // Year end: (A + D) - (B + C + E) = (8,000 + 2,000) - 8,000 = 2,000 -> ₹600, from the ₹2,000 left.
      await setDatabaseClock(db, '2029-04-01T00:10:00+05:30');
      await runDueWork(db);
      expect(await balanceOf(user.id)).toBe(200_000 - 60_000);
      // Next year the taxed balance is the opening balance: withdrawing it costs no more tax.
      expect(await rpc(user.actor, 'public.preview_payout($1)', [140_000])).toMatchObject({ tax_paise: 0 });
      const statement = await rpc<{ tax_withheld: Array<{ paise: number }>; winnings_paise: number; closing_balance_paise: number }>(
        user.actor,
        'public.get_my_tax_statement($1)',
        [2028],
      );
      expect(statement).toMatchObject({
        financial_year: 2028,
        winnings_paise: 1_000_000,
        opening_balance_paise: 0,
        closing_balance_paise: 200_000,
      });
      expect(statement.tax_withheld.map((t) => t.paise)).toEqual([90_000, 150_000, 60_000]);
      expect(await checkLedger(db)).toMatchObject({ balanced: true });
    });

    it('counts a loss after a win when entry fees are deposits, and never taxes below zero', async () => {
      await setDatabaseClock(db, '2030-05-01T06:30:00Z');
      await db.admin.query(`update private.settings set value = 'true' where key = 'entry_fees_are_deposits'`);
      try {
        const user = await kycPlayer(db);
        await db.admin.query(
          `insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, upi_id, created_at, updated_at)
                              values ($1, 1, 0, 1, 'processed', 'x@okaxis', now(), now())`,
          [user.id],
        );
        const tournament = `tax-${randomUUID().slice(0, 8)}`;
        await db.admin.query(
          `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
           values ($1, 'Tax Cup', 'quick', 'Knockout', 10000, 0, 100, true, now() + interval '30 days')`,
          [tournament],
        );
        const pay = async (paise: number) => {
          const id = randomUUID();
          await db.admin.query(
            `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
             values ($1, $2, $3, $4, $5, $6, 1, 'paid', now())`,
            [id, user.id, tournament, `order_${id.slice(0, 13)}`, `pay_${id.slice(0, 13)}`, paise],
          );
        };
        // Paid ₹100 to enter, won ₹5,000: withdrawing ₹2,000 is taxed on 2,000 - 100 = ₹1,900.
        await pay(10_000);
        await givePrize(db, user.id, 500_000);
        expect(await rpc(user.actor, 'public.request_payout($1)', [200_000])).toMatchObject({ tax_paise: 57_000 });
        // Then ₹1,500 of entries that won nothing: withdrawing ₹1,000 more has net winnings
        // 3,000 - (1,600 + 0 + 1,900) < 0, so no tax.
        await pay(50_000);
        await pay(50_000);
        await pay(50_000);
        expect(await rpc(user.actor, 'public.request_payout($1)', [100_000])).toMatchObject({ tax_paise: 0, net_paise: 100_000 });
        // Year end: (3,000 + 2,000) - (1,600 + 0 + 1,900) = 1,500 -> ₹450.
        await setDatabaseClock(db, '2031-04-02T06:30:00Z');
        await runDueWork(db);
        expect(await balanceOf(user.id)).toBe(200_000 - 45_000);
      } finally {
        await db.admin.query(`update private.settings set value = 'true' where key = 'entry_fees_are_deposits'`);
      }
    });

    it('reads the rate from the settings', async () => {
      await db.admin.query(`update private.settings set value = '0.25' where key = 'tax_rate'`);
      try {
        const user = await kycPlayer(db);
        await givePrize(db, user.id, 100_000);
        expect(await rpc(user.actor, 'public.preview_payout($1)', [100_000])).toMatchObject({ tax_paise: 25_000, net_paise: 75_000 });
      } finally {
        await db.admin.query(`update private.settings set value = '0.30' where key = 'tax_rate'`);
      }
    });
  });

  describe('payouts', () => {
    it('refuses without KYC, above the balance and for nothing; the same key gives the same payout', async () => {
      const unverified = await kycPlayer(db, { verified: false });
      await givePrize(db, unverified.id, 10_000);
      await expectSqlError(rpc(unverified.actor, 'public.request_payout($1)', [5_000]), 'PT403', 'Verify your PAN');
      const user = await kycPlayer(db);
      await givePrize(db, user.id, 10_000);
      await expectSqlError(rpc(user.actor, 'public.request_payout($1)', [10_001]), 'PT409', 'Your balance is ₹100.00');
      await expectSqlError(rpc(user.actor, 'public.request_payout($1)', [0]), 'PT400', 'above zero');
      const key = randomUUID();
      const first = await rpc<{ payout_id: string }>(user.actor, 'public.request_payout($1, $2)', [6_000, key]);
      const again = await rpc<{ payout_id: string }>(user.actor, 'public.request_payout($1, $2)', [6_000, key]);
      expect(again).toEqual(first);
      expect(await balanceOf(user.id)).toBe(4_000);
      expect((await rpc<unknown[]>(user.actor, 'public.get_my_payouts()')).length).toBe(1);
    });

    it('waits for an admin on the first payout and above ₹10,000, and goes to RazorpayX once approved', async () => {
      const user = await kycPlayer(db);
      const approver = await admin(db);
      await givePrize(db, user.id, 3_000_000);
      const first = await rpc<{ payout_id: string; status: string; net_paise: number }>(user.actor, 'public.request_payout($1)', [100_000]);
      expect(first.status).toBe('awaiting_approval');
      expect(await outbox('razorpayx_payout', `payout-${first.payout_id}`)).toEqual([]);
      await expectSqlError(rpc(user.actor, 'public.staff_approve_payout($1)', [first.payout_id]), 'PT403');
      await expectSqlError(rpc(player(approver.id, approver.email, 'aal1'), 'public.staff_approve_payout($1)', [first.payout_id]), 'PT403');
      const queue = await rpc<Array<{ payout_id: string; kyc: { status: string }; can_approve: boolean }>>(
        approver.actor,
        'public.staff_list_payout_queue()',
      );
      expect(queue.find((p) => p.payout_id === first.payout_id)).toMatchObject({ kyc: { status: 'verified' }, can_approve: true });
      expect(await rpc(approver.actor, 'public.staff_approve_payout($1)', [first.payout_id])).toMatchObject({ status: 'approved' });
      expect(await outbox('razorpayx_payout', `payout-${first.payout_id}`)).toEqual([
        {
          // The payout only: the worker reads the UPI id, name and e-mail when it pays.
          payload: { payout_id: first.payout_id, user_id: user.id, net_paise: first.net_paise },
        },
      ]);
      await expectSqlError(rpc(approver.actor, 'public.staff_approve_payout($1)', [first.payout_id]), 'PT409');
      await rpc(service, `public.service_record_payout_status($1, 'pout_a1', 'processed', null, now())`, [first.payout_id]);
      // After a processed payout, ₹10,000 goes straight through; ₹10,000.01 waits.
      expect(await rpc(user.actor, 'public.request_payout($1)', [1_000_000])).toMatchObject({ status: 'approved' });
      expect(await rpc(user.actor, 'public.request_payout($1)', [1_000_001])).toMatchObject({ status: 'awaiting_approval' });
    });

    it('needs a second admin when the first approver organised a tournament the winnings came from, and never the payee', async () => {
      const start = new Date('2031-05-10T10:00:00Z');
      const cup = await finishedTournament(db, { size: 2, start, prizePoolPaise: 50_000 });
      await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
      await runDueWork(db);
      const winnerId = cup.seeds.find((s) => s.seed === 1)?.player_id as string;
      const winner = player(winnerId);
      await rpc(winner, 'public.submit_kyc($1, $2)', [freshPan(), 'winner@okaxis']);
      await recordKycCheck(db, winnerId, 'pan', true);
      await recordKycCheck(db, winnerId, 'upi', true);
      const payout = await rpc<{ payout_id: string }>(winner, 'public.request_payout($1)', [50_000]);

      const organiser = await admin(db);
      await db.admin.query(`insert into public.staff_roles (user_id, role, tournament_id) values ($1, 'organiser', $2)`, [
        organiser.id,
        cup.id,
      ]);
      expect(await rpc(organiser.actor, 'public.staff_approve_payout($1)', [payout.payout_id])).toMatchObject({
        status: 'awaiting_approval',
        approvals: 1,
        needs_approvals: 2,
      });
      // An admin never approves their own payout.
      await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'admin')`, [winnerId]);
      await expectSqlError(
        rpc(player(winnerId, undefined, 'aal2'), 'public.staff_approve_payout($1)', [payout.payout_id]),
        'PT403',
        'own payout',
      );
      const second = await admin(db);
      expect(await rpc(second.actor, 'public.staff_approve_payout($1)', [payout.payout_id])).toMatchObject({
        status: 'approved',
        approvals: 2,
      });
    });

    it('ignores provider statuses out of order or twice; failed and reversed payouts return the money and the tax', async () => {
      const user = await kycPlayer(db);
      const approver = await admin(db);
      await givePrize(db, user.id, 100_000);
      const request = async (paise: number) => {
        const p = await rpc<{ payout_id: string; status: string; tax_paise: number }>(user.actor, 'public.request_payout($1)', [paise]);
        if (p.status === 'awaiting_approval') await rpc(approver.actor, 'public.staff_approve_payout($1)', [p.payout_id]);
        return p;
      };
      const status = (id: string, s: string, reason: string | null = null) =>
        rpc<{ status: string; changed: boolean }>(service, 'public.service_record_payout_status($1, $2, $3, $4, now())', [
          id,
          'pout_x',
          s,
          reason,
        ]);
      const first = await request(50_000);
      expect(first.tax_paise).toBe(15_000);
      expect(await status(first.payout_id, 'processing')).toEqual({ status: 'processing', changed: true });
      expect(await status(first.payout_id, 'queued')).toEqual({ status: 'processing', changed: false });
      expect(await status(first.payout_id, 'processed')).toEqual({ status: 'processed', changed: true });
      expect(await status(first.payout_id, 'processed')).toEqual({ status: 'processed', changed: false });
      expect(await status(first.payout_id, 'failed')).toEqual({ status: 'processed', changed: false });
      expect(await balanceOf(user.id)).toBe(50_000);
      expect(await status(first.payout_id, 'reversed', 'Beneficiary account closed')).toEqual({ status: 'reversed', changed: true });
      expect(await status(first.payout_id, 'reversed')).toEqual({ status: 'reversed', changed: false });
      expect(await balanceOf(user.id)).toBe(100_000);

      // A payout that fails before it is processed: the same.
      const second = await request(100_000);
      expect(second.tax_paise).toBe(30_000);
      expect(await status(second.payout_id, 'failed', 'Invalid VPA')).toEqual({ status: 'failed', changed: true });
      expect(await status(second.payout_id, 'processed')).toEqual({ status: 'failed', changed: false });
      expect(await balanceOf(user.id)).toBe(100_000);
      expect(await rpc(user.actor, 'public.get_my_earnings()')).toMatchObject({ tax_withheld_paise: 0, balance_paise: 100_000 });
      // The reversed withholdings no longer count: the next withdrawal is taxed as a first one.
      expect(await rpc(user.actor, 'public.preview_payout($1)', [100_000])).toMatchObject({ tax_paise: 30_000 });
      const told = await db.admin.query(`select kind from public.notifications where user_id = $1 and kind like 'payout_%' order by id`, [
        user.id,
      ]);
      expect(told.rows.map((r) => r.kind)).toEqual(['payout_sent', 'payout_failed', 'payout_failed']);
      await expectSqlError(
        rpc(user.actor, 'public.service_record_payout_status($1, $2, $3, null, now())', [second.payout_id, 'p', 'processed']),
        '42501',
      );
      expect(await checkLedger(db)).toMatchObject({ balanced: true });
    });

    it('returns a rejected payout and polls payouts the provider went quiet about', async () => {
      const user = await kycPlayer(db);
      const approver = await admin(db);
      await givePrize(db, user.id, 20_000);
      const payout = await rpc<{ payout_id: string }>(user.actor, 'public.request_payout($1)', [20_000]);
      await expectSqlError(rpc(approver.actor, 'public.staff_reject_payout($1, $2)', [payout.payout_id, '']), 'PT400');
      expect(
        await rpc(approver.actor, 'public.staff_reject_payout($1, $2)', [payout.payout_id, 'The UPI name does not match']),
      ).toMatchObject({
        status: 'rejected',
      });
      expect(await balanceOf(user.id)).toBe(20_000);

      const again = await rpc<{ payout_id: string }>(user.actor, 'public.request_payout($1)', [10_000]);
      await rpc(approver.actor, 'public.staff_approve_payout($1)', [again.payout_id]);
      await rpc(service, `public.service_record_payout_status($1, 'pout_quiet', 'processing', null, now())`, [again.payout_id]);
      const now = (await db.admin.query<{ now: Date }>('select private.clock_now() as now')).rows[0]?.now as Date;
      await setDatabaseClock(db, new Date(now.getTime() + 31 * 60_000).toISOString());
      await runDueWork(db);
      expect(await outbox('razorpayx_payout_check', `payout-check-${again.payout_id}-%`)).toEqual([
        { payload: { payout_id: again.payout_id, provider_payout_id: 'pout_quiet' } },
      ]);
    });
  });

  describe('reconciliation and reports', () => {
    it('lists every difference with the providers without changing money', async () => {
      const user = await kycPlayer(db);
      const staff = await admin(db);
      await givePrize(db, user.id, 50_000);
      const p = await rpc<{ payout_id: string }>(user.actor, 'public.request_payout($1)', [10_000]);
      await rpc(staff.actor, 'public.staff_approve_payout($1)', [p.payout_id]);
      await rpc(service, `public.service_record_payout_status($1, 'pout_r', 'processed', null, now())`, [p.payout_id]);
      const ledgerBefore = await checkLedger(db);
      expect(
        await rpc(service, `public.service_record_provider_snapshot('payouts', $1::jsonb)`, [
          JSON.stringify([{ payout_id: p.payout_id, amount_paise: 7_000, status: 'processed' }]),
        ]),
      ).toEqual({ checked: 1, differences: 0 });
      expect(
        await rpc(service, `public.service_record_provider_snapshot('payouts', $1::jsonb)`, [
          JSON.stringify([{ payout_id: p.payout_id, amount_paise: 8_000, status: 'processed' }]),
        ]),
      ).toEqual({ checked: 1, differences: 1 });
      const listed = await rpc<Array<{ reference: string; ledger_paise: number; provider_paise: number }>>(
        staff.actor,
        'public.staff_get_reconciliation()',
      );
      expect(listed.find((d) => d.reference === p.payout_id)).toMatchObject({ ledger_paise: 7_000, provider_paise: 8_000 });
      expect(await checkLedger(db)).toEqual(ledgerBefore);
      await expectSqlError(rpc(user.actor, 'public.staff_get_reconciliation()'), 'PT403');
    });

    it("queues one fetch of each provider's list per six-hour window, through the outbox", async () => {
      await setDatabaseClock(db, '2033-01-10T08:30:00Z');
      await runDueWork(db);
      await runDueWork(db);
      const window = { from: '2033-01-10T00:00:00+00:00', to: '2033-01-10T06:00:00+00:00' };
      expect(await outbox('provider_reconciliation', 'reconcile-%-2033-01-10T06Z')).toEqual([
        { payload: { kind: 'payouts', ...window } },
        { payload: { kind: 'payments', ...window } },
      ]);
      // Six hours on (and the hour providers get to list late arrivals): the next window, once.
      await setDatabaseClock(db, '2033-01-10T13:00:00Z');
      await runDueWork(db);
      await runDueWork(db);
      expect(await outbox('provider_reconciliation', 'reconcile-%-2033-01-10T12Z')).toHaveLength(2);
      expect(await outbox('provider_reconciliation', 'reconcile-%-2033-01-10T%')).toHaveLength(4);
    });

    it('flags a payout the ledger sent that the provider does not list, and clears it once listed', async () => {
      await setDatabaseClock(db, '2033-02-03T10:00:00Z');
      const user = await kycPlayer(db);
      const staff = await admin(db);
      await givePrize(db, user.id, 50_000);
      const p = await rpc<{ payout_id: string }>(user.actor, 'public.request_payout($1)', [10_000]);
      await rpc(staff.actor, 'public.staff_approve_payout($1)', [p.payout_id]);
      await rpc(service, `public.service_record_payout_status($1, 'pout_w', 'processed', null, now())`, [p.payout_id]);
      const ledgerBefore = await checkLedger(db);
      const window = ['2033-02-03T06:00:00Z', '2033-02-03T12:00:00Z'];
      const differenceOf = async () =>
        (
          await rpc<Array<{ reference: string; ledger_paise: number; provider_paise: number; resolved_at: string | null }>>(
            staff.actor,
            'public.staff_get_reconciliation()',
          )
        ).find((d) => d.reference === p.payout_id);

      expect(await rpc(service, `public.service_record_provider_window('payouts', $1, $2, '[]'::jsonb)`, window)).toEqual({
        checked: 1,
        differences: 1,
        not_listed: 1,
      });
      expect(await differenceOf()).toMatchObject({ ledger_paise: 7_000, provider_paise: 0, resolved_at: null });

      const listed = JSON.stringify([{ payout_id: p.payout_id, amount_paise: 7_000, status: 'processed' }]);
      expect(await rpc(service, `public.service_record_provider_window('payouts', $1, $2, $3::jsonb)`, [...window, listed])).toEqual({
        checked: 1,
        differences: 0,
        not_listed: 0,
      });
      expect((await differenceOf())?.resolved_at).not.toBeNull();
      // A window that ends before it starts, or a kind no provider has, is refused; money never moved.
      await expectSqlError(rpc(service, `public.service_record_provider_window('payouts', $2, $1, '[]'::jsonb)`, window), 'PT400');
      await expectSqlError(rpc(service, `public.service_record_provider_window('wallets', $1, $2, '[]'::jsonb)`, window), 'PT400');
      await expectSqlError(rpc(user.actor, `public.service_record_provider_window('payouts', $1, $2, '[]'::jsonb)`, window), '42501');
      expect(await checkLedger(db)).toEqual(ledgerBefore);
    });

    it('gives the accountant a withholding register and quarterly certificates', async () => {
      await setDatabaseClock(db, '2032-07-15T06:30:00Z');
      const user = await kycPlayer(db);
      const staff = await admin(db);
      await givePrize(db, user.id, 100_000);
      const p = await rpc<{ payout_id: string }>(user.actor, 'public.request_payout($1)', [100_000]);
      const register = await rpc<Array<Record<string, unknown>>>(staff.actor, 'public.staff_withholding_register($1, $2)', [
        '2032-07-01',
        '2032-07-31',
      ]);
      expect(register.filter((r) => r.user_id === user.id)).toEqual([
        expect.objectContaining({
          legal_name: 'Test Player',
          date: '2032-07-15',
          payout_id: p.payout_id,
          gross_paise: 100_000,
          net_winnings_paise: 100_000,
          tax_paise: 30_000,
        }),
      ]);
      const certificates = await rpc<Array<Record<string, unknown>>>(staff.actor, 'public.staff_tax_certificates($1)', [2032]);
      expect(certificates.filter((c) => c.user_id === user.id)).toEqual([
        expect.objectContaining({ quarter: 2, tax_paise: 30_000, net_winnings_paise: 100_000, withholdings: 1 }),
      ]);
      await expectSqlError(rpc(user.actor, 'public.staff_tax_certificates($1)', [2032]), 'PT403');
    });
  });
});
