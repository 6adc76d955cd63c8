/**
 * The payment SQL functions the edge functions call as service_role: pricing an entry, recording
 * orders, the idempotent confirmation, failures, refunds and the webhook event log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perBuyerLine } from '../../src/features/payments/payments.ts';
import {
  anon,
  createTournament,
  completeProfile,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  serviceRole,
  type TestDatabase,
} from './helpers.ts';

type Confirmation = { outcome: string; slots?: number; amount_paise?: number; registration_id?: string | null; reason?: string | null };

describe.each(engines)('payment confirmation on $name', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(async () => {
    await db?.close();
  });

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.as<{ result: T }>(serviceRole, sql, params))[0]?.result;

  async function order(userId: string, tournamentId: string, slots: number, amountPaise = 15000 * slots) {
    const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    await one('select public.service_record_payment_order($1, $2, $3, $4, $5, $6) as result', [
      userId,
      tournamentId,
      slots,
      orderId,
      amountPaise,
      'INR',
    ]);
    return { orderId, paymentId: `pay_${orderId.slice(6)}` };
  }
  const confirm = (orderId: string, paymentId: string) =>
    one<Confirmation>('select public.service_confirm_tournament_payment($1, $2) as result', [orderId, paymentId]);
  const filled = async (tournamentId: string) =>
    (await db.admin.query<{ filled_slots: number }>('select filled_slots from public.tournaments where id = $1', [tournamentId])).rows[0]
      ?.filled_slots;

  it('prices an entry from the tournament row and refuses what cannot be sold', async () => {
    const { id: player } = await createUser(db);
    await completeProfile(db, player);
    const cup = await createTournament(db, { entry_fee_paise: 15000, max_players: 8 });
    const closed = await createTournament(db, { is_live: false });
    const full = await createTournament(db, { max_players: 4, filled_slots: 4 });
    expect(await one('select public.service_prepare_tournament_entry($1, $2, 3) as result', [player, cup.id])).toEqual({
      amount_paise: 45000,
      currency: 'INR',
      checkout_timeout_seconds: 900,
    });
    const refused = (tournamentId: string, slots: number) =>
      db.as(serviceRole, 'select public.service_prepare_tournament_entry($1, $2, $3)', [player, tournamentId, slots]);
    const started = await createTournament(db);
    await db.admin.query(`update public.tournaments set starts_at = now() - interval '1 minute' where id = $1`, [started.id]);
    await expectSqlError(refused('no-such-cup', 1), 'PT404', 'Unknown tournament');
    await expectSqlError(refused(closed.id, 1), 'PT409', 'Registrations for this tournament are closed');
    // Nothing past its start takes money, even without a close time.
    await expectSqlError(refused(started.id, 1), 'PT409', 'Registrations for this tournament are closed');
    await expectSqlError(refused(full.id, 1), 'PT409', 'This tournament is full');
    await expectSqlError(refused(cup.id, 9), 'PT409', 'Only 8 slot(s) left in this tournament');
    await expectSqlError(refused(cup.id, 0), 'PT400', 'Choose between 1 and 10 slots');
    await expectSqlError(refused(cup.id, 11), 'PT400', 'Choose between 1 and 10 slots');
  });

  it('lets one player hold at most half the places: a 1v1 pod one, a Super 4 two, a championship ten', async () => {
    const { id: player } = await createUser(db);
    await completeProfile(db, player);
    const oneVsOne = await createTournament(db, { max_players: 2 });
    const super4 = await createTournament(db, { max_players: 4 });
    const championship = await createTournament(db, { max_players: 300 });
    const caps = await db.admin.query<{ id: string; max_slots_per_buyer: number }>(
      'select id, max_slots_per_buyer from public.tournaments where id = any ($1)',
      [[oneVsOne.id, super4.id, championship.id]],
    );
    expect(Object.fromEntries(caps.rows.map((r) => [r.id, r.max_slots_per_buyer]))).toEqual({
      [oneVsOne.id]: 1,
      [super4.id]: 2,
      [championship.id]: 10,
    });
    const prepare = (tournamentId: string, slots: number) =>
      db.as(serviceRole, 'select public.service_prepare_tournament_entry($1, $2, $3)', [player, tournamentId, slots]);
    // Both places of a 1v1 pod to one buyer: refused, though both are free.
    await expectSqlError(prepare(oneVsOne.id, 2), 'PT409', 'One player can hold at most 1 place in this tournament: choose 1 or fewer.');
    // The pay panel's line under the slot choice is the refusal's first words.
    expect('One player can hold at most 1 place in this tournament: choose 1 or fewer.').toContain(perBuyerLine(1).replace(/\.$/, ':'));
    expect('One player can hold at most 2 places in this tournament: choose 2 or fewer.').toContain(perBuyerLine(2).replace(/\.$/, ':'));
    expect(await one('select public.service_prepare_tournament_entry($1, $2, 1) as result', [player, oneVsOne.id])).toMatchObject({
      amount_paise: 15000,
    });
    await expectSqlError(prepare(super4.id, 3), 'PT409', 'One player can hold at most 2 places in this tournament: choose 2 or fewer.');
    // Places already held count: after 24 hours a second order adds only up to the cap.
    const { orderId, paymentId } = await order(player, super4.id, 1);
    expect(await confirm(orderId, paymentId)).toMatchObject({ outcome: 'registered' });
    await db.admin.query(`update public.tournament_registrations set registered_at = now() - interval '25 hours' where user_id = $1`, [
      player,
    ]);
    await expectSqlError(
      prepare(super4.id, 2),
      'PT409',
      'You already hold 1 place here: you can add 1 more (one player holds at most 2 in this tournament).',
    );
    expect(await one('select public.service_prepare_tournament_entry($1, $2, 1) as result', [player, super4.id])).toMatchObject({
      amount_paise: 15000,
    });
    expect(await one('select public.service_prepare_tournament_entry($1, $2, 10) as result', [player, championship.id])).toMatchObject({
      amount_paise: 150000,
    });
  });

  it('confirms once, however often it is called', async () => {
    const { id: player } = await createUser(db);
    const cup = await createTournament(db, { max_players: 8 });
    const { orderId, paymentId } = await order(player, cup.id, 3);
    const first = await confirm(orderId, paymentId);
    expect(first).toMatchObject({ outcome: 'registered', slots: 3, amount_paise: 45000 });
    for (let i = 0; i < 5; i++) {
      expect(await confirm(orderId, paymentId)).toMatchObject({ outcome: 'already_registered', registration_id: first.registration_id });
    }
    expect(await filled(cup.id)).toBe(3);
    const rows = await db.admin.query('select slots, status from public.tournament_registrations where tournament_id = $1', [cup.id]);
    expect(rows.rows).toEqual([{ slots: 3, status: 'upcoming' }]);
  });

  it('never oversells: a payment that does not fit is marked for refund with a reason, then refunded', async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    const cup = await createTournament(db, { max_players: 4 });
    const first = await order(a.id, cup.id, 3);
    const second = await order(b.id, cup.id, 2);
    expect((await confirm(first.orderId, first.paymentId)).outcome).toBe('registered');
    const refused = await confirm(second.orderId, second.paymentId);
    expect(refused.outcome).toBe('refund_required');
    expect(refused.reason).toMatch(/filled up .* refunded/);
    expect(await filled(cup.id)).toBe(3);
    expect((await confirm(second.orderId, second.paymentId)).outcome).toBe('refund_pending');

    const queued = await db.admin.query<{ kind: string; idempotency_key: string }>(
      `select kind, idempotency_key from private.outbox where payload ->> 'razorpay_payment_id' = $1`,
      [second.paymentId],
    );
    expect(queued.rows).toEqual([{ kind: 'razorpay_refund', idempotency_key: `refund-${second.paymentId}` }]);
    expect(
      await one('select public.service_record_payment_refund($1, $2, 30000) as result', [second.paymentId, 'rfnd_Test0000000001']),
    ).toEqual({
      outcome: 'refunded',
    });
    expect(
      await one('select public.service_record_payment_refund($1, $2, 30000) as result', [second.paymentId, 'rfnd_Test0000000001']),
    ).toEqual({
      outcome: 'already_refunded',
    });
    expect((await confirm(second.orderId, second.paymentId)).outcome).toBe('refunded');
    const payment = await db.admin.query('select status, refund_id from public.payments where razorpay_order_id = $1', [second.orderId]);
    expect(payment.rows).toEqual([{ status: 'refunded', refund_id: 'rfnd_Test0000000001' }]);
  });

  it('gives the place back when a registered payment is refunded in full, and keeps the entry for a partial refund', async () => {
    const { id: player } = await createUser(db);
    const cup = await createTournament(db, { max_players: 8 });
    const { orderId, paymentId } = await order(player, cup.id, 2);
    expect((await confirm(orderId, paymentId)).outcome).toBe('registered');
    const refund = (refundId: string, amountPaise: number) =>
      one('select public.service_record_payment_refund($1, $2, $3) as result', [paymentId, refundId, amountPaise]);
    const state = async () =>
      (
        await db.admin.query(
          `select p.status, p.refunded_paise, p.refund_id, p.failure_reason, r.status as registration,
                  (select array_agg(e.status order by e.slot_number) from public.entries e where e.registration_id = r.id) as entries,
                  (select array_agg(l.amount_paise::int order by l.id) from private.ledger_lines l
                     where l.user_id = p.user_id and l.account = 'platform:fees') as fees
             from public.payments p join public.tournament_registrations r on r.payment_id = p.id
            where p.razorpay_order_id = $1`,
          [orderId],
        )
      ).rows[0];

    expect(await refund('rfnd_Part00000001', 10000)).toEqual({ outcome: 'partially_refunded', refunded_paise: 10000 });
    expect(await filled(cup.id)).toBe(2);
    expect(await state()).toEqual({
      status: 'paid',
      refunded_paise: 10000,
      refund_id: 'rfnd_Part00000001',
      failure_reason: '₹100.00 of this payment was refunded; your entry stands.',
      registration: 'upcoming',
      entries: ['active', 'active'],
      fees: [30000, -10000],
    });

    expect(await refund('rfnd_Rest00000001', 20000)).toEqual({ outcome: 'refunded' });
    expect(await filled(cup.id)).toBe(0);
    expect(await state()).toEqual({
      status: 'refunded',
      refunded_paise: 30000,
      refund_id: 'rfnd_Part00000001',
      failure_reason: 'Refunded by the organisers.',
      registration: 'cancelled',
      entries: ['cancelled', 'cancelled'],
      fees: [30000, -10000, -20000],
    });
    expect(await refund('rfnd_Rest00000001', 20000)).toEqual({ outcome: 'already_refunded' });
    expect((await state()).fees).toEqual([30000, -10000, -20000]);
  });

  // Fails -> a refund owed from before a restart (or before the outbox existed) is never made.
  it('gives every refund_pending payment its refund in the outbox when the periodic function runs', async () => {
    const { id: player } = await createUser(db);
    const cup = await createTournament(db, { max_players: 8 });
    const { orderId, paymentId } = await order(player, cup.id, 1);
    await db.admin.query(
      `update public.payments set status = 'refund_pending', razorpay_payment_id = $2, failure_reason = 'owed' where razorpay_order_id = $1`,
      [orderId, paymentId],
    );
    const first = await db.admin.query<{ result: { refunds_requeued: number } }>('select private.run_due_work() as result');
    expect(first.rows[0]?.result.refunds_requeued).toBeGreaterThanOrEqual(1);
    const again = await db.admin.query<{ result: { refunds_requeued: number } }>('select private.run_due_work() as result');
    expect(again.rows[0]?.result.refunds_requeued).toBe(0);
    const queued = await db.admin.query(`select kind from private.outbox where idempotency_key = $1`, [`refund-${paymentId}`]);
    expect(queued.rows).toEqual([{ kind: 'razorpay_refund' }]);
  });

  it('keeps a failed attempt retryable and never lets a failure undo a paid order', async () => {
    const { id: player } = await createUser(db);
    const cup = await createTournament(db, { max_players: 8 });
    const { orderId, paymentId } = await order(player, cup.id, 1);
    await one('select public.service_record_payment_failure($1, $2, $3) as result', [orderId, 'pay_FailedAttempt01', 'Card declined']);
    expect((await confirm(orderId, paymentId)).outcome).toBe('registered');
    await one('select public.service_record_payment_failure($1, $2, $3) as result', [orderId, 'pay_LateFailure001', 'late']);
    const row = await db.admin.query('select status, razorpay_payment_id from public.payments where razorpay_order_id = $1', [orderId]);
    expect(row.rows).toEqual([{ status: 'paid', razorpay_payment_id: paymentId }]);
  });

  it('refuses a second order within 24 hours of the last registration for the same tournament', async () => {
    const { id: player } = await createUser(db);
    await completeProfile(db, player);
    const cup = await createTournament(db, { max_players: 8 });
    const { orderId, paymentId } = await order(player, cup.id, 1);
    await confirm(orderId, paymentId);
    await expectSqlError(
      db.as(serviceRole, 'select public.service_prepare_tournament_entry($1, $2, 1)', [player, cup.id]),
      'PT409',
      /^You are already registered for this tournament!/,
    );
    await db.admin.query(`update public.tournament_registrations set registered_at = now() - interval '25 hours' where user_id = $1`, [
      player,
    ]);
    expect(await one('select public.service_prepare_tournament_entry($1, $2, 1) as result', [player, cup.id])).toMatchObject({
      amount_paise: 15000,
    });
  });

  it('processes a webhook event id once, and again only if the first attempt did not finish', async () => {
    const claim = (id: string) =>
      one<boolean | null>('select public.service_claim_razorpay_webhook_event($1, $2) as result', [id, 'payment.captured']);
    expect(await claim('evt_Once0000000001')).toBe(true);
    expect(await claim('evt_Once0000000001')).toBe(true); // unfinished: a retry may process it
    await one('select public.service_complete_razorpay_webhook_event($1) as result', ['evt_Once0000000001']);
    expect(await claim('evt_Once0000000001')).toBeNull();
  });

  it('is closed to browsers: only the service role may call the payment functions', async () => {
    const { actor } = await createUser(db);
    const calls = [
      "select public.service_confirm_tournament_payment('order_x', 'pay_x')",
      "select public.service_prepare_tournament_entry(gen_random_uuid(), 'cup', 1)",
      "select public.service_record_payment_refund('pay_x', 'rfnd_x', 100)",
      "select public.service_record_payment_dispute('pay_x', 'disp_x', 'payment.dispute.created', 100, 'fraud')",
      'select public.service_claim_outside_calls(10)',
      "select public.service_record_outside_answer(1, 'done', '{}')",
      'select public.service_run_due_work()',
      "select public.service_claim_razorpay_webhook_event('evt_x', 'payment.captured')",
    ];
    for (const sql of calls) {
      await expectSqlError(db.as(anon, sql), INSUFFICIENT_PRIVILEGE);
      await expectSqlError(db.as(actor, sql), INSUFFICIENT_PRIVILEGE);
    }
    await expectSqlError(db.as(actor, 'select * from public.razorpay_webhook_events'), INSUFFICIENT_PRIVILEGE);
  });
});
