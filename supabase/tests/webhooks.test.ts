/**
 * Signed webhooks, from the database's side: who may register an endpoint and which addresses are refused;
 * the events a real tournament makes (drawn, each confirmed match, finished, each prize credited), one
 * delivery per endpoint, each an outside call of the outbox; what the worker reads for a delivery; each
 * attempt recorded; a day of failures turning the endpoint off with a notice. The signing and the sending
 * are the worker's (supabase/functions/_shared/webhooks.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  INVALID_INPUT,
  NOT_ALLOWED,
  player,
  rpcOf,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { WEBHOOK_EVENTS } from '../../src/features/staff/webhooks.ts';
import { HOSTILE_WORDS } from './hostile-text.ts';
import { playRound, playToTheEnd, runDueWork, staffMember } from './journey.ts';
import { drawnSemiFinal } from './match-fixtures.ts';

type Delivery = {
  event_id: string;
  type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
};
type Call = { id: string; kind: string; payload: Record<string, unknown>; status: string; next_attempt_at: Date; created_at: Date };

const START = new Date('2027-03-10T14:30:00.000Z');

describe.each(engines)('webhooks on $name', (engine) => {
  let db: TestDatabase;
  const rpc = rpcOf(() => db);
  let admin: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    admin = await staffMember(db, 'admin');
    await setDatabaseClock(db, new Date(START.getTime() - 3 * 3600_000).toISOString());
  });
  afterAll(() => db?.close());

  const create = (url: string, events: string[] = ['tournament.drawn', 'match.confirmed', 'tournament.finished', 'prize.paid']) =>
    rpc<{ id: string; secret: string }>(admin.actor, 'public.staff_create_webhook($1, $2::text[])', [url, events]);
  const deliveries = (id: string) => rpc<Delivery[]>(admin.actor, 'public.staff_list_webhook_deliveries($1::uuid)', [id]);
  const callsOf = async (webhookId: string) =>
    (
      await db.admin.query<Call>(
        `select o.id, o.kind, o.payload, o.status, o.next_attempt_at, o.created_at from private.outbox o
           join private.webhook_deliveries d on d.id = (o.payload ->> 'delivery_id')::bigint
          where o.kind = 'webhook_delivery' and d.webhook_id = $1 order by o.id`,
        [webhookId],
      )
    ).rows;
  const answer = (callId: string, outcome: string, body: Record<string, unknown>) =>
    rpc<{ status: string }>(serviceRole, `public.service_record_outside_answer($1, $2, $3::jsonb)`, [
      callId,
      outcome,
      JSON.stringify(body),
    ]);

  it('lets only platform admins at aal2 register an endpoint, and shows its secret once', async () => {
    await expectSqlError(rpc(anon, `public.staff_create_webhook('https://example.com/h', '{match.confirmed}')`), INSUFFICIENT_PRIVILEGE);
    const organiser = await staffMember(db, 'organiser');
    await expectSqlError(rpc(organiser.actor, `public.staff_create_webhook('https://example.com/h', '{match.confirmed}')`), NOT_ALLOWED);
    const oneStep = player(admin.id, admin.email, 'aal1');
    await expectSqlError(
      rpc(oneStep, `public.staff_create_webhook('https://example.com/h', '{match.confirmed}')`),
      NOT_ALLOWED,
      /two-step/,
    );
    const somePlayer = await staffMember(db, 'referee');
    await expectSqlError(rpc(somePlayer.actor, 'public.staff_list_webhooks()'), NOT_ALLOWED);

    const made = await create('https://hooks.example.com/golazo', ['match.confirmed']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await rpc<Record<string, unknown>[]>(admin.actor, 'public.staff_list_webhooks()');
    const mine = listed.find((w) => w.id === made.id)!;
    expect(mine).toMatchObject({ url: 'https://hooks.example.com/golazo', events: ['match.confirmed'], enabled: true });
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    const audit = await db.admin.query(`select 1 from public.audit_log where action = 'webhook_created' and after ->> 'webhook_id' = $1`, [
      made.id,
    ]);
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses addresses that are not public https, and events it does not send, without storing anything', async () => {
    const before = (await db.admin.query('select count(*)::int as n from private.webhooks')).rows[0];
    const refused = [
      'http://hooks.example.com/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://100.64.0.9/x',
      'https://169.254.169.254/latest/meta-data',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://user:password@hooks.example.com/x',
      'https://intranet/x',
      'https://printer.local/x',
      'https://999.1.1.1/x',
      'http://127.0.0.1:54321/__webhooks/local',
      `https://hooks.example.com/${'a'.repeat(500)}`,
      'https://hooks.example.com/with space',
      ...HOSTILE_WORDS,
      ...HOSTILE_WORDS.map((word) => `https://hooks.example.com/${word}`).filter((url) => /[\s\u200f\u202e]/.test(url)),
    ];
    for (const url of refused) {
      await expectSqlError(create(url), INVALID_INPUT).catch((e) => {
        throw new Error(`${JSON.stringify(url)} was not refused: ${e}`);
      });
    }
    for (const events of [[], ['match.created'], ['match.confirmed', 'null'], ["'; select 1; --"]]) {
      await expectSqlError(create('https://hooks.example.com/x', events), INVALID_INPUT, /Choose one or more/);
    }
    expect((await db.admin.query('select count(*)::int as n from private.webhooks')).rows[0]).toEqual(before);
  });

  it('accepts the local receiver only where the local stack says it is one', async () => {
    await db.admin.query(`insert into private.settings (key, value) values ('webhook_local_receiver', 'true')`);
    try {
      const local = await create('http://127.0.0.1:54321/__webhooks/golazo-test', ['tournament.drawn']);
      expect(local.id).toBeTruthy();
      await rpc(admin.actor, 'public.staff_disable_webhook($1::uuid)', [local.id]);
      await expectSqlError(create('http://127.0.0.1:54321/other/path'), INVALID_INPUT);
    } finally {
      await db.admin.query(`delete from private.settings where key = 'webhook_local_receiver'`);
    }
  });

  let hook: { id: string; secret: string };
  let tournamentId: string;

  it('sends every event of a real tournament to each endpoint that wants it, once each', async () => {
    hook = await create('https://hooks.example.com/all');
    const onlyResults = await create('https://results.example.com/hook', ['match.confirmed']);
    const semi = await drawnSemiFinal(db, { start: START, title: 'Webhook Cup' });
    tournamentId = semi.tournamentId;
    await playToTheEnd(db, tournamentId, () => ({ winner: 'a', goals: [2, 1] }));
    await setDatabaseClock(db, new Date(START.getTime() + 3 * 86_400_000).toISOString());
    await runDueWork(db);

    const sent = await deliveries(hook.id);
    const prizes = (
      await db.admin.query(`select 1 from private.prize_awards where tournament_id = $1 and status = 'credited'`, [tournamentId])
    ).rows.length;
    expect(prizes).toBeGreaterThanOrEqual(1);
    const types = sent.map((d) => d.type).sort();
    expect(types).toEqual(
      [
        'match.confirmed',
        'match.confirmed',
        'match.confirmed',
        'tournament.drawn',
        'tournament.finished',
        ...Array(prizes).fill('prize.paid'),
      ].sort(),
    );
    expect(sent.every((d) => d.status === 'pending' && d.attempts === 0 && d.delivered_at === null)).toBe(true);
    expect((await deliveries(onlyResults.id)).map((d) => d.type)).toEqual(['match.confirmed', 'match.confirmed', 'match.confirmed']);
    // One event, one id, whichever endpoint it goes to.
    const ids = (await deliveries(onlyResults.id)).map((d) => d.event_id).sort();
    expect(
      sent
        .filter((d) => d.type === 'match.confirmed')
        .map((d) => d.event_id)
        .sort(),
    ).toEqual(ids);

    // Each delivery is an outside call that names only its delivery.
    const calls = await callsOf(hook.id);
    expect(calls).toHaveLength(sent.length);
    for (const call of calls) expect(Object.keys(call.payload)).toEqual(['delivery_id']);
  });

  it('gives the worker the address, the secret and the body, with public facts only', async () => {
    const [call] = await callsOf(hook.id);
    await db.admin.query(`update private.outbox set attempts = 1 where id = $1`, [call!.id]);
    const details = await rpc<{ url: string; secret: string; event_id: string; type: string; body: string }>(
      serviceRole,
      'public.service_outside_call_details($1)',
      [call!.id],
    );
    expect(details).toMatchObject({ url: 'https://hooks.example.com/all', secret: hook.secret, type: 'tournament.drawn' });
    const body = JSON.parse(details.body) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: 'tournament.drawn', data: { tournament_id: tournamentId, title: 'Webhook Cup', entries: 4 } });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);

    const { rows: matchCalls } = await db.admin.query<{ id: string }>(
      `select o.id from private.outbox o join private.webhook_deliveries d on d.id = (o.payload ->> 'delivery_id')::bigint
        where d.webhook_id = $1 and d.type = 'match.confirmed' order by o.id limit 1`,
      [hook.id],
    );
    const match = matchCalls[0]!;
    const matchDetails = await rpc<{ body: string }>(serviceRole, 'public.service_outside_call_details($1)', [match.id]);
    const event = JSON.parse(matchDetails.body) as { data: { entries: { in_game_name: string }[]; score: number[]; path: string } };
    expect(event.data.score).toEqual([2, 1]);
    expect(event.data.path).toMatch(/^\/match\/\?id=/);
    // No e-mail address, legal name or user id travels in an event.
    const { rows } = await db.admin.query<{ email: string; legal_name: string; id: string }>(
      `select u.email, p.legal_name, p.id from public.entries e join public.profiles p on p.id = e.player_id join auth.users u on u.id = p.id
        where e.tournament_id = $1`,
      [tournamentId],
    );
    const everyBody = (await db.admin.query<{ body: string }>('select body from private.webhook_deliveries')).rows
      .map((r) => r.body)
      .join('\n');
    for (const r of rows) {
      expect(everyBody).not.toContain(r.email);
      expect(everyBody).not.toContain(r.legal_name);
      expect(everyBody).not.toContain(r.id);
    }
  });

  /** A new event now (the tournament's own were queued days ago, past their day of retries): its call to `hook`. */
  async function freshCall(): Promise<Call> {
    await db.admin.query(`select private.queue_webhook_event('match.confirmed', jsonb_build_object('tournament_id', $1::text))`, [
      tournamentId,
    ]);
    return (await callsOf(hook.id)).at(-1)!;
  }
  const deliveryOf = async (call: Call) =>
    (
      await db.admin.query<Delivery & { webhook_id: string }>(
        `select d.*, d.event_id from private.webhook_deliveries d where d.id = ($1::jsonb ->> 'delivery_id')::bigint`,
        [JSON.stringify(call.payload)],
      )
    ).rows[0]!;

  it('records each attempt, waits as long as the endpoint asks, and marks a 2xx delivered', async () => {
    const first = await freshCall();
    expect(await answer(first.id, 'retry', { status_code: 500, error: 'answered 500' })).toEqual({ status: 'pending' });
    expect(await deliveryOf(first)).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'answered 500' });

    // Discord's rate limit: a 429 that says to come back in 600 s is not retried sooner.
    const now = (await db.admin.query<{ now: Date }>('select private.clock_now() as now')).rows[0]!.now;
    await answer(first.id, 'retry', { status_code: 429, error: 'answered 429', retry_after_seconds: 600 });
    const call = (await callsOf(hook.id)).find((c) => c.id === first.id)!;
    expect(call.next_attempt_at.getTime() - now.getTime()).toBe(600_000);

    await answer(first.id, 'done', { status_code: 204 });
    const row = await deliveryOf(first);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 204, last_error: null });
    expect(row.delivered_at).not.toBeNull();
    const listed = (await deliveries(hook.id)).find((d) => d.event_id === row.event_id)!;
    expect(listed).toMatchObject({ type: 'match.confirmed', status: 'delivered', attempts: 3, last_status_code: 204 });
    const health = (await rpc<{ id: string; failing_since: string | null }[]>(admin.actor, 'public.staff_list_webhooks()')).find(
      (w) => w.id === hook.id,
    );
    expect(health!.failing_since).toBeNull();
  });

  it('turns an endpoint off after a day of failures, cancels what it had queued and tells the admins', async () => {
    const failing = await freshCall();
    const waiting = await freshCall();
    await answer(failing.id, 'retry', { status_code: 503, error: 'answered 503' });
    // Still retried within the day.
    await setDatabaseClock(db, new Date(failing.created_at.getTime() + 23 * 3600_000).toISOString());
    expect(await answer(failing.id, 'retry', { status_code: 503, error: 'answered 503' })).toEqual({ status: 'pending' });
    expect(
      (await rpc<{ id: string; enabled: boolean }[]>(admin.actor, 'public.staff_list_webhooks()')).find((w) => w.id === hook.id)!.enabled,
    ).toBe(true);
    await setDatabaseClock(db, new Date(failing.created_at.getTime() + 25 * 3600_000).toISOString());
    expect(await answer(failing.id, 'retry', { status_code: 503, error: 'answered 503' })).toEqual({ status: 'gave_up' });

    const listed = (await rpc<{ id: string; enabled: boolean }[]>(admin.actor, 'public.staff_list_webhooks()')).find(
      (w) => w.id === hook.id,
    );
    expect(listed!.enabled).toBe(false);
    expect((await deliveryOf(failing)).status).toBe('failed');
    expect((await deliveryOf(waiting)).status).toBe('cancelled');
    expect((await deliveries(hook.id)).filter((d) => d.status === 'pending')).toEqual([]);
    // The notice is the webhook's own, not the outbox's generic "gave up" alert.
    const notices = await db.admin.query<{ title: string }>(
      `select title from public.notifications where user_id = $1 and kind = 'staff_alert' order by created_at`,
      [admin.id],
    );
    expect(notices.rows.map((n) => n.title)).toContain('A webhook was turned off');
    expect(notices.rows.map((n) => n.title)).not.toContain('Gave up on a webhook delivery');

    // The worker is told a cancelled delivery is stale, and no new event reaches a disabled endpoint.
    expect(await rpc(serviceRole, 'public.service_outside_call_details($1)', [waiting.id])).toEqual({ stale: true });
    const count = (await deliveries(hook.id)).length;
    await db.admin.query(`select private.queue_webhook_event('match.confirmed', '{}'::jsonb)`);
    expect((await deliveries(hook.id)).length).toBe(count);
  });

  it('offers the console exactly the events the database sends, in its order', async () => {
    const { rows } = await db.admin.query<{ events: string[] }>('select private.webhook_events() as events');
    expect(rows[0]!.events).toEqual([...WEBHOOK_EVENTS]);
  });

  it('lists deliveries in the contract shape to admins only', async () => {
    const [row] = await deliveries(hook.id);
    expect(Object.keys(row!)).toEqual(
      expect.arrayContaining(['event_id', 'type', 'status', 'attempts', 'last_status_code', 'delivered_at']),
    );
    const organiser = await staffMember(db, 'organiser');
    await expectSqlError(rpc(organiser.actor, 'public.staff_list_webhook_deliveries($1::uuid)', [hook.id]), NOT_ALLOWED);
    await expectSqlError(rpc(admin.actor, `public.staff_list_webhook_deliveries('00000000-0000-0000-0000-000000000000'::uuid)`), 'PT404');
  });
  it("names players as the public API does: a player under 18 is 'A player', an erased one 'Deleted player'", async () => {
    const names = await create('https://names.example.com/hook', ['match.confirmed', 'tournament.finished']);
    const semi = await drawnSemiFinal(db, { start: new Date(START.getTime() + 10 * 86_400_000), title: 'Names Cup' });
    const minorName = `Minor${semi.a.slice(0, 6)}`;
    const erasedName = `Gone${semi.b.slice(0, 6)}`;
    // A minor (the age the profile says today); the other semi-finalist loses, then erases the account (as the
    // erasure leaves a profile) before the final is played.
    // Several statements in one: exec, as PGlite prepares a query's text as one statement.
    await db.admin.exec(
      `begin; set local session_replication_role = replica;
       update public.profiles set in_game_name = '${minorName}', date_of_birth = (current_date - interval '15 years')::date
        where id = '${semi.a}';
       update public.profiles set in_game_name = '${erasedName}' where id = '${semi.b}';
       commit;`,
    );
    await playRound(db, semi.tournamentId, 1, () => ({ winner: 'a', goals: [2, 1] }));
    await db.admin.query(
      `update public.profiles set erased_at = now(), in_game_name = private.deleted_player_name(), legal_name = null,
              profile_completed = false where id = $1`,
      [semi.b],
    );
    await playToTheEnd(db, semi.tournamentId, () => ({ winner: 'a', goals: [2, 1] }));
    const { rows } = await db.admin.query<{ type: string; body: string }>(
      'select type, body from private.webhook_deliveries where webhook_id = $1 order by id',
      [names.id],
    );
    expect(rows.map((r) => r.type)).toEqual(['match.confirmed', 'match.confirmed', 'match.confirmed', 'tournament.finished']);
    const bodies = rows.map((r) => r.body).join('\n');
    expect(bodies).not.toContain(minorName);
    const first = JSON.parse(rows[0]!.body) as { data: { entries: { entry_id: string; in_game_name: string }[] } };
    expect(first.data.entries.map((e) => e.in_game_name)).toEqual(['A player', erasedName]);
    const final = JSON.parse(rows[2]!.body) as { data: { entries: { entry_id: string; in_game_name: string }[] } };
    expect(final.data.entries.map((e) => e.in_game_name)).toContain('A player');
    const finished = JSON.parse(rows.at(-1)!.body) as { data: { standings: { entries: { in_game_name: string }[] }[] } };
    const standingNames = finished.data.standings.flatMap((band) => band.entries.map((e) => e.in_game_name));
    expect(standingNames).toHaveLength(4);
    expect(standingNames).toEqual(expect.arrayContaining(['A player', 'Deleted player']));
    await rpc(admin.actor, 'public.staff_disable_webhook($1::uuid)', [names.id]);
  });
});
