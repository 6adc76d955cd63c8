/** public.tournaments: everyone reads, nobody but the service role writes, capacity holds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createTournament,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  serviceRole,
  type Actor,
  type TestDatabase,
} from './helpers.ts';

describe.each(engines)('tournaments on $name', (engine) => {
  let db: TestDatabase;
  let signedIn: Actor;
  let cup: Awaited<ReturnType<typeof createTournament>>;
  beforeAll(async () => {
    db = await engine.start();
    signedIn = (await createUser(db)).actor;
    cup = await createTournament(db, { entry_fee_paise: 15000, max_players: 4 });
  });
  afterAll(() => db?.close());

  it('can be read by anonymous visitors and signed-in players', async () => {
    for (const actor of [anon, signedIn]) {
      const rows = await db.as(actor, 'select id, entry_fee_paise, max_players, filled_slots from public.tournaments where id = $1', [
        cup.id,
      ]);
      expect(rows).toEqual([{ id: cup.id, entry_fee_paise: 15000, max_players: 4, filled_slots: 0 }]);
    }
  });

  describe.each([
    ['an anonymous visitor', () => anon],
    ['a signed-in player', () => signedIn],
  ])('refuses direct writes by %s', (_who, actorOf) => {
    it('insert', async () => {
      await expectSqlError(
        db.as(
          actorOf(),
          `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, starts_at)
                          values ('free-cup', 'Free Cup', 'quick', 'Super 4', 1, 0, 4, now())`,
        ),
        INSUFFICIENT_PRIVILEGE,
        'permission denied',
      );
    });
    it('update', async () => {
      await expectSqlError(
        db.as(actorOf(), 'update public.tournaments set entry_fee_paise = 1 where id = $1', [cup.id]),
        INSUFFICIENT_PRIVILEGE,
      );
    });
    it('delete', async () => {
      await expectSqlError(db.as(actorOf(), 'delete from public.tournaments where id = $1', [cup.id]), INSUFFICIENT_PRIVILEGE);
    });
  });

  it('lets the service role change a row and keeps updated_at current', async () => {
    const [before] = (await db.admin.query<{ updated_at: Date }>('select updated_at from public.tournaments where id = $1', [cup.id])).rows;
    const rows = await db.as<{ title: string; updated_at: Date }>(
      serviceRole,
      `update public.tournaments set title = 'Renamed Cup' where id = $1 returning title, updated_at`,
      [cup.id],
    );
    expect(rows[0]?.title).toBe('Renamed Cup');
    expect(rows[0]?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime());
  });

  it('never holds more players than its capacity', async () => {
    await expectSqlError(
      db.admin.query('update public.tournaments set filled_slots = 5 where id = $1', [cup.id]),
      '23514',
      'tournaments_capacity_respected',
    );
    const taken = await db.admin.query(
      'update public.tournaments set filled_slots = filled_slots + 4 where id = $1 and filled_slots + 4 <= max_players returning filled_slots',
      [cup.id],
    );
    expect(taken.rows).toEqual([{ filled_slots: 4 }]);
    const refused = await db.admin.query(
      'update public.tournaments set filled_slots = filled_slots + 1 where id = $1 and filled_slots + 1 <= max_players returning filled_slots',
      [cup.id],
    );
    expect(refused.rows).toEqual([]);
  });

  it('rejects impossible money and capacity facts', async () => {
    // A free tournament (fee 0) is allowed; a negative fee would pay players to enter.
    await expectSqlError(createTournament(db, { entry_fee_paise: -100 }), '23514', 'tournaments_entry_fee_not_negative');
    await expectSqlError(createTournament(db, { max_players: 0 }), '23514', 'tournaments_max_players_positive');
    await expectSqlError(createTournament(db, { id: 'Not A Slug' }), '23514', 'tournaments_id_is_a_slug');
  });
});
