/**
 * Seasons: the Glicko-2 update (the paper's worked example), the weekly rating periods on IST Mondays and
 * what they leave out, season points per place, the leaderboard's order and who may appear on it, and
 * the public player page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  expectSqlError,
  rpcOf,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { admin } from './money-fixtures.ts';

type Update = { rating: number; deviation: number; volatility: number };
type Row = { rank: number; player_id: string; in_game_name: string; season_points: number; rating: number; events: number };
type Player = {
  in_game_name: string;
  rating: number;
  deviation: number;
  season_points: number;
  history: { period_starts_at: string; rating: number; games: number }[];
  results: { tournament_id: string; title: string; finished_at: string; place: string }[];
};

/** One match of a fixture bracket: who went through (the top slot a or b), the score (null: decided without one) and its status. */
type Game = { winner?: 'a' | 'b'; score?: [number, number] | null; status?: 'confirmed' | 'void'; at?: string };

const minutes = (iso: string, n: number) => new Date(new Date(iso).getTime() + n * 60_000).toISOString();

describe.each(engines)('seasons on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(() => db?.close());

  const update = async (rating: number, deviation: number, volatility: number, results: unknown) =>
    (
      await db.as<{ u: Update }>(anon, 'select public.get_rating_update($1, $2, $3, $4::jsonb) as u', [
        rating,
        deviation,
        volatility,
        JSON.stringify(results),
      ])
    )[0]!.u;

  /** A player with a complete profile and their own in-game name; `dateOfBirth` makes a younger one. */
  async function newPlayer(name: string, dateOfBirth?: string) {
    const user = await createUser(db);
    await completeProfile(db, user.id, dateOfBirth ? { dateOfBirth } : {});
    await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, name]);
    const [{ public_id }] = (
      await db.admin.query<{ public_id: string }>('select public_id from private.player_public_ids where player_id = $1', [user.id])
    ).rows as [{ public_id: string }];
    return { ...user, name, publicId: public_id };
  }

  /**
   * A tournament of 2 or 4 players, drawn and checked in, its matches played at `at` as `games` say (the
   * final last), finished at `at` + 1 hour. Players are drawn in the order given: 0 v 1, 2 v 3.
   */
  async function playedCup(
    players: { id: string }[],
    at: string,
    games: Game[] = [],
    options: { fee?: number; series?: 'quick' | 'championship'; extraCheckedIn?: { id: string }[] } = {},
  ) {
    const id = `cup-${randomUUID().slice(0, 8)}`;
    const series = options.series ?? 'championship';
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
                                       starts_at, drawn_at, finished_at)
       values ($1, $2, $3, 'Knockout', $4, 0, 8, 0, true, $5, $5, $6)`,
      [id, `Cup ${id.slice(4)}`, series, options.fee ?? 15000, at, minutes(at, 60)],
    );
    const entryOf: string[] = [];
    for (const player of [...players, ...(options.extraCheckedIn ?? [])]) {
      await createRegistration(db, player.id, id);
      const [{ id: entry }] = (
        await db.admin.query<{ id: string }>(
          'update public.entries set checked_in_at = $3 where tournament_id = $1 and player_id = $2 returning id',
          [id, player.id, minutes(at, -30)],
        )
      ).rows as [{ id: string }];
      entryOf.push(entry);
    }
    const play = async (round: number, position: number, a: string, b: string, game: Game = {}) => {
      const winner = (game.winner ?? 'a') === 'a' ? a : b;
      const score = game.score === undefined ? (winner === a ? [2, 1] : [1, 2]) : game.score;
      await db.admin.query(
        `insert into public.matches (tournament_id, round, position, entry_a, entry_b, winner_entry_id, score_a, score_b, status,
                                     scheduled_at, confirmed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          round,
          position,
          a,
          b,
          game.status === 'void' ? null : winner,
          score?.[0] ?? null,
          score?.[1] ?? null,
          game.status ?? 'confirmed',
          at,
          game.at ?? minutes(at, 10 * round),
        ],
      );
      return winner;
    };
    if (players.length === 2) {
      await play(1, 1, entryOf[0]!, entryOf[1]!, games[0]);
    } else {
      const first = await play(1, 1, entryOf[0]!, entryOf[1]!, games[0]);
      const second = await play(1, 2, entryOf[2]!, entryOf[3]!, games[1]);
      await play(2, 1, first, second, games[2]);
    }
    return { id, entries: entryOf };
  }

  const leaderboard = (season: string | null, series: string | null = null) =>
    db.as<Row>(anon, 'select * from public.get_leaderboard($1, $2)', [season, series]);
  const playerPage = async (publicId: string) => (await db.as<{ p: Player }>(anon, 'select public.get_player($1) as p', [publicId]))[0]!.p;
  // Every step, the weekly ratings included: the clock jumps by weeks here, where pg_cron would have run every minute.
  const runDueWork = () => db.admin.query('select private.run_due_steps(true)');

  describe('get_rating_update()', () => {
    it("gives the paper's worked example: 1464.05 / 151.52 / 0.05999", async () => {
      const answer = await update(1500, 200, 0.06, [
        { rating: 1400, deviation: 30, score: 1 },
        { rating: 1550, deviation: 100, score: 0 },
        { rating: 1700, deviation: 300, score: 0 },
      ]);
      expect(Math.abs(answer.rating - 1464.05)).toBeLessThan(0.05);
      expect(Math.abs(answer.deviation - 151.52)).toBeLessThan(0.05);
      expect(Math.abs(answer.volatility - 0.05999)).toBeLessThan(0.0001);
    });

    it('only widens the deviation when there are no results', async () => {
      const answer = await update(1500, 200, 0.06, []);
      expect(answer.rating).toBe(1500);
      expect(answer.volatility).toBe(0.06);
      expect(answer.deviation).toBeCloseTo(173.7178 * Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2), 6);
      expect(answer.deviation).toBeGreaterThan(200);
    });

    it('counts a draw as half a win', async () => {
      const draw = await update(1500, 200, 0.06, [{ rating: 1500, deviation: 200, score: 0.5 }]);
      expect(draw.rating).toBeCloseTo(1500, 6);
      expect(draw.deviation).toBeLessThan(200);
    });

    it.each([
      ['a missing rating', [null, 200, 0.06, []]],
      ['a deviation of zero', [1500, 0, 0.06, []]],
      ['a volatility of 1', [1500, 200, 1, []]],
      ['results that are not a list', [1500, 200, 0.06, { rating: 1400 }]],
      ['a score of 2', [1500, 200, 0.06, [{ rating: 1400, deviation: 30, score: 2 }]]],
      ['a result without a deviation', [1500, 200, 0.06, [{ rating: 1400, score: 1 }]]],
      ['a rating written as text', [1500, 200, 0.06, [{ rating: '1400', deviation: 30, score: 1 }]]],
    ])('refuses %s', async (_, [rating, deviation, volatility, results]) => {
      await expectSqlError(
        db.as(anon, 'select public.get_rating_update($1, $2, $3, $4::jsonb)', [rating, deviation, volatility, JSON.stringify(results)]),
        'PT400',
      );
      const error = await db
        .as(anon, 'select public.get_rating_update($1, $2, $3, $4::jsonb)', [rating, deviation, volatility, JSON.stringify(results)])
        .catch((e: { hint?: string }) => e);
      expect((error as { hint?: string }).hint).toBe('invalid_rating_input');
    });
  });

  describe('weekly rating periods', () => {
    // Monday 7 December 2026 00:00 IST is Sunday 6 December 18:30 UTC.
    const monday = '2026-12-06T18:30:00Z';

    it('rates a completed week once, on IST Monday boundaries, leaving out walkovers, voids and byes', async () => {
      const [a, b, c, d] = [await newPlayer('WeekA'), await newPlayer('WeekB'), await newPlayer('WeekC'), await newPlayer('WeekD')];
      const e = await newPlayer('WeekE');
      const f = await newPlayer('WeekF');
      // a beats b one minute before Monday 00:00 IST (Sunday's week); c beats d on the shoot-out (level score)
      // one minute after (Monday's week).
      await playedCup([a, b], minutes(monday, -60), [{ winner: 'a', score: [2, 1], at: minutes(monday, -1) }]);
      await playedCup([c, d], minutes(monday, 1), [{ winner: 'a', score: [1, 1], at: minutes(monday, 1) }]);
      // A walkover (no score, as a disqualification leaves it too) and a void match between e and f in Monday's week: neither counts.
      await playedCup([e, f], minutes(monday, 60), [{ winner: 'a', score: null }]);
      await playedCup([e, f], minutes(monday, 120), [{ status: 'void', score: null }]);
      // A bye: e goes through without an opponent.
      const bye = await playedCup([e, f], minutes(monday, 180), [{ winner: 'a', score: null }]);
      await db.admin.query(
        `insert into public.matches (tournament_id, round, position, entry_a, winner_entry_id, status, scheduled_at, confirmed_at)
         values ($1, 2, 1, $2, $2, 'bye', $3, $3)`,
        [bye.id, bye.entries[0], minutes(monday, 200)],
      );

      // Monday 08:00 IST: the Sunday week is complete, Monday's is not.
      await setDatabaseClock(db, minutes(monday, 8 * 60));
      await runDueWork();
      const weeks = async () =>
        (await db.admin.query<{ starts_at: Date }>('select starts_at from private.rating_periods order by starts_at')).rows.map((r) =>
          r.starts_at.toISOString(),
        );
      expect(await weeks()).toContain('2026-11-29T18:30:00.000Z');
      expect(await weeks()).not.toContain('2026-12-06T18:30:00.000Z');
      expect((await playerPage(a.publicId)).rating).toBeGreaterThan(1500);
      expect((await playerPage(b.publicId)).rating).toBeLessThan(1500);
      expect((await playerPage(c.publicId)).rating).toBe(1500);

      // A week later the Monday week is rated: the shoot-out win counts as a win; the walkover, the void match and the bye do not.
      await setDatabaseClock(db, minutes(monday, 7 * 24 * 60 + 60));
      await runDueWork();
      const ratedC = await playerPage(c.publicId);
      expect(ratedC.rating).toBeGreaterThan(1500);
      expect(ratedC.history).toHaveLength(1);
      expect((await playerPage(d.publicId)).rating).toBeLessThan(1500);
      expect((await playerPage(e.publicId)).history).toEqual([]);
      expect((await playerPage(e.publicId)).rating).toBe(1500);
      expect((await playerPage(f.publicId)).deviation).toBe(350);

      // Running again changes nothing: each week is computed once.
      const before = await db.admin.query('select * from private.player_ratings order by player_id, period_starts_at');
      await runDueWork();
      await runDueWork();
      expect((await db.admin.query('select * from private.player_ratings order by player_id, period_starts_at')).rows).toEqual(before.rows);

      // An idle week widens a's deviation and keeps the rating.
      const a1 = await playerPage(a.publicId);
      expect(a1.history).toHaveLength(1);
      const stored = (
        await db.admin.query<{ deviation: number; volatility: number }>(
          'select deviation, volatility from private.player_ratings where player_id = $1',
          [a.id],
        )
      ).rows[0]!;
      expect(a1.deviation).toBeCloseTo(173.7178 * Math.sqrt((stored.deviation / 173.7178) ** 2 + stored.volatility ** 2), 6);
      await setDatabaseClock(db, null);
    });

    it('rates a week from the opponents as they stood before it, as get_rating_update does', async () => {
      const [g, h] = [await newPlayer('PairG'), await newPlayer('PairH')];
      // Wednesday 16 December 2026, in a week none of this file's other games reach.
      await playedCup([g, h], '2026-12-16T10:00:00Z', [{ winner: 'b', score: [0, 3] }]);
      await setDatabaseClock(db, '2026-12-22T00:00:00Z');
      await runDueWork();
      const expected = await update(1500, 350, 0.06, [{ rating: 1500, deviation: 350, score: 1 }]);
      const h1 = await playerPage(h.publicId);
      expect(h1.rating).toBeCloseTo(expected.rating, 6);
      expect(h1.deviation).toBeCloseTo(expected.deviation, 6);
      await setDatabaseClock(db, null);
    });

    it('rates a week again when a referee corrects one of its results after it was rated', async () => {
      const [p, q] = [await newPlayer('FixP'), await newPlayer('FixQ')];
      // A final on Sunday 27 December 2026 at 22:40 IST, finished at 23:30; half an hour after midnight its week is
      // rated while the challenge window still lets a referee correct it.
      const cup = await playedCup([p, q], '2026-12-27T17:00:00Z', [{ winner: 'a', score: [2, 1] }]);
      await setDatabaseClock(db, '2026-12-27T19:00:00Z');
      await runDueWork();
      expect((await playerPage(p.publicId)).rating).toBeGreaterThan(1500);

      // The referee finds the screenshot read the wrong way round: q won 1–2.
      const [match] = (await db.admin.query<{ id: string }>('select id from public.matches where tournament_id = $1', [cup.id])).rows;
      const staff = await admin(db);
      await rpcOf(db)(staff.actor, 'public.staff_correct_result($1, $2, $3, $4, true)', [
        match!.id,
        cup.entries[1],
        [1, 2],
        'The screenshot shows 1–2',
      ]);
      const [{ confirmed_at: correctedAt }] = (
        await db.admin.query<{ confirmed_at: Date }>('select confirmed_at from public.matches where id = $1', [match!.id])
      ).rows as [{ confirmed_at: Date }];
      await runDueWork();
      // The week it was rated in no longer holds the old winner.
      expect((await playerPage(p.publicId)).history).toEqual([]);
      // The corrected result counts in the week it was confirmed in, once that week is complete.
      await setDatabaseClock(db, new Date(correctedAt.getTime() + 8 * 86_400_000).toISOString());
      await runDueWork();
      const [afterP, afterQ] = [await playerPage(p.publicId), await playerPage(q.publicId)];
      expect(afterQ.rating).toBeGreaterThan(1500);
      expect(afterP.rating).toBeLessThan(1500);
      // Rated once, from the opponents as they stood before the week.
      const expected = await update(1500, 350, 0.06, [{ rating: 1500, deviation: 350, score: 1 }]);
      expect(afterQ.rating).toBeCloseTo(expected.rating, 6);
      expect(afterQ.history).toHaveLength(1);
      await setDatabaseClock(db, null);
    });
  });

  describe('season points and the leaderboard', () => {
    // Mid-February 2027 IST: the season 2027-Q1.
    const feb = '2027-02-10T12:00:00Z';
    let players: Awaited<ReturnType<typeof newPlayer>>[];
    let teen: Awaited<ReturnType<typeof newPlayer>>;

    beforeAll(async () => {
      players = [];
      for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']) players.push(await newPlayer(name));
      teen = await newPlayer('Youngster', '2012-01-01');
      const [alpha, bravo, charlie, delta, echo, foxtrot] = players as [
        typeof teen,
        typeof teen,
        typeof teen,
        typeof teen,
        typeof teen,
        typeof teen,
      ];
      // A championship: alpha beats bravo, charlie beats the teen, alpha wins the final. delta checked in but was not drawn into a match.
      await playedCup([alpha, bravo, charlie, teen], feb, [{}, {}, {}], { extraCheckedIn: [delta] });
      // A pod: echo beats foxtrot, who never played (a walkover): foxtrot gets no points but the event counts.
      await playedCup([echo, foxtrot], feb, [{ score: null }], { series: 'quick' });
      // A free cup in the next quarter (April 2027 IST) does not count in 2027-Q1.
      await playedCup([bravo, charlie], '2027-04-05T12:00:00Z', [{}], { fee: 0 });
      await setDatabaseClock(db, '2027-03-01T00:00:00Z');
    });
    afterAll(() => setDatabaseClock(db, null));

    it('counts places by the championship table and orders by points, rating, events and name', async () => {
      const rows = await leaderboard('2027-Q1');
      const named = rows.map((r) => [r.in_game_name, r.season_points, r.events]);
      expect(named).toEqual([
        ['Alpha', 100, 1],
        ['Charlie', 70, 1],
        ['Bravo', 50, 1],
        ['Echo', 10, 1],
        ['Delta', 0, 1],
        ['Foxtrot', 0, 1],
      ]);
      expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('filters by series: a ladder or a series id; an unknown one is not found', async () => {
      expect((await leaderboard('2027-Q1', 'pod')).map((r) => [r.in_game_name, r.season_points])).toEqual([
        ['Echo', 10],
        ['Foxtrot', 0],
      ]);
      expect((await leaderboard('2027-Q2', 'free-cup')).map((r) => [r.in_game_name, r.season_points])).toEqual([
        ['Bravo', 40],
        ['Charlie', 28],
      ]);
      await expectSqlError(leaderboard('2027-Q1', 'no-such-series'), 'PT404');
    });

    it('reads the current season from the clock in IST, refuses a malformed season and is empty for a new one', async () => {
      // 31 March 2027 19:00 UTC is 1 April 00:30 IST: already 2027-Q2.
      await setDatabaseClock(db, '2027-03-31T19:00:00Z');
      expect((await leaderboard(null)).map((r) => r.in_game_name)).toEqual(['Bravo', 'Charlie']);
      await setDatabaseClock(db, '2027-03-31T18:00:00Z');
      expect((await leaderboard(null)).map((r) => r.in_game_name)).toContain('Alpha');
      expect(await leaderboard('2027-Q4')).toEqual([]);
      await expectSqlError(leaderboard('2027-Q5'), 'PT400');
      await expectSqlError(leaderboard('Q1-2027'), 'PT400');
    });

    it('breaks a tie in points by rating, then by events', async () => {
      // Delta and Foxtrot both have 0 points and the same rating; Foxtrot loses another pod by walkover: one more event.
      const extra = await newPlayer('Golf');
      await playedCup([extra, players[5]!], '2027-02-20T12:00:00Z', [{ winner: 'a', score: null }], { series: 'quick' });
      const rows = await leaderboard('2027-Q1');
      const zero = rows.filter((r) => r.season_points === 0).map((r) => [r.in_game_name, r.events]);
      expect(zero).toEqual([
        ['Foxtrot', 2],
        ['Delta', 1],
      ]);
      // Golf won by walkover: the pod's 1st place, level with Echo on points, rating and events, so by name.
      expect(rows.filter((r) => r.season_points === 10).map((r) => r.in_game_name)).toEqual(['Echo', 'Golf']);
    });

    it('never lists a player under 18, never a user id, legal name or e-mail', async () => {
      const rows = await leaderboard('2027-Q1');
      expect(rows.map((r) => r.in_game_name)).not.toContain('Youngster');
      const text = JSON.stringify(rows);
      for (const p of players) {
        expect(text).not.toContain(p.id);
        expect(text).not.toContain(p.email);
      }
      expect(text).not.toContain('Test Player');
      expect(rows[0]!.player_id).toMatch(/^[0-9a-f]{16}$/);
    });

    it('gives a player page: name, rating, points and results; PT404 for an unknown id or a player under 18', async () => {
      const alpha = players[0]!;
      await setDatabaseClock(db, '2027-03-01T00:00:00Z');
      const page = await playerPage(alpha.publicId);
      expect(page).toMatchObject({ in_game_name: 'Alpha', season_points: 100, rating: expect.any(Number), deviation: expect.any(Number) });
      expect(page.results).toEqual([expect.objectContaining({ place: '1st', title: expect.stringMatching(/^Cup /) })]);
      expect(JSON.stringify(page)).not.toMatch(new RegExp(`${alpha.id}|${alpha.email}|Test Player|1995`));
      await expectSqlError(playerPage('0000000000000000'), 'PT404');
      await expectSqlError(playerPage(teen.publicId), 'PT404');
      await expectSqlError(playerPage(alpha.id), 'PT404');
    });

    it("answers the caller's own row and public id", async () => {
      const bravo = players[1]!;
      const [mine] = await db.as<Row>(bravo.actor, 'select * from public.get_my_leaderboard_row($1)', ['2027-Q1']);
      expect(mine).toMatchObject({ in_game_name: 'Bravo', player_id: bravo.publicId });
      const [{ id }] = await db.as<{ id: string }>(bravo.actor, 'select public.get_my_player_id() as id');
      expect(id).toBe(bravo.publicId);
      expect(id).not.toBe(bravo.id);
    });

    it('publishes the points tables from the one SQL source', async () => {
      const [{ t }] = await db.as<{ t: { ladder: string; rows: { place: string; points: number }[] }[] }>(
        anon,
        'select public.get_season_points_table() as t',
      );
      expect(t.map((l) => l.ladder)).toEqual(['championship', 'free-cup', 'pod']);
      expect(t[0]!.rows.map((r) => [r.place, r.points])).toEqual([
        ['1st', 100],
        ['2nd', 70],
        ['3rd–4th', 50],
        ['5th–8th', 30],
        ['9th–16th', 15],
        ['17th–32nd', 8],
        ['Checked in and played', 3],
      ]);
    });
  });

  it('rates a draw (a group or Swiss result) as half a win for both players', async () => {
    const [g, h] = [await newPlayer('DrawG'), await newPlayer('DrawH')];
    // Wednesday 16 June 2027: after every other game of this file, so no earlier test sees these players.
    const cup = await playedCup([g, h], '2027-06-16T10:00:00Z', [{ winner: 'a', score: [1, 1] }]);
    await db.admin.query(`update public.matches set winner_entry_id = null where tournament_id = $1`, [cup.id]);
    await setDatabaseClock(db, '2027-06-22T00:00:00Z');
    await runDueWork();
    const expected = await update(1500, 350, 0.06, [{ rating: 1500, deviation: 350, score: 0.5 }]);
    for (const who of [g, h]) {
      const page = await playerPage(who.publicId);
      expect(page.history).toHaveLength(1);
      expect(page.rating).toBeCloseTo(expected.rating, 6);
      expect(page.deviation).toBeCloseTo(expected.deviation, 6);
      expect(page.deviation).toBeLessThan(350);
    }
    await setDatabaseClock(db, null);
  });

  it('registers the rating as one step of the periodic function', async () => {
    const { rows } = await db.admin.query("select area, function_name from private.due_work_steps where name = 'rating_periods'");
    expect(rows).toEqual([{ area: 'ratings', function_name: 'private.run_due_rating_work' }]);
  });
});
