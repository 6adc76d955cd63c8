/**
 * A real draw verifies: a pod filled by paying players, checked in but for one, drawn by the periodic work
 * at check-in close; what get_bracket publishes to anyone is recomputed by the site's own rule
 * (src/features/brackets/draw.ts, the one scripts/verify-draw.ts and the help page describe) and matches.
 * If this fails, the published recipe is not how the database draws, and nobody can check a draw.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPublished } from '../../scripts/verify-draw.ts';
import { confirmPayment, recordOrder } from './journey.ts';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const T0 = new Date('2027-03-01T10:00:00Z');
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();

describe.each(engines)('a real draw on $name', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.as<{ result: T }>(serviceRole, sql, params))[0]?.result as T;

  async function openSuperEight(): Promise<string> {
    const series = `s8-${randomUUID().slice(0, 6)}`;
    await db.admin.query(
      `insert into public.series (id, title, kind, format, entry_fee_paise, prize_pool_paise, capacity,
                                  check_in_opens_before, check_in_closes_before, prize_formula_text)
       values ($1, 'Draw Cup', 'quick', 'Super 8', 10000, 80000, 8, interval '60 minutes', interval '15 minutes', 'Winner takes all.')`,
      [series],
    );
    await one('select public.service_ensure_open_pods() as result');
    const { rows } = await db.admin.query<{ id: string }>('select id from public.tournaments where series_id = $1', [series]);
    return rows[0]?.id as string;
  }

  async function pay(podId: string, userId: string, slots = 1) {
    await confirmPayment(db, await recordOrder(db, userId, podId, slots, 10000 * slots));
  }

  it('recomputes the commitment, the seeds and round 1 of a pod drawn at check-in close', async () => {
    await setDatabaseClock(db, T0.toISOString());
    const podId = await openSuperEight();
    // Six players with one slot each and one buyer of two: the pod fills (8 places) and check-in opens at once.
    const players = await Promise.all(Array.from({ length: 7 }, () => createUser(db)));
    for (const [index, p] of players.entries()) await pay(podId, p.id, index === 0 ? 2 : 1);

    const before = (
      await db.as<{ get_bracket: { draw: { commitment: string; secret: string | null } } }>(anon, 'select public.get_bracket($1)', [podId])
    )[0]?.get_bracket;
    expect(before?.draw.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(before?.draw.secret).toBeNull();

    // Everyone checks in but the last player; the buyer's extra slot is never taken (withdrawn at close).
    await setDatabaseClock(db, minutesAfter(1));
    for (const p of players.slice(0, 6)) await db.as(p.actor, 'select public.check_in($1)', [podId]);

    await setDatabaseClock(db, minutesAfter(11));
    await db.admin.query('select private.run_due_work()');
    const published = (await db.as<{ get_bracket: unknown }>(anon, 'select public.get_bracket($1)', [podId]))[0]?.get_bracket;
    const result = await verifyPublished(published);
    expect(result).toEqual({ ok: true, entries: 6, bracketSize: 8 });
    expect((published as { draw: { commitment: string } }).draw.commitment).toBe(before?.draw.commitment);
  });

  it('recomputes a championship where buyers of several slots are kept apart', async () => {
    const start = new Date('2027-04-10T14:00:00Z');
    const id = `verify-${randomUUID().slice(0, 8)}`;
    // Buyers of 3, 2 and 1 + 1 + ... slots: 14 entries, a bracket of 16 with two byes.
    const slotsPerBuyer = [3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Verify Cup', 'championship', 'Knockout', 15000, 100000, 64, $2, true, $3)`,
      [id, slotsPerBuyer.reduce((sum, n) => sum + n, 0), start.toISOString()],
    );
    for (const slots of slotsPerBuyer) {
      const buyer = await createUser(db);
      await completeProfile(db, buyer.id);
      await createRegistration(db, buyer.id, id, { slots });
    }
    // Every extra slot gets its player (as an accepted invitation does); everyone checks in.
    const { rows: open } = await db.admin.query<{ id: string }>(
      'select id from public.entries where tournament_id = $1 and player_id is null',
      [id],
    );
    for (const entry of open) {
      const guest = await createUser(db);
      await completeProfile(db, guest.id);
      await db.admin.query('update public.entries set player_id = $2, accepted_at = now() where id = $1', [entry.id, guest.id]);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [
      id,
      new Date(start.getTime() - 2 * 3600_000).toISOString(),
    ]);

    await setDatabaseClock(db, new Date(start.getTime() - 59 * 60_000).toISOString());
    await db.admin.query('select private.run_due_work()');
    const published = (await db.as<{ get_bracket: { draw: { same_buyer: string[][] } } }>(anon, 'select public.get_bracket($1)', [id]))[0]
      ?.get_bracket;
    expect(published?.draw.same_buyer.map((group) => group.length).sort()).toEqual([2, 3]);
    expect(await verifyPublished(published)).toEqual({ ok: true, entries: 14, bracketSize: 16 });
  });
});
