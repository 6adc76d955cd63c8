/**
 * What a bracket's watchers receive over Realtime when a result comes in: each changed match once, as the
 * bracket shows it, in public.bracket_rows (published to Realtime; the page patches its bracket with it), and
 * nothing when nothing shown changed. If these fail, every watcher of a 300-entry championship receives a
 * whole matches row (2.7 KB) per change, twice for the next match of every result, or the tournament's row on
 * every result, or nothing at all and the bracket stands still.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-06-20T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Shown = {
  round: number;
  position: number;
  entry_a: string | null;
  entry_b: string | null;
  winner_entry_id: string | null;
  score_a: number | null;
  score_b: number | null;
  status: string;
  scheduled_at: string;
  updated_at: string;
  group_name: string | null;
};

describe.each(engines)('the rows a bracket watcher receives on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rows = async (id: string) =>
    (
      await db.admin.query<{ match_id: string; row: Shown; xmin: string }>(
        'select match_id, "row", xmin::text from public.bracket_rows where tournament_id = $1 order by match_id',
        [id],
      )
    ).rows;
  const tournamentVersion = async (id: string) =>
    (await db.admin.query<{ xmin: string }>('select xmin::text from public.tournaments where id = $1', [id])).rows[0]!.xmin;

  it('holds each changed match once as the bracket shows it, skips what the bracket does not show, and is public', async () => {
    const id = `live-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at)
       values ($1, 'Live Cup', 'championship', 'Knockout', 15000, 60000, 4, 4, true, $2)`,
      [id, START.toISOString()],
    );
    for (let i = 0; i < 4; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    // The draw writes the matches: their first state comes with the bracket itself, not as rows.
    expect(await rows(id)).toEqual([]);

    const matches = (
      await db.admin.query<{ id: string; round: number; entry_a: string; entry_b: string }>(
        'select id, round, entry_a, entry_b from public.matches where tournament_id = $1 order by round, position',
        [id],
      )
    ).rows;
    const [semi, , final] = matches as [(typeof matches)[0], (typeof matches)[0], (typeof matches)[0]];
    const playerOf = async (entry: string) =>
      (await db.admin.query<{ player_id: string }>('select player_id from public.entries where id = $1', [entry])).rows[0]!.player_id;
    const host = await playerOf(semi.entry_a);
    const guest = await playerOf(semi.entry_b);
    const report = async (userId: string, mine: number, theirs: number, through: boolean) => {
      const shot = `${semi.id}/${userId}/r.png`;
      await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [shot, userId]);
      await db.as(player(userId), 'select public.report_match($1, $2, $3, $4, $5)', [semi.id, mine, theirs, through, shot]);
    };

    await setDatabaseClock(db, at(1));
    const roundBefore = await tournamentVersion(id);
    await report(host, 3, 1, true);
    const afterReport = await rows(id);
    expect(afterReport).toEqual([
      {
        match_id: semi.id,
        row: expect.objectContaining({
          status: 'reported',
          entry_a: semi.entry_a,
          entry_b: semi.entry_b,
          score_a: null,
          winner_entry_id: null,
        }),
        xmin: expect.any(String),
      },
    ]);
    // The match's id and tournament are the row's own columns, not repeated inside it; no other column either.
    expect(Object.keys(afterReport[0]!.row).sort()).toEqual(
      [
        'entry_a',
        'entry_b',
        'group_name',
        'position',
        'round',
        'scheduled_at',
        'score_a',
        'score_b',
        'status',
        'updated_at',
        'winner_entry_id',
      ].sort(),
    );

    await report(guest, 1, 3, false);
    const afterConfirmation = await rows(id);
    expect(afterConfirmation.map((r) => r.match_id).sort()).toEqual([semi.id, final.id].sort());
    const bySemi = afterConfirmation.find((r) => r.match_id === semi.id)!;
    expect(bySemi.row).toMatchObject({ status: 'confirmed', score_a: 3, score_b: 1, winner_entry_id: semi.entry_a, round: 1, position: 1 });
    // The final got its first player: one row for the transaction, though the match was written in it as it moved.
    expect(afterConfirmation.find((r) => r.match_id === final.id)!.row).toMatchObject({
      entry_a: semi.entry_a,
      entry_b: null,
      status: 'pending',
    });
    // The other semi-final is still to play: the round did not move, so the tournament's row was not written
    // (an update that changes nothing still goes to every watcher of the tournament).
    expect(await tournamentVersion(id)).toBe(roundBefore);

    // A change the bracket does not show (a player's ready time) writes nothing.
    const before = await rows(id);
    await db.admin.query('update public.matches set ready_a_at = $2 where id = $1', [final.id, at(2)]);
    expect(await rows(id)).toEqual(before);

    // Anyone reads the rows (the matches are public); nobody writes them.
    const seen = await db.as<{ match_id: string }>(anon, 'select match_id from public.bracket_rows where tournament_id = $1', [id]);
    expect(seen).toHaveLength(2);
    await expect(db.as(anon, `update public.bracket_rows set "row" = '{}'::jsonb where tournament_id = $1`, [id])).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      db.as(player(host), `insert into public.bracket_rows (match_id, tournament_id, "row") values ($1, $2, '{}'::jsonb)`, [semi.id, id]),
    ).rejects.toThrow(/permission denied/);
  });
});
