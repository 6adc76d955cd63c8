/**
 * The privacy rules across the features that came with them: an erased player is no longer public (off the
 * leaderboard, get_player PT404), a waitlist place is open play that holds a deletion back, the match chat
 * is deleted with the match's evidence (and kept while a dispute is open), and the export carries the
 * caller's own chat messages, waitlist places, alerts and rating, never the opponent's.
 * If these fail, a deleted player's page stays online, a player deletes their account with a paid waitlist
 * place pending, or a chat outlives the retention the notice promises.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, engines, expectSqlError, player, setDatabaseClock, startWithMovableClock, type TestDatabase, rpcOf } from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';

const START = new Date('2027-08-03T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();
type Semi = { id: string; entry_a: string; entry_b: string; tournament_id: string };

describe.each(engines)('privacy across the features on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine, { storageRules: true });
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);
  const semiFinal = () => drawnSemiFinal<Semi>(db, { start: START, title: 'Privacy Cup' });

  it('takes an erased player off the public pages: get_player answers PT404', async () => {
    const { a } = await semiFinal();
    const publicId = await rpc<string>(player(a), 'public.get_my_player_id()');
    expect(await rpc<{ in_game_name: string }>(anon, 'public.get_player($1)', [publicId])).toMatchObject({ in_game_name: 'TestFC' });
    await db.admin.query(`update public.profiles set erased_at = now() where id = $1`, [a]);
    await expectSqlError(rpc(anon, 'public.get_player($1)', [publicId]), 'PT404');
  });

  it('counts a waiting waitlist place as open play', async () => {
    const { tournamentId } = await semiFinal();
    const { a: other } = await semiFinal();
    await db.admin.query(
      `insert into public.waitlist_places (tournament_id, player_id, status, joined_at) values ($1, $2, 'waiting', now())`,
      [tournamentId, other],
    );
    const openPlay = async () =>
      (await db.admin.query<{ title: string | null }>('select private.account_open_play($1) as title', [other])).rows[0]!.title;
    expect(await openPlay()).toBe('Privacy Cup');
  });

  it('deletes the match chat with the evidence, and keeps it while a dispute is open', async () => {
    const first = await semiFinal();
    const second = await semiFinal();
    await setDatabaseClock(db, at(0));
    for (const { match, a } of [first, second]) await rpc(player(a), 'public.send_match_message($1, $2)', [match.id, 'Room posted']);
    await db.admin.query(
      `insert into public.match_disputes (match_id, reason, opened_by_entry_id, opened_at, deadline_at)
       values ($1, 'other', $2, $3, $4)`,
      [second.match.id, second.match.entry_a, at(5), at(20)],
    );
    await db.admin.query(`update public.tournaments set settled_at = $2 where id = any($1)`, [
      [first.tournamentId, second.tournamentId],
      at(60),
    ]);
    const messages = async (matchId: string) =>
      Number(
        (await db.admin.query<{ n: number }>('select count(*)::int as n from public.match_messages where match_id = $1', [matchId]))
          .rows[0]!.n,
      );

    await setDatabaseClock(db, at(60 + 89 * 24 * 60));
    // Every step: the clock jumps past the retention period, where pg_cron would have run every minute.
    await db.admin.query('select private.run_due_steps(true)');
    expect([await messages(first.match.id), await messages(second.match.id)]).toEqual([1, 1]);
    await setDatabaseClock(db, at(60 + 91 * 24 * 60));
    await db.admin.query('select private.run_due_steps(true)');
    expect([await messages(first.match.id), await messages(second.match.id)]).toEqual([0, 1]);
  });

  it("exports the caller's own chat messages, waitlist places, alerts and rating, not the opponent's", async () => {
    const { match, a, b, tournamentId } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await rpc(player(a), 'public.send_match_message($1, $2)', [match.id, 'I am in the room']);
    await rpc(player(b), 'public.send_match_message($1, $2)', [match.id, 'Joining now']);
    await db.admin.query(
      `insert into public.waitlist_places (tournament_id, player_id, status, joined_at) values ($1, $2, 'waiting', now())`,
      [tournamentId, a],
    );
    await setDatabaseClock(db, null);
    type Export = {
      match_chat: { messages: Array<{ body: string }> };
      waitlist: unknown[];
      alerts: { push_devices: unknown[] };
      rating: { player_id: string };
    };
    const mine = await rpc<Export>(player(a), 'public.export_my_data()');
    expect(mine.match_chat.messages.map((m) => m.body)).toEqual(['I am in the room']);
    expect(mine.waitlist).toHaveLength(1);
    expect(mine.alerts.push_devices).toEqual([]);
    expect(mine.rating.player_id).toMatch(/^[0-9a-f]{16}$/);
    const theirs = await rpc<Export>(player(b), 'public.export_my_data()');
    expect(theirs.match_chat.messages.map((m) => m.body)).toEqual(['Joining now']);
    expect(theirs.waitlist).toEqual([]);
  });
});
