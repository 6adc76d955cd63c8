/**
 * Playing a match (docs/areas/matches.md, Playing a match): the room, Ready, reports with screenshots, walkovers, double
 * no-shows, disputes settled by staff, and the winner moving on until the final finishes the tournament.
 * The clock is moved, never waited for. If these fail, a third player reads a room password, a single
 * report never confirms, a no-show wins, or a result does not reach the next round.
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
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
} from './helpers.ts';

const START = new Date('2027-04-20T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Match = {
  id: string;
  round: number;
  position: number;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
  winner_entry_id: string | null;
  score_a: number | null;
  score_b: number | null;
  scheduled_at: Date;
};

describe.each(engines)('playing matches on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  /** A championship of `size` entries (4: two semi-finals and a final) drawn at check-in close. */
  async function drawnCup(size = 4) {
    const id = `play-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Play Cup', 'championship', 'Knockout', 15000, 60000, $3, $3, true, $2)`,
      [id, START.toISOString(), size],
    );
    const playerOf = new Map<string, string>();
    for (let i = 0; i < size; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, `p${i + 1}`]);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    for (const row of (
      await db.admin.query<{ id: string; player_id: string }>('select id, player_id from public.entries where tournament_id = $1', [id])
    ).rows) {
      playerOf.set(row.id, row.player_id);
    }
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    return { id, playerOf };
  }

  const nameOf = async (userId: string) =>
    (await db.admin.query<{ name: string }>('select in_game_name as name from public.profiles where id = $1', [userId])).rows[0]!.name;

  const matchesOf = async (tournamentId: string) =>
    (await db.admin.query<Match>('select * from public.matches where tournament_id = $1 order by round, position', [tournamentId])).rows;

  async function screenshot(matchId: string, userId: string) {
    const name = `${matchId}/${userId}/result-${randomUUID().slice(0, 6)}.png`;
    await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [name, userId]);
    return name;
  }

  async function report(matchId: string, userId: string, mine: number, theirs: number, wentThrough: boolean | string) {
    return rpc<{ status: string }>(player(userId), 'public.report_match($1, $2, $3, $4, $5)', [
      matchId,
      mine,
      theirs,
      String(wentThrough),
      await screenshot(matchId, userId),
    ]);
  }

  /** Both players of every match of `round` press Ready at the match time, as players do before they play. */
  async function readyRound(cup: { id: string; playerOf: Map<string, string> }, round: number) {
    for (const match of (await matchesOf(cup.id)).filter((m) => m.round === round && m.status === 'scheduled')) {
      await setDatabaseClock(db, match.scheduled_at.toISOString());
      for (const entry of [match.entry_a!, match.entry_b!]) await rpc(player(cup.playerOf.get(entry)!), 'public.set_ready($1)', [match.id]);
    }
  }

  it('shows the room to the two players and staff only, posted by the top-slot player', async () => {
    const cup = await drawnCup();
    const [semi, other] = await matchesOf(cup.id);
    const host = cup.playerOf.get(semi!.entry_a!)!;
    const guest = cup.playerOf.get(semi!.entry_b!)!;
    const third = cup.playerOf.get(other!.entry_a!)!;
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);

    await expectSqlError(rpc(player(guest), 'public.post_room($1, $2, $3)', [semi!.id, 'ROOM-1', 'pw']), 'PT403', 'top-slot');
    await expectSqlError(rpc(player(host), 'public.post_room($1, $2, $3)', [semi!.id, '', 'pw']), 'PT400');
    await rpc(player(host), 'public.post_room($1, $2, $3)', [semi!.id, 'ROOM-123', 'golazo']);
    for (const reader of [player(host), player(guest), player(referee.id, referee.email, 'aal2')]) {
      expect(await rpc(reader, 'public.get_match_room($1)', [semi!.id])).toMatchObject({ room_id: 'ROOM-123', password: 'golazo' });
    }
    await expectSqlError(rpc(player(third), 'public.get_match_room($1)', [semi!.id]), 'PT403', 'two players');
    await expectSqlError(rpc(anon, 'public.get_match_room($1)', [semi!.id]), '42501');
    // The evidence bucket follows the same rule.
    const path = await screenshot(semi!.id, guest);
    expect(await db.as(player(guest), `select name from storage.objects where name = $1`, [path])).toHaveLength(1);
    expect(await db.as(player(third), `select name from storage.objects where name = $1`, [path])).toHaveLength(0);
    await expectSqlError(
      db.as(player(third), `insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [
        `${semi!.id}/${third}/fake.png`,
        third,
      ]),
      '42501',
    );
  });

  it('confirms agreeing reports at once and moves the winner into the final, rescheduled after the break', async () => {
    const cup = await drawnCup();
    const [semi] = await matchesOf(cup.id);
    const a = cup.playerOf.get(semi!.entry_a!)!;
    const b = cup.playerOf.get(semi!.entry_b!)!;
    await setDatabaseClock(db, at(-10));
    await expectSqlError(report(semi!.id, a, 2, 1, true), 'PT409', '5 minutes before');
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(20));
    expect(await report(semi!.id, a, 2, 1, true)).toMatchObject({ status: 'reported' });
    // More goals but "my opponent went through" cannot be right.
    await expectSqlError(report(semi!.id, b, 2, 1, false), 'PT400', 'more goals');
    expect(await report(semi!.id, b, 1, 2, false)).toMatchObject({ status: 'confirmed' });

    const [done, , final] = await matchesOf(cup.id);
    expect(done).toMatchObject({ status: 'confirmed', winner_entry_id: semi!.entry_a, score_a: 2, score_b: 1 });
    expect(final!.entry_a).toBe(semi!.entry_a);
    expect(final!.status).toBe('pending');
    const changes = await rpc<Array<{ action: string; summary: string }>>(anon, 'public.get_tournament_changes($1)', [cup.id]);
    expect(changes[0]).toMatchObject({ action: 'result_confirmed', summary: expect.stringMatching(/^p\d beat p\d 2–1 \(round 1\)$/) });
  });

  it('auto-confirms a single report after 10 minutes; a level score needs the shoot-out winner', async () => {
    const cup = await drawnCup();
    const [semi] = await matchesOf(cup.id);
    const b = cup.playerOf.get(semi!.entry_b!)!;
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(15));
    await report(semi!.id, b, 1, 1, true);
    await setDatabaseClock(db, at(24));
    await db.admin.query('select private.run_due_work()');
    expect((await matchesOf(cup.id))[0]!.status).toBe('reported');
    await setDatabaseClock(db, at(26));
    await db.admin.query('select private.run_due_work()');
    expect((await matchesOf(cup.id))[0]).toMatchObject({ status: 'confirmed', winner_entry_id: semi!.entry_b, score_a: 1, score_b: 1 });
  });

  it('opens a dispute for disagreeing reports, settled by a referee with a public result', async () => {
    const cup = await drawnCup();
    const [semi] = await matchesOf(cup.id);
    const a = cup.playerOf.get(semi!.entry_a!)!;
    const b = cup.playerOf.get(semi!.entry_b!)!;
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(20));
    await report(semi!.id, a, 3, 0, true);
    expect(await report(semi!.id, b, 2, 1, true)).toMatchObject({ status: 'disputed' });
    // Both players (and nobody else) read both reports and the dispute's staff deadline.
    const details = await rpc<{ reports: Array<{ score: number[] }>; dispute: { reason: string; deadline_at: string } }>(
      player(a),
      'public.get_match_reports($1)',
      [semi!.id],
    );
    expect(details.reports.map((r) => r.score)).toEqual([
      [3, 0],
      [1, 2],
    ]);
    expect(details.dispute.reason).toBe('wrong_score');
    expect(new Date(details.dispute.deadline_at).toISOString()).toBe(at(80));
    const outsider = cup.playerOf.get((await matchesOf(cup.id))[1]!.entry_a!)!;
    await expectSqlError(rpc(player(outsider), 'public.get_match_reports($1)', [semi!.id]), 'PT403');
    await expectSqlError(report(semi!.id, a, 3, 0, true), 'PT409', 'dispute');
    // The referee's queue holds it, with the two players and the deadline; players have no queue.
    const queue = await rpc<Array<{ match_id: string; tournament_id: string; reason: string; deadline_at: string; entries: unknown[] }>>(
      player(referee.id, referee.email, 'aal2'),
      'public.staff_list_disputes()',
    );
    const queued = queue.find((row) => row.match_id === semi!.id);
    expect(queued).toMatchObject({ tournament_id: cup.id, reason: 'wrong_score', round: 1, rounds: 2 });
    expect(queued?.entries).toEqual([
      { entry_id: semi!.entry_a, in_game_name: await nameOf(a) },
      { entry_id: semi!.entry_b, in_game_name: await nameOf(b) },
    ]);
    expect(new Date(queued!.deadline_at).toISOString()).toBe(at(80));
    await expectSqlError(rpc(player(a), 'public.staff_list_disputes()'), 'PT403');
    await expectSqlError(
      rpc(player(a), 'public.staff_settle_match($1, $2, $3, $4)', [semi!.id, semi!.entry_a, [3, 0], 'Screenshot shows 3-0']),
      'PT403',
    );
    await expectSqlError(
      rpc(player(referee.id, referee.email, 'aal2'), 'public.staff_settle_match($1, $2, $3, $4)', [semi!.id, semi!.entry_b, [3, 0], 'x']),
      'PT400',
    );
    const settled = await rpc(player(referee.id, referee.email, 'aal2'), 'public.staff_settle_match($1, $2, $3, $4)', [
      semi!.id,
      semi!.entry_a,
      [3, 0],
      'The screenshot shows 3-0',
    ]);
    expect(settled).toMatchObject({ status: 'confirmed', winner_entry_id: semi!.entry_a });
    const changes = await rpc<Array<{ action: string; reason: string; actor: string }>>(anon, 'public.get_tournament_changes($1)', [
      cup.id,
    ]);
    expect(changes[0]).toMatchObject({ action: 'result_set_by_staff', reason: 'The screenshot shows 3-0', actor: 'Referee' });
    const after = await rpc<Array<{ match_id: string }>>(player(referee.id, referee.email, 'aal2'), 'public.staff_list_disputes()');
    expect(after.map((row) => row.match_id)).not.toContain(semi!.id);
  });

  it('gives a walkover to the ready player when the other neither shows nor contests, and a dispute when contested', async () => {
    const cup = await drawnCup();
    const [semi, other] = await matchesOf(cup.id);
    const a = cup.playerOf.get(semi!.entry_a!)!;
    const c = cup.playerOf.get(other!.entry_a!)!;
    const d = cup.playerOf.get(other!.entry_b!)!;
    await setDatabaseClock(db, at(-3));
    await rpc(player(a), 'public.set_ready($1)', [semi!.id]);
    await rpc(player(c), 'public.set_ready($1)', [other!.id]);
    await expectSqlError(rpc(player(a), 'public.claim_walkover($1)', [semi!.id]), 'PT409', '10 minutes');
    await setDatabaseClock(db, at(11));
    await expectSqlError(rpc(player(d), 'public.set_ready($1)', [other!.id]), 'PT409', '10 minutes after');
    await rpc(player(a), 'public.claim_walkover($1)', [semi!.id]);
    await rpc(player(c), 'public.claim_walkover($1)', [other!.id]);
    await rpc(player(d), 'public.dispute_match($1, $2, $3)', [other!.id, 'no_show', 'I was in the room, see my screenshot']);
    await setDatabaseClock(db, at(17));
    await db.admin.query('select private.run_due_work()');
    const [first, second, final] = await matchesOf(cup.id);
    expect(first).toMatchObject({ status: 'confirmed', winner_entry_id: semi!.entry_a });
    expect(second!.status).toBe('disputed');
    expect(final!.entry_a).toBe(semi!.entry_a);
  });

  it('puts both players out when neither is ready, and sends the other semi-final winner through', async () => {
    const cup = await drawnCup();
    const [, other] = await matchesOf(cup.id);
    const c = cup.playerOf.get(other!.entry_a!)!;
    const d = cup.playerOf.get(other!.entry_b!)!;
    await setDatabaseClock(db, at(-3));
    await rpc(player(c), 'public.set_ready($1)', [other!.id]);
    await rpc(player(d), 'public.set_ready($1)', [other!.id]);
    await setDatabaseClock(db, at(11));
    await db.admin.query('select private.run_due_work()');
    expect((await matchesOf(cup.id)).map((m) => m.status)).toEqual(['void', 'ready', 'pending']);
    await setDatabaseClock(db, at(20));
    await report(other!.id, c, 1, 0, true);
    await report(other!.id, d, 0, 1, false);
    const [first, , final] = await matchesOf(cup.id);
    expect(first!.status).toBe('void');
    expect(final).toMatchObject({ status: 'confirmed', winner_entry_id: other!.entry_a });
    const state = await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id]);
    expect(state.status).toBe('finished');
  });

  it('plays a whole bracket to the final and finishes the tournament', async () => {
    const cup = await drawnCup();
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(20));
    for (const match of (await matchesOf(cup.id)).filter((m) => m.round === 1)) {
      await report(match.id, cup.playerOf.get(match.entry_a!)!, 2, 0, true);
      await report(match.id, cup.playerOf.get(match.entry_b!)!, 0, 2, false);
    }
    const final = (await matchesOf(cup.id))[2]!;
    expect(final.status).toBe('scheduled');
    // The final was due at start + 60 min; it starts no earlier than 10 minutes after both finalists are known.
    expect(final.scheduled_at.toISOString()).toBe(at(60));
    await readyRound(cup, 2);
    await setDatabaseClock(db, at(70));
    await report(final.id, cup.playerOf.get(final.entry_a!)!, 4, 3, true);
    await report(final.id, cup.playerOf.get(final.entry_b!)!, 3, 4, false);
    const state = await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id]);
    expect(state.status).toBe('finished');
    const bracket = await rpc<{ rounds: Array<{ matches: Array<{ score: number[]; status: string }> }> }>(anon, 'public.get_bracket($1)', [
      cup.id,
    ]);
    expect(bracket.rounds[1]!.matches[0]).toMatchObject({ score: [4, 3], status: 'confirmed' });
  });
  /** Both players of `match` report that entry a won `goalsA`-`goalsB` (a has more goals). */
  async function play(cup: { playerOf: Map<string, string> }, match: Match, goalsA = 2, goalsB = 0) {
    await report(match.id, cup.playerOf.get(match.entry_a!)!, goalsA, goalsB, true);
    return report(match.id, cup.playerOf.get(match.entry_b!)!, goalsB, goalsA, false);
  }

  it('places players by the round they went out in, and counts their real results', async () => {
    const cup = await drawnCup(8);
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(20));
    for (const m of (await matchesOf(cup.id)).filter((m) => m.round === 1)) await play(cup, m, 3, 1);
    await readyRound(cup, 2);
    await setDatabaseClock(db, at(80));
    for (const m of (await matchesOf(cup.id)).filter((m) => m.round === 2)) await play(cup, m, 1, 0);
    await readyRound(cup, 3);
    await setDatabaseClock(db, at(140));
    const final = (await matchesOf(cup.id)).find((m) => m.round === 3)!;
    await play(cup, final, 2, 1);
    const standings = await rpc<Array<{ place: string; entries: unknown[] }>>(anon, 'public.get_standings($1)', [cup.id]);
    expect(standings.map((band) => [band.place, band.entries.length])).toEqual([
      ['1st', 1],
      ['2nd', 1],
      ['3rd–4th', 2],
      ['5th–8th', 4],
    ]);
    const champion = cup.playerOf.get(final.entry_a!)!;
    const runnerUp = cup.playerOf.get(final.entry_b!)!;
    // Each player's history reads their own place.
    expect(await rpc(player(champion), 'public.get_my_places()')).toEqual([{ tournament_id: cup.id, place: '1st', from: 1, to: 1 }]);
    expect(await rpc(player(runnerUp), 'public.get_my_places()')).toEqual([{ tournament_id: cup.id, place: '2nd', from: 2, to: 2 }]);
    const firstOut = cup.playerOf.get((await matchesOf(cup.id))[0]!.entry_b!)!;
    expect(await rpc(player(firstOut), 'public.get_my_places()')).toEqual([{ tournament_id: cup.id, place: '5th–8th', from: 5, to: 8 }]);
    const [stats] = await db.as<Record<string, number>>(player(champion), 'select * from public.get_my_stats()');
    expect(stats).toMatchObject({
      matches_played: 3,
      matches_won: 3,
      matches_lost: 0,
      goals_scored: 6,
      goals_conceded: 2,
      titles: 1,
      win_rate_percent: 100,
    });
  });

  it('corrects a result: previews the later matches, then re-flows two rounds; refused once prizes are credited', async () => {
    const cup = await drawnCup(8);
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    const staff = player(referee.id, referee.email, 'aal2');
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(20));
    for (const m of (await matchesOf(cup.id)).filter((m) => m.round === 1)) await play(cup, m);
    await readyRound(cup, 2);
    await setDatabaseClock(db, at(80));
    for (const m of (await matchesOf(cup.id)).filter((m) => m.round === 2)) await play(cup, m);
    const quarter = (await matchesOf(cup.id))[0]!;
    const loser = quarter.entry_b!;

    const preview = await rpc<{ winner_changes: boolean; later_matches: Array<{ round: number; played: boolean }>; applied: boolean }>(
      staff,
      'public.staff_correct_result($1, $2, $3, $4, false)',
      [quarter.id, loser, [1, 2], 'The screenshot shows 1-2'],
    );
    expect(preview).toMatchObject({ winner_changes: true, applied: false });
    expect(preview.later_matches.map((m) => [m.round, m.played])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect((await matchesOf(cup.id))[0]!.winner_entry_id).toBe(quarter.entry_a);

    await setDatabaseClock(db, at(100));
    await rpc(staff, 'public.staff_correct_result($1, $2, $3, $4, true)', [quarter.id, loser, [1, 2], 'The screenshot shows 1-2']);
    const after = await matchesOf(cup.id);
    const semi = after.find((m) => m.round === 2 && m.position === 1)!;
    const final = after.find((m) => m.round === 3)!;
    expect(after[0]).toMatchObject({ winner_entry_id: loser, score_a: 1, score_b: 2 });
    expect(semi).toMatchObject({ entry_a: loser, status: 'scheduled', winner_entry_id: null, score_a: null });
    expect(semi.scheduled_at.toISOString()).toBe(at(110));
    expect(final.entry_a).toBeNull();
    const changes = await rpc<Array<{ action: string }>>(anon, 'public.get_tournament_changes($1)', [cup.id]);
    expect(changes.slice(0, 3).map((c) => c.action)).toEqual(['result_corrected', 'match_reset', 'match_reset']);

    await db.admin.query('update public.tournaments set settled_at = now() where id = $1', [cup.id]);
    const other = after.find((m) => m.round === 1 && m.position === 2)!;
    await expectSqlError(
      rpc(staff, 'public.staff_correct_result($1, $2, $3, $4, true)', [other.id, other.entry_b, [0, 1], 'Late evidence']),
      'PT409',
      'credited',
    );
  });

  it('replays a disputed match with new times and fresh reports', async () => {
    const cup = await drawnCup();
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    const [semi] = await matchesOf(cup.id);
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(20));
    await report(semi!.id, cup.playerOf.get(semi!.entry_a!)!, 1, 0, true);
    await rpc(player(cup.playerOf.get(semi!.entry_b!)!), 'public.dispute_match($1, $2, $3)', [
      semi!.id,
      'disconnection',
      "Lost connection at 60'",
    ]);
    const replay = await rpc<{ status: string; scheduled_at: string }>(
      player(referee.id, referee.email, 'aal2'),
      'public.staff_order_replay($1, $2)',
      [semi!.id, 'Disconnection confirmed by both'],
    );
    expect(replay.status).toBe('scheduled');
    expect(new Date(replay.scheduled_at).toISOString()).toBe(at(30));
    // The old report no longer counts: one new agreeing pair confirms.
    await readyRound(cup, 1);
    await setDatabaseClock(db, at(40));
    expect(await play(cup, (await matchesOf(cup.id))[0]!, 3, 2)).toMatchObject({ status: 'confirmed' });
  });
});
