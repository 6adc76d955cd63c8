/**
 * The waitlist (docs/contract.md, Seasons, the waitlist and the calendar; docs/areas/brackets.md). A full tournament takes a waitlist in order, at
 * most a tenth of its capacity rounded up, one place per player, one slot each; waitlisted players check in
 * with check_in; at check-in close (on time or by hand) the empty places go to the checked-in waitlisted
 * players in order before the draw, and everyone else on it is refunded in full through the outbox.
 * If these fail, a no-show's place stays empty while a checked-in player waits, or a player who never got
 * a place keeps paying for one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRequestContext } from '../local/database.ts';
import {
  anon,
  completeProfile,
  INSUFFICIENT_PRIVILEGE,
  createUser,
  engines,
  expectSqlError,
  INVALID_INPUT,
  NOT_ALLOWED,
  player,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  WRONG_STATE,
  rpcOf,
} from './helpers.ts';
import { checkLedger, runDueWork } from './money-fixtures.ts';

const T0 = new Date('2027-03-01T10:00:00Z');
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();
const NOT_FOUND = 'PT404';
const FEE = 30000;

type Confirmation = { outcome: string; waitlist_position?: number | null; reason?: string | null; registration_id?: string | null };

describe.each(engines)('the waitlist on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  async function adult() {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    return user;
  }

  /** A quick series' open pod of `capacity` places. */
  async function pod(capacity: number) {
    await setDatabaseClock(db, T0.toISOString());
    const series = `wl-${randomUUID().slice(0, 6)}`;
    await db.admin.query(
      `insert into public.series (id, title, kind, format, entry_fee_paise, prize_pool_paise, capacity,
                                  check_in_opens_before, check_in_closes_before, prize_formula_text)
       values ($1, 'Waitlist Cup', 'quick', 'Knockout', $2, $3, $4, interval '60 minutes', interval '15 minutes', 'The winner takes the pool.')`,
      [series, FEE, capacity * FEE, capacity],
    );
    await rpc(serviceRole, 'public.service_ensure_open_pods()');
    const { rows } = await db.admin.query<{ id: string }>('select id from public.tournaments where series_id = $1', [series]);
    return rows[0]!.id;
  }

  const newOrder = () => `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  const paymentOf = (order: string) => `pay_${order.slice(6)}`;

  /** A paid entry through the one confirmation, as the payment function makes it. */
  async function enter(podId: string) {
    const user = await adult();
    const order = newOrder();
    await rpc(serviceRole, 'public.service_record_payment_order($1, $2, 1, $3, $4, $5)', [user.id, podId, order, FEE, 'INR']);
    expect(
      (await rpc<Confirmation>(serviceRole, 'public.service_confirm_tournament_payment($1, $2)', [order, paymentOf(order)])).outcome,
    ).toBe('registered');
    return user;
  }

  /** A full pod of `capacity` players. */
  async function fullPod(capacity: number) {
    const id = await pod(capacity);
    const players = [];
    for (let i = 0; i < capacity; i++) players.push(await enter(id));
    return { id, players };
  }

  /** A waitlist checkout: the quote, the order, then the captured payment's confirmation. */
  async function openWaitlistOrder(podId: string, userId: string) {
    const quote = await rpc<{ amount_paise: number }>(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [userId, podId]);
    const order = newOrder();
    await rpc(serviceRole, 'public.service_record_waitlist_order($1, $2, $3, $4, $5)', [userId, podId, order, quote.amount_paise, 'INR']);
    return order;
  }
  const confirm = (order: string) =>
    rpc<Confirmation>(serviceRole, 'public.service_confirm_tournament_payment($1, $2)', [order, paymentOf(order)]);

  async function joinPaid(podId: string) {
    const user = await adult();
    const confirmation = await confirm(await openWaitlistOrder(podId, user.id));
    return { ...user, confirmation };
  }

  const position = (userId: string, podId: string) =>
    rpc<{ position: number | null }>(player(userId), 'public.get_waitlist_position($1)', [podId]);

  const refundsOf = async (podId: string) =>
    (
      await db.admin.query<{ payment: string; amount: number; reason: string }>(
        `select payload ->> 'razorpay_payment_id' as payment, (payload ->> 'amount_paise')::int as amount, payload ->> 'reason' as reason
           from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1 order by id`,
        [podId],
      )
    ).rows;

  const noticesOf = async (userId: string) =>
    (
      await db.admin.query<{ kind: string; title: string; body: string; link: string }>(
        `select kind, title, body, link from public.notifications where user_id = $1 and kind like 'waitlist%' order by id`,
        [userId],
      )
    ).rows;

  const receiptsOf = async (userId: string) =>
    (
      await db.admin.query<{ title: string; body: string; link: string }>(
        `select title, body, link from public.notifications where user_id = $1 and kind = 'payment_receipt' order by id`,
        [userId],
      )
    ).rows;

  async function checkIn(userId: string, podId: string) {
    return rpc<{ entry_id: string | null; checked_in_at: string; waitlist_position?: number }>(player(userId), 'public.check_in($1)', [
      podId,
    ]);
  }

  /** Past the pod's check-in close: the periodic function withdraws, fills from the waitlist and draws. */
  async function closeCheckIn(podId: string) {
    const { rows } = await db.admin.query<{ closes: Date }>(
      'select private.tournament_check_in_closes_at(t) as closes from public.tournaments t where id = $1',
      [podId],
    );
    await setDatabaseClock(db, new Date(rows[0]!.closes.getTime() + 1000).toISOString());
    await runDueWork(db);
  }

  const drawnPlayers = async (podId: string) =>
    (
      await db.admin.query<{ player_id: string }>(
        `select e.player_id from public.draws d cross join unnest(d.entry_ids) as drawn(entry_id) join public.entries e on e.id = drawn.entry_id
          where d.tournament_id = $1`,
        [podId],
      )
    ).rows.map((row) => row.player_id);

  it('refuses the waitlist while places are left (not_full), and takes one slot only (invalid_slot_count)', async () => {
    const id = await pod(4);
    const user = await adult();
    await expectSqlError(
      rpc(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [user.id, id]),
      WRONG_STATE,
      'enter it normally',
    );
    for (let i = 0; i < 4; i++) await enter(id);
    await expectSqlError(
      rpc(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 2)', [user.id, id]),
      INVALID_INPUT,
      'one place per player',
    );
    // A full pod in check-in takes the waitlist: the quote is the entry fee of one slot.
    expect(await rpc(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [user.id, id])).toMatchObject({ amount_paise: FEE });
  });

  it('takes a full pod’s waitlist in order, up to a tenth of its capacity rounded up, one place per player', async () => {
    // Twelve places: a waitlist of two.
    const { id, players } = await fullPod(12);
    // A checkout opened while the waitlist still had room, paid after it filled.
    const late = await adult();
    const lateOrder = await openWaitlistOrder(id, late.id);

    const first = await joinPaid(id);
    const second = await joinPaid(id);
    expect(first.confirmation).toMatchObject({ outcome: 'waitlisted', waitlist_position: 1 });
    expect(second.confirmation).toMatchObject({ outcome: 'waitlisted', waitlist_position: 2 });
    expect(await position(first.id, id)).toEqual({ position: 1 });
    expect(await position(second.id, id)).toEqual({ position: 2 });

    // The third is refused at the quote, and a payment that arrives anyway is refunded in full.
    const third = await adult();
    await expectSqlError(
      rpc(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [third.id, id]),
      WRONG_STATE,
      'waitlist is full',
    );
    const refused = await confirm(lateOrder);
    expect(refused.outcome).toBe('refund_required');
    expect(refused.reason).toMatch(/waitlist filled up/);
    expect(await refundsOf(id)).toEqual([{ payment: paymentOf(lateOrder), amount: FEE, reason: 'waitlist_full' }]);
    await expectSqlError(position(late.id, id), NOT_FOUND, 'not on this tournament');

    // One place per player: already waiting, or already in the tournament.
    await expectSqlError(rpc(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [first.id, id]), WRONG_STATE, 'already on');
    await expectSqlError(
      rpc(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [players[0]!.id, id]),
      WRONG_STATE,
      'already have a place',
    );
    // The confirmation is idempotent: the same capture again answers the same place.
    const { rows } = await db.admin.query<{ order: string }>(
      'select razorpay_order_id as order from public.payments where user_id = $1 and tournament_id = $2',
      [first.id, id],
    );
    expect(await confirm(rows[0]!.order)).toMatchObject({ outcome: 'waitlisted', waitlist_position: 1 });
    expect(await rpc(player(first.id), 'public.get_waitlist($1)', [id])).toMatchObject({
      takes_joins: true,
      capacity: 2,
      waiting: 2,
      mine: { position: 1, status: 'waiting', checked_in_at: null, paid: true },
    });
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('answers get_waitlist_position with PT404 not_on_waitlist for a player never on it', async () => {
    const { id } = await fullPod(4);
    const stranger = await adult();
    const error = await position(stranger.id, id).then(
      () => null,
      (e: { code?: string; hint?: string }) => e,
    );
    expect(error).toMatchObject({ code: NOT_FOUND, hint: 'not_on_waitlist' });
  });

  it('checks in a waitlist place with check_in, and at check-in close gives the empty place to the first checked-in player, before the draw', async () => {
    const { id, players } = await fullPod(12);
    const first = await joinPaid(id);
    const second = await joinPaid(id);
    // Eleven of twelve check in: one place is left empty. Both waitlisted players check in.
    for (const entrant of players.slice(0, 11)) await checkIn(entrant.id, id);
    const checked = await checkIn(second.id, id);
    expect(checked).toMatchObject({ entry_id: null, waitlist_position: 2 });
    expect(checked.checked_in_at).toBeTruthy();
    await checkIn(first.id, id);
    expect(
      (await rpc<{ mine: { checked_in_at: string | null } }>(player(first.id), 'public.get_waitlist($1)', [id])).mine.checked_in_at,
    ).toBeTruthy();

    await closeCheckIn(id);

    // The first in line plays; the no-show does not; the draw counted twelve.
    const drawn = await drawnPlayers(id);
    expect(drawn).toHaveLength(12);
    expect(drawn).toContain(first.id);
    expect(drawn).not.toContain(second.id);
    expect(drawn).not.toContain(players[11]!.id);
    const mine = await rpc<{ my_entry: { status: string; checked_in_at: string | null } }>(player(first.id), 'public.get_my_entries($1)', [
      id,
    ]);
    expect(mine.my_entry.status).toBe('active');
    expect(mine.my_entry.checked_in_at).toBeTruthy();

    // Positions end: null once promoted or refunded.
    expect(await position(first.id, id)).toEqual({ position: null });
    expect(await position(second.id, id)).toEqual({ position: null });

    // The one not promoted is refunded in full through the refund outbox, and so is the no-show: a quick pod's
    // missed check-in costs nothing.
    expect(await refundsOf(id)).toEqual([
      { payment: expect.stringMatching(/^pay_/), amount: FEE, reason: 'not_promoted' },
      { payment: expect.stringMatching(/^pay_/), amount: FEE, reason: 'missed_pod_check_in' },
    ]);
    const { rows: paid } = await db.admin.query<{ user_id: string; status: string; failure_reason: string }>(
      `select user_id, status, failure_reason from public.payments where tournament_id = $1 and for_waitlist order by paid_at`,
      [id],
    );
    expect(paid.find((p) => p.user_id === second.id)).toMatchObject({
      status: 'refund_pending',
      failure_reason: expect.stringMatching(/No place came free/),
    });
    expect(paid.find((p) => p.user_id === first.id)).toMatchObject({ status: 'paid' });

    // Both are told, with a link to the pod's page.
    expect(await noticesOf(first.id)).toEqual([expect.objectContaining({ kind: 'waitlist_promoted', link: `/pod/?id=${id}` })]);
    // One receipt for one payment: the one written when the place was taken, not a second at promotion.
    expect((await receiptsOf(first.id)).map((receipt) => receipt.title)).toEqual([
      expect.stringMatching(/^Payment received: ₹300\.00 for the waitlist of /),
    ]);
    expect(await noticesOf(second.id)).toEqual([
      expect.objectContaining({ kind: 'waitlist_not_promoted', link: `/pod/?id=${id}`, body: expect.stringMatching(/refunded in full/) }),
    ]);
    const { rows: emails } = await db.admin.query(
      `select 1 from private.outbox where kind = 'email' and idempotency_key like 'notify-waitlist_promoted-' || $1 || '-%'`,
      [first.id],
    );
    expect(emails).toHaveLength(1);
    // The public changes say who moved up.
    const changes = await rpc<Array<{ summary: string }>>(player(second.id), 'public.get_tournament_changes($1)', [id]);
    expect(changes.map((c) => c.summary)).toContain('TestFC moved up from the waitlist');

    // Razorpay's answer settles the refund; the ledger balances.
    const { rows: call } = await db.admin.query<{ id: string }>(
      `select id from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1 order by id`,
      [id],
    );
    await db.admin.query(`select public.service_record_outside_answer($1, 'done', $2)`, [
      call[0]!.id,
      { refund_id: `rfnd_${randomUUID().slice(0, 8)}`, amount_paise: FEE },
    ]);
    expect(paid.length).toBe(2);
    const { rows: after } = await db.admin.query(`select status from public.payments where user_id = $1 and tournament_id = $2`, [
      second.id,
      id,
    ]);
    expect(after).toEqual([{ status: 'refunded' }]);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('skips a waitlisted player who did not check in: the next checked-in one moves up', async () => {
    const { id, players } = await fullPod(12);
    const first = await joinPaid(id);
    const second = await joinPaid(id);
    for (const entrant of players.slice(0, 11)) await checkIn(entrant.id, id);
    await checkIn(second.id, id);
    await closeCheckIn(id);
    const drawn = await drawnPlayers(id);
    expect(drawn).toContain(second.id);
    expect(drawn).not.toContain(first.id);
    expect(await noticesOf(first.id)).toEqual([
      expect.objectContaining({ kind: 'waitlist_not_promoted', body: expect.stringMatching(/did not check in/) }),
    ]);
    expect((await refundsOf(id)).map((r) => r.reason)).toEqual(['not_promoted', 'missed_pod_check_in']);
  });

  it('promotes before the draw when staff close check-in early, and refunds the withdrawn no-show', async () => {
    const { id, players } = await fullPod(4);
    const waiting = await joinPaid(id);
    for (const entrant of players.slice(0, 3)) await checkIn(entrant.id, id);
    await checkIn(waiting.id, id);
    const organiser = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'organiser')`, [organiser.id]);
    expect(await rpc(player(organiser.id, organiser.email, 'aal2'), 'public.staff_close_check_in($1)', [id])).toMatchObject({
      drawn: true,
      entries: 4,
    });
    expect(await drawnPlayers(id)).toContain(waiting.id);
    // Only the early-closed no-show is refunded; the promoted player's payment buys their place.
    expect((await refundsOf(id)).map((r) => r.reason)).toEqual(['check_in_closed_early']);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('takes a pod’s waitlist joins until its check-in closes, and no check-in after', async () => {
    const { id } = await fullPod(4);
    const user = await adult();
    const order = await openWaitlistOrder(id, user.id);
    const { rows } = await db.admin.query<{ closes: Date }>(
      'select private.tournament_check_in_closes_at(t) as closes from public.tournaments t where id = $1',
      [id],
    );
    // One second before the close: still taken.
    await setDatabaseClock(db, new Date(rows[0]!.closes.getTime() - 1000).toISOString());
    expect(await confirm(order)).toMatchObject({ outcome: 'waitlisted', waitlist_position: 1 });
    // At the close, before any periodic run: refused.
    await setDatabaseClock(db, rows[0]!.closes.toISOString());
    const other = await adult();
    await expectSqlError(
      rpc(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [other.id, id]),
      WRONG_STATE,
      'waitlist is closed',
    );
    await expectSqlError(checkIn(user.id, id), WRONG_STATE, 'Check-in for this tournament has closed');
    expect(await rpc(player(other.id), 'public.get_waitlist($1)', [id])).toMatchObject({ takes_joins: false, mine: null });
  });

  it('lets a free tournament’s waitlist be joined with join_waitlist, and releases those not promoted', async () => {
    // A free championship-style cup two days out: registration open until its check-in opens.
    await setDatabaseClock(db, T0.toISOString());
    const id = `free-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
       values ($1, 'Free Cup', 'championship', 'Knockout', 0, 0, 4, true, $2)`,
      [id, minutesAfter(48 * 60)],
    );
    const entrants = [];
    for (let i = 0; i < 4; i++) {
      const user = await adult();
      await rpc(player(user.id), 'public.enter_free_tournament($1)', [id]);
      entrants.push(user);
    }
    const paidPod = await pod(4);
    const waiting = await adult();
    await expectSqlError(rpc(player(waiting.id), 'public.join_waitlist($1)', [paidPod]), WRONG_STATE, 'pay to join');
    expect(await rpc(player(waiting.id), 'public.join_waitlist($1)', [id])).toEqual({ position: 1 });
    await expectSqlError(rpc(player(waiting.id), 'public.join_waitlist($1)', [id]), WRONG_STATE, 'already on');
    const tooMany = await adult();
    await expectSqlError(rpc(player(tooMany.id), 'public.join_waitlist($1)', [id]), WRONG_STATE, 'waitlist is full');
    await expectSqlError(rpc(player(entrants[0]!.id), 'public.join_waitlist($1)', [id]), WRONG_STATE, 'already have a place');
    const incomplete = await createUser(db);
    await expectSqlError(rpc(player(incomplete.id), 'public.join_waitlist($1)', [id]), NOT_ALLOWED, 'Complete your profile');

    expect(await rpc(player(waiting.id), 'public.get_waitlist($1)', [id])).toMatchObject({ takes_joins: true, capacity: 1, waiting: 1 });
    // Everyone checks in, the waitlisted player too: no place comes free, and they are told (no refund: free).
    await setDatabaseClock(db, minutesAfter(48 * 60 - 120));
    for (const entrant of entrants) await checkIn(entrant.id, id);
    await checkIn(waiting.id, id);
    await closeCheckIn(id);
    expect(await drawnPlayers(id)).not.toContain(waiting.id);
    expect(await position(waiting.id, id)).toEqual({ position: null });
    expect(await noticesOf(waiting.id)).toEqual([
      expect.objectContaining({ kind: 'waitlist_joined', title: 'You are on the waitlist of Free Cup', link: `/tournaments/${id}` }),
      expect.objectContaining({
        kind: 'waitlist_not_promoted',
        body: 'Every place was taken at check-in close.',
        link: `/tournaments/${id}`,
      }),
    ]);
    expect(await refundsOf(id)).toEqual([]);
  });

  it('still refunds a payment without the waitlist that finds the pod full', async () => {
    const id = await pod(4);
    const late = await adult();
    const order = newOrder();
    await rpc(serviceRole, 'public.service_record_payment_order($1, $2, 1, $3, $4, $5)', [late.id, id, order, FEE, 'INR']);
    for (let i = 0; i < 4; i++) await enter(id);
    expect(await confirm(order)).toMatchObject({ outcome: 'refund_required' });
    await expectSqlError(position(late.id, id), NOT_FOUND, 'not on this tournament');
  });

  type MyPlace = { tournament_id: string; tournament_title: string; link: string; position: number; paid_paise: number };
  const myPlaces = (userId: string) => db.as<MyPlace>(player(userId), 'select * from public.get_my_waitlist_places()');
  const titleOf = async (podId: string) =>
    (await db.admin.query<{ title: string }>('select title from public.tournaments where id = $1', [podId])).rows[0]!.title;
  const leave = (userId: string, podId: unknown) =>
    rpc<{ status: string; refund_paise: number }>(player(userId), 'public.leave_waitlist($1)', [podId]);

  it('gives a paid place its receipt in the bell, and shows it with its position and check-in window in get_my_waitlist_places', async () => {
    const { id } = await fullPod(12);
    const first = await joinPaid(id);
    const second = await joinPaid(id);
    const receipts = await receiptsOf(second.id);
    const title = await titleOf(id);
    expect(receipts).toEqual([
      {
        title: `Payment received: ₹300.00 for the waitlist of ${title}`,
        body: expect.stringMatching(
          /^Receipt for Waitlist Cup #\d+: a place on its waitlist \(#2\), ₹300\.00 paid, payment id pay_\w+\. Next: check in on the pod page between \d\d \w{3} \d\d:\d\d and \d\d \w{3} \d\d:\d\d IST to move up if a place frees\. If none comes free for you, or you leave the waitlist from My Tournaments before check-in closes, your payment is refunded in full\.$/,
        ),
        link: `/pod/?id=${id}`,
      },
    ]);
    // Its e-mail goes with every receipt's, from the periodic step.
    await runDueWork(db);
    const { rows: emails } = await db.admin.query(
      `select 1 from private.outbox where kind = 'email' and idempotency_key like 'notify-payment_receipt-' || $1 || '-%'`,
      [second.id],
    );
    expect(emails).toHaveLength(1);

    const { rows: window } = await db.admin.query<{ opens: Date; closes: Date }>(
      `select private.tournament_check_in_opens_at(t) as opens, private.tournament_check_in_closes_at(t) as closes
         from public.tournaments t where id = $1`,
      [id],
    );
    expect(await myPlaces(second.id)).toEqual([
      {
        tournament_id: id,
        tournament_title: title,
        link: `/pod/?id=${id}`,
        position: 2,
        checked_in_at: null,
        check_in_opens_at: window[0]!.opens,
        check_in_closes_at: window[0]!.closes,
        paid_paise: FEE,
        joined_at: expect.any(Date),
      },
    ]);
    // The first leaves: the second moves up to #1; a player with no place reads nothing.
    await leave(first.id, id);
    expect((await myPlaces(second.id)).map((place) => place.position)).toEqual([1]);
    expect(await myPlaces(first.id)).toEqual([]);
  });

  it('leaves a paid place with leave_waitlist: released, refunded in full through the refund outbox, the ledger balanced', async () => {
    const { id } = await fullPod(4);
    const waiting = await joinPaid(id);
    expect(await leave(waiting.id, id)).toEqual({ status: 'released', refund_paise: FEE });

    const { rows: places } = await db.admin.query<{ status: string; closed_at: Date | null }>(
      'select status, closed_at from public.waitlist_places where player_id = $1 and tournament_id = $2',
      [waiting.id, id],
    );
    expect(places).toEqual([{ status: 'released', closed_at: expect.any(Date) }]);
    expect(await refundsOf(id)).toEqual([{ payment: expect.stringMatching(/^pay_/), amount: FEE, reason: 'left_waitlist' }]);
    const { rows: paid } = await db.admin.query<{ status: string; failure_reason: string }>(
      'select status, failure_reason from public.payments where user_id = $1 and tournament_id = $2',
      [waiting.id, id],
    );
    expect(paid).toEqual([
      { status: 'refund_pending', failure_reason: 'You left the waitlist. Your waitlist payment has been refunded in full.' },
    ]);
    expect(await position(waiting.id, id)).toEqual({ position: null });
    expect(await rpc(player(waiting.id), 'public.get_waitlist($1)', [id])).toMatchObject({
      waiting: 0,
      mine: { position: null, status: 'released', paid: true, left: true },
    });

    // Razorpay's answer settles the refund in full; the ledger balances.
    const { rows: call } = await db.admin.query<{ id: string }>(
      `select id from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1`,
      [id],
    );
    await db.admin.query(`select public.service_record_outside_answer($1, 'done', $2)`, [
      call[0]!.id,
      { refund_id: `rfnd_${randomUUID().slice(0, 8)}`, amount_paise: FEE },
    ]);
    const { rows: after } = await db.admin.query(
      'select status, refunded_paise from public.payments where user_id = $1 and tournament_id = $2',
      [waiting.id, id],
    );
    expect(after).toEqual([{ status: 'refunded', refunded_paise: FEE }]);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });

    // Leaving twice is refused, and asks for no second refund; the place may not be joined again for free.
    await expectSqlError(leave(waiting.id, id), WRONG_STATE, 'no longer on this tournament');
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it('refuses another player leaving your place, and hostile tournament ids', async () => {
    const { id, players } = await fullPod(4);
    const waiting = await joinPaid(id);
    const stranger = await adult();
    await expectSqlError(leave(stranger.id, id), NOT_FOUND, 'not on this tournament');
    // An entrant is not on the waitlist either.
    await expectSqlError(leave(players[0]!.id, id), NOT_FOUND, 'not on this tournament');
    for (const hostile of [null, '', `${id}' or '1'='1`, 'x'.repeat(10_000), '../../etc', '\u202e']) {
      await expectSqlError(leave(waiting.id, hostile), NOT_FOUND, 'Unknown tournament');
    }
    await expectSqlError(rpc(anon, 'public.leave_waitlist($1)', [id]), INSUFFICIENT_PRIVILEGE);
    // The place is untouched.
    expect(await position(waiting.id, id)).toEqual({ position: 1 });
    expect(await refundsOf(id)).toEqual([]);
  });

  it('refuses leaving after check-in closed, and once promoted', async () => {
    const { id, players } = await fullPod(12);
    const first = await joinPaid(id);
    const second = await joinPaid(id);
    for (const entrant of players.slice(0, 11)) await checkIn(entrant.id, id);
    await checkIn(first.id, id);
    const { rows } = await db.admin.query<{ closes: Date }>(
      'select private.tournament_check_in_closes_at(t) as closes from public.tournaments t where id = $1',
      [id],
    );
    // Closed by the clock, before the periodic close has run.
    await setDatabaseClock(db, new Date(rows[0]!.closes.getTime() + 1000).toISOString());
    await expectSqlError(leave(second.id, id), WRONG_STATE, 'Check-in has closed');
    await runDueWork(db);
    await expectSqlError(leave(first.id, id), WRONG_STATE, 'You moved up from the waitlist');
    // The one not promoted was refunded by the close, once (not_promoted), and is no longer on it; the pod's
    // entrant who missed check-in was refunded too (a quick pod's missed check-in never keeps the fee).
    await expectSqlError(leave(second.id, id), WRONG_STATE, 'no longer on this tournament');
    expect((await refundsOf(id)).map((r) => r.reason).sort()).toEqual(['missed_pod_check_in', 'not_promoted']);
  });

  it('leaves a free place: released, nothing refunded, a notice in the bell when it was taken', async () => {
    await setDatabaseClock(db, T0.toISOString());
    const id = `free-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
       values ($1, 'Free Leave Cup', 'championship', 'Knockout', 0, 0, 4, true, $2)`,
      [id, minutesAfter(48 * 60)],
    );
    for (let i = 0; i < 4; i++) await rpc(player((await adult()).id), 'public.enter_free_tournament($1)', [id]);
    const waiting = await adult();
    await rpc(player(waiting.id), 'public.join_waitlist($1)', [id]);
    expect(await noticesOf(waiting.id)).toEqual([
      {
        kind: 'waitlist_joined',
        title: 'You are on the waitlist of Free Leave Cup',
        body: expect.stringMatching(
          /^Waitlist #1\. Check in on the tournament page between \d\d \w{3} \d\d:\d\d and \d\d \w{3} \d\d:\d\d IST to move up if a place frees\./,
        ),
        link: `/tournaments/${id}`,
      },
    ]);
    expect((await myPlaces(waiting.id)).map((place) => [place.position, place.paid_paise])).toEqual([[1, 0]]);
    expect(await leave(waiting.id, id)).toEqual({ status: 'released', refund_paise: 0 });
    expect(await myPlaces(waiting.id)).toEqual([]);
    expect(await refundsOf(id)).toEqual([]);
  });

  it('words a waitlist place that holds a deletion back, with its tournament to leave', async () => {
    const { id } = await fullPod(4);
    const waiting = await joinPaid(id);
    const title = await titleOf(id);
    expect(await rpc(player(waiting.id), 'public.get_my_account_deletion()')).toMatchObject({
      status: 'none',
      blocked_by: { hint: 'open_play', detail: title, waitlist_tournament_id: id },
    });
    // Asked with a fresh sign-in (the e-mail code the page asks for): refused, worded as a waitlist place.
    const refusal = await db.admin
      .transaction(async (tx) => {
        await setRequestContext(tx, {
          role: 'authenticated',
          claims: {
            sub: waiting.id,
            role: 'authenticated',
            aud: 'authenticated',
            aal: 'aal1',
            amr: [{ method: 'otp', timestamp: Math.floor(Date.now() / 1000) - 60 }],
          },
        });
        return tx.query('select public.request_account_deletion(false)');
      })
      .then(
        () => null,
        (e: { code?: string; hint?: string; message?: string; detail?: string }) => e,
      );
    expect(refusal).toMatchObject({
      code: WRONG_STATE,
      hint: 'open_play',
      detail: title,
      message: `You are on the waitlist of ${title}: leave it, then delete your account.`,
    });
    // Once left, the waitlist no longer holds it back (the refund on its way does, until Razorpay returns it).
    await leave(waiting.id, id);
    expect(await rpc(player(waiting.id), 'public.get_my_account_deletion()')).toMatchObject({
      blocked_by: { hint: 'open_money', detail: 'refund' },
    });
  });
});
