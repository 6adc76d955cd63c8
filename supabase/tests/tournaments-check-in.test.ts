/**
 * Closing check-in by hand (docs/areas/brackets.md; docs/contract.md: staff_close_check_in). An organiser may
 * close it before its scheduled time, but that must not cost anyone their fee: every paid entry the early
 * close withdraws is refunded in full through the outbox, with the reason in the public changes. Only the
 * scheduled close withdraws a player who did not check in without a refund. If these fail, an organiser
 * closing check-in the minute it opens keeps everyone's money.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
  serviceRole,
} from './helpers.ts';
import { checkLedger } from './money-fixtures.ts';
import { podPrizePoolPaise, REFUND_REASONS } from '@/lib/rules';
import { payPanelPromises } from '@/features/tournaments/promises';

const START = new Date('2027-07-13T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();
/** Championship defaults: check-in from start - 24 h to start - 60 min. */
const DURING_CHECK_IN = at(-120);
const AFTER_CHECK_IN = at(-59);

type Refund = { key: string; payment: string; amount: number; reason: string };

describe.each(engines)('closing check-in by hand on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  /**
   * A ₹150 championship with five places: three single-slot buyers (the first two check in) and one buyer
   * of two slots who plays one and checks in, the other place never accepted.
   */
  async function cup() {
    const id = `close-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Close Cup', 'championship', 'Knockout', 15000, 100000, 64, 5, true, $2)`,
      [id, START.toISOString()],
    );
    const buyers: Array<{ id: string; payment: string }> = [];
    for (const slots of [1, 1, 1, 2]) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id, { slots });
      const { rows } = await db.admin.query<{ payment: string }>(
        `select razorpay_payment_id as payment from public.payments where tournament_id = $1 and user_id = $2`,
        [id, user.id],
      );
      buyers.push({ id: user.id, payment: rows[0]!.payment });
    }
    await db.admin.query(
      `update public.entries set checked_in_at = $2
        where tournament_id = $1 and buyer_id = any ($3::uuid[]) and player_id is not null`,
      [id, DURING_CHECK_IN, [buyers[0]!.id, buyers[1]!.id, buyers[3]!.id]],
    );
    const organiser = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'organiser')`, [organiser.id]);
    return { id, buyers, organiser: player(organiser.id, organiser.email, 'aal2') };
  }

  const refundsOf = async (tournamentId: string) =>
    (
      await db.admin.query<Refund>(
        `select idempotency_key as key, payload ->> 'razorpay_payment_id' as payment, (payload ->> 'amount_paise')::int as amount,
                payload ->> 'reason' as reason
           from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1 order by payload ->> 'amount_paise'`,
        [tournamentId],
      )
    ).rows;

  it('refunds in full every paid place an early close withdraws, and says so in the changes and to the player', async () => {
    const { id, buyers, organiser } = await cup();
    await setDatabaseClock(db, DURING_CHECK_IN);
    expect(await rpc(organiser, 'public.staff_close_check_in($1)', [id])).toMatchObject({ drawn: true, entries: 3 });

    const refunds = await refundsOf(id);
    // The single place's whole fee; the two-slot buyer's unaccepted place, half of their payment.
    expect(refunds).toHaveLength(2);
    expect(refunds.map(({ payment, amount, reason }) => ({ payment, amount, reason }))).toEqual(
      expect.arrayContaining([
        { payment: buyers[2]!.payment, amount: 15000, reason: 'check_in_closed_early' },
        { payment: buyers[3]!.payment, amount: 15000, reason: 'check_in_closed_early' },
      ]),
    );
    // Razorpay's answer settles the single place's payment as refunded, and the ledger still balances.
    const single = refunds.find((refund) => refund.payment === buyers[2]!.payment)!;
    const { rows: calls } = await db.admin.query<{ id: string }>('select id from private.outbox where idempotency_key = $1', [single.key]);
    await db.admin.query(`select public.service_record_outside_answer($1, 'done', $2)`, [
      calls[0]!.id,
      { refund_id: `rfnd_${randomUUID().slice(0, 8)}`, amount_paise: 15000 },
    ]);
    const { rows: payments } = await db.admin.query<{ status: string; refunded_paise: number }>(
      'select status, refunded_paise from public.payments where razorpay_payment_id = $1',
      [single.payment],
    );
    expect(payments[0]).toEqual({ status: 'refunded', refunded_paise: 15000 });
    expect(await checkLedger(db)).toMatchObject({ balanced: true });

    const mine = await rpc<{ my_entry: { status: string } }>(player(buyers[2]!.id), 'public.get_my_entries($1)', [id]);
    // Refunded in full, the place reads as cancelled (refunded), no longer merely withdrawn.
    expect(mine.my_entry.status).toBe('cancelled');
    const { rows } = await db.admin.query<{ withdraw_reason: string; withdraw_reason_code: string }>(
      'select withdraw_reason, withdraw_reason_code from public.entries where tournament_id = $1 and buyer_id = $2',
      [id, buyers[2]!.id],
    );
    expect(rows[0]!.withdraw_reason).toMatch(/closed early.*refunded in full/);
    expect(rows[0]!.withdraw_reason_code).toBe('closed_early_refunded');
    const changes = await rpc<Array<{ action: string; reason: string | null }>>(anon, 'public.get_tournament_changes($1)', [id]);
    expect(changes.filter((change) => change.action === 'entry_withdrawn')).toHaveLength(2);
    expect(changes.find((change) => change.action === 'check_in_closed_by_staff')?.reason).toMatch(/refunded in full/);
  });

  it('withdraws without a refund at the scheduled close, by the periodic function or by hand after it', async () => {
    const scheduled = await cup();
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await db.admin.query('select private.run_due_work()');
    expect(await refundsOf(scheduled.id)).toEqual([]);
    // A championship keeps the no-show rule: the no-show's payment stands, and the entry says nothing of a refund.
    const { rows: noShow } = await db.admin.query<{ status: string; withdraw_reason: string; payment: string }>(
      `select e.status, e.withdraw_reason, p.status as payment
         from public.entries e join public.tournament_registrations r on r.id = e.registration_id join public.payments p on p.id = r.payment_id
        where e.tournament_id = $1 and e.buyer_id = $2`,
      [scheduled.id, scheduled.buyers[2]!.id],
    );
    expect(noShow).toEqual([{ status: 'withdrawn', withdraw_reason: 'Not checked in before check-in closed.', payment: 'paid' }]);
    const { rows: pool } = await db.admin.query<{ prize_pool_paise: number }>(
      'select prize_pool_paise from public.tournaments where id = $1',
      [scheduled.id],
    );
    expect(pool[0]?.prize_pool_paise).toBe(100000);

    const byHand = await cup();
    // The scheduled close has passed: closing by hand before the periodic function runs is that close.
    await rpc(byHand.organiser, 'public.staff_close_check_in($1)', [byHand.id]);
    expect(await refundsOf(byHand.id)).toEqual([]);
  });
  it('refuses check-in, a check-in by hand and an invitation once the scheduled close has passed, before any due work', async () => {
    const { id, buyers } = await cup();
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    const { rows } = await db.admin.query<{ id: string; token: string }>(
      `update public.entries set invitation_token = gen_random_uuid()
        where tournament_id = $1 and buyer_id = $2 and player_id is null returning id, invitation_token::text as token`,
      [id, buyers[3]!.id],
    );
    const late = await createUser(db);
    await completeProfile(db, late.id);
    const { rows: unchecked } = await db.admin.query<{ id: string }>(
      'select id from public.entries where tournament_id = $1 and buyer_id = $2',
      [id, buyers[2]!.id],
    );
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await expectSqlError(rpc(player(buyers[2]!.id), 'public.check_in($1)', [id]), 'PT409', 'closed');
    await expectSqlError(
      rpc(player(referee.id, referee.email, 'aal2'), 'public.staff_set_check_in($1, $2, $3)', [unchecked[0]!.id, true, 'Phoned in']),
      'PT409',
      'closed',
    );
    await expectSqlError(rpc(player(late.id), 'public.accept_entry_invitation($1)', [rows[0]!.token]), 'PT409', 'closed');
  });
});

/**
 * A quick pod's check-in (docs/areas/tournaments.md, Pods): it opens the moment the pod fills and lasts 10 minutes,
 * perhaps while a player sleeps, so missing it costs nothing: the place is refunded in full through the
 * refund outbox, goes to the pod's checked-in waitlist, else the pod runs with a bye and pays what the pay
 * panel said for that case. If these fail, a player who paid for a pod that filled at 3 a.m. loses the fee,
 * or a pod that runs short pays out money nobody paid in.
 */
describe.each(engines)("a quick pod's missed check-in on $name", (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);
  const T0 = new Date('2027-03-01T10:00:00Z');
  const FEE = 30000;
  const newOrder = () => `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  const paymentOf = (order: string) => `pay_${order.slice(6)}`;

  /** A full Super 4 pod of `capacity` ₹300 places, the winner taking the pool; each player's payment id. */
  async function fullPod(capacity: number) {
    await setDatabaseClock(db, T0.toISOString());
    const series = `ci-${randomUUID().slice(0, 6)}`;
    await db.admin.query(
      `insert into public.series (id, title, kind, format, entry_fee_paise, prize_pool_paise, capacity,
                                  check_in_opens_before, check_in_closes_before, prize_formula_text, prize_formula)
       values ($1, 'Check-in Cup', 'quick', 'Super 4', $2, $3, $4, interval '60 minutes', interval '15 minutes',
               'The winner takes the pool.', jsonb_build_array(jsonb_build_object('places', '1', 'paise', $3::int)))`,
      [series, FEE, capacity * FEE, capacity],
    );
    await rpc(serviceRole, 'public.service_ensure_open_pods()');
    const { rows } = await db.admin.query<{ id: string }>('select id from public.tournaments where series_id = $1', [series]);
    const id = rows[0]!.id;
    const players: Array<{ id: string; payment: string }> = [];
    for (let i = 0; i < capacity; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      const order = newOrder();
      await rpc(serviceRole, 'public.service_record_payment_order($1, $2, 1, $3, $4, $5)', [user.id, id, order, FEE, 'INR']);
      await rpc(serviceRole, 'public.service_confirm_tournament_payment($1, $2)', [order, paymentOf(order)]);
      players.push({ id: user.id, payment: paymentOf(order) });
    }
    return { id, players };
  }

  async function joinWaitlist(podId: string) {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    const quote = await rpc<{ amount_paise: number }>(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [user.id, podId]);
    const order = newOrder();
    await rpc(serviceRole, 'public.service_record_waitlist_order($1, $2, $3, $4, $5)', [user.id, podId, order, quote.amount_paise, 'INR']);
    await rpc(serviceRole, 'public.service_confirm_tournament_payment($1, $2)', [order, paymentOf(order)]);
    return { id: user.id, payment: paymentOf(order) };
  }

  /** The scheduled close passes and the periodic function runs: withdrawals, the waitlist, the draw. */
  async function closeCheckIn(podId: string) {
    const { rows } = await db.admin.query<{ closes: Date }>(
      'select private.tournament_check_in_closes_at(t) as closes from public.tournaments t where id = $1',
      [podId],
    );
    await setDatabaseClock(db, new Date(rows[0]!.closes.getTime() + 1000).toISOString());
    await db.admin.query('select private.run_due_work()');
  }

  const refundsOf = async (tournamentId: string) =>
    (
      await db.admin.query<{ id: string; payment: string; amount: number; reason: string }>(
        `select id::text, payload ->> 'razorpay_payment_id' as payment, (payload ->> 'amount_paise')::int as amount, payload ->> 'reason' as reason
           from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1 order by id`,
        [tournamentId],
      )
    ).rows;

  const paymentRow = async (payment: string) =>
    (
      await db.admin.query<{ status: string; refunded_paise: number; failure_reason: string | null }>(
        'select status, refunded_paise, failure_reason from public.payments where razorpay_payment_id = $1',
        [payment],
      )
    ).rows[0];

  it('refunds a missed check-in in full and gives the place to the checked-in waitlisted player', async () => {
    const { id, players } = await fullPod(4);
    const waiting = await joinWaitlist(id);
    for (const p of [...players.slice(0, 3), waiting]) await rpc(player(p.id), 'public.check_in($1)', [id]);
    await closeCheckIn(id);

    const missed = players[3]!;
    expect((await refundsOf(id)).map(({ payment, amount, reason }) => ({ payment, amount, reason }))).toEqual([
      { payment: missed.payment, amount: FEE, reason: 'missed_pod_check_in' },
    ]);
    // The player reads why in the payment history, and on the entry.
    expect(await paymentRow(missed.payment)).toMatchObject({
      status: 'refund_pending',
      failure_reason: REFUND_REASONS.missed_pod_check_in,
    });
    const mine = await rpc<{ my_entry: { status: string; withdraw_reason: string | null; withdraw_reason_code: string | null } }>(
      player(missed.id),
      'public.get_my_entries($1)',
      [id],
    );
    expect(mine.my_entry.status).toBe('cancelled');
    expect(mine.my_entry.withdraw_reason).toBe('Not checked in before check-in closed. Your entry fee is refunded in full.');
    expect(mine.my_entry.withdraw_reason_code).toBe('missed_check_in_refunded');
    const { rows: reasons } = await db.admin.query<{ withdraw_reason: string }>(
      'select withdraw_reason from public.entries where tournament_id = $1 and player_id = $2',
      [id, missed.id],
    );
    expect(reasons[0]!.withdraw_reason).toMatch(/Not checked in.*refunded in full/);

    // And in the bell (with its e-mail), linking to the pod's page.
    const { rows: notices } = await db.admin.query<{ kind: string; title: string; body: string; link: string }>(
      `select kind, title, body, link from public.notifications where user_id = $1 and kind = 'pod_check_in_missed'`,
      [missed.id],
    );
    expect(notices).toEqual([
      {
        kind: 'pod_check_in_missed',
        title: 'Refunded: check-in missed in Check-in Cup #1',
        body: 'Check-in closed before you checked in, so your place was withdrawn. ₹300.00 is refunded in full to the way you paid.',
        link: `/pod/?id=${id}`,
      },
    ]);

    // Razorpay's answer settles it whole, and the ledger balances.
    const [refund] = await refundsOf(id);
    await db.admin.query(`select public.service_record_outside_answer($1, 'done', $2)`, [
      refund!.id,
      { refund_id: `rfnd_${randomUUID().slice(0, 8)}`, amount_paise: FEE },
    ]);
    expect(await paymentRow(missed.payment)).toMatchObject({
      status: 'refunded',
      refunded_paise: FEE,
      failure_reason: REFUND_REASONS.missed_pod_check_in,
    });
    expect(await checkLedger(db)).toMatchObject({ balanced: true });

    // The waitlisted player moved up: the pod is drawn full, and pays its whole pool.
    expect(await rpc<{ position: number | null }>(player(waiting.id), 'public.get_waitlist_position($1)', [id])).toEqual({
      position: null,
    });
    const bracket = await rpc<{ draw: { entry_ids: string[]; bracket_size: number } }>(anon, 'public.get_bracket($1)', [id]);
    expect(bracket.draw.entry_ids).toHaveLength(4);
    expect(bracket.draw.bracket_size).toBe(4);
    expect(await rpc<Array<{ total_paise: number }>>(anon, 'public.get_tournament_prizes($1)', [id])).toEqual([
      expect.objectContaining({ band: '1st', total_paise: 4 * FEE }),
    ]);
  });

  it('without a waitlist runs the pod with a bye and pays what the pay panel said for a pod one short', async () => {
    const { id, players } = await fullPod(4);
    for (const p of players.slice(0, 3)) await rpc(player(p.id), 'public.check_in($1)', [id]);
    await closeCheckIn(id);

    expect((await refundsOf(id)).map(({ payment, amount, reason }) => ({ payment, amount, reason }))).toEqual([
      { payment: players[3]!.payment, amount: FEE, reason: 'missed_pod_check_in' },
    ]);
    const bracket = await rpc<{
      draw: { entry_ids: string[]; bracket_size: number };
      rounds: Array<{ matches: Array<{ status: string }> }>;
    }>(anon, 'public.get_bracket($1)', [id]);
    expect(bracket.draw.entry_ids).toHaveLength(3);
    expect(bracket.rounds[0]!.matches.map((m) => m.status).sort()).toEqual(['bye', 'scheduled']);

    // The pay panel's line for this case, and the prize the database now pays, are the same amount.
    const shortPool = podPrizePoolPaise(4 * FEE, 4, 3);
    expect(shortPool).toBe(90000);
    const lines = payPanelPromises({ series: 'quick', entryFeeRupees: FEE / 100, prizePoolRupees: (4 * FEE) / 100, maxPlayers: 4 });
    expect(lines.find((line) => line.key === 'short-pod')?.text).toContain('₹900');
    expect(await rpc<Array<{ total_paise: number }>>(anon, 'public.get_tournament_prizes($1)', [id])).toEqual([
      expect.objectContaining({ band: '1st', total_paise: shortPool, amount_paise_each: shortPool }),
    ]);
    const changes = await rpc<Array<{ action: string; summary: string }>>(anon, 'public.get_tournament_changes($1)', [id]);
    expect(changes.find((change) => change.action === 'prize_pool_set_for_players')?.summary).toMatch(/3 of 4 players/);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('cancels a 1v1 pod whose opponent missed check-in and refunds both players whole, once each', async () => {
    const { id, players } = await fullPod(2);
    await rpc(player(players[0]!.id), 'public.check_in($1)', [id]);
    await closeCheckIn(id);
    const refunds = await refundsOf(id);
    expect(refunds.map((r) => r.payment).sort()).toEqual(players.map((p) => p.payment).sort());
    expect(refunds.every((r) => r.amount === FEE && r.reason === 'tournament_cancelled')).toBe(true);
  });
});
