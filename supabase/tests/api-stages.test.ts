/**
 * The public API's stages and prizes (docs/api.md): api_v1.stages gives each stage of a groups-then-knockout
 * tournament with the group tables get_bracket computes (the same ranks, points and tie-break steps, read
 * through the same SQL), a player under 18 unnamed; before the draw, the stages the tournament declares.
 * api_v1.prizes gives the bands get_tournament_prizes gives. If these fail, a bot or an embed shows a table
 * other than the site's, or names a minor.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-05-10T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();
const GROUPS_THEN_KNOCKOUT = JSON.stringify([
  { kind: 'groups', name: 'Groups', group_size: 4, advance: { per_group: 2, best_of_next: 0 } },
  { kind: 'knockout', name: 'Knockout', third_place: true },
]);

type TableRow = { entry_id: string; in_game_name: string; rank: number; points: number; decided_by: string | null };
type Group = { name: string; table: TableRow[]; matches: string[] };
type StageRow = {
  stage_no: number;
  kind: string;
  name: string | null;
  settings: Record<string, unknown>;
  drawn: boolean;
  groups: Group[] | null;
};

describe.each(engines)('api_v1 stages and prizes on $name', (engine) => {
  let db: TestDatabase;
  let cup: string;
  const minorName = `Kid${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    cup = `api-groups-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, stages)
       values ($1, 'API Groups Cup', 'championship', 'Groups then knockout', 0, 80000, 8, 8, true, $2, $3)`,
      [cup, START.toISOString(), GROUPS_THEN_KNOCKOUT],
    );
    for (let n = 1; n <= 8; n++) {
      const user = await createUser(db);
      await completeProfile(db, user.id, n === 1 ? { dateOfBirth: `${START.getUTCFullYear() - 15}-01-01` } : {});
      await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, n === 1 ? minorName : `grp${n}`]);
      await createRegistration(db, user.id, cup);
    }
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const stagesOf = (id: string) =>
    db.as<StageRow>(
      anon,
      'select stage_no, kind, name, settings, drawn, groups from api_v1.stages where tournament_id = $1 order by stage_no',
      [id],
    );

  it('shows the declared stages before the draw', async () => {
    expect(await stagesOf(cup)).toEqual([
      {
        stage_no: 1,
        kind: 'groups',
        name: 'Groups',
        settings: { group_size: 4, advance: { per_group: 2, best_of_next: 0 } },
        drawn: false,
        groups: null,
      },
      { stage_no: 2, kind: 'knockout', name: 'Knockout', settings: { third_place: true }, drawn: false, groups: null },
    ]);
  });

  it('gives each drawn stage with the group tables get_bracket computes, a minor unnamed', async () => {
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [cup, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    // One result in each group, so the tables rank by points and by the tie-break.
    const { rows: firsts } = await db.admin.query<{ id: string; entry_a: string; entry_b: string }>(
      `select distinct on (group_name) id, entry_a, entry_b from public.matches where tournament_id = $1 and group_name is not null
        order by group_name, round, position`,
      [cup],
    );
    for (const m of firsts) {
      await db.admin.query(
        `select private.confirm_result(m, $2, 2, 0, 'result_confirmed', 'Both players reported the same result', null, true)
           from public.matches m where m.id = $1`,
        [m.id, m.entry_a],
      );
    }
    const stages = await stagesOf(cup);
    expect(stages.map((s) => [s.stage_no, s.kind, s.drawn])).toEqual([
      [1, 'groups', true],
      [2, 'knockout', true],
    ]);
    const bracket = (await db.admin.query<{ b: { stages: { groups?: Group[] }[] } }>('select public.get_bracket($1) as b', [cup])).rows[0]!
      .b;
    const minorEntry = (
      await db.admin.query<{ id: string }>(
        `select e.id from public.entries e join public.profiles p on p.id = e.player_id where e.tournament_id = $1 and p.in_game_name = $2`,
        [cup, minorName],
      )
    ).rows[0]!.id;
    // The same groups, rows, ranks and tie-break steps as the site's; only the minor's name differs.
    const named = bracket.stages[0]!.groups!.map((g) => ({
      ...g,
      table: g.table.map((row) => ({ ...row, in_game_name: row.entry_id === minorEntry ? 'A player' : row.in_game_name })),
    }));
    expect(stages[0]!.groups).toEqual(named);
    expect(stages[0]!.groups!.map((g) => g.name)).toEqual(['A', 'B']);
    expect(stages[0]!.groups!.flatMap((g) => g.table).some((r) => r.points === 3)).toBe(true);
    expect(JSON.stringify(stages)).not.toContain(minorName);
    expect(stages[1]!.groups).toBeNull();
    // The matches of the groups carry their letter and stage.
    const grouped = await db.as<{ stage: string; group_name: string | null; stage_no: number }>(
      anon,
      'select stage, group_name, stage_no from api_v1.matches where tournament_id = $1 and group_name is not null',
      [cup],
    );
    expect(grouped.length).toBe(12);
    expect(grouped.every((m) => m.stage === 'groups' && m.stage_no === 1)).toBe(true);
  });

  it('gives the prize bands get_tournament_prizes gives', async () => {
    const prizes = await db.as<{ band: string; from_place: number; to_place: number; amount_paise_each: number; total_paise: number }>(
      anon,
      'select band, from_place, to_place, amount_paise_each::integer, total_paise::integer from api_v1.prizes where tournament_id = $1 order by from_place',
      [cup],
    );
    const bands = (
      await db.as<{ p: { band: string; from_place: number; to_place: number; amount_paise_each: number; total_paise: number }[] }>(
        anon,
        'select public.get_tournament_prizes($1) as p',
        [cup],
      )
    )[0]!.p;
    expect(prizes.length).toBeGreaterThan(0);
    expect(prizes).toEqual(bands);
    expect(prizes.reduce((sum, b) => sum + Number(b.total_paise), 0)).toBe(80000);
  });
});
