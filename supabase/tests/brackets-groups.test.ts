/**
 * Groups of four then a knockout (docs/areas/brackets.md, Groups then knockout; the public contract's Formats):
 * the committed draw into groups, a round-robin schedule held to brackets-manager's, draws as results,
 * walkovers 3-0, the published tie-break ladder with the step that decided each row, the knockout filling
 * itself from the tables (A1 meets B2 ...), corrections refused once it is filled, places in bands, and a
 * property: in one group, with every other result fixed, turning a loss into a win never lowers a place.
 * If these fail, players see a wrong table, a knockout that never fills, or a group result changed after
 * the knockout it decided has started.
 */
import { randomUUID } from 'node:crypto';
import { makeRoundRobinDistribution } from 'brackets-manager/dist/helpers.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPublished } from '../../scripts/verify-draw.ts';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  expectSqlError,
  player,
  refusalOf,
  rpcOf,
  runDueWorkUntilDone,
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

type Match = {
  id: string;
  round: number;
  position: number;
  stage_no: number;
  group_name: string | null;
  bracket: string | null;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
  winner_entry_id: string | null;
  score_a: number | null;
  score_b: number | null;
  scheduled_at: Date;
};
type TableRow = {
  entry_id: string;
  in_game_name: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  rank: number;
  qualified: boolean;
  decided_by: string | null;
};
type GroupsStage = {
  kind: 'groups';
  name: string;
  advance: { per_group: number; best_of_next: number };
  groups: Array<{ name: string; table: TableRow[]; matches: string[]; later?: boolean }>;
};
type Slot = { group: string; place: number } | { place: number; best: number } | null;
type KnockoutStage = {
  kind: 'knockout';
  name: string;
  rounds: Array<{ name: string; matches: string[] }>;
  third_place: string | null;
  feeds?: Array<[Slot, Slot]>;
};
type Bracket = {
  format: string;
  draw: { secret: string; entry_ids: string[] };
  rounds: Array<{
    round: number;
    name: string;
    matches: Array<{ id: string; stage: string; group: string | null; bracket: string | null }>;
  }>;
  stages: Array<GroupsStage | KnockoutStage>;
};

