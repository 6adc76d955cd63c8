/**
 * The in-game name of a completed profile may change once every 30 days, never while a tournament of the
 * player's is in check-in or play; each change is in the audit log. Everything else stays locked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  createRegistration,
  createTournament,
  createUser,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  WRONG_STATE,
} from './helpers.ts';

type Rule = { can_change: boolean; next_change_at: string | null; running_tournament: string | null; every_days: number };

describe.each(engines)('changing the in-game name on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    await setDatabaseClock(db, '2026-12-01T06:00:00Z');
  });
  afterAll(() => db?.close());

  const rule = async (userId: string) =>
    (await db.as<{ rule: Rule }>(player(userId), 'select public.get_my_in_game_name_rule() as rule'))[0]!.rule;
  const change = (userId: string, name: string) =>
    db.as<{ answer: { in_game_name: string; next_change_at: string } }>(
      player(userId),
      'select public.change_my_in_game_name($1) as answer',
      [name],
    );
  const nameOf = async (userId: string) =>
    (await db.admin.query<{ in_game_name: string }>('select in_game_name from public.profiles where id = $1', [userId])).rows[0]
      ?.in_game_name;

  it('changes once, audited, then not again for 30 days', async () => {
    await setDatabaseClock(db, '2026-12-01T06:00:00Z');
    const me = await createUser(db);
    await completeProfile(db, me.id);
    expect(await rule(me.id)).toMatchObject({ can_change: true, next_change_at: null, every_days: 30 });

    const [answer] = await change(me.id, '  Ravi FC  ');
    expect(answer?.answer.in_game_name).toBe('Ravi FC');
    expect(new Date(answer!.answer.next_change_at).toISOString()).toBe('2026-12-31T06:00:00.000Z');
    expect(await nameOf(me.id)).toBe('Ravi FC');
    const audit = await db.admin.query<{ before: unknown; after: unknown; actor_id: string }>(
      `select before, after, actor_id from public.audit_log where action = 'in_game_name_changed' and actor_id = $1`,
      [me.id],
    );
    expect(audit.rows).toEqual([{ before: { in_game_name: 'TestFC' }, after: { in_game_name: 'Ravi FC' }, actor_id: me.id }]);

    await expectSqlError(change(me.id, 'Another FC'), WRONG_STATE, 'the next change is possible from 31/12/2026');
    const refused = await change(me.id, 'Another FC').catch((error: { hint?: string }) => error);
    expect(refused).toMatchObject({ hint: 'in_game_name_changed_recently' });
    expect(await rule(me.id)).toMatchObject({ can_change: false, running_tournament: null });
    expect(new Date((await rule(me.id)).next_change_at!).toISOString()).toBe('2026-12-31T06:00:00.000Z');

    await setDatabaseClock(db, '2026-12-31T06:00:00Z');
    expect((await rule(me.id)).can_change).toBe(true);
    await change(me.id, 'Another FC');
    expect(await nameOf(me.id)).toBe('Another FC');
  });

  it('refuses while a tournament of the player is being played, and refuses a name that is not new', async () => {
    await setDatabaseClock(db, '2026-12-01T06:00:00Z');
    const me = await createUser(db);
    await completeProfile(db, me.id);
    await expectSqlError(change(me.id, 'TestFC'), 'PT400', 'already your in-game name');
    const cup = await createTournament(db, { title: 'Sunday Super 8' });
    await createRegistration(db, me.id, cup.id);
    await db.admin.query(`update public.tournaments set drawn_at = now() where id = $1`, [cup.id]);

    expect(await rule(me.id)).toMatchObject({ can_change: false, running_tournament: 'Sunday Super 8' });
    await expectSqlError(change(me.id, 'Ravi FC'), WRONG_STATE, 'while Sunday Super 8 is under way');
    expect(await nameOf(me.id)).toBe('TestFC');

    await db.admin.query(`update public.tournaments set finished_at = now() where id = $1`, [cup.id]);
    expect((await rule(me.id)).can_change).toBe(true);
  });

  it('keeps the legal name, the user id and the date of birth locked', async () => {
    await setDatabaseClock(db, '2026-12-01T06:00:00Z');
    const me = await createUser(db);
    await completeProfile(db, me.id);
    await change(me.id, 'Ravi FC');
    const update = 'select * from public.update_my_profile($1, $2, null, $3, null, $4::date, true)';
    await expectSqlError(db.as(player(me.id), update, ['Someone Else', 'Ravi FC', 'TEST-123456', '1995-05-05']), WRONG_STATE, 'locked');
    await expectSqlError(db.as(player(me.id), update, ['Test Player', 'Ravi FC', 'OTHER-99999', '1995-05-05']), WRONG_STATE, 'locked');
    await expectSqlError(db.as(player(me.id), update, ['Test Player', 'Other FC', 'TEST-123456', '1995-05-05']), WRONG_STATE, 'locked');
  });
});
