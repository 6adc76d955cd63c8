/**
 * A player's next match (get_my_next_matches, the dashboard and My Tournaments) and a result's parts in
 * the public changes (get_tournament_changes), so the site words it winner first. If these fail, a player
 * drawn into a semi-final sees no fixture on the site, or a change reads "PlayerA beat PlayerB 0–2".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  createRegistration,
  createUser,
  engines,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-05-20T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Next = { tournament_id: string; title: string; match_id: string; round: number; round_name: string; opponent: string | null };

describe.each(engines)('next matches and results in the changes on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = async <T>(userId: string, sql: string, params: unknown[] = []) =>
    (await db.as<{ result: T }>(player(userId), `select ${sql} as result`, params))[0]!.result;

  it('gives each player the match they play next, then the winner the final and the loser nothing; the change names the winner first', async () => {
    const id = `next-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at)
       values ($1, 'Next Cup', 'championship', 'Knockout', 15000, 60000, 4, 4, true, $2)`,
      [id, START.toISOString()],
    );
    const users: string[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, `n${i + 1}`]);
      await createRegistration(db, user.id, id);
      users.push(user.id);
    }
    await setDatabaseClock(db, at(-200));
    expect(await rpc<Next[]>(users[0]!, 'public.get_my_next_matches()')).toEqual([]);
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');

    const semis = (
      await db.admin.query<{ id: string; entry_a: string; entry_b: string }>(
        `select id, entry_a, entry_b from public.matches where tournament_id = $1 and round = 1 order by position`,
        [id],
      )
    ).rows;
    const playerOf = async (entry: string) =>
      (await db.admin.query<{ player_id: string }>('select player_id from public.entries where id = $1', [entry])).rows[0]!.player_id;
    const semi = semis[0]!;
    const host = await playerOf(semi.entry_a);
    const guest = await playerOf(semi.entry_b);
    const name = async (userId: string) =>
      (await db.admin.query<{ in_game_name: string }>('select in_game_name from public.profiles where id = $1', [userId])).rows[0]!
        .in_game_name;

    expect(await rpc<Next[]>(host, 'public.get_my_next_matches()')).toEqual([
      expect.objectContaining({
        tournament_id: id,
        title: 'Next Cup',
        match_id: semi.id,
        round: 1,
        round_name: 'Semi-finals',
        opponent: await name(guest),
      }),
    ]);

    // The guest (entry b) wins 3–1, agreed by both.
    await setDatabaseClock(db, at(1));
    for (const [userId, mine, theirs, through] of [
      [host, 1, 3, 'false'],
      [guest, 3, 1, 'true'],
    ] as const) {
      const shot = `${semi.id}/${userId}/r.png`;
      await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [shot, userId]);
      await rpc(userId, 'public.report_match($1, $2, $3, $4, $5)', [semi.id, mine, theirs, through, shot]);
    }

    expect(await rpc<Next[]>(host, 'public.get_my_next_matches()')).toEqual([]);
    const [final] = await rpc<Next[]>(guest, 'public.get_my_next_matches()');
    expect(final).toMatchObject({ round: 2, round_name: 'Final', opponent: null });

    const changes = await db.as<{ result: { result: unknown }[] }>(player(host), 'select public.get_tournament_changes($1) as result', [
      id,
    ]);
    expect(changes[0]!.result.map((change) => change.result).filter(Boolean)).toEqual([
      { winner: await name(guest), loser: await name(host), winner_goals: 3, loser_goals: 1, round: 1 },
    ]);
  });
});
