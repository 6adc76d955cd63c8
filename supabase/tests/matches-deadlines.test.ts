/**
 * Every deadline of a match holds when a player acts, whether or not the periodic function has run since
 * (docs/areas/matches.md, Playing a match; docs/areas/foundation.md). Each test moves the clock past a deadline and never
 * runs due work before the player acts: the acting function refuses with the deadline's own hint, or takes
 * the decision the periodic function would have taken and answers the match as it now is. If these fail,
 * a result that was already confirmed by its deadline can still be disputed, reported over or re-played.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
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
  rpcOf,
  runDueWorkUntilDone as runDueWorkUntilDoneOf,
} from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';

const START = new Date('2027-05-11T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Match = {
  id: string;
  round: number;
  position: number;
  entry_a: string;
  entry_b: string;
  status: string;
  winner_entry_id: string | null;
};

describe.each(engines)('match deadlines held by the acting function on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  const semiFinal = () => drawnSemiFinal<Match>(db, { start: START, title: 'Deadline Cup' });

  const matchRow = async (matchId: string) =>
    (await db.admin.query<Match>('select * from public.matches where id = $1', [matchId])).rows[0]!;

  async function report(matchId: string, userId: string, mine: number, theirs: number, wentThrough: boolean) {
    const name = `${matchId}/${userId}/result-${randomUUID().slice(0, 6)}.png`;
    await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [name, userId]);
    return rpc<{ status: string }>(player(userId), 'public.report_match($1, $2, $3, $4, $5)', [
      matchId,
      mine,
      theirs,
      String(wentThrough),
      name,
    ]);
  }

  const ready = (matchId: string, userId: string) => rpc(player(userId), 'public.set_ready($1)', [matchId]);

  const runDueWorkUntilDone = () => runDueWorkUntilDoneOf(db);

  it('refuses a dispute 11 minutes after a lone report: it was confirmed automatically at 10', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await setDatabaseClock(db, at(5));
    await report(match.id, a, 2, 1, true);
    await setDatabaseClock(db, at(16));
    await expectSqlError(
      rpc(player(b), 'public.dispute_match($1, $2, $3)', [match.id, 'wrong_score', 'It was 1-2']),
      'PT409',
      'confirmed automatically',
    );
    // Nothing changed, and the periodic function then writes down what the refusal said.
    expect((await matchRow(match.id)).status).toBe('reported');
    await runDueWorkUntilDone();
    expect(await matchRow(match.id)).toMatchObject({ status: 'confirmed', winner_entry_id: match.entry_a });
  });

  it('accepts a dispute at 9 minutes 59 after a lone report', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await setDatabaseClock(db, at(5));
    await report(match.id, a, 2, 1, true);
    await setDatabaseClock(db, new Date(Date.parse(at(15)) - 1000).toISOString());
    expect(await rpc(player(b), 'public.dispute_match($1, $2, $3)', [match.id, 'wrong_score', null])).toMatchObject({ status: 'disputed' });
  });

  it("refuses the opponent's own report once the lone report was confirmed automatically", async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await ready(match.id, b);
    await setDatabaseClock(db, at(10));
    await report(match.id, a, 3, 0, true);
    await setDatabaseClock(db, at(21));
    await expectSqlError(report(match.id, b, 3, 0, true), 'PT409', 'confirmed automatically');
  });

  it('answers a late confirmation with the automatic confirmation the deadline made', async () => {
    const { tournamentId, match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await setDatabaseClock(db, at(2));
    await report(match.id, a, 1, 0, true);
    await setDatabaseClock(db, at(30));
    expect(await rpc(player(b), 'public.confirm_match($1)', [match.id])).toMatchObject({
      status: 'confirmed',
      winner_entry_id: match.entry_a,
    });
    const changes = await rpc<Array<{ action: string; reason: string | null }>>(anon, 'public.get_tournament_changes($1)', [tournamentId]);
    expect(changes.find((change) => change.action.startsWith('result_'))).toMatchObject({ action: 'result_auto_confirmed' });
  });

  it('refuses to contest a walkover 6 minutes after the claim, and gives the claimant the match when they ask again', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await setDatabaseClock(db, at(11));
    await rpc(player(a), 'public.claim_walkover($1)', [match.id]);
    await setDatabaseClock(db, at(17));
    await expectSqlError(
      rpc(player(b), 'public.dispute_match($1, $2, $3)', [match.id, 'no_show', 'I was in the room']),
      'PT409',
      'not contested within 5 minutes',
    );
    await expectSqlError(report(match.id, b, 2, 0, true), 'PT409', 'walkover stands');
    expect(await rpc(player(a), 'public.claim_walkover($1)', [match.id])).toMatchObject({ status: 'confirmed' });
    expect(await matchRow(match.id)).toMatchObject({ status: 'confirmed', winner_entry_id: match.entry_a });
  });

  it('takes a contest within the 5 minutes', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await setDatabaseClock(db, at(11));
    await rpc(player(a), 'public.claim_walkover($1)', [match.id]);
    await setDatabaseClock(db, at(15));
    expect(await rpc(player(b), 'public.dispute_match($1, $2, $3)', [match.id, 'no_show', 'I was in the room'])).toMatchObject({
      status: 'disputed',
    });
  });

  it('refuses a report after Ready closed when neither player was ready: both are out', async () => {
    const { match, a } = await semiFinal();
    await setDatabaseClock(db, at(20));
    await expectSqlError(report(match.id, a, 2, 0, true), 'PT409', 'Neither player pressed Ready');
    await expectSqlError(rpc(player(a), 'public.dispute_match($1, $2, $3)', [match.id, 'no_show', null]), 'PT409', 'both are out');
    await runDueWorkUntilDone();
    expect((await matchRow(match.id)).status).toBe('void');
  });

  it('refuses Ready and a new room once a lone report was confirmed automatically', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(-4));
    await report(match.id, a, 2, 0, true);
    await setDatabaseClock(db, at(7));
    await expectSqlError(ready(match.id, b), 'PT409', 'confirmed automatically');
    await expectSqlError(rpc(player(a), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-9', 'pw']), 'PT409', 'confirmed automatically');
  });

  it('refuses a room posted 45 minutes after the match time', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await ready(match.id, b);
    await setDatabaseClock(db, at(46));
    await expectSqlError(rpc(player(a), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-46', 'pw']), 'PT409', '45 minutes');
  });

  it('lets staff decide a match whose lone report is overdue, with their result', async () => {
    const { match, a } = await semiFinal();
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    await setDatabaseClock(db, at(0));
    await ready(match.id, a);
    await report(match.id, a, 2, 0, true);
    await setDatabaseClock(db, at(30));
    await rpc(player(referee.id, referee.email, 'aal2'), 'public.staff_settle_match($1, $2, $3, $4)', [
      match.id,
      match.entry_b,
      [0, 2],
      'The screenshot shows 0-2',
    ]);
    expect(await matchRow(match.id)).toMatchObject({ status: 'confirmed', winner_entry_id: match.entry_b });
  });

  describe('a match between two entries of one buyer', () => {
    /** The semi-final with both entries bought by the buyer of its first entry (a place bought for a friend). */
    async function oneBuyersSemiFinal() {
      const semi = await semiFinal();
      await db.admin.query('update public.entries set buyer_id = (select buyer_id from public.entries where id = $1) where id = $2', [
        semi.match.entry_a,
        semi.match.entry_b,
      ]);
      return semi;
    }

    async function referee(tournamentId: string | null) {
      const user = await createUser(db);
      await db.admin.query('insert into public.staff_roles (user_id, role, tournament_id) values ($1, $2, $3)', [
        user.id,
        'referee',
        tournamentId,
      ]);
      return player(user.id, user.email, 'aal2');
    }

    type Listed = { match_id: string; reason: string; details: string; opened_by_entry_id: string | null };
    const listedFor = async (staff: ReturnType<typeof player>, matchId: string) =>
      (await rpc<Listed[]>(staff, 'public.staff_list_disputes()')).find((dispute) => dispute.match_id === matchId);

    it('is not voided when neither player pressed Ready: the periodic work hands it to staff, who decide it', async () => {
      const { tournamentId, match, a } = await oneBuyersSemiFinal();
      await setDatabaseClock(db, at(20));
      // A player cannot slip a result in meanwhile either.
      await expectSqlError(report(match.id, a, 2, 0, true), 'PT409', 'bought together');
      await runDueWorkUntilDone();
      expect(await matchRow(match.id)).toMatchObject({ status: 'disputed', winner_entry_id: null });

      const staff = await referee(tournamentId);
      expect(await listedFor(staff, match.id)).toMatchObject({
        reason: 'no_show',
        details: expect.stringContaining('neither player pressed Ready'),
        opened_by_entry_id: null,
      });
      // A referee of another tournament does not see it.
      const elsewhere = await createTournament(db, { title: 'Another Cup' });
      expect(await listedFor(await referee(elsewhere.id), match.id)).toBeUndefined();

      await rpc(staff, 'public.staff_disqualify($1, $2, $3)', [match.id, match.entry_b, 'Neither showed up: one entry is withdrawn']);
      expect(await matchRow(match.id)).toMatchObject({ status: 'confirmed', winner_entry_id: match.entry_a });
    });

    it('does not give an uncontested walkover claim to the claimant: staff decide the match', async () => {
      const { tournamentId, match, a, b } = await oneBuyersSemiFinal();
      await setDatabaseClock(db, at(0));
      await ready(match.id, a);
      await setDatabaseClock(db, at(11));
      await rpc(player(a), 'public.claim_walkover($1)', [match.id]);
      await setDatabaseClock(db, at(17));
      await expectSqlError(report(match.id, b, 0, 3, false), 'PT409', 'staff decide');
      // The claimant asking again gets a dispute, not the match.
      expect(await rpc(player(a), 'public.claim_walkover($1)', [match.id])).toMatchObject({ status: 'disputed' });
      expect(await matchRow(match.id)).toMatchObject({ status: 'disputed', winner_entry_id: null });
      const staff = await referee(tournamentId);
      expect(await listedFor(staff, match.id)).toMatchObject({
        reason: 'no_show',
        details: expect.stringContaining('walkover was claimed'),
      });
      await rpc(staff, 'public.staff_settle_match($1, $2, $3, $4)', [match.id, match.entry_b, [0, 1], 'Played on stream: 0-1']);
      expect(await matchRow(match.id)).toMatchObject({ status: 'confirmed', winner_entry_id: match.entry_b });
    });

    it('is handed to staff by the periodic work alone, with no walkover written', async () => {
      const { match, a } = await oneBuyersSemiFinal();
      await setDatabaseClock(db, at(0));
      await ready(match.id, a);
      await setDatabaseClock(db, at(11));
      await rpc(player(a), 'public.claim_walkover($1)', [match.id]);
      await setDatabaseClock(db, at(17));
      await runDueWorkUntilDone();
      expect(await matchRow(match.id)).toMatchObject({ status: 'disputed', winner_entry_id: null });
      const actions = await db.admin.query<{ action: string }>('select action from public.audit_log where match_id = $1 order by id', [
        match.id,
      ]);
      expect(actions.rows.map((row) => row.action)).toEqual(['walkover_claimed', 'dispute_opened']);
    });
  });
  it('writes down a round of many owed decisions a few per run, oldest first, and refuses the rest meanwhile', async () => {
    // 32 players, 16 first-round matches, nobody ready: 16 matches owed "neither ready" at once. A day after the other
    // tests' tournaments, whose matches still owed a decision are written down at this draw's run (runDueWorkUntilDone).
    const start = new Date(START.getTime() + 24 * 3600_000);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
    const id = `many-deadlines-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Many Deadlines Cup', 'championship', 'Knockout', 15000, 60000, 32, 32, true, $2)`,
      [id, start.toISOString()],
    );
    for (let i = 0; i < 32; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await runDueWorkUntilDone();
    const firstRound = async () =>
      (
        await db.admin.query<Match & { scheduled_at: Date }>(
          'select * from public.matches where tournament_id = $1 and round = 1 order by scheduled_at, id',
          [id],
        )
      ).rows;
    expect((await firstRound()).map((m) => m.status)).toEqual(Array(16).fill('scheduled'));
    const [{ size }] = (await db.admin.query<{ size: number }>('select private.due_match_batch_size() as size')).rows as [{ size: number }];
    expect(size).toBeLessThan(16);

    await setDatabaseClock(db, at(11));
    const run = async () =>
      (
        await db.admin.query<{ r: { matches_void: number; match_decisions_left_for_next_run: number } }>(
          'select private.run_due_work() as r',
        )
      ).rows[0]!.r;
    expect(await run()).toMatchObject({ matches_void: size, match_decisions_left_for_next_run: 16 - size });
    const afterOne = await firstRound();
    // The oldest first (the order the periodic function reads them in), the others still scheduled.
    expect(afterOne.map((m) => m.status)).toEqual([...Array(size).fill('void'), ...Array(16 - size).fill('scheduled')]);
    // A match whose decision waits is already decided for its players: Ready is refused with the deadline's reason.
    const waiting = afterOne[size]!;
    const host = (await db.admin.query<{ player_id: string }>('select player_id from public.entries where id = $1', [waiting.entry_a]))
      .rows[0]!.player_id;
    await expectSqlError(ready(waiting.id, host), 'PT409', 'Neither player pressed Ready');

    // The next runs write down the rest, and then there is nothing left.
    let left = 16 - size;
    while (left > 0) {
      const result = await run();
      expect(result.matches_void).toBe(Math.min(size, left));
      left -= result.matches_void;
      expect(result.match_decisions_left_for_next_run).toBe(left);
    }
    expect((await firstRound()).map((m) => m.status)).toEqual(Array(16).fill('void'));
  });
});