describe.each(engines)('groups then a knockout on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  /** A free championship declared as groups then a knockout, `size` players checked in and drawn by the clock. */
  async function drawnGroupsCup(
    size: number,
    options: { buyerOfTwo?: boolean; stages?: string; ratingOf?: (inGameName: string) => number } = {},
  ) {
    const id = `groups-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, stages)
       values ($1, 'Groups Cup', 'championship', 'Groups then knockout', 15000, 60000, greatest(16, $3::integer), $3, true, $2, $4)`,
      [id, START.toISOString(), size, options.stages ?? GROUPS_THEN_KNOCKOUT],
    );
    const playerOf = new Map<string, string>();
    let registered = 0;
    while (registered < size) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, `g${registered + 1}`]);
      const slots = options.buyerOfTwo && registered === 0 ? 2 : 1;
      await createRegistration(db, user.id, id, { slots });
      if (slots === 2) {
        // The second place is taken by an invited friend.
        const friend = await createUser(db);
        await completeProfile(db, friend.id);
        await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [friend.id, `g${registered + 2}`]);
        await db.admin.query(
          `update public.entries set player_id = $2, accepted_at = now(), invitation_token = null
            where tournament_id = $1 and buyer_id = $3 and player_id is null`,
          [id, friend.id, user.id],
        );
      }
      registered += slots;
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    if (options.ratingOf) {
      // One computed rating week holding every player's rating.
      const week = '2027-04-26T00:00:00+05:30';
      await db.admin.query(
        `insert into private.rating_periods (starts_at, ends_at, computed_at, games)
         values ($1, $1::timestamptz + interval '7 days', now(), 1) on conflict do nothing`,
        [week],
      );
      const { rows } = await db.admin.query<{ player_id: string; in_game_name: string }>(
        `select e.player_id, p.in_game_name from public.entries e join public.profiles p on p.id = e.player_id where e.tournament_id = $1`,
        [id],
      );
      for (const row of rows) {
        await db.admin.query(
          `insert into private.player_ratings (player_id, period_starts_at, rating, deviation, volatility, games)
           values ($1, $2, $3, 60, 0.06, 5)`,
          [row.player_id, week, options.ratingOf(row.in_game_name)],
        );
      }
    }
    for (const row of (
      await db.admin.query<{ id: string; player_id: string }>('select id, player_id from public.entries where tournament_id = $1', [id])
    ).rows) {
      playerOf.set(row.id, row.player_id);
    }
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    return { id, playerOf };
  }

  const matchesOf = async (tournamentId: string) =>
    (await db.admin.query<Match>('select * from public.matches where tournament_id = $1 order by round, position', [tournamentId])).rows;
  const bracketOf = async (tournamentId: string) =>
    (await db.admin.query<{ b: Bracket }>('select public.get_bracket($1) as b', [tournamentId])).rows[0]!.b;
  const groupsOf = async (tournamentId: string) => (await bracketOf(tournamentId)).stages[0] as GroupsStage;

  /** A result as staff set it (the same confirm path as agreeing reports). */
  async function settle(match: Match, goalsA: number, goalsB: number) {
    const winner = goalsA > goalsB ? match.entry_a : goalsA < goalsB ? match.entry_b : null;
    await db.admin.query(
      `select private.confirm_result(m, $2, $3, $4, 'result_confirmed', 'Both players reported the same result', null, true)
         from public.matches m where m.id = $1`,
      [match.id, winner, goalsA, goalsB],
    );
  }

  async function referee() {
    const user = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [user.id]);
    return player(user.id, user.email, 'aal2');
  }

  it('draws 16 into four groups of four, each a round-robin scheduled as brackets-manager schedules it', async () => {
    const cup = await drawnGroupsCup(16);
    const state = (await db.admin.query<{ s: { format: string } }>('select public.get_tournament_state($1) as s', [cup.id])).rows[0]!.s;
    expect(state.format).toBe('groups_knockout');
    const bracket = await bracketOf(cup.id);
    expect(bracket.format).toBe('groups_knockout');
    const groups = bracket.stages[0] as GroupsStage;
    expect(groups).toMatchObject({ kind: 'groups', advance: { per_group: 2, best_of_next: 0 } });
    expect(groups.groups.map((g) => g.name)).toEqual(['A', 'B', 'C', 'D']);

    const drawn = (await db.admin.query<{ groups: string[][] }>('select groups from public.draws where tournament_id = $1', [cup.id]))
      .rows[0]!.groups;
    const matches = await matchesOf(cup.id);
    drawn.forEach((members, g) => {
      const letter = String.fromCharCode(65 + g);
      expect(members).toHaveLength(4);
      // brackets-manager's round-robin of the same four, in the same order, round by round.
      const oracle = makeRoundRobinDistribution(members);
      const mine = [1, 2, 3].map((round) =>
        matches.filter((m) => m.group_name === letter && m.round === round).map((m) => [m.entry_a, m.entry_b]),
      );
      expect(mine).toEqual(oracle);
    });
    // Every match exactly once in the rounds, in play order; group matches carry their stage and group.
    const ids = bracket.rounds.flatMap((r) => r.matches.map((m) => m.id));
    expect(new Set(ids).size).toBe(matches.length);
    expect(ids).toHaveLength(24 + 7 + 1);
    expect(bracket.rounds.map((r) => r.name)).toEqual([
      'Group matchday 1',
      'Group matchday 2',
      'Group matchday 3',
      'Quarter-finals',
      'Semi-finals',
      'Final',
      'Third place',
    ]);
    expect(bracket.rounds[0]!.matches[0]).toMatchObject({ stage: 'groups', group: 'A', bracket: null });
    const knockout = bracket.stages[1] as KnockoutStage;
    expect(knockout.rounds.map((r) => r.name)).toEqual(['Quarter-finals', 'Semi-finals', 'Final', 'Third place']);
    expect(knockout.third_place).toBe(bracket.rounds.at(-1)!.matches[0]!.id);
    expect(bracket.rounds.at(-1)!.matches[0]).toMatchObject({ stage: 'knockout', group: null, bracket: 'third_place' });
  });

  it('sizes the knockout for the qualifiers there can be: the best of the next place come one a group at most', async () => {
    // 12 players, 3 groups of 4: the 3 winners and "the 53 best runners-up" (the 300-entry championship's advance)
    // are 6 qualifiers, a knockout of 8, not one sized for all twelve.
    const id = `groups-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, stages)
       values ($1, 'Groups Cup', 'championship', 'Groups then knockout', 0, 0, 16, 12, true, $2, $3)`,
      [
        id,
        START.toISOString(),
        JSON.stringify([
          { kind: 'groups', group_size: 4, advance: { per_group: 1, best_of_next: 53 } },
          { kind: 'knockout', third_place: true },
        ]),
      ],
    );
    for (let n = 0; n < 12; n++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    const knockout = (
      await db.admin.query<{ settings: { qualifiers: number; size: number } }>(
        `select settings from public.tournament_stages where tournament_id = $1 and kind = 'knockout'`,
        [id],
      )
    ).rows[0]!.settings;
    expect(knockout).toMatchObject({ qualifiers: 6, size: 8 });
  });

  it('never puts two entries of one buyer in one group, and plays 7 as a group of 4 and a group of 3', async () => {
    const cup = await drawnGroupsCup(7, { buyerOfTwo: true });
    const drawn = (await db.admin.query<{ groups: string[][] }>('select groups from public.draws where tournament_id = $1', [cup.id]))
      .rows[0]!.groups;
    expect(drawn.map((g) => g.length)).toEqual([4, 3]);
    const buyers = (
      await db.admin.query<{ id: string; buyer_id: string }>('select id, buyer_id from public.entries where tournament_id = $1', [cup.id])
    ).rows;
    const buyerOf = new Map(buyers.map((b) => [b.id, b.buyer_id]));
    for (const group of drawn) expect(new Set(group.map((e) => buyerOf.get(e))).size).toBe(group.length);
    // A group of three: three rounds, one match each, everyone meets everyone.
    const groupB = (await matchesOf(cup.id)).filter((m) => m.group_name === 'B');
    expect(groupB.map((m) => m.round)).toEqual([1, 2, 3]);
    expect(makeRoundRobinDistribution(drawn[1]!).flat()).toEqual(groupB.map((m) => [m.entry_a, m.entry_b]));
  });

  it("draws groups in pots by rating where the series seeds by rating, one buyer's entries still apart, and verify-draw agrees", async () => {
    // g1 is rated highest, g16 lowest; g1 and g2 are one buyer's two entries (both in pot 1).
    const rating = (name: string) => 2000 - 10 * Number(name.slice(1));
    const cup = await drawnGroupsCup(16, {
      buyerOfTwo: true,
      ratingOf: rating,
      stages: JSON.stringify([
        { kind: 'groups', name: 'Groups', seeding: 'rating', advance: { per_group: 2, best_of_next: 0 } },
        { kind: 'knockout', name: 'Knockout' },
      ]),
    });
    const bracket = await bracketOf(cup.id);
    const names = new Map(
      (
        await db.admin.query<{ id: string; in_game_name: string }>(
          'select e.id, p.in_game_name from public.entries e join public.profiles p on p.id = e.player_id where e.tournament_id = $1',
          [cup.id],
        )
      ).rows.map((r) => [r.id, r.in_game_name]),
    );
    const groups = (bracket.stages[0] as GroupsStage).groups;
    expect(groups).toHaveLength(4);
    // Every group holds one player of each quarter by rating: g1-g4, g5-g8, g9-g12, g13-g16.
    for (const group of groups) {
      const pots = group.table.map((row) => Math.floor((Number(names.get(row.entry_id)!.slice(1)) - 1) / 4)).sort();
      expect({ group: group.name, pots }).toEqual({ group: group.name, pots: [0, 1, 2, 3] });
    }
    const groupOf = (name: string) => groups.find((g) => g.table.some((row) => names.get(row.entry_id) === name))!.name;
    expect(groupOf('g1')).not.toBe(groupOf('g2'));
    // The ratings the pots came from are published with the draw, and the check recomputes the groups from them.
    const draw = bracket.draw as Bracket['draw'] & { ratings: number[] };
    expect(draw.ratings.map((r, i) => [names.get(draw.entry_ids[i]!), r]).sort()).toEqual(
      [...names.values()].map((name) => [name, rating(name)]).sort(),
    );
    expect(await verifyPublished(bracket)).toMatchObject({ ok: true });
    const tampered = { ...bracket, draw: { ...draw, ratings: [...draw.ratings].reverse() } };
    expect(await verifyPublished(tampered)).toMatchObject({ ok: false, difference: expect.stringMatching(/^Group [A-D]: expected /) });
    // A draw at random publishes no ratings.
    expect('ratings' in (await bracketOf((await drawnGroupsCup(8)).id)).draw).toBe(false);
  });

  it('plays a knockout instead when fewer than two groups of three checked in, and says so', async () => {
    const cup = await drawnGroupsCup(5);
    expect((await bracketOf(cup.id)).format).toBe('knockout');
    expect((await matchesOf(cup.id)).every((m) => m.group_name === null)).toBe(true);
    const audit = await db.admin.query('select 1 from public.audit_log where tournament_id = $1 and action = $2', [
      cup.id,
      'format_fallback',
    ]);
    expect(audit.rows).toHaveLength(1);
  });

  it('takes a draw reported by both players as a result, with no winner', async () => {
    const cup = await drawnGroupsCup(16);
    const match = (await matchesOf(cup.id))[0]!;
    await setDatabaseClock(db, new Date(match.scheduled_at).toISOString());
    const a = cup.playerOf.get(match.entry_a!)!;
    const b = cup.playerOf.get(match.entry_b!)!;
    for (const [user, mine, theirs] of [
      [a, 1, 1],
      [b, 1, 1],
    ] as const) {
      const name = `${match.id}/${user}/result.png`;
      await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [name, user]);
      // Who went through is not asked in a group match: any answer, even none, is ignored.
      await rpc(player(user), 'public.report_match($1, $2, $3, $4, $5)', [match.id, mine, theirs, null, name]);
    }
    const after = (await matchesOf(cup.id)).find((m) => m.id === match.id)!;
    expect(after).toMatchObject({ status: 'confirmed', winner_entry_id: null, score_a: 1, score_b: 1 });
    const row = (await groupsOf(cup.id)).groups[0]!.table.find((r) => r.entry_id === match.entry_a)!;
    expect(row).toMatchObject({ played: 1, drawn: 1, points: 1, goals_for: 1, goals_against: 1 });
  });

  it('counts a walkover 3-0 to the player who was there', async () => {
    const cup = await drawnGroupsCup(16);
    const match = (await matchesOf(cup.id))[0]!;
    await db.admin.query(
      `select private.confirm_result(m, m.entry_b, null, null, 'walkover', 'The opponent did not show up', null, true)
         from public.matches m where m.id = $1`,
      [match.id],
    );
    const after = (await matchesOf(cup.id)).find((m) => m.id === match.id)!;
    expect(after).toMatchObject({ status: 'confirmed', winner_entry_id: match.entry_b, score_a: 0, score_b: 3 });
    const table = (await groupsOf(cup.id)).groups[0]!.table;
    expect(table.find((r) => r.entry_id === match.entry_b)).toMatchObject({ won: 1, goals_for: 3, goals_against: 0, points: 3 });
  });

  it('refuses a staff result with a winner and a level score in a group match, and takes a level one with none', async () => {
    const cup = await drawnGroupsCup(16);
    const match = (await matchesOf(cup.id))[0]!;
    const staff = await referee();
    await expectSqlError(
      rpc(staff, 'public.staff_settle_match($1, $2, $3, $4)', [match.id, match.entry_a, [2, 2], 'Settled from the screenshots']),
      'PT400',
    );
    await expectSqlError(rpc(staff, 'public.staff_settle_match($1, $2, $3, $4)', [match.id, null, null, 'No score']), 'PT400');
    await rpc(staff, 'public.staff_settle_match($1, $2, $3, $4)', [match.id, null, [2, 2], 'Settled from the screenshots']);
    expect((await matchesOf(cup.id)).find((m) => m.id === match.id)).toMatchObject({ status: 'confirmed', winner_entry_id: null });
  });

  it('turns the matches left of a player disqualified in the groups into walkovers, keeping the results played', async () => {
    const cup = await drawnGroupsCup(16);
    const groupA = (await matchesOf(cup.id)).filter((m) => m.group_name === 'A');
    const first = groupA.find((m) => m.round === 1)!;
    await settle(first, 2, 1);
    const cheat = first.entry_a!;
    const second = groupA.find((m) => m.round === 2 && (m.entry_a === cheat || m.entry_b === cheat))!;
    const staff = await referee();
    await rpc(staff, 'public.staff_disqualify($1, $2, $3)', [second.id, cheat, 'Played on another account']);
    const after = (await matchesOf(cup.id)).filter((m) => m.group_name === 'A' && (m.entry_a === cheat || m.entry_b === cheat));
    // The first result stands; the two matches left went to the opponents 3-0.
    expect(
      after.map((m) => [
        m.round,
        m.status,
        m.winner_entry_id === cheat,
        m.entry_a === cheat ? [m.score_a, m.score_b] : [m.score_b, m.score_a],
      ]),
    ).toEqual([
      [1, 'confirmed', true, [2, 1]],
      [2, 'confirmed', false, [0, 3]],
      [3, 'confirmed', false, [0, 3]],
    ]);
    const row = (await groupsOf(cup.id)).groups[0]!.table.find((r) => r.entry_id === cheat)!;
    expect(row).toMatchObject({ played: 3, won: 1, lost: 2, points: 3, goals_for: 2, goals_against: 7 });
  });

  it('tells each player their group, how many matches they play in it and whom they meet first', async () => {
    const cup = await drawnGroupsCup(7);
    // The draw's notices go out with the periodic work after the draw.
    await db.admin.query('select private.run_due_work()');
    const notices = (
      await db.admin.query<{ user_id: string; body: string; link: string }>(
        `select n.user_id, n.body, n.link from public.notifications n
          where n.kind = 'draw_made' and n.user_id = any ($1::uuid[])`,
        [[...cup.playerOf.values()]],
      )
    ).rows;
    expect(notices).toHaveLength(7);
    const groups = (await db.admin.query<{ groups: string[][] }>('select groups from public.draws where tournament_id = $1', [cup.id]))
      .rows[0]!.groups;
    for (const notice of notices) {
      const entry = [...cup.playerOf].find(([, playerId]) => playerId === notice.user_id)![0];
      const group = groups.findIndex((members) => members.includes(entry));
      const size = groups[group]!.length;
      expect(notice.body).toMatch(
        new RegExp(`^Group ${'AB'[group]}: ${size - 1} matches\\. Your first match: \\d{2} \\w{3} \\d{2}:\\d{2} IST against g\\d\\.$`),
      );
      expect(notice.link).toMatch(/^\/match\/\?id=/);
    }
  });

  it('explains a three-way tie with the step that decided each row', async () => {
    const cup = await drawnGroupsCup(16);
    const group = (await matchesOf(cup.id)).filter((m) => m.group_name === 'A');
    const [p1, p2, p3, p4] = (
      await db.admin.query<{ groups: string[][] }>('select groups from public.draws where tournament_id = $1', [cup.id])
    ).rows[0]!.groups[0]!;
    // p1, p2 and p3 beat each other in a circle and all beat p4: 6 points each. Between the three each has 3 points;
    // goal difference between them: p1 +2 (3-0, 1-2), p2 -1 (0-3, 3-1), p3 -1 (1-3, 2-1): p1 is first by it. p2 and p3
    // are a smaller tie left, and the ladder starts again between them alone: p2 beat p3, so head-to-head points.
    const result = async (x: string, y: string, gx: number, gy: number) => {
      const match = group.find((m) => (m.entry_a === x && m.entry_b === y) || (m.entry_a === y && m.entry_b === x))!;
      await settle(match, match.entry_a === x ? gx : gy, match.entry_a === x ? gy : gx);
    };
    await result(p1!, p2!, 3, 0);
    await result(p2!, p3!, 3, 1);
    await result(p3!, p1!, 2, 1);
    await result(p1!, p4!, 1, 0);
    await result(p2!, p4!, 1, 0);
    await result(p3!, p4!, 4, 0);
    const table = (await groupsOf(cup.id)).groups[0]!.table;
    expect(table.map((r) => [r.entry_id, r.points, r.rank, r.decided_by])).toEqual([
      [p1, 6, 1, 'head_to_head_goal_difference'],
      [p2, 6, 2, 'head_to_head_points'],
      [p3, 6, 3, null],
      [p4, 0, 4, null],
    ]);
    // p3 has the better goal difference in the whole group (+4 against p2's +1): the matches between them come first.
    expect(table[2]!.goal_difference).toBeGreaterThan(table[1]!.goal_difference);
    // One group's table alone, as anyone reads it after a result in it (a live bracket page): the same rows.
    const groupTable = async (group: string) =>
      (await db.as<{ t: unknown }>(anon, 'select public.get_group_table($1, $2) as t', [cup.id, group]))[0]!.t;
    expect(await groupTable('A')).toEqual(table);
    expect(await groupTable('B')).toEqual((await groupsOf(cup.id)).groups[1]!.table);
    // A group the tournament does not have, a hostile name, a tournament that does not exist: an empty table.
    expect(await groupTable('Z')).toEqual([]);
    expect(await groupTable("A' or '1'='1")).toEqual([]);
    expect((await db.as<{ t: unknown }>(anon, 'select public.get_group_table($1, $2) as t', ['no-such-cup', 'A']))[0]!.t).toEqual([]);
  });

  it("gives a tournament page first its player's own group and the knockout, then the whole bracket matches it", async () => {
    const cup = await drawnGroupsCup(16);
    const whole = await bracketOf(cup.id);
    const wholeGroups = whole.stages[0] as GroupsStage;
    type First = Bracket & { complete: boolean };
    const firstAs = async (who: Parameters<typeof db.as>[0]) =>
      (await db.as<{ b: First }>(who, 'select public.get_bracket_first($1) as b', [cup.id]))[0]!.b;
    const matchIds = (b: Bracket) => b.rounds.flatMap((r) => r.matches.map((m) => m.id));

    // A player in group C: group C whole, the other groups by name only, the knockout whole.
    const inC = wholeGroups.groups[2]!.table[0]!.entry_id;
    const me = await db.admin.query<{ player_id: string }>('select player_id from public.entries where id = $1', [inC]);
    const user = (await db.admin.query<{ email: string }>('select email from auth.users where id = $1', [me.rows[0]!.player_id])).rows[0]!;
    const first = await firstAs(player(me.rows[0]!.player_id, user.email));
    expect(first.complete).toBe(false);
    const firstGroups = first.stages[0] as GroupsStage;
    expect(firstGroups.groups.map((g) => [g.name, g.later ?? false])).toEqual([
      ['A', true],
      ['B', true],
      ['C', false],
      ['D', true],
    ]);
    expect(firstGroups.groups[2]).toEqual(wholeGroups.groups[2]);
    expect(firstGroups.groups[0]).toMatchObject({ table: [], matches: [] });
    expect(first.stages[1]).toEqual(whole.stages[1]);
    expect(first.draw).toEqual(whole.draw);
    // Every match it gives is the whole bracket's, unchanged: group C's and the knockout's, nothing else.
    const wholeById = new Map(whole.rounds.flatMap((r) => r.matches.map((m) => [m.id, m] as const)));
    const expected = [...wholeById.values()].filter((m) => m.group === null || m.group === 'C').map((m) => m.id);
    expect(matchIds(first).sort()).toEqual(expected.sort());
    for (const m of first.rounds.flatMap((r) => r.matches)) expect(m).toEqual(wholeById.get(m.id));

    // A visitor: the first two groups. A tournament without groups: the whole bracket, complete.
    const visitor = await firstAs(anon);
    expect((visitor.stages[0] as GroupsStage).groups.map((g) => g.later ?? false)).toEqual([false, false, true, true]);
    expect(await refusalOf(db.as(anon, 'select public.get_bracket_first($1)', ['no-such-cup']))).toEqual(['PT404', 'tournament_not_found']);
  });

  it("goes to the whole group's goal difference when the matches between the tied players do not separate them", async () => {
    const cup = await drawnGroupsCup(16);
    const group = (await matchesOf(cup.id)).filter((m) => m.group_name === 'D');
    const [p1, p2, p3, p4] = (
      await db.admin.query<{ groups: string[][] }>('select groups from public.draws where tournament_id = $1', [cup.id])
    ).rows[0]!.groups[3]!;
    const result = async (x: string, y: string, gx: number, gy: number) => {
      const match = group.find((m) => (m.entry_a === x && m.entry_b === y) || (m.entry_a === y && m.entry_b === x))!;
      await settle(match, match.entry_a === x ? gx : gy, match.entry_a === x ? gy : gx);
    };
    // p1 and p2 draw 1-1 and both beat p3 and p4, p1 by more.
    await result(p1!, p2!, 1, 1);
    await result(p1!, p3!, 3, 0);
    await result(p1!, p4!, 2, 0);
    await result(p2!, p3!, 1, 0);
    await result(p2!, p4!, 1, 0);
    await result(p3!, p4!, 0, 0);
    const table = (await groupsOf(cup.id)).groups[3]!.table;
    expect(table.slice(0, 2).map((r) => [r.entry_id, r.points, r.decided_by])).toEqual([
      [p1, 7, 'goal_difference'],
      [p2, 7, null],
    ]);
  });

  it('decides a tie nothing else separates by lots from the revealed secret', async () => {
    const cup = await drawnGroupsCup(16);
    const group = (await matchesOf(cup.id)).filter((m) => m.group_name === 'B');
    for (const match of group) await settle(match, 1, 1);
    const table = (await groupsOf(cup.id)).groups[1]!.table;
    expect(table.map((r) => r.decided_by)).toEqual(['lots', 'lots', 'lots', null]);
    const { secret } = (await bracketOf(cup.id)).draw;
    const { createHash } = await import('node:crypto');
    const key = (entry: string) => createHash('sha256').update(`${secret}:lots:${entry}`).digest('hex');
    expect(table.map((r) => r.entry_id)).toEqual([...table.map((r) => r.entry_id)].sort((x, y) => key(x).localeCompare(key(y))));
  });

  it('fills the knockout by itself with the last group result (A1-B2, D1-C2, B1-A2, C1-D2) and then refuses corrections', async () => {
    const cup = await drawnGroupsCup(16);
    const groupMatches = (await matchesOf(cup.id)).filter((m) => m.group_name !== null);
    // The top slot always wins: every table is decided by points.
    for (const match of groupMatches.slice(0, -1)) await settle(match, 2, 0);
    const quarterFinals = () => matchesOf(cup.id).then((ms) => ms.filter((m) => m.round === 4));
    expect((await quarterFinals()).every((m) => m.entry_a === null && m.status === 'pending')).toBe(true);

    // A disputed last group match holds the fill; its settlement fills it.
    const last = groupMatches.at(-1)!;
    await db.admin.query(
      `select private.open_dispute(m, null, 'other', 'The two reports disagree.', null) from public.matches m where m.id = $1`,
      [last.id],
    );
    await db.admin.query('select private.run_due_work()');
    expect((await quarterFinals()).every((m) => m.entry_a === null)).toBe(true);
    const staff = await referee();
    await rpc(staff, 'public.staff_settle_match($1, $2, $3, $4)', [last.id, last.entry_a, [2, 0], 'From the screenshots']);

    const stage = await groupsOf(cup.id);
    const placeOf = (letter: string, rank: number) =>
      stage.groups.find((g) => g.name === letter)!.table.find((r) => r.rank === rank)!.entry_id;
    expect((await quarterFinals()).map((m) => [m.entry_a, m.entry_b, m.status])).toEqual([
      [placeOf('A', 1), placeOf('B', 2), 'scheduled'],
      [placeOf('D', 1), placeOf('C', 2), 'scheduled'],
      [placeOf('B', 1), placeOf('A', 2), 'scheduled'],
      [placeOf('C', 1), placeOf('D', 2), 'scheduled'],
    ]);
    expect(stage.groups.flatMap((g) => g.table.filter((r) => r.qualified).map((r) => r.rank))).toEqual([1, 2, 1, 2, 1, 2, 1, 2]);
    // A group's table read alone says who went on too, once the stage is closed.
    for (const group of stage.groups)
      expect((await db.as<{ t: unknown }>(anon, 'select public.get_group_table($1, $2) as t', [cup.id, group.name]))[0]!.t).toEqual(
        group.table,
      );

    const refusal = await refusalOf(
      rpc(staff, 'public.staff_correct_result($1, $2, $3, $4, $5)', [last.id, last.entry_b, [0, 2], 'Wrong screenshot', true]),
    );
    expect(refusal).toEqual(['PT409', 'stage_closed']);
  });

  it('publishes which group place feeds each knockout slot from the draw on, and fills the knockout so', async () => {
    const A = (group: string, place: number) => ({ group, place });
    const cup = await drawnGroupsCup(16);
    const feedsOf = async (id: string) => ((await bracketOf(id)).stages[1] as KnockoutStage).feeds;
    expect(await feedsOf(cup.id)).toEqual([
      [A('A', 1), A('B', 2)],
      [A('D', 1), A('C', 2)],
      [A('B', 1), A('A', 2)],
      [A('C', 1), A('D', 2)],
    ]);

    // 20 players: five group winners and the three best runners-up make 8, by standard seeding (1 v 8, 4 v 5, 2 v 7, 3 v 6).
    const wide = await drawnGroupsCup(20, {
      stages: JSON.stringify([
        { kind: 'groups', name: 'Groups', group_size: 4, advance: { per_group: 1, best_of_next: 3 } },
        { kind: 'knockout', name: 'Knockout' },
      ]),
    });
    expect(await feedsOf(wide.id)).toEqual([
      [A('A', 1), { place: 2, best: 3 }],
      [A('D', 1), A('E', 1)],
      [A('B', 1), { place: 2, best: 2 }],
      [A('C', 1), { place: 2, best: 1 }],
    ]);
    // Played out, the knockout holds exactly those: the winners where the feeds say, runners-up against the winners.
    let goals = 0;
    for (const match of (await matchesOf(wide.id)).filter((m) => m.group_name !== null)) await settle(match, 1 + (goals++ % 3), 0);
    const stage = await groupsOf(wide.id);
    const placeOf = (letter: string, rank: number) =>
      stage.groups.find((g) => g.name === letter)!.table.find((r) => r.rank === rank)!.entry_id;
    const runnersUp = new Set(stage.groups.map((g) => g.table.find((r) => r.rank === 2)!.entry_id));
    const first = (await matchesOf(wide.id)).filter((m) => m.group_name === null && m.round === 4);
    expect(first.map((m) => m.entry_a)).toEqual([placeOf('A', 1), placeOf('D', 1), placeOf('B', 1), placeOf('C', 1)]);
    expect(first[1]!.entry_b).toBe(placeOf('E', 1));
    for (const m of [first[0]!, first[2]!, first[3]!]) expect(runnersUp.has(m.entry_b as string)).toBe(true);
    expect(await feedsOf(wide.id)).toHaveLength(4);
  });

  it('plays the knockout with its third-place match to the end and shares places by stage', async () => {
    const cup = await drawnGroupsCup(16);
    for (const match of (await matchesOf(cup.id)).filter((m) => m.group_name !== null)) await settle(match, 2, 0);
    for (;;) {
      const next = (await matchesOf(cup.id)).find((m) => m.status === 'scheduled');
      if (!next) break;
      await settle(next, 1, 0);
    }
    const tournament = (await db.admin.query('select finished_at from public.tournaments where id = $1', [cup.id])).rows[0] as {
      finished_at: Date | null;
    };
    expect(tournament.finished_at).not.toBeNull();
    const standings = (
      await db.admin.query<{ s: Array<{ place: string; from: number; to: number; entries: unknown[] }> }>(
        'select public.get_standings($1) as s',
        [cup.id],
      )
    ).rows[0]!.s;
    expect(standings.map((b) => [b.place, b.entries.length])).toEqual([
      ['1st', 1],
      ['2nd', 1],
      ['3rd', 1],
      ['4th', 1],
      ['5th–8th', 4],
      ['9th–16th', 8],
    ]);
    const final = (await matchesOf(cup.id)).find((m) => m.round === 6 && m.bracket === null)!;
    expect((standings[0]!.entries[0] as { entry_id: string }).entry_id).toBe(final.winner_entry_id);
  });

  /**
   * A cup of 6 (two groups of 3, semi-finals and a third-place match) whose group results are all in, then one
   * semi-final decided by `decideOther` and the other left unplayed: nobody is ready, so it goes void at T + 10 min.
   * Answers the cup, its semi-finals as drawn, and the standings once it is over.
   */
  async function cupWithAVoidSemiFinal(decideOther: (semiFinal: Match) => Promise<void>) {
    const cup = await drawnGroupsCup(6);
    for (const match of (await matchesOf(cup.id)).filter((m) => m.group_name !== null)) await settle(match, 2, 0);
    const [noShow, played] = (await matchesOf(cup.id)).filter((m) => m.group_name === null && m.bracket === null && m.round === 4);
    expect([noShow!.status, played!.status]).toEqual(['scheduled', 'scheduled']);
    await decideOther(played!);
    await setDatabaseClock(db, new Date(new Date(noShow!.scheduled_at).getTime() + 11 * 60_000).toISOString());
    await runDueWorkUntilDone(db);
    const after = await matchesOf(cup.id);
    const final = after.find((m) => m.round === 5 && m.bracket === null)!;
    const third = after.find((m) => m.bracket === 'third_place')!;
    expect(after.find((m) => m.id === noShow!.id)!.status).toBe('void');
    const finished = (
      await db.admin.query<{ finished_at: Date | null }>('select finished_at from public.tournaments where id = $1', [cup.id])
    ).rows[0]!.finished_at;
    const standings = (
      await db.as<{ s: Array<{ place: string; from: number; to: number; entries: Array<{ entry_id: string; in_game_name: string }> }> }>(
        anon,
        'select public.get_standings($1) as s',
        [cup.id],
      )
    )[0]!.s;
    return { cup, noShow: noShow!, played: played!, final, third, finished, standings };
  }
  const namesOf = async (ids: Array<string | null>) =>
    (
      await db.admin.query<{ n: string }>(
        'select p.in_game_name as n from public.entries e join public.profiles p on p.id = e.player_id where e.id = any($1) order by 1',
        [ids],
      )
    ).rows.map((r) => r.n);

  it("places both players of a void semi-final 4th when the third-place match went to the other semi-final's loser alone", async () => {
    const { cup, noShow, played, final, third, finished, standings } = await cupWithAVoidSemiFinal((semiFinal) => settle(semiFinal, 1, 0));
    // The void semi-final sent nobody on: the final and the third-place match went to the player who was there.
    expect([final.status, final.winner_entry_id, third.status, third.winner_entry_id]).toEqual([
      'confirmed',
      played.entry_a,
      'confirmed',
      played.entry_b,
    ]);
    expect(finished).not.toBeNull();
    const groupsOut = (await matchesOf(cup.id))
      .filter((m) => m.group_name !== null)
      .flatMap((m) => [m.entry_a, m.entry_b])
      .filter((e) => ![noShow.entry_a, noShow.entry_b, played.entry_a, played.entry_b].includes(e));
    // Every player is placed once; nobody finished 2nd (the final's other place was the void semi-final's).
    expect(standings.map((b) => [b.place, b.from, b.to, b.entries.map((e) => e.in_game_name)])).toEqual([
      ['1st', 1, 1, await namesOf([played.entry_a])],
      ['3rd', 3, 3, await namesOf([played.entry_b])],
      ['4th', 4, 4, await namesOf([noShow.entry_a, noShow.entry_b])],
      ['5th–6th', 5, 6, await namesOf([...new Set(groupsOut)])],
    ]);
  });

  it("places a void semi-final's players 4th beside a semi-final won by a disqualification", async () => {
    const staff = await referee();
    const { noShow, played, final, third, finished, standings } = await cupWithAVoidSemiFinal(async (semiFinal) => {
      await rpc(staff, 'public.staff_disqualify($1, $2, $3)', [semiFinal.id, semiFinal.entry_b, 'Played on another account']);
    });
    expect([final.winner_entry_id, third.winner_entry_id, finished !== null]).toEqual([played.entry_a, played.entry_b, true]);
    const placed = standings.slice(0, 3).map((b) => [b.place, b.entries.map((e) => e.in_game_name)]);
    // The disqualified player keeps the place the bracket gave them (their prize is forfeited, not their place).
    expect(placed).toEqual([
      ['1st', await namesOf([played.entry_a])],
      ['3rd', await namesOf([played.entry_b])],
      ['4th', await namesOf([noShow.entry_a, noShow.entry_b])],
    ]);
    expect(standings.flatMap((b) => b.entries)).toHaveLength(6);
  });

  it('never lowers a place when a loss in the group becomes a win, every other result fixed', async () => {
    const cup = await drawnGroupsCup(16);
    const group = (await matchesOf(cup.id)).filter((m) => m.group_name === 'C');
    const goals = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.array(goals, { minLength: 6, maxLength: 6 }), fc.integer({ min: 0, max: 5 }), async (scores, flip) => {
        const apply = async (results: Array<[number, number]>) => {
          await db.admin.query(
            `update public.matches m set status = 'confirmed', score_a = r.a, score_b = r.b,
                    winner_entry_id = case when r.a > r.b then m.entry_a when r.a < r.b then m.entry_b end
               from unnest($1::uuid[], $2::int[], $3::int[]) as r (id, a, b) where m.id = r.id`,
            [group.map((m) => m.id), results.map((r) => r[0]), results.map((r) => r[1])],
          );
          return (
            await db.admin.query<{ entry_id: string; rank: number }>(`select entry_id, rank from private.group_table($1, 1, 'C')`, [cup.id])
          ).rows;
        };
        const [ga, gb] = scores[flip]!;
        fc.pre(ga !== gb);
        const before = await apply(scores as Array<[number, number]>);
        // The player who lost match `flip` wins it instead, by the same margin.
        const loserWasA = ga < gb;
        const loser = loserWasA ? group[flip]!.entry_a! : group[flip]!.entry_b!;
        const flipped = scores.map((s, i) => (i === flip ? ([gb, ga] as [number, number]) : s)) as Array<[number, number]>;
        const after = await apply(flipped);
        const rankOf = (rows: typeof before) => rows.find((r) => r.entry_id === loser)!.rank;
        expect(rankOf(after)).toBeLessThanOrEqual(rankOf(before));
      }),
      { numRuns: 60 },
    );
  });
});
