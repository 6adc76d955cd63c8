/**
 * Swiss and double elimination as whole tournaments (docs/areas/brackets.md, Formats; the public contract's
 * Formats): the committed draw pairs Swiss round 1 and each later round is paired by the last result it waits
 * for (no rematch, byes as matches [a, null]); the table's median-Buchholz and Buchholz; the places from the
 * final table. Double elimination: both brackets and the grand final from the draw, losers dropping along their
 * links, the reset added only when the losers' bracket winner wins the first grand final, places by the round of
 * a player's second loss. If these fail, a Swiss cup stops after round 1, two players meet twice, or a player is
 * knocked out of a double-elimination cup after one loss.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPublished } from '../../scripts/verify-draw.ts';
import { swissRoundOne } from '../../src/features/brackets/draw-swiss.ts';
import { GROUP_TIE_BREAKS, POINTS, swissRoundsFor } from '../../src/features/tournaments/format-rules.ts';
import { stagesToSql, TournamentSchema } from '../../src/features/tournaments/tournaments.ts';
import {
  atScale,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  player,
  refusalOf,
  rpcOf,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-06-14T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Match = {
  id: string;
  round: number;
  position: number;
  bracket: string | null;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
  winner_entry_id: string | null;
  score_a: number | null;
  score_b: number | null;
};
type SwissRow = {
  entry_id: string;
  in_game_name: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  points: number;
  median_buchholz: number;
  buchholz: number;
  goal_difference: number;
  byes: number;
  rank: number;
};
type Rounds = Array<{ name: string; matches: string[] }>;
type SwissStage = { kind: 'swiss'; name: string; rounds: Rounds; table: SwissRow[] };
type DoubleStage = { kind: 'double_elimination'; name: string; winners: Rounds; losers: Rounds; grand_final: string[] };
type Bracket = {
  format: string;
  rounds: Array<{ round: number; name: string; matches: Array<{ id: string; stage: string; bracket: string | null }> }>;
  stages: Array<SwissStage | DoubleStage>;
};
type Band = { place: string; from: number; to: number; entries: Array<{ entry_id: string; in_game_name: string }> };

describe.each(engines)('Swiss and double elimination on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  /**
   * A free cup declared with `stages`, `size` players checked in and drawn by the clock. `slots`: how many places
   * each of the first buyers holds (the extra places taken by invited friends); everyone else buys one.
   */
  async function drawnCup(stages: unknown[], size: number, slots: number[] = []) {
    const id = `format-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, stages)
       values ($1, 'Format Cup', 'championship', 'Format', 0, 0, 16, $3, true, $2, $4)`,
      [id, START.toISOString(), size, JSON.stringify(stages)],
    );
    for (let n = 1, buyer = 0; n <= size; buyer++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, `p${n}`]);
      const places = slots[buyer] ?? 1;
      await createRegistration(db, user.id, id, { slots: places });
      for (let extra = 1; extra < places; extra++) {
        const friend = await createUser(db);
        await completeProfile(db, friend.id);
        await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [friend.id, `p${n + extra}`]);
        await db.admin.query(
          `update public.entries set player_id = $2, accepted_at = now(), invitation_token = null
            where id = (select id from public.entries where tournament_id = $1 and buyer_id = $3 and player_id is null limit 1)`,
          [id, friend.id, user.id],
        );
      }
      n += places;
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    return id;
  }
  const swissCup = (size: number, rounds?: number) => drawnCup([{ kind: 'swiss', name: 'Swiss', ...(rounds ? { rounds } : {}) }], size);
  const doubleCup = (size: number) => drawnCup([{ kind: 'double_elimination', name: 'Double elimination' }], size);

  const matchesOf = async (id: string) =>
    (await db.admin.query<Match>('select * from public.matches where tournament_id = $1 order by round, position', [id])).rows;
  const bracketOf = async (id: string) => (await db.admin.query<{ b: Bracket }>('select public.get_bracket($1) as b', [id])).rows[0]!.b;
  const standingsOf = async (id: string) => (await db.admin.query<{ s: Band[] }>('select public.get_standings($1) as s', [id])).rows[0]!.s;
  const finishedAt = async (id: string) =>
    (await db.admin.query<{ finished_at: Date | null }>('select finished_at from public.tournaments where id = $1', [id])).rows[0]!
      .finished_at;

  /** A result as both players' agreeing reports confirm it. */
  async function settle(match: Match, goalsA: number, goalsB: number) {
    const winner = goalsA > goalsB ? match.entry_a : goalsA < goalsB ? match.entry_b : null;
    await db.admin.query(
      `select private.confirm_result(m, $2, $3, $4, 'result_confirmed', 'Both players reported the same result', null, true)
         from public.matches m where m.id = $1`,
      [match.id, winner, goalsA, goalsB],
    );
  }

  /** Plays every match that can be played, the side `winner` names winning 2-0, until nothing is left. */
  async function playOut(id: string, winner: (m: Match) => 'a' | 'b' | 'draw', afterEach?: () => Promise<void>) {
    for (let guard = 0; guard < 200; guard++) {
      const next = (await matchesOf(id)).find((m) => m.status === 'scheduled');
      if (!next) return;
      const side = winner(next);
      await settle(next, side === 'a' ? 2 : side === 'draw' ? 1 : 0, side === 'b' ? 2 : side === 'draw' ? 1 : 0);
      await afterEach?.();
    }
    throw new Error('The tournament never ran out of matches');
  }

  const pairKey = (a: string | null, b: string | null) => [a, b].sort().join('|');

  it('pairs Swiss round 1 from the draw and each later round from the last result, never a rematch', async () => {
    const id = await swissCup(8);
    const bracket = await bracketOf(id);
    expect(bracket.format).toBe('swiss');
    const stage = bracket.stages[0] as SwissStage;
    expect(stage.kind).toBe('swiss');
    expect(stage.rounds.map((r) => [r.name, r.matches.length])).toEqual([['Round 1', 4]]);
    expect(stage.table).toHaveLength(8);
    expect(bracket.rounds[0]!.matches[0]).toMatchObject({ stage: 'swiss', bracket: null });

    // Round 1 decided, one board drawn: round 2 is paired by the last result, within the score groups.
    const roundOne = await matchesOf(id);
    for (const [i, m] of roundOne.entries()) await settle(m, i === 3 ? 1 : 2, i === 3 ? 1 : 0);
    const afterOne = await matchesOf(id);
    const roundTwo = afterOne.filter((m) => m.round === 2);
    expect(roundTwo).toHaveLength(4);
    expect(roundTwo.every((m) => m.status === 'scheduled')).toBe(true);
    const met = new Set(roundOne.map((m) => pairKey(m.entry_a, m.entry_b)));
    for (const m of roundTwo) expect(met.has(pairKey(m.entry_a, m.entry_b))).toBe(false);
    const pointsOf = new Map(((await bracketOf(id)).stages[0] as SwissStage).table.map((r) => [r.entry_id, r.points]));
    for (const m of roundTwo) expect(Math.abs(pointsOf.get(m.entry_a!)! - pointsOf.get(m.entry_b!)!)).toBeLessThanOrEqual(3);

    await playOut(id, () => 'a');
    const matches = await matchesOf(id);
    expect(new Set(matches.map((m) => m.round))).toEqual(new Set([1, 2, 3]));
    expect(new Set(matches.map((m) => pairKey(m.entry_a, m.entry_b))).size).toBe(12);
    expect(await finishedAt(id)).not.toBeNull();

    // The places are the final table's order, each player a place of their own.
    const final = ((await bracketOf(id)).stages[0] as SwissStage).table;
    expect(final.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const standings = await standingsOf(id);
    expect(standings.map((b) => [b.from, b.to, b.entries[0]!.entry_id])).toEqual(final.map((r) => [r.rank, r.rank, r.entry_id]));
    expect(standings[0]!.place).toBe('1st');
    const finished = await db.admin.query<{ entry_id: string }>(
      `select entry_id from public.audit_log where tournament_id = $1 and action = 'tournament_finished'`,
      [id],
    );
    expect(finished.rows.map((r) => r.entry_id)).toEqual([final[0]!.entry_id]);
  });

  it("keeps one buyer's entries apart in Swiss round 1 while any pairing allows, and verify-draw recomputes it", async () => {
    const buyerOf = async (id: string) =>
      new Map(
        (
          await db.admin.query<{ id: string; buyer_id: string }>('select id, buyer_id from public.entries where tournament_id = $1', [id])
        ).rows.map((e) => [e.id, e.buyer_id]),
      );
    // Three players, two of one buyer: the seeds put them first and second, so the bye moves up to keep them apart.
    // Five of buyers of 3 and 2: the buyer of 2 falls to seeds 4 and 5 and would meet seed 1's partner otherwise.
    // Eight of four buyers of two each.
    for (const [size, slots] of [
      [3, [2]],
      [5, [3, 2]],
      [8, [2, 2, 2, 2]],
    ] as const) {
      const id = await drawnCup([{ kind: 'swiss', name: 'Swiss' }], size, [...slots]);
      const owner = await buyerOf(id);
      const round = (await matchesOf(id)).filter((m) => m.round === 1);
      expect(round).toHaveLength(Math.ceil(size / 2));
      for (const m of round.filter((m) => m.entry_b !== null)) {
        expect({ size, same: owner.get(m.entry_a as string) === owner.get(m.entry_b as string) }).toEqual({ size, same: false });
      }
      const published = (await db.admin.query<{ b: unknown }>('select public.get_bracket($1) as b', [id])).rows[0]!.b;
      expect(await verifyPublished(published)).toMatchObject({ ok: true, entries: size });
    }
    // Two players of one buyer: no pairing avoids it, so they meet.
    const pair = await drawnCup([{ kind: 'swiss', name: 'Swiss' }], 2, [2]);
    const only = (await matchesOf(pair)).filter((m) => m.round === 1);
    expect(only.map((m) => m.status)).toEqual(['scheduled']);
    expect((await buyerOf(pair)).size).toBe(2);
  });

  // Sixty random draws repeat the same functions: once, on the engine of the tests at scale (helpers.ts).
  it.runIf(atScale(engine))('pairs round 1 in TypeScript (verify-draw) exactly as the database does, over many random buyers', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let trial = 0; trial < 60; trial++) {
      const n = 2 + Math.floor(random() * 15);
      const ids = Array.from({ length: n }, () => randomUUID());
      // Up to four buyers of several places; the rest buy one each.
      const buyers = ids.map((_, i) => (random() < 0.6 ? `b${Math.floor(random() * 4)}` : `solo${i}`));
      const sameBuyer = [...new Set(buyers)].map((b) => ids.filter((_, i) => buyers[i] === b)).filter((group) => group.length > 1);
      const buyerUuid = new Map([...new Set(buyers)].map((b) => [b, randomUUID()]));
      const pairs = (
        await db.admin.query<{ p: Array<{ entry_a: string; entry_b: string | null }> }>(
          `select private.swiss_pairing($1::uuid[], '[]'::jsonb, null, $2::uuid[]) as p`,
          [ids, buyers.map((b) => buyerUuid.get(b))],
        )
      ).rows[0]!.p;
      expect({ trial, pairs: pairs.map((x) => [x.entry_a, x.entry_b]) }).toEqual({ trial, pairs: swissRoundOne(ids, sameBuyer) });
    }
  });

  it('gives the Swiss bye as a match [a, null] worth a win, to a different player each round', async () => {
    const id = await swissCup(7);
    const byes: string[] = [];
    await playOut(id, (m) => (m.position % 2 === 0 ? 'b' : 'a'));
    for (const m of await matchesOf(id)) {
      if (m.status !== 'bye') continue;
      expect(m).toMatchObject({ entry_b: null, winner_entry_id: m.entry_a, score_a: null });
      byes.push(m.entry_a!);
    }
    expect(byes).toHaveLength(3);
    expect(new Set(byes).size).toBe(3);
    const table = ((await bracketOf(id)).stages[0] as SwissStage).table;
    for (const entry of byes) {
      const row = table.find((r) => r.entry_id === entry)!;
      expect(row.byes).toBe(1);
      expect(row.played).toBe(3);
    }
    expect(await finishedAt(id)).not.toBeNull();
  });

  it('holds the next Swiss round while a match is disputed, and pairs it by the periodic work at the latest', async () => {
    const id = await swissCup(4);
    const [first, second] = await matchesOf(id);
    await settle(first!, 1, 0);
    await db.admin.query(`update public.matches set status = 'disputed' where id = $1`, [second!.id]);
    await db.admin.query('select private.run_due_work()');
    expect((await matchesOf(id)).filter((m) => m.round === 2)).toHaveLength(0);
    // Settled behind the functions' back (as a crash between the result and the pairing would leave it):
    // the periodic work pairs the round.
    await db.admin.query(
      `update public.matches set status = 'confirmed', winner_entry_id = entry_a, score_a = 2, score_b = 0 where id = $1`,
      [second!.id],
    );
    await db.admin.query('select private.run_due_work()');
    expect((await matchesOf(id)).filter((m) => m.round === 2)).toHaveLength(2);
  });

  it('refuses to correct a Swiss result once the next round was paired from it', async () => {
    const id = await swissCup(4);
    const roundOne = await matchesOf(id);
    for (const m of roundOne) await settle(m, 2, 0);
    const staff = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [staff.id]);
    const refusal = await refusalOf(
      rpc(player(staff.id, staff.email, 'aal2'), 'public.staff_correct_result($1, $2, $3, $4, $5)', [
        roundOne[0]!.id,
        roundOne[0]!.entry_b,
        [0, 2],
        'Wrong screenshot',
        true,
      ]),
    );
    expect(refusal).toEqual(['PT409', 'stage_closed']);
  });

  it('draws a double elimination of 8 with both brackets and one grand final, every match once', async () => {
    const id = await doubleCup(8);
    const bracket = await bracketOf(id);
    expect(bracket.format).toBe('double_elimination');
    const stage = bracket.stages[0] as DoubleStage;
    expect(stage.winners.map((r) => [r.name, r.matches.length])).toEqual([
      ['Winners round 1', 4],
      ['Winners round 2', 2],
      ['Winners round 3', 1],
    ]);
    expect(stage.losers.map((r) => [r.name, r.matches.length])).toEqual([
      ['Losers round 1', 2],
      ['Losers round 2', 2],
      ['Losers round 3', 1],
      ['Losers round 4', 1],
    ]);
    expect(stage.grand_final).toHaveLength(1);
    const ids = bracket.rounds.flatMap((r) => r.matches.map((m) => m.id));
    expect(new Set(ids).size).toBe(14);
    expect(
      [...stage.winners, ...stage.losers]
        .flatMap((r) => r.matches)
        .concat(stage.grand_final)
        .sort(),
    ).toEqual([...ids].sort());
    expect(bracket.rounds.at(-1)).toMatchObject({ name: 'Grand final' });
    // Round numbers are one play order: the rounds come in increasing order.
    const order = bracket.rounds.map((r) => r.round);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('drops each loser into the losers bracket, resets the grand final when its winner wins, and places by the second loss', async () => {
    const id = await doubleCup(8);
    const lost = new Map<string, number>();
    const losses = async () => {
      lost.clear();
      for (const m of await matchesOf(id)) {
        if (m.status !== 'confirmed' || !m.winner_entry_id || !m.entry_a || !m.entry_b) continue;
        const loser = m.winner_entry_id === m.entry_a ? m.entry_b : m.entry_a;
        lost.set(loser, (lost.get(loser) ?? 0) + 1);
      }
      // Nobody is ever asked to play on after a second loss.
      for (const m of (await matchesOf(id)).filter((x) => x.status === 'scheduled')) {
        expect(lost.get(m.entry_a!) ?? 0).toBeLessThan(2);
        expect(lost.get(m.entry_b!) ?? 0).toBeLessThan(2);
      }
    };
    // Seat a wins everywhere but the first grand final, which the losers' bracket winner (seat b) takes.
    await playOut(id, (m) => (m.bracket === 'grand_final' ? 'b' : 'a'), losses);
    const grandFinals = (await matchesOf(id)).filter((m) => m.bracket === 'grand_final');
    // The reset happened once: the second grand final was won by seat b again (same rule), so b is champion.
    expect(grandFinals).toHaveLength(2);
    expect(grandFinals[1]).toMatchObject({ entry_a: grandFinals[0]!.entry_a, entry_b: grandFinals[0]!.entry_b });
    expect(((await bracketOf(id)).stages[0] as DoubleStage).grand_final).toEqual(grandFinals.map((m) => m.id));
    expect((await bracketOf(id)).rounds.at(-1)).toMatchObject({ name: 'Grand final reset' });
    expect(await finishedAt(id)).not.toBeNull();

    const standings = await standingsOf(id);
    expect(standings.map((b) => [b.place, b.entries.length])).toEqual([
      ['1st', 1],
      ['2nd', 1],
      ['3rd', 1],
      ['4th', 1],
      ['5th–6th', 2],
      ['7th–8th', 2],
    ]);
    expect(standings[0]!.entries[0]!.entry_id).toBe(grandFinals[1]!.winner_entry_id);
    // Everyone but the champion lost exactly twice; the champion once (the first grand final).
    expect([...lost.values()].sort()).toEqual([1, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('plays a double elimination of 6 through its byes to one champion and six places', async () => {
    const id = await doubleCup(6);
    await playOut(id, (m) => (m.position % 2 === 0 ? 'b' : 'a'));
    expect(await finishedAt(id)).not.toBeNull();
    const standings = await standingsOf(id);
    const places = standings.flatMap((b) => b.entries.map(() => [b.from, b.to]));
    expect(places).toHaveLength(6);
    expect(standings[0]).toMatchObject({ from: 1, to: 1 });
    // The bands tile 1..6 without a gap.
    let next = 1;
    for (const band of standings) {
      expect(band.from).toBe(next);
      expect(band.to - band.from + 1).toBe(band.entries.length);
      next = band.to + 1;
    }
    expect(next).toBe(7);
    expect((await matchesOf(id)).every((m) => ['confirmed', 'void', 'bye'].includes(m.status))).toBe(true);
  });

  it('refuses to change a winners bracket result once its loser has played on in the losers bracket', async () => {
    const id = await doubleCup(8);
    const first = (await matchesOf(id)).filter((m) => m.bracket === 'winners' && m.round === 1);
    for (const m of first) await settle(m, 2, 0);
    const dropped = (await matchesOf(id)).find((m) => m.bracket === 'losers' && m.status === 'scheduled')!;
    await settle(dropped, 2, 0);
    const fed = first.find((m) => [dropped.entry_a, dropped.entry_b].includes(m.entry_b))!;
    const staff = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [staff.id]);
    const refusal = await refusalOf(
      rpc(player(staff.id, staff.email, 'aal2'), 'public.staff_correct_result($1, $2, $3, $4, $5)', [
        fed.id,
        fed.entry_b,
        [0, 2],
        'Wrong screenshot',
        true,
      ]),
    );
    expect(refusal).toEqual(['PT409', 'stage_closed']);
  });

  it('plays Swiss matches with no extra time or penalties, a draw standing, and double elimination to a winner', async () => {
    const settingsOf = async (matchId: string) =>
      (
        await db.admin.query<{ s: Record<string, unknown> }>(
          'select public.get_match_settings($1) || public.get_match_result_rule($1) as s',
          [matchId],
        )
      ).rows[0]!.s;
    const swiss = (await matchesOf(await swissCup(4)))[0]!;
    expect(await settingsOf(swiss.id)).toMatchObject({ extra_time: false, penalties: false, draw_is_result: true });
    const double = await doubleCup(4);
    await db.admin.query(
      `update public.tournaments set match_settings = '{"match_minutes": 8, "rounds": {"final": {"match_minutes": 12}}}' where id = $1`,
      [double],
    );
    const matches = await matchesOf(double);
    const first = matches.find((m) => m.bracket === 'winners')!;
    const grandFinal = matches.find((m) => m.bracket === 'grand_final')!;
    expect(await settingsOf(first.id)).toMatchObject({ match_minutes: 8, draw_is_result: false });
    expect(await settingsOf(grandFinal.id)).toMatchObject({ match_minutes: 12, draw_is_result: false });
  });

  it('refuses a Swiss or double-elimination stage beside another stage, and Swiss rounds outside 1 to 12', async () => {
    const valid = async (stages: unknown) =>
      (await db.admin.query<{ ok: boolean }>('select private.stages_valid($1::jsonb) as ok', [JSON.stringify(stages)])).rows[0]!.ok;
    expect(await valid([{ kind: 'swiss', rounds: 5 }])).toBe(true);
    expect(await valid([{ kind: 'double_elimination' }])).toBe(true);
    expect(await valid([{ kind: 'swiss' }, { kind: 'knockout' }])).toBe(false);
    expect(await valid([{ kind: 'double_elimination' }, { kind: 'knockout' }])).toBe(false);
    for (const rounds of [0, 13, -1, '3; drop table', 2.5, null]) expect(await valid([{ kind: 'swiss', rounds }])).toBe(false);
  });

  it("accepts in the catalog exactly the formats the database's rule accepts", async () => {
    const stagesSchema = TournamentSchema.shape.stages;
    const declarations: unknown[] = [
      [{ kind: 'swiss' }],
      [{ kind: 'swiss', rounds: 6, name: 'Swiss' }],
      [{ kind: 'swiss', rounds: 13 }],
      [{ kind: 'double_elimination' }],
      [{ kind: 'double_elimination' }, { kind: 'knockout' }],
      [{ kind: 'swiss' }, { kind: 'knockout' }],
      [{ kind: 'knockout', thirdPlace: true }, { kind: 'swiss' }],
      [{ kind: 'groups', advance: { perGroup: 2 } }, { kind: 'knockout' }],
      [{ kind: 'groups', seeding: 'rating', advance: { perGroup: 2 } }, { kind: 'knockout' }],
      [{ kind: 'groups', seeding: 'strength', advance: { perGroup: 2 } }, { kind: 'knockout' }],
      [{ kind: 'groups', advance: { perGroup: 2 } }],
      [{ kind: 'groups', advance: { perGroup: 2 } }, { kind: 'swiss' }],
      [{ kind: 'knockout' }],
      [{ kind: 'ladder' }],
    ];
    for (const declared of declarations) {
      const parsed = stagesSchema.safeParse(declared);
      if (!parsed.success) continue;
      const inSql = (
        await db.admin.query<{ ok: boolean }>('select private.stages_valid($1::jsonb) as ok', [JSON.stringify(stagesToSql(parsed.data))])
      ).rows[0]!.ok;
      expect({ declared, inSql }).toEqual({ declared, inSql: true });
    }
    // And the catalog refuses what the database refuses.
    expect(stagesSchema.safeParse([{ kind: 'swiss' }, { kind: 'knockout' }]).success).toBe(false);
    expect(stagesSchema.safeParse([{ kind: 'groups', advance: { perGroup: 2 } }]).success).toBe(false);
    expect(stagesSchema.safeParse([{ kind: 'swiss', rounds: 13 }]).success).toBe(false);
    const seeded = (seeding: unknown) => [{ kind: 'groups', seeding, advance: { per_group: 2 } }, { kind: 'knockout' }];
    for (const [seeding, ok] of [
      ['rating', true],
      ['random', true],
      ['strength', false],
      [1, false],
    ] as const) {
      const inSql = (
        await db.admin.query<{ ok: boolean }>('select private.stages_valid($1::jsonb) as ok', [JSON.stringify(seeded(seeding))])
      ).rows[0]!.ok;
      expect({ seeding, inSql }).toEqual({ seeding, inSql: ok });
      expect(stagesSchema.safeParse([{ kind: 'groups', seeding, advance: { perGroup: 2 } }, { kind: 'knockout' }]).success).toBe(ok);
    }
  });

  it("words the format's rules with the database's numbers: points, the tie-break ladder, Swiss rounds", async () => {
    // The rounds a Swiss stage takes, for every field size a catalog cup can have, with and without its own rounds.
    const { rows } = await db.admin.query<{ n: number; plain: number; six: number }>(
      'select n, private.swiss_rounds(n) as plain, private.swiss_rounds(n, 6) as six from generate_series(1, 300) as n',
    );
    for (const row of rows) {
      expect([row.n, swissRoundsFor(row.n), swissRoundsFor(row.n, 6)]).toEqual([row.n, row.plain, row.six]);
    }
    // The ladder's steps in the order the SQL applies them.
    const source = (await db.admin.query<{ d: string }>(`select pg_get_functiondef('private.group_tie_order'::regproc) as d`)).rows[0]!.d;
    const positions = GROUP_TIE_BREAKS.map(([step]) => source.indexOf(`'${step}'`));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    // A win and a draw, as the Swiss table counts them.
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const table = (
      await db.admin.query<{ t: Array<{ entry_id: string; points: number }> }>('select private.swiss_table($1::uuid[], $2::jsonb) as t', [
        [a, b, c],
        JSON.stringify([
          { entry_a: a, entry_b: b, score_a: 2, score_b: 0, winner_entry_id: a, status: 'confirmed' },
          { entry_a: b, entry_b: c, score_a: 1, score_b: 1, winner_entry_id: null, status: 'confirmed' },
        ]),
      ])
    ).rows[0]!.t;
    const points = new Map(table.map((r) => [r.entry_id, r.points]));
    expect([points.get(a), points.get(c)]).toEqual([POINTS.win, POINTS.draw]);
  });

  it('lets anyone recompute the draw of every format from what get_bracket publishes, and catches a change', async () => {
    const groups = await drawnCup(
      [
        { kind: 'groups', advance: { per_group: 2, best_of_next: 0 } },
        { kind: 'knockout', third_place: true },
      ],
      14,
    );
    const cups = [groups, await swissCup(7), await doubleCup(6)];
    for (const id of cups) {
      const published = (await db.admin.query<{ b: unknown }>('select public.get_bracket($1) as b', [id])).rows[0]!.b;
      expect({ id, verdict: await verifyPublished(published) }).toMatchObject({ id, verdict: { ok: true } });
    }
    // Two players swapped between groups A and B, as a tampered answer would show them: the check names the group.
    const answer = (
      await db.admin.query<{ b: Bracket & { stages: Array<{ groups: Array<{ table: Array<{ entry_id: string }> }> }> } }>(
        'select public.get_bracket($1) as b',
        [groups],
      )
    ).rows[0]!.b;
    const [a, b] = [answer.stages[0]!.groups[0]!.table[0]!, answer.stages[0]!.groups[1]!.table[0]!];
    [a.entry_id, b.entry_id] = [b.entry_id, a.entry_id];
    expect(await verifyPublished(answer)).toMatchObject({ ok: false, difference: expect.stringMatching(/^Group A: expected /) });
    // A Swiss round 1 with two boards' players swapped.
    const swiss = (
      await db.admin.query<{ b: Bracket & { rounds: Array<{ matches: Array<{ entries: unknown[] }> }> } }>(
        'select public.get_bracket($1) as b',
        [cups[1]],
      )
    ).rows[0]!.b;
    const boards = swiss.rounds[0]!.matches;
    [boards[0]!.entries[1], boards[1]!.entries[1]] = [boards[1]!.entries[1], boards[0]!.entries[1]];
    expect(await verifyPublished(swiss)).toMatchObject({
      ok: false,
      difference: expect.stringMatching(/^Round 1, match 1, bottom slot: /),
    });
  });
});
