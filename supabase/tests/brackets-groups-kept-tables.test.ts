/**
 * A group's table is worked out once, when its last match ends, and kept (private.settled_group_tables), so the
 * knockout fill reads the tables instead of working out every group's at once (75 of them at 300 entries). A kept
 * table is used only while the group's results are those it was worked out from. If these fail, the fill is slow
 * again, or worse, fills the knockout from a table that no longer matches the results.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  createRegistration,
  createUser,
  engines,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-09-06T14:00:00Z');

type Match = { id: string; group_name: string | null; stage_no: number; entry_a: string; entry_b: string; status: string };
type Row = { entry_id: string; points: number; rank: number; goals_for: number };

describe.each(engines)('group tables kept once a group ends on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  /** A free cup of eight in two groups of four, the top two of each to the semi-finals, drawn by the clock. */
  async function drawnCup() {
    const id = `kept-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, stages)
       values ($1, 'Kept Cup', 'championship', 'Groups then knockout', 0, 0, 8, 8, true, $2, $3)`,
      [
        id,
        START.toISOString(),
        JSON.stringify([
          { kind: 'groups', group_size: 4, advance: { per_group: 2, best_of_next: 0 } },
          { kind: 'knockout', third_place: false },
        ]),
      ],
    );
    for (let n = 0; n < 8; n++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [
      id,
      new Date(START.getTime() - 2 * 3600_000).toISOString(),
    ]);
    await setDatabaseClock(db, new Date(START.getTime() - 59 * 60_000).toISOString());
    await db.admin.query('select private.run_due_work()');
    return id;
  }
  const groupMatches = async (id: string, group: string) =>
    (
      await db.admin.query<Match>('select * from public.matches where tournament_id = $1 and group_name = $2 order by round, position', [
        id,
        group,
      ])
    ).rows;
  /** A result as staff set it: the confirm path reports take, with everything that follows a result. */
  const settle = (match: Match, goalsA: number, goalsB: number) =>
    db.admin.query(
      `select private.confirm_result(m, $2, $3, $4, 'result_confirmed', 'Both players reported the same result', null, true)
         from public.matches m where m.id = $1`,
      [match.id, goalsA > goalsB ? match.entry_a : goalsA < goalsB ? match.entry_b : null, goalsA, goalsB],
    );
  const kept = async (id: string) =>
    (
      await db.admin.query<{ group_name: string; table_rows: Row[] }>(
        'select group_name, table_rows from private.settled_group_tables where tournament_id = $1 order by group_name',
        [id],
      )
    ).rows;
  const workedOut = async (id: string, group: string) =>
    (await db.admin.query<Row>('select entry_id, points, rank, goals_for from private.group_table($1, 1, $2) order by rank', [id, group]))
      .rows;
  const asSettled = async (id: string, group: string) =>
    (
      await db.admin.query<Row>('select entry_id, points, rank, goals_for from private.group_table_as_settled($1, 1, $2) order by rank', [
        id,
        group,
      ])
    ).rows;

  it('keeps a group’s table when its last match ends, and fills the knockout from the kept tables', async () => {
    const id = await drawnCup();
    const [lastOfA, ...restOfA] = (await groupMatches(id, 'A')).reverse() as [Match, ...Match[]];
    for (const match of restOfA) await settle(match, 2, 1);
    // Group A still has a match to play: nothing kept.
    expect(await kept(id)).toEqual([]);
    await settle(lastOfA, 0, 0);
    const [groupA] = await kept(id);
    expect(groupA?.group_name).toBe('A');
    expect(groupA?.table_rows.map(({ entry_id, points, rank, goals_for }) => ({ entry_id, points, rank, goals_for }))).toEqual(
      await workedOut(id, 'A'),
    );

    for (const match of await groupMatches(id, 'B')) await settle(match, 1, 3);
    expect((await kept(id)).map((k) => k.group_name)).toEqual(['A', 'B']);
    // The knockout is filled with the top two of each group, as the tables say.
    const semis = (
      await db.admin.query<{ entry_a: string; entry_b: string; status: string }>(
        'select entry_a, entry_b, status from public.matches where tournament_id = $1 and stage_no = 2 and entry_a is not null',
        [id],
      )
    ).rows;
    expect(semis).toHaveLength(2);
    const qualifiers = new Set(semis.flatMap((m) => [m.entry_a, m.entry_b]));
    const topTwo = [...(await workedOut(id, 'A')).slice(0, 2), ...(await workedOut(id, 'B')).slice(0, 2)].map((r) => r.entry_id);
    expect(qualifiers).toEqual(new Set(topTwo));
  });

  it('never answers a kept table once a result of its group changed, however it changed', async () => {
    const id = await drawnCup();
    const matchesOfA = await groupMatches(id, 'A');
    for (const match of matchesOfA) await settle(match, 1, 0);
    const before = await workedOut(id, 'A');
    expect(await asSettled(id, 'A')).toEqual(before);
    // A result changes without anything that follows a result running (as a correction by hand would).
    await db.admin.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query('update public.matches set score_a = 0, score_b = 5, winner_entry_id = entry_b where id = $1', [matchesOfA[0]!.id]);
    });
    const after = await workedOut(id, 'A');
    expect(after).not.toEqual(before);
    expect(await asSettled(id, 'A')).toEqual(after);
  });
});
