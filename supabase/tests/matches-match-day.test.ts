/**
 * Match day (docs/contract.md, Match day; docs/areas/matches.md): the game settings of each round, the host's
 * minutes before the guest may host, the guest's "settings checked" with Ready, and disconnections ruled by
 * the page from the two players' reports (restart, the minutes left with the score carried, or staff), with
 * the report window moved to 15 minutes after the replay's expected end. If these fail, players argue over
 * a disconnection in a chat group again, or a replay's result is refused as late.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createUser,
  engines,
  player,
  rpcOf,
  runDueWorkUntilDone,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';

const START = new Date('2027-06-08T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Match = {
  id: string;
  tournament_id: string;
  round: number;
  entry_a: string;
  entry_b: string;
  status: string;
  room_host: string;
  settings_checked_at: string | null;
  winner_entry_id: string | null;
  score_a: number | null;
  score_b: number | null;
};
type Ruling = { ruling: string; minutes_left: number | null; carried_score: [number, number] | null };

async function expectRefusal(promise: Promise<unknown>, code: string, hint: string): Promise<void> {
  const error = await promise.then(
    () => {
      throw new Error(`expected ${code} ${hint}, but the statement succeeded`);
    },
    (e: unknown) => e as { code?: string; hint?: string },
  );
  expect({ code: error.code, hint: error.hint }).toEqual({ code, hint });
}

describe.each(engines)('match day on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);
  const semiFinal = () => drawnSemiFinal<Match>(db, { start: START, title: 'Match Day Cup' });
  const matchRow = async (matchId: string) =>
    (await db.admin.query<Match>('select * from public.matches where id = $1', [matchId])).rows[0]!;
  const disconnection = (matchId: string, userId: string, minute: number, mine: number, theirs: number, quit?: boolean) =>
    rpc<Ruling>(
      player(userId),
      quit === undefined ? 'public.report_disconnection($1, $2, $3, $4)' : 'public.report_disconnection($1, $2, $3, $4, $5)',
      quit === undefined ? [matchId, minute, mine, theirs] : [matchId, minute, mine, theirs, quit],
    );
  async function report(matchId: string, userId: string, mine: number, theirs: number) {
    const name = `${matchId}/${userId}/result-${randomUUID().slice(0, 6)}.png`;
    await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [name, userId]);
    return rpc<{ status: string }>(player(userId), 'public.report_match($1, $2, $3, $4, $5)', [
      matchId,
      mine,
      theirs,
      String(mine > theirs),
      name,
    ]);
  }
  const bothReady = async (matchId: string, a: string, b: string) => {
    await rpc(player(a), 'public.set_ready($1)', [matchId]);
    await rpc(player(b), 'public.set_ready($1)', [matchId]);
  };
  const auditActions = async (matchId: string) =>
    (
      await db.admin.query<{ action: string }>('select action from public.audit_log where match_id = $1 order by at, id', [matchId])
    ).rows.map((row) => row.action);

  describe('settings', () => {
    it('answers the defaults to anyone, and PT404 for an unknown match', async () => {
      const { match } = await semiFinal();
      expect(await rpc(anon, 'public.get_match_settings($1)', [match.id])).toEqual({
        match_minutes: 10,
        extra_time: true,
        penalties: true,
        injuries: false,
        condition: 'Excellent',
        substitutions: 5,
      });
      // A knockout match needs a winner: a level score goes to extra time and penalties.
      expect(await rpc(anon, 'public.get_match_result_rule($1)', [match.id])).toEqual({ draw_is_result: false });
      await expectRefusal(rpc(anon, 'public.get_match_result_rule($1)', [randomUUID()]), 'PT404', 'match_not_found');
      await expectRefusal(rpc(anon, 'public.get_match_settings($1)', [randomUUID()]), 'PT404', 'match_not_found');
    });

    it('reads the series, then the edition, then the round: a longer final', async () => {
      const { match, tournamentId } = await semiFinal();
      const seriesId = `md-${randomUUID().slice(0, 8)}`;
      await db.admin.query(
        `insert into public.series (id, title, kind, format, entry_fee_paise, prize_pool_paise, capacity, check_in_opens_before,
                                    check_in_closes_before, match_settings)
         values ($1, 'Match Day Series', 'quick', 'Super 4', 10000, 0, 4, '60 minutes', '15 minutes',
                 '{"match_minutes": 8, "injuries": true, "condition": "Random", "rounds": {"final": {"match_minutes": 12, "substitutions": 6}}}')`,
        [seriesId],
      );
      await db.admin.query('update public.tournaments set series_id = $2 where id = $1', [tournamentId, seriesId]);
      const final = (
        await db.admin.query<{ id: string }>('select id from public.matches where tournament_id = $1 and round = 2', [tournamentId])
      ).rows[0]!.id;
      expect(await rpc(anon, 'public.get_match_settings($1)', [match.id])).toMatchObject({
        match_minutes: 8,
        injuries: true,
        condition: 'Random',
        substitutions: 5,
      });
      expect(await rpc(anon, 'public.get_match_settings($1)', [final])).toMatchObject({
        match_minutes: 12,
        substitutions: 6,
        injuries: true,
      });
      // The edition's own settings win over its series'.
      await db.admin.query(`update public.tournaments set match_settings = '{"match_minutes": 15, "extra_time": false}' where id = $1`, [
        tournamentId,
      ]);
      expect(await rpc(anon, 'public.get_match_settings($1)', [match.id])).toMatchObject({
        match_minutes: 15,
        extra_time: false,
        injuries: false,
      });
      expect(await rpc(anon, 'public.get_match_settings($1)', [final])).toMatchObject({ match_minutes: 15 });
    });

    it('refuses settings outside the game’s words and ranges', async () => {
      const { tournamentId } = await semiFinal();
      for (const bad of [
        '{"match_minutes": 2}',
        '{"condition": "Superb"}',
        '{"extra_time": "yes"}',
        '{"rounds": {"group": {}}}',
        '{"halves": 2}',
      ]) {
        await expect(
          db.admin.query('update public.tournaments set match_settings = $2::jsonb where id = $1', [tournamentId, bad]),
        ).rejects.toMatchObject({ code: '23514' });
      }
    });
  });

  describe('host duty', () => {
    it('lets the guest host once the host’s 5 minutes after Ready opens have passed, and tells staff', async () => {
      const { match, a, b } = await semiFinal();
      const referee = await createUser(db);
      await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
      await setDatabaseClock(db, at(-1));
      await expectRefusal(rpc(player(b), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-B', 'pw']), 'PT403', 'not_the_host');
      await setDatabaseClock(db, at(0));
      expect(await rpc(player(b), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-B', 'pw'])).toMatchObject({ host: 'b' });
      expect((await matchRow(match.id)).room_host).toBe('b');
      expect(await rpc(player(a), 'public.get_match_room($1)', [match.id])).toMatchObject({ room_id: 'ROOM-B', password: 'pw' });
      // The host who comes late no longer overwrites the guest's room.
      await expectRefusal(rpc(player(a), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-A', 'pw']), 'PT403', 'not_the_host');
      expect(await auditActions(match.id)).toContain('guest_hosts');
      const alerts = await db.admin.query('select 1 from public.notifications where user_id = $1 and kind = $2', [
        referee.id,
        'staff_alert',
      ]);
      expect(alerts.rows).toHaveLength(1);
      // The room message goes to the top-slot player, who did not post it, with the round's settings; not to its poster.
      const roomMessages = async (userId: string) =>
        (
          await db.admin.query<{ body: string }>(`select body from public.notifications where user_id = $1 and kind = 'room_posted'`, [
            userId,
          ])
        ).rows.map((row) => row.body);
      expect(await roomMessages(b)).toEqual([]);
      const [message] = await roomMessages(a);
      expect(message).toMatch(
        /posted the room id and password\. Check the settings: Match Time \d+ min, Extra Time (On|Off), Penalties (On|Off), Injuries (On|Off), Condition \w+, \d+ substitutions\.$/,
      );
      // Now the top-slot player is the guest: they confirm the settings with Ready.
      await expectRefusal(rpc(player(a), 'public.set_ready($1, $2)', [match.id, false]), 'PT400', 'settings_not_checked');
    });

    it('keeps the room with the host who posts in time', async () => {
      const { match, a, b } = await semiFinal();
      await setDatabaseClock(db, at(-3));
      await rpc(player(a), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-A', 'pw']);
      await setDatabaseClock(db, at(2));
      await expectRefusal(rpc(player(b), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-B', 'pw']), 'PT403', 'not_the_host');
      expect((await matchRow(match.id)).room_host).toBe('a');
    });

    it('has the guest tick "settings checked" as part of Ready', async () => {
      const { match, a, b } = await semiFinal();
      await setDatabaseClock(db, at(-2));
      await expectRefusal(rpc(player(b), 'public.set_ready($1, $2)', [match.id, false]), 'PT400', 'settings_not_checked');
      expect((await matchRow(match.id)).settings_checked_at).toBeNull();
      // The host sets the room up: nothing to check.
      expect(await rpc(player(a), 'public.set_ready($1, $2)', [match.id, false])).toMatchObject({
        ready: [true, false],
        settings_checked: false,
      });
      // Without the argument the guest's Ready says the settings were checked.
      expect(await rpc(player(b), 'public.set_ready($1)', [match.id])).toMatchObject({ status: 'ready', settings_checked: true });
      expect(await auditActions(match.id)).toContain('settings_checked');
    });
  });

  describe('disconnections', () => {
    it('restarts an agreed disconnection by the cut-off minute at 0–0, the earlier minute counting', async () => {
      const { match, a, b } = await semiFinal();
      await setDatabaseClock(db, at(0));
      await bothReady(match.id, a, b);
      await setDatabaseClock(db, at(6));
      expect(await disconnection(match.id, a, 13, 0, 0)).toEqual({ ruling: 'awaiting_opponent', minutes_left: null, carried_score: null });
      expect(await disconnection(match.id, b, 12, 0, 0)).toEqual({ ruling: 'restart', minutes_left: null, carried_score: [0, 0] });
      const row = await matchRow(match.id);
      expect(row.status).toBe('ready');
      const state = await rpc<{ ruling: string; minute: number; reports: unknown[] }>(player(a), 'public.get_match_disconnections($1)', [
        match.id,
      ]);
      expect(state).toMatchObject({ ruling: 'restart', minute: 12, carried_score: [0, 0] });
      expect(state.reports).toHaveLength(2);
      expect(await auditActions(match.id)).toEqual(expect.arrayContaining(['disconnection_reported', 'disconnection_ruled']));
    });

    it('plays the minutes left with the score carried in entry order, and takes the total as the final report', async () => {
      const { match, a, b } = await semiFinal();
      await setDatabaseClock(db, at(0));
      await bothReady(match.id, a, b);
      await setDatabaseClock(db, at(8));
      await disconnection(match.id, b, 60, 0, 1);
      expect(await disconnection(match.id, a, 61, 1, 0)).toEqual({ ruling: 'play_remaining', minutes_left: 30, carried_score: [1, 0] });
      await setDatabaseClock(db, at(30));
      await report(match.id, a, 2, 1);
      expect(await report(match.id, b, 1, 2)).toMatchObject({ status: 'confirmed' });
      expect(await matchRow(match.id)).toMatchObject({ score_a: 2, score_b: 1, winner_entry_id: match.entry_a });
    });

    it('counts extra time from 120', async () => {
      const { match, a, b } = await semiFinal();
      await setDatabaseClock(db, at(5));
      await disconnection(match.id, a, 100, 1, 1);
      expect(await disconnection(match.id, b, 101, 1, 1)).toEqual({ ruling: 'play_remaining', minutes_left: 20, carried_score: [1, 1] });
      const level = await semiFinal();
      await setDatabaseClock(db, at(5));
      await disconnection(level.match.id, level.a, 90, 2, 2);
      expect(await disconnection(level.match.id, level.b, 90, 2, 2)).toMatchObject({ ruling: 'play_remaining', minutes_left: 30 });
    });

    it('follows the series’ cut-off minute', async () => {
      const { match, a, b, tournamentId } = await semiFinal();
      await db.admin.query(`update public.tournaments set match_settings = '{"restart_by_minute": 10}' where id = $1`, [tournamentId]);
      await setDatabaseClock(db, at(5));
      await disconnection(match.id, a, 12, 0, 0);
      expect(await disconnection(match.id, b, 12, 0, 0)).toEqual({ ruling: 'play_remaining', minutes_left: 78, carried_score: [0, 0] });
    });

    it('extends the report window to 15 minutes after the replay’s expected end', async () => {
      const { match, a, b } = await semiFinal();
      const other = await semiFinal();
      await setDatabaseClock(db, at(0));
      await bothReady(match.id, a, b);
      await bothReady(other.match.id, other.a, other.b);
      await setDatabaseClock(db, at(15));
      await disconnection(match.id, a, 12, 0, 0);
      await disconnection(match.id, b, 12, 0, 0);
      // Restart at T+15: 5 host minutes, 10 real minutes for 90 game minutes (+30 extra time: 14), 3 for penalties.
      const state = await rpc<{ replay_ends_at: string; report_closes_at: string }>(player(a), 'public.get_match_disconnections($1)', [
        match.id,
      ]);
      expect(new Date(state.replay_ends_at).toISOString()).toBe(at(37));
      expect(new Date(state.report_closes_at).toISOString()).toBe(at(52));
      await setDatabaseClock(db, at(50));
      await expectRefusal(report(other.match.id, other.a, 1, 0), 'PT409', 'too_late');
      expect(await report(match.id, a, 1, 0)).toMatchObject({ status: 'reported' });
      // No "no result" dispute for the replay before its window closes.
      await runDueWorkUntilDone(db);
      expect((await matchRow(match.id)).status).toBe('reported');
      expect((await matchRow(other.match.id)).status).toBe('disputed');
      await setDatabaseClock(db, at(53));
      await expectRefusal(report(match.id, b, 0, 1), 'PT409', 'too_late');
    });

    it('sends disagreeing reports to staff with both accounts', async () => {
      const { match, a, b } = await semiFinal();
      const referee = await createUser(db);
      await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
      await setDatabaseClock(db, at(10));
      await disconnection(match.id, a, 30, 1, 0);
      expect(await disconnection(match.id, b, 30, 1, 0)).toEqual({ ruling: 'disputed', minutes_left: null, carried_score: null });
      expect((await matchRow(match.id)).status).toBe('disputed');
      const queue = await rpc<Array<{ match_id: string; reason: string; statements: Array<{ entry_id: string; details: string }> }>>(
        player(referee.id, referee.email, 'aal2'),
        'public.staff_list_disputes()',
      );
      const dispute = queue.find((item) => item.match_id === match.id)!;
      expect(dispute.reason).toBe('disconnection');
      expect(dispute.statements.map((s) => [s.entry_id, s.details])).toEqual(
        expect.arrayContaining([
          [match.entry_a, expect.stringMatching(/minute 30 with the score TestFC 1–0 TestFC/)],
          [match.entry_b, expect.stringMatching(/minute 30 with the score TestFC 0–1 TestFC/)],
        ]),
      );
      await expectRefusal(disconnection(match.id, a, 31, 1, 0), 'PT409', 'match_disputed');
    });

    it('sends minutes more than 2 apart, a quit claim, a shoot-out, a second disconnection and a second report by one player to staff', async () => {
      const apart = await semiFinal();
      const quit = await semiFinal();
      const shootOut = await semiFinal();
      const twice = await semiFinal();
      const second = await semiFinal();
      await setDatabaseClock(db, at(10));
      await disconnection(apart.match.id, apart.a, 30, 0, 0);
      expect((await disconnection(apart.match.id, apart.b, 33, 0, 0)).ruling).toBe('disputed');

      expect((await disconnection(quit.match.id, quit.a, 5, 0, 0, true)).ruling).toBe('disputed');
      expect((await matchRow(quit.match.id)).status).toBe('disputed');

      await disconnection(shootOut.match.id, shootOut.a, 120, 2, 2);
      expect((await disconnection(shootOut.match.id, shootOut.b, 120, 2, 2)).ruling).toBe('disputed');

      await disconnection(twice.match.id, twice.a, 40, 1, 0);
      expect((await disconnection(twice.match.id, twice.a, 41, 1, 0)).ruling).toBe('disputed');

      await disconnection(second.match.id, second.a, 40, 1, 0);
      expect((await disconnection(second.match.id, second.b, 40, 0, 1)).ruling).toBe('play_remaining');
      expect((await disconnection(second.match.id, second.b, 70, 0, 1)).ruling).toBe('disputed');
      expect((await matchRow(second.match.id)).status).toBe('disputed');
      const reasons = await db.admin.query<{ details: string }>('select details from public.match_disputes where match_id = $1', [
        second.match.id,
      ]);
      expect(reasons.rows[0]?.details).toBe('A second disconnection in this match.');
    });

    it('refuses a minute or a score out of range, a stranger and a match already reported', async () => {
      const { match, a, b } = await semiFinal();
      await setDatabaseClock(db, at(5));
      await expectRefusal(disconnection(match.id, a, 121, 0, 0), 'PT400', 'invalid_minute');
      await expectRefusal(disconnection(match.id, a, -1, 0, 0), 'PT400', 'invalid_minute');
      await expectRefusal(disconnection(match.id, a, 30, 100, 0), 'PT400', 'invalid_score');
      await expectRefusal(disconnection(match.id, a, 30, 0, -1), 'PT400', 'invalid_score');
      const stranger = await createUser(db);
      await expectRefusal(disconnection(match.id, stranger.id, 30, 0, 0), 'PT403', 'not_your_match');
      await expectRefusal(disconnection(randomUUID(), a, 30, 0, 0), 'PT404', 'match_not_found');
      await expect(rpc(anon, 'public.report_disconnection($1, 1, 0, 0)', [match.id])).rejects.toMatchObject({ code: '42501' });
      await report(match.id, b, 0, 1);
      await expectRefusal(disconnection(match.id, a, 30, 0, 0), 'PT409', 'result_reported');
      // The fixture's clock stands an hour before the match.
      const early = await semiFinal();
      await expectRefusal(disconnection(early.match.id, early.a, 3, 0, 0), 'PT409', 'too_early');
    });
  });
});
