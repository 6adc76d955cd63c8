/**
 * public.payments and public.tournament_registrations: no browser writes, players see only their own rows
 * (registrations through a read policy for Realtime, payments only through functions).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createRegistration,
  createTournament,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  NOT_SIGNED_IN,
  serviceRole,
  type TestDatabase,
} from './helpers.ts';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(engines)('payments and registrations on $name', (engine) => {
  let db: TestDatabase;
  let alice: User;
  let bob: User;
  let cup: Awaited<ReturnType<typeof createTournament>>;
  let league: Awaited<ReturnType<typeof createTournament>>;
  let alicesFirst: Awaited<ReturnType<typeof createRegistration>>;
  let alicesSecond: Awaited<ReturnType<typeof createRegistration>>;
  let bobs: Awaited<ReturnType<typeof createRegistration>>;

  beforeAll(async () => {
    db = await engine.start();
    alice = await createUser(db);
    bob = await createUser(db);
    cup = await createTournament(db, { title: 'Golazo Super 8' });
    league = await createTournament(db, { title: 'Golazo Champions' });
    alicesFirst = await createRegistration(db, alice.id, cup.id, { slots: 2, registeredAt: '2026-01-01T10:00:00Z' });
    alicesSecond = await createRegistration(db, alice.id, league.id, { slots: 1, registeredAt: '2026-02-01T10:00:00Z' });
    bobs = await createRegistration(db, bob.id, cup.id, { slots: 3, registeredAt: '2026-01-15T10:00:00Z' });
  });
  afterAll(() => db?.close());

  describe('payments table', () => {
    it('cannot be read directly by anyone but the service role', async () => {
      await expectSqlError(db.as(anon, 'select * from public.payments'), INSUFFICIENT_PRIVILEGE, 'permission denied');
      await expectSqlError(db.as(alice.actor, 'select * from public.payments'), INSUFFICIENT_PRIVILEGE, 'permission denied');
      expect(await db.as(serviceRole, 'select count(*)::int as n from public.payments')).toEqual([{ n: 3 }]);
    });

    it('refuses direct writes by anonymous visitors and players', async () => {
      for (const actor of [anon, alice.actor]) {
        await expectSqlError(
          db.as(
            actor,
            `insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots)
                        values ($1, $2, 'order_forged', 1, 1)`,
            [alice.id, cup.id],
          ),
          INSUFFICIENT_PRIVILEGE,
        );
        await expectSqlError(db.as(actor, `update public.payments set status = 'paid'`), INSUFFICIENT_PRIVILEGE);
        await expectSqlError(db.as(actor, 'delete from public.payments'), INSUFFICIENT_PRIVILEGE);
      }
    });

    it('keeps one row per Razorpay order and payment, in rupees as INR paise', async () => {
      await expectSqlError(
        db.admin.query(
          `insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots) values ($1, $2, $3, 100, 1)`,
          [alice.id, cup.id, alicesFirst.orderId],
        ),
        '23505',
      );
      await expectSqlError(
        db.admin.query(
          `insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots, currency) values ($1, $2, 'order_usd', 100, 1, 'USD')`,
          [alice.id, cup.id],
        ),
        '23514',
        'payments_currency_inr',
      );
      await expectSqlError(
        db.admin.query(
          `insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots) values ($1, $2, 'order_eleven', 100, 11)`,
          [alice.id, cup.id],
        ),
        '23514',
        'payments_slots_range',
      );
      await expectSqlError(
        db.admin.query(
          `insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots, status) values ($1, $2, 'order_unpaid', 100, 1, 'paid')`,
          [alice.id, cup.id],
        ),
        '23514',
        'payments_paid_has_razorpay_payment',
      );
    });
  });

  describe('get_my_payments()', () => {
    it("returns the caller's payments only, newest first, with the tournament title", async () => {
      const rows = await db.as<{
        id: string;
        tournament_title: string;
        amount_paise: number;
        currency: string;
        slots: number;
        status: string;
        status_reason: string | null;
      }>(alice.actor, 'select * from public.get_my_payments()');
      expect(rows.map((r) => r.id)).toEqual([alicesSecond.paymentId, alicesFirst.paymentId]);
      expect(rows[1]).toMatchObject({ tournament_title: 'Golazo Super 8', amount_paise: 30000, currency: 'INR', slots: 2, status: 'paid' });
      expect(Object.keys(rows[0]!)).toEqual([
        'id',
        'razorpay_payment_id',
        'razorpay_order_id',
        'amount_paise',
        'currency',
        'tournament_id',
        'tournament_title',
        'slots',
        'status',
        'status_reason',
        'created_at',
        'status_reason_code',
      ]);
      expect(rows.map((r) => r.status_reason)).toEqual([null, null]);
      expect((await db.as(bob.actor, 'select id from public.get_my_payments()')).map((r) => r.id)).toEqual([bobs.paymentId]);
    });

    it('tells the owner why a payment was refunded or failed, as the payment functions wrote it', async () => {
      const carol = await createUser(db);
      const full = await createTournament(db, { title: 'Golazo Full House', max_players: 2, filled_slots: 2 });
      const open = await createTournament(db, { title: 'Golazo Open Cup', max_players: 8 });
      const service = (sql: string, params: unknown[]) => db.as(serviceRole, sql, params);
      // Paid after the last place went: confirmation turns it into a refund, Razorpay then confirms the refund.
      await service('select public.service_record_payment_order($1, $2, 1, $3, 15000, $4)', [
        carol.id,
        full.id,
        'order_CarolLate0001',
        'INR',
      ]);
      await service('select public.service_confirm_tournament_payment($1, $2)', ['order_CarolLate0001', 'pay_CarolLate00001']);
      await service('select public.service_record_payment_refund($1, $2, 15000)', ['pay_CarolLate00001', 'rfnd_CarolLate0001']);
      // Declined by the bank on another order.
      await service('select public.service_record_payment_order($1, $2, 1, $3, 15000, $4)', [
        carol.id,
        open.id,
        'order_CarolCard0001',
        'INR',
      ]);
      await service('select public.service_record_payment_failure($1, $2, $3)', [
        'order_CarolCard0001',
        'pay_CarolCard00001',
        'Card declined by the bank',
      ]);

      const rows = await db.as<{ razorpay_order_id: string; status: string; status_reason: string | null }>(
        carol.actor,
        'select razorpay_order_id, status, status_reason, status_reason_code from public.get_my_payments() order by razorpay_order_id',
      );
      // The code beside each sentence is what a Hindi page words (the bank's own words have no code of theirs).
      expect(rows).toEqual([
        {
          razorpay_order_id: 'order_CarolCard0001',
          status: 'failed',
          status_reason: 'Card declined by the bank',
          status_reason_code: 'payment_failed',
        },
        {
          razorpay_order_id: 'order_CarolLate0001',
          status: 'refunded',
          status_reason: 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.',
          status_reason_code: 'tournament_full',
        },
      ]);
      // Nobody else sees them, reasons included.
      expect(await db.as(alice.actor, 'select id from public.get_my_payments() where status_reason is not null')).toEqual([]);
    });

    it('gives no reason for a payment that went through, even after an earlier failed attempt', async () => {
      const dave = await createUser(db);
      const open = await createTournament(db, { max_players: 8 });
      const service = (sql: string, params: unknown[]) => db.as(serviceRole, sql, params);
      await service('select public.service_record_payment_order($1, $2, 1, $3, 15000, $4)', [
        dave.id,
        open.id,
        'order_DaveRetry0001',
        'INR',
      ]);
      await service('select public.service_record_payment_failure($1, $2, $3)', [
        'order_DaveRetry0001',
        'pay_DaveFirst00001',
        'Card declined by the bank',
      ]);
      await service('select public.service_confirm_tournament_payment($1, $2)', ['order_DaveRetry0001', 'pay_DaveSecond0001']);
      expect(await db.as(dave.actor, 'select status, status_reason, status_reason_code from public.get_my_payments()')).toEqual([
        { status: 'paid', status_reason: null, status_reason_code: null },
      ]);
    });

    // Fails -> a player who walked away from a checkout sees "Pending" forever and wonders if they paid.
    it('shows an order whose checkout timed out as abandoned, even before the periodic function ran', async () => {
      const erin = await createUser(db);
      const open = await createTournament(db, { title: 'Golazo Walkaway Cup', max_players: 8 });
      await db.as(serviceRole, 'select public.service_record_payment_order($1, $2, 1, $3, 15000, $4)', [
        erin.id,
        open.id,
        'order_ErinAway0001',
        'INR',
      ]);
      expect(await db.as(erin.actor, 'select status from public.get_my_payments()')).toEqual([{ status: 'created' }]);
      await db.admin.query(
        `update public.payments set expires_at = now() - interval '1 minute' where razorpay_order_id = 'order_ErinAway0001'`,
      );
      const [row] = await db.as<{ status: string; status_reason: string }>(
        erin.actor,
        'select status, status_reason, status_reason_code from public.get_my_payments()',
      );
      expect(row).toEqual({
        status: 'abandoned',
        status_reason: 'The checkout was closed or timed out before a payment arrived.',
        status_reason_code: 'checkout_closed',
      });
      await db.admin.query('select private.run_due_work()');
      const [after] = await db.admin
        .query<{ status: string }>(`select status from public.payments where razorpay_order_id = 'order_ErinAway0001'`)
        .then((r) => r.rows);
      expect(after).toEqual({ status: 'abandoned' });
      const checks = await db.admin.query(`select kind from private.outbox where idempotency_key = 'order-check-order_ErinAway0001'`);
      expect(checks.rows).toEqual([{ kind: 'razorpay_order_check' }]);
    });

    it('is refused to anonymous visitors', async () => {
      await expectSqlError(db.as(anon, 'select * from public.get_my_payments()'), INSUFFICIENT_PRIVILEGE, 'permission denied for function');
    });
  });

  describe('tournament_registrations table', () => {
    it('shows a player their own registrations only', async () => {
      const rows = await db.as<{ id: string }>(alice.actor, 'select id from public.tournament_registrations order by registered_at');
      expect(rows.map((r) => r.id)).toEqual([alicesFirst.registrationId, alicesSecond.registrationId]);
      expect(await db.as(alice.actor, 'select id from public.tournament_registrations where user_id = $1', [bob.id])).toEqual([]);
      await expectSqlError(db.as(anon, 'select * from public.tournament_registrations'), INSUFFICIENT_PRIVILEGE, 'permission denied');
    });

    it('refuses direct writes by anonymous visitors and players', async () => {
      for (const actor of [anon, alice.actor]) {
        await expectSqlError(
          db.as(actor, `insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id) values ($1, $2, 1, $3)`, [
            alice.id,
            cup.id,
            alicesFirst.paymentId,
          ]),
          INSUFFICIENT_PRIVILEGE,
        );
        await expectSqlError(db.as(actor, `update public.tournament_registrations set slots = 10`), INSUFFICIENT_PRIVILEGE);
        await expectSqlError(db.as(actor, 'delete from public.tournament_registrations'), INSUFFICIENT_PRIVILEGE);
      }
    });

    it('allows one registration per payment', async () => {
      await expectSqlError(
        db.admin.query(`insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id) values ($1, $2, 2, $3)`, [
          alice.id,
          cup.id,
          alicesFirst.paymentId,
        ]),
        '23505',
        'tournament_registrations_one_per_payment',
      );
    });

    it('must agree with its payment on player, tournament and slots', async () => {
      const fresh = await createUser(db);
      const paymentId = randomUUID();
      await db.admin.query(
        `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
         values ($1, $2, $3, $4, $5, 15000, 1, 'paid', now())`,
        [paymentId, fresh.id, cup.id, `order_${paymentId.slice(0, 8)}`, `pay_${paymentId.slice(0, 8)}`],
      );
      for (const [userId, tournamentId, slots] of [
        [bob.id, cup.id, 1],
        [fresh.id, league.id, 1],
        [fresh.id, cup.id, 5],
      ] as const) {
        await expectSqlError(
          db.admin.query(
            `insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id) values ($1, $2, $3, $4)`,
            [userId, tournamentId, slots, paymentId],
          ),
          '23503',
          'tournament_registrations_match_payment',
        );
      }
    });

    it('only takes the known statuses', async () => {
      await expectSqlError(
        db.admin.query(`update public.tournament_registrations set status = 'confirmed' where id = $1`, [alicesFirst.registrationId]),
        '23514',
        'tournament_registrations_status_known',
      );
    });
  });

  describe('get_my_registrations()', () => {
    it("returns the caller's registrations, newest first, with tournament facts", async () => {
      const rows = await db.as(alice.actor, 'select * from public.get_my_registrations()');
      expect(rows).toEqual([
        {
          tournament_id: league.id,
          tournament_title: 'Golazo Champions',
          series: 'quick',
          slots: 1,
          status: 'upcoming',
          registered_at: new Date('2026-02-01T10:00:00Z'),
        },
        {
          tournament_id: cup.id,
          tournament_title: 'Golazo Super 8',
          series: 'quick',
          slots: 2,
          status: 'upcoming',
          registered_at: new Date('2026-01-01T10:00:00Z'),
        },
      ]);
    });

    it("answers another player only with their own rows, never alice's", async () => {
      const rows = await db.as<{ tournament_id: string }>(bob.actor, 'select tournament_id from public.get_my_registrations()');
      const { rows: own } = await db.admin.query<{ n: number }>(
        'select count(*)::int as n from public.tournament_registrations where user_id = $1',
        [bob.id],
      );
      expect(rows).toHaveLength(own[0]!.n);
      expect(rows.map((row) => row.tournament_id)).not.toContain(league.id);
    });

    it('is gone under its old name, which took a user id', async () => {
      await expectSqlError(db.as(alice.actor, 'select * from public.get_user_registrations($1)', [alice.id]), '42883');
    });

    it('is refused to anonymous visitors', async () => {
      await expectSqlError(
        db.as(anon, 'select * from public.get_my_registrations()'),
        INSUFFICIENT_PRIVILEGE,
        'permission denied for function',
      );
    });
  });

  describe('get_my_stats()', () => {
    it('returns zeros for a player with no confirmed match yet', async () => {
      expect(await db.as(alice.actor, 'select * from public.get_my_stats()')).toEqual([
        {
          total_earnings_paise: expect.anything(),
          matches_played: 0,
          matches_won: 0,
          matches_lost: 0,
          goals_scored: 0,
          goals_conceded: 0,
          titles: 0,
          win_rate_percent: 0,
        },
      ]);
      const [stats] = await db.as<{ total_earnings_paise: string | number }>(alice.actor, 'select * from public.get_my_stats()');
      expect(Number(stats?.total_earnings_paise)).toBe(0);
    });

    it('is refused to anonymous visitors and callers without a user', async () => {
      await expectSqlError(db.as(anon, 'select * from public.get_my_stats()'), INSUFFICIENT_PRIVILEGE, 'permission denied for function');
      await expectSqlError(db.as(serviceRole, 'select * from public.get_my_stats()'), NOT_SIGNED_IN, 'Not logged in');
    });
  });
});
