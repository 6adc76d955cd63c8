/** get_tournament_participants(): public, and revealing nothing private. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, createRegistration, createTournament, createUser, engines, expectSqlError, type TestDatabase } from './helpers.ts';

describe.each(engines)('public tournament functions on $name', (engine) => {
  let db: TestDatabase;
  let cup: Awaited<ReturnType<typeof createTournament>>;
  beforeAll(async () => {
    db = await engine.start();
    cup = await createTournament(db, { max_players: 8, filled_slots: 3 });
  });
  afterAll(() => db?.close());

  describe('get_tournament_participants()', () => {
    it('lists in-game names and slots in registration order, without cancelled ones or private data', async () => {
      const first = await createUser(db);
      const second = await createUser(db);
      const quitter = await createUser(db);
      await db.as(first.actor, 'select public.update_my_profile($1, $2, $3, $4, null)', ['Asha Rao', 'AshaStrikes', 19, 'AAAA111122223']);
      await createRegistration(db, first.id, cup.id, { slots: 2, registeredAt: '2026-03-01T08:00:00Z' });
      await createRegistration(db, second.id, cup.id, { slots: 1, registeredAt: '2026-03-02T08:00:00Z' });
      await createRegistration(db, quitter.id, cup.id, { slots: 1, status: 'cancelled', registeredAt: '2026-03-03T08:00:00Z' });

      const rows = await db.as(anon, 'select * from public.get_tournament_participants($1)', [cup.id]);
      expect(rows).toEqual([
        { in_game_name: 'AshaStrikes', slots: 2, registered_at: new Date('2026-03-01T08:00:00Z') },
        { in_game_name: null, slots: 1, registered_at: new Date('2026-03-02T08:00:00Z') },
      ]);
      expect(JSON.stringify(rows)).not.toMatch(new RegExp(`${first.id}|${first.email}|Asha Rao`));
    });

    it('says when the tournament does not exist', async () => {
      await expectSqlError(
        db.as(anon, 'select * from public.get_tournament_participants($1)', ['no-such-cup']),
        'PT404',
        'Tournament not found',
      );
    });

    it('requires a tournament id', async () => {
      await expectSqlError(db.as(anon, 'select * from public.get_tournament_participants(null)'), 'PT400', 'p_tournament_id is required');
    });
  });
});
