/**
 * The match chat (docs/contract.md, Match day: send_match_message, get_match_messages): the two players and
 * staff of the tournament write in a short thread, oldest first, each message marked with its side, never
 * with an account. If these fail, a spectator reads the players' talk, a player floods the thread, a child
 * receives free text from an adult, or a reported message never reaches staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createUser,
  enrollVerifiedFactor,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
} from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';

const START = new Date('2027-07-06T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Message = { id: number; sender: string; body: string; sent_at: string };

describe.each(engines)('the match chat on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);
  const send = (userId: string, matchId: string, body: string) =>
    rpc<Message>(player(userId), 'public.send_match_message($1, $2)', [matchId, body]);
  const read = (userId: string, matchId: string) => rpc<Message[]>(player(userId), 'public.get_match_messages($1)', [matchId]);
  const semiFinal = () =>
    drawnSemiFinal<{ id: string; entry_a: string; entry_b: string; tournament_id: string }>(db, { start: START, title: 'Chat Cup' });

  it('shows both players the thread oldest first, each message by side, and refuses everyone else', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(-3));
    await send(a, match.id, 'Room posted');
    await setDatabaseClock(db, at(-2));
    await send(b, match.id, "  I'm in the room  ");
    const seenByB = await read(b, match.id);
    expect(seenByB.map((m) => [m.sender, m.body])).toEqual([
      ['a', 'Room posted'],
      ['b', "I'm in the room"],
    ]);
    expect(await read(a, match.id)).toEqual(seenByB);
    expect(JSON.stringify(seenByB)).not.toContain(a);

    const stranger = await createUser(db);
    await expectSqlError(read(stranger.id, match.id), 'PT403', 'two players and staff');
    await expectSqlError(send(stranger.id, match.id, 'hello'), 'PT403');
    await expectSqlError(db.as(anon, 'select public.get_match_messages($1)', [match.id]), '42501');
    // Over REST, row security shows the rows to the players only.
    expect(await db.as(player(stranger.id), 'select * from public.match_messages where match_id = $1', [match.id])).toEqual([]);
    expect(await db.as(player(a), 'select body from public.match_messages where match_id = $1', [match.id])).toHaveLength(2);
  });

  it("hides the chat over REST from a player's first-step session once they enrolled an authenticator app", async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(-1));
    await send(b, match.id, 'Room posted');
    await enrollVerifiedFactor(db, a);
    // Realtime delivers a row to a subscriber only when this same row security shows it.
    expect(await db.as(player(a, undefined, 'aal1'), 'select body from public.match_messages where match_id = $1', [match.id])).toEqual([]);
    expect(await db.as(player(a, undefined, 'aal2'), 'select body from public.match_messages where match_id = $1', [match.id])).toEqual([
      { body: 'Room posted' },
    ]);
    await expectSqlError(read(a, match.id), 'PT403', 'authenticator app');
  });

  it('refuses empty, too long and hidden-control messages, and an unknown match', async () => {
    const { match, a } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await expectSqlError(send(a, match.id, '   '), 'PT400', '1 to 300');
    await expectSqlError(send(a, match.id, 'x'.repeat(301)), 'PT400', '1 to 300');
    await expectSqlError(send(a, match.id, 'gg \u202Eniw I'), 'PT400', 'hidden control');
    expect((await send(a, match.id, 'x'.repeat(300))).body).toHaveLength(300);
    await expectSqlError(send(a, '00000000-0000-0000-0000-000000000000', 'hi'), 'PT404', 'does not exist');
  });

  it('takes at most 5 messages per 30 seconds from one side, and the other side still writes', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(1));
    for (let i = 1; i <= 5; i++) await send(a, match.id, `message ${i}`);
    await expectSqlError(send(a, match.id, 'message 6'), 'PT409', 'At most 5 messages');
    await send(b, match.id, 'Slow down');
    await setDatabaseClock(db, new Date(START.getTime() + 60_000 + 31_000).toISOString());
    await send(a, match.id, 'message 6');
    expect((await read(b, match.id)).filter((m) => m.sender === 'a')).toHaveLength(6);
  });

  it('offers only the quick phrases when a player is under 18, while staff still write freely', async () => {
    const { match, a, b, tournamentId } = await semiFinal();
    await db.admin.query(`update public.profiles set date_of_birth = '2012-03-01' where id = $1`, [b]);
    await setDatabaseClock(db, at(0));
    const rules = await rpc<{ free_text: boolean; phrases: string[]; side: string }>(player(a), 'public.get_match_chat_rules($1)', [
      match.id,
    ]);
    expect(rules).toMatchObject({ free_text: false, side: 'a' });
    await expectSqlError(send(a, match.id, 'add me on insta'), 'PT400', 'quick phrases');
    await send(a, match.id, rules.phrases[0]!);
    await send(b, match.id, 'Connection problem');

    const referee = await createUser(db);
    await enrollVerifiedFactor(db, referee.id);
    await db.admin.query(`insert into public.staff_roles (user_id, role, tournament_id) values ($1, 'referee', $2)`, [
      referee.id,
      tournamentId,
    ]);
    // A referee without the second step is told what is missing; with it they write as staff.
    await expectSqlError(send(referee.id, match.id, 'Replay from kick-off'), 'PT403', 'authenticator app');
    const fromStaff = await rpc<Message>(player(referee.id, referee.email, 'aal2'), 'public.send_match_message($1, $2)', [
      match.id,
      'Replay from kick-off, same room',
    ]);
    expect(fromStaff.sender).toBe('staff');
    expect((await read(b, match.id)).map((m) => m.sender)).toEqual(['a', 'b', 'staff']);
  });

  it('closes 24 hours after the match ends', async () => {
    const { match, a, b } = await semiFinal();
    await setDatabaseClock(db, at(0));
    await db.admin.query(
      `update public.matches set status = 'confirmed', winner_entry_id = entry_a, score_a = 1, score_b = 0, confirmed_at = $2 where id = $1`,
      [match.id, at(20)],
    );
    await setDatabaseClock(db, at(20 + 23 * 60));
    await send(b, match.id, 'Good game!');
    await setDatabaseClock(db, at(20 + 24 * 60));
    await expectSqlError(send(a, match.id, 'One more thing'), 'PT409', 'closed');
    expect(await read(a, match.id)).toHaveLength(1);
  });

  it("sends a reported message to the tournament's staff once, and never one's own", async () => {
    const { match, a, b, tournamentId } = await semiFinal();
    const organiser = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role, tournament_id) values ($1, 'organiser', $2)`, [
      organiser.id,
      tournamentId,
    ]);
    await setDatabaseClock(db, at(0));
    const insult = await send(a, match.id, 'you are rubbish, quit now');
    await expectSqlError(rpc(player(a), 'public.report_match_message($1, $2)', [insult.id, 'mine']), 'PT409', 'own message');
    await expectSqlError(rpc(player(b), 'public.report_match_message($1, $2)', [999_999_999, null]), 'PT404');
    await rpc(player(b), 'public.report_match_message($1, $2)', [insult.id, 'Abuse']);
    await rpc(player(b), 'public.report_match_message($1, $2)', [insult.id, 'Abuse again']);
    const alerts = await db.admin.query<{ title: string; body: string; link: string }>(
      `select title, body, link from public.notifications where user_id = $1 and kind = 'staff_alert'`,
      [organiser.id],
    );
    expect(alerts.rows).toEqual([
      { title: 'A chat message was reported', body: expect.stringContaining('Side A'), link: `/match/?id=${match.id}` },
    ]);
    const audit = await db.admin.query<{ action: string; is_public: boolean; after: unknown }>(
      `select action, is_public, after from public.audit_log where match_id = $1 and action = 'message_reported'`,
      [match.id],
    );
    expect(audit.rows).toEqual([{ action: 'message_reported', is_public: false, after: { message_id: insult.id, sender: 'a' } }]);
  });

  it('keeps the reported words out of the audit log and the alerts: staff read them from the message while it exists', async () => {
    const { match, a, b, tournamentId } = await semiFinal();
    const referee = await createUser(db);
    await enrollVerifiedFactor(db, referee.id);
    await db.admin.query(`insert into public.staff_roles (user_id, role, tournament_id) values ($1, 'referee', $2)`, [
      referee.id,
      tournamentId,
    ]);
    // An admin of the whole site who also plays in this tournament: no report of it reaches them.
    const playingAdmin = (
      await db.admin.query<{ id: string }>(
        `select player_id as id from public.entries where tournament_id = $1 and id not in ($2, $3) limit 1`,
        [tournamentId, match.entry_a, match.entry_b],
      )
    ).rows[0]!;
    await enrollVerifiedFactor(db, playingAdmin.id);
    await db.admin.query(`insert into public.staff_roles (user_id, role, tournament_id) values ($1, 'admin', null)`, [playingAdmin.id]);
    await setDatabaseClock(db, at(0));
    const hostile = 'null Status .*+?()[]{}|\\^$ "quoted" \'single\' ⚽ مرحبا';
    const message = await send(a, match.id, hostile);
    await rpc(player(b), 'public.report_match_message($1, $2)', [message.id, 'Abuse']);

    const everywhere = await db.admin.query<{ text: string }>(
      `select coalesce(summary, '') || coalesce(reason, '') || coalesce(before::text, '') || coalesce(after::text, '') as text
         from public.audit_log where match_id = $1
       union all
       select title || body from public.notifications where kind = 'staff_alert' and link = $2`,
      [match.id, `/match/?id=${match.id}`],
    );
    expect(everywhere.rows.length).toBeGreaterThan(1);
    for (const { text } of everywhere.rows) expect(text).not.toContain('Status .*+?');

    const asReferee = player(referee.id, referee.email, 'aal2');
    const seen = await rpc<{ message_id: number; sender: string; body: string; reports: { reason: string }[] }>(
      asReferee,
      'public.staff_get_reported_message($1)',
      [message.id],
    );
    expect(seen).toMatchObject({ message_id: message.id, match_id: match.id, sender: 'a', body: hostile, reports: [{ reason: 'Abuse' }] });

    // Staff who play here, the players themselves and a referee owing the second step read nothing through it.
    await expectSqlError(rpc(player(playingAdmin.id, undefined, 'aal2'), 'public.staff_get_reported_message($1)', [message.id]), 'PT403');
    await expectSqlError(rpc(player(b), 'public.staff_get_reported_message($1)', [message.id]), 'PT403');
    await expectSqlError(rpc(player(referee.id, referee.email, 'aal1'), 'public.staff_get_reported_message($1)', [message.id]), 'PT403');
    expect(
      (
        await db.admin.query(`select 1 from public.notifications where user_id = $1 and kind = 'staff_alert' and link = $2`, [
          playingAdmin.id,
          `/match/?id=${match.id}`,
        ])
      ).rows,
    ).toEqual([]);

    // Once the chat is gone (retention), the report keeps nothing of it.
    await db.admin.query('delete from public.match_messages where id = $1', [message.id]);
    await expectSqlError(rpc(asReferee, 'public.staff_get_reported_message($1)', [message.id]), 'PT404', 'does not exist');
  });

  it("shows anyone the referee's public note on a decided match", async () => {
    const { match } = await semiFinal();
    expect(await rpc(anon, 'public.get_match_decision($1)', [match.id])).toBeNull();
    await db.admin.query(
      `insert into public.audit_log (at, tournament_id, match_id, actor_id, actor_role, action, summary, reason, is_public)
       values ($1, $2, $3, null, 'referee', 'result_set_by_staff', 'Result set', 'Both screenshots show 2-1', true)`,
      [at(30), match.tournament_id, match.id],
    );
    expect(await rpc(anon, 'public.get_match_decision($1)', [match.id])).toMatchObject({
      action: 'result_set_by_staff',
      note: 'Both screenshots show 2-1',
    });
  });
});
