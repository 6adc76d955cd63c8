/**
 * get_tournament_state(): one status for a tournament, computed from its times, counters and staff markers,
 * and the payment functions refusing money by the same rule. The clock is moved, never waited for.
 * If these fail, a player could pay for a tournament that already closed, or read "open" on one that is
 * full, started or called off.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_LOOK, TOURNAMENT_STATUSES } from '../../src/features/tournaments/status.ts';
import {
  anon,
  completeProfile,
  createUser,
  engines,
  expectSqlError,
  serviceRole,
  type TestDatabase,
  startWithMovableClock,
  setDatabaseClock,
} from './helpers.ts';

type State = {
  status: string;
  label: string;
  entries: number;
  capacity: number;
  registration_closes_at: string;
  check_in_opens_at: string;
  check_in_closes_at: string;
  starts_at: string;
  current_round: number | null;
};

const START = new Date('2027-03-20T14:30:00Z');
const at = (offsetMinutes: number) => new Date(START.getTime() + offsetMinutes * 60_000).toISOString();

describe.each(engines)('tournament status on $name', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    // Back to real time for whatever runs next on this database, then close it.
    await setClock(null).catch(() => undefined);
    await db?.close();
  });

  const setClock = (iso: string | null) => setDatabaseClock(db, iso);
  const state = async (id: string) =>
    (await db.as<{ state: State }>(anon, 'select public.get_tournament_state($1) as state', [id]))[0]!.state;

  const listed = async (id: string) =>
    (
      await db.as<{ states: Array<State & { cancel_reason: string | null }> }>(anon, 'select public.get_tournament_states($1) as states', [
        [id],
      ])
    )[0]!.states[0];

  async function tournament(series: 'championship' | 'quick', overrides: Record<string, unknown> = {}) {
    const id = `${series}-${randomUUID().slice(0, 8)}`;
    const row = { max_players: 300, filled_slots: 0, is_live: true, registration_closes_at: null, ...overrides };
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, registration_closes_at, starts_at)
       values ($1, 'Status Cup', $2, 'Championship', 9900, 100000, $3, $4, $5, $6, $7)`,
      [id, series, row.max_players, row.filled_slots, row.is_live, row.registration_closes_at, START.toISOString()],
    );
    return id;
  }

  it('gives anyone the contract shape, with the series default windows of a championship', async () => {
    const cup = await tournament('championship', { filled_slots: 212 });
    await setClock(at(-3 * 24 * 60));
    expect(await state(cup)).toEqual({
      status: 'open',
      label: 'Registration open',
      entries: 212,
      capacity: 300,
      // Check-in opens 24 h before the start, before the default close (1 h before): registration closes then.
      registration_closes_at: at(-24 * 60).replace('.000Z', '+00:00'),
      check_in_opens_at: at(-24 * 60).replace('.000Z', '+00:00'),
      check_in_closes_at: at(-60).replace('.000Z', '+00:00'),
      starts_at: START.toISOString().replace('.000Z', '+00:00'),
      current_round: null,
      // No declared stages: one knockout, as every tournament before formats.
      format: 'knockout',
    });
  });

  it('walks a quick tournament through open, check-in and (by the draw marker only) live', async () => {
    const cup = await tournament('quick', { max_players: 8 });
    const read = async (minutes: number) => {
      await setClock(at(minutes));
      return (await state(cup)).status;
    };
    expect(await read(-24 * 60)).toBe('open');
    // Quick check-in opens 60 min before the start: registration closes there, not one minute later.
    expect(await read(-61)).toBe('open');
    expect(await read(-60)).toBe('check-in');
    expect(await read(-15)).toBe('check-in');
    // Past the start without a draw: never shown as live by the clock alone.
    expect(await read(+30)).toBe('check-in');
    await db.admin.query(`update public.tournaments set drawn_at = $2, current_round = 2 where id = $1`, [cup, at(-14)]);
    expect(await state(cup)).toMatchObject({ status: 'live', label: 'Live', current_round: 2 });
    await db.admin.query(`update public.tournaments set finished_at = $2 where id = $1`, [cup, at(+90)]);
    expect(await state(cup)).toMatchObject({ status: 'finished', current_round: null });
    await db.admin.query(`update public.tournaments set settled_at = $2 where id = $1`, [cup, at(+300)]);
    expect(await state(cup)).toMatchObject({ status: 'settled', label: 'Prizes credited' });
  });

  it('closes registration at an earlier close time, and reads full only while registration is open', async () => {
    const cup = await tournament('championship', { max_players: 4, filled_slots: 4, registration_closes_at: at(-48 * 60) });
    await setClock(at(-49 * 60));
    expect(await state(cup)).toMatchObject({ status: 'full', label: 'Full', entries: 4, capacity: 4 });
    await setClock(at(-48 * 60));
    expect(await state(cup)).toMatchObject({ status: 'check-in', registration_closes_at: at(-48 * 60).replace('.000Z', '+00:00') });
  });

  it('is scheduled until the catalog opens it or its opening time comes', async () => {
    const notYet = await tournament('championship', { is_live: false });
    await setClock(at(-10 * 24 * 60));
    expect((await state(notYet)).status).toBe('scheduled');
    const opensLater = await tournament('championship');
    await db.admin.query(`update public.tournaments set registration_opens_at = $2 where id = $1`, [opensLater, at(-5 * 24 * 60)]);
    expect((await state(opensLater)).status).toBe('scheduled');
    await setClock(at(-5 * 24 * 60));
    expect((await state(opensLater)).status).toBe('open');
  });

  it('shows a cancellation with its reason above every other marker', async () => {
    const cup = await tournament('championship');
    await db.admin.query(
      `update public.tournaments set drawn_at = $2, cancelled_at = $2, cancel_reason = 'Server outage at the game publisher.' where id = $1`,
      [cup, at(-5)],
    );
    await setClock(at(0));
    expect(await state(cup)).toMatchObject({ status: 'cancelled', label: 'Cancelled' });
    // Lists carry the reason players read.
    expect(await listed(cup)).toMatchObject({ status: 'cancelled', cancel_reason: 'Server outage at the game publisher.' });
  });

  it('reads a pod that missed its fill deadline as cancelled before the periodic function runs', async () => {
    const pod = await tournament('quick', { max_players: 4, filled_slots: 3 });
    await db.admin.query(`update public.tournaments set fill_deadline_at = $2 where id = $1`, [pod, at(-24 * 60)]);
    await setClock(at(-24 * 60 - 1));
    expect((await state(pod)).status).toBe('open');
    await setClock(at(-24 * 60));
    expect(await state(pod)).toMatchObject({ status: 'cancelled' });
    expect(await listed(pod)).toMatchObject({ cancel_reason: expect.stringContaining('Not enough players') });
  });

  it('uses the same words as every page of the site (src/features/tournaments/status.ts)', async () => {
    const rows = await db.admin.query<{ status: string; label: string }>(
      'select s as status, private.tournament_status_label(s) as label from unnest($1::text[]) as s',
      [[...TOURNAMENT_STATUSES]],
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.status, r.label]))).toEqual(
      Object.fromEntries(TOURNAMENT_STATUSES.map((s) => [s, STATUS_LOOK[s].label])),
    );
  });

  it('answers an unknown id with PT404 tournament_not_found', async () => {
    await expectSqlError(db.as(anon, `select public.get_tournament_state('no-such-cup')`), 'PT404', 'does not exist');
    const error = await db.as(anon, `select public.get_tournament_state('no-such-cup')`).catch((e: { hint?: string }) => e);
    expect((error as { hint?: string }).hint).toBe('tournament_not_found');
  });

  it('lists many tournaments in one call with the same states', async () => {
    const a = await tournament('championship', { filled_slots: 10 });
    const b = await tournament('quick', { max_players: 2, filled_slots: 2 });
    await setClock(at(-3 * 24 * 60));
    const [{ states }] = (await db.as<{ states: Array<State & { id: string }> }>(
      anon,
      'select public.get_tournament_states($1) as states',
      [[a, b, 'no-such-cup']],
    )) as [{ states: Array<State & { id: string }> }];
    expect(states.map((s) => [s.id, s.status, s.entries])).toEqual(
      expect.arrayContaining([
        [a, 'open', 10],
        [b, 'full', 2],
      ]),
    );
    expect(states).toHaveLength(2);
    expect(states.find((s) => s.id === a)).toEqual({ id: a, ...(await state(a)), cancel_reason: null, cancel_reason_code: null });
  });

  describe('nothing past its time takes money', () => {
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.as<{ result: T }>(serviceRole, sql, params))[0]!.result;

    it('refuses an order once registration has closed, and refunds a payment that arrives after it', async () => {
      const { id: player } = await createUser(db);
      // An eligible adult, so the only reason left to refuse is the tournament's time.
      await completeProfile(db, player);
      const cup = await tournament('quick', { max_players: 8 });
      await setClock(at(-61));
      expect(await one('select public.service_prepare_tournament_entry($1, $2, 1) as result', [player, cup])).toMatchObject({
        amount_paise: 9900,
      });
      const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
      await one('select public.service_record_payment_order($1, $2, 1, $3, 9900, $4) as result', [player, cup, orderId, 'INR']);

      // Check-in opens: registration is closed, for a new order and for the payment of the open one.
      await setClock(at(-60));
      await expectSqlError(
        db.as(serviceRole, 'select public.service_prepare_tournament_entry($1, $2, 1)', [player, cup]),
        'PT409',
        'Registrations for this tournament are closed',
      );
      const late = await one<{ outcome: string }>('select public.service_confirm_tournament_payment($1, $2) as result', [
        orderId,
        `pay_${orderId.slice(6)}`,
      ]);
      expect(late.outcome).toBe('refund_required');
      expect((await state(cup)).entries).toBe(0);
    });

    it('refuses money for a cancelled tournament even while its window would be open', async () => {
      const { id: player } = await createUser(db);
      // An eligible adult, so the only reason left to refuse is the tournament's time.
      await completeProfile(db, player);
      const cup = await tournament('championship');
      await db.admin.query(`update public.tournaments set cancelled_at = $2, cancel_reason = 'Called off.' where id = $1`, [
        cup,
        at(-10 * 24 * 60),
      ]);
      await setClock(at(-5 * 24 * 60));
      await expectSqlError(
        db.as(serviceRole, 'select public.service_prepare_tournament_entry($1, $2, 1)', [player, cup]),
        'PT409',
        'Registrations for this tournament are closed',
      );
    });
  });
});
