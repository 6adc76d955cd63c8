/**
 * Notices to many players in batches (docs/areas/notifications.md, "Notices to many players"): a delivery to more
 * than private.notice_fan_out_threshold() players is recorded once in private.pending_messages and the periodic
 * step message_batches delivers it over the following runs, so no run of the periodic function writes 300 players'
 * notices at once. Each player still gets each notice exactly once, in order, in their language, with the words an
 * immediate delivery writes; urgent ones in the very next run; consent and quiet hours as they stand at delivery;
 * nothing for a player erased meanwhile; a message that cannot be delivered holds nobody else's. If these fail, a
 * player misses the draw or their match, or is told twice, at night, or after asking to be forgotten.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setDatabaseClock, startWithMovableClock, type TestDatabase } from './helpers.ts';

// 14:00 IST on a weekday: daytime, so nothing waits for the morning unless a test says so.
const DAY = '2027-05-12T08:30:00Z';
// 23:10 IST: within the quiet hours (23:00-08:00 IST).
const NIGHT = '2027-05-12T17:40:00Z';
const MATCH_TIME = '2027-05-12T12:00:00Z';

type Bell = { id: number; user_id: string; kind: string; title: string; body: string; link: string; language: string };

describe.each(engines)('notices to many players in batches on $name', (engine) => {
  let db: TestDatabase;
  let threshold = 0;
  let batchSize = 0;
  let batch = 0;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    await setDatabaseClock(db, DAY);
    const { rows } = await db.admin.query<{ threshold: number; size: number }>(
      'select private.notice_fan_out_threshold() as threshold, private.notice_batch_size() as size',
    );
    threshold = rows[0]!.threshold;
    batchSize = rows[0]!.size;
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  /** `count` adult players with a WhatsApp number, every other one reading Hindi, in a stable order. */
  async function players(count: number): Promise<string[]> {
    batch += 1;
    const { rows } = await db.admin.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       select gen_random_uuid(), 'authenticated', 'authenticated',
              'batch-' || $1 || '-' || lpad(n::text, 4, '0') || '-' || substr(md5(random()::text), 1, 6) || '@golazo.test',
              now(), '{"provider":"email","providers":["email"]}', '{}'
         from generate_series(1, $2::integer) as n
       returning id`,
      [batch, count],
    );
    const ids = rows.map((r) => r.id).sort();
    await db.admin.query(
      `update public.profiles p
          set legal_name = 'Test Player', in_game_name = 'b' || substr(replace(p.id::text, '-', ''), 1, 12),
              game_user_id = 'TEST-123456', date_of_birth = '1995-05-05', age = null, profile_completed = true,
              lives_in_india_confirmed_at = now(),
              language = case when x.n % 2 = 0 then 'hi' else 'en' end
         from unnest($1::uuid[]) with ordinality as x (id, n)
        where p.id = x.id`,
      [ids],
    );
    await db.admin.query(
      `insert into public.whatsapp_contacts (user_id, phone, consent_text, consented_at)
       select x.id, '+917' || lpad((abs(hashtext(x.id::text)) % 1000000000)::text, 9, '0'), 'test', now()
         from unnest($1::uuid[]) as x (id)`,
      [ids],
    );
    return ids;
  }

  /** One delivery through private.deliver_messages, as the draw, the fill or the tournament's end call it. */
  async function deliver(users: string[], kind: string, messageKey: string, key: string) {
    await db.admin.query(
      `select private.deliver_messages(array(
         select row(x.u, $2, $3, jsonb_build_object('tournament', 'Batch Cup', 'time', $5::timestamptz, 'opponent', 'Rival'),
                    '/pod/?id=batch-cup', $4)::private.player_message
           from unnest($1::uuid[]) with ordinality as x (u, n) order by x.n))`,
      [users, kind, messageKey, key, MATCH_TIME],
    );
  }

  const runDueWork = async () =>
    (await db.admin.query<{ result: Record<string, unknown> }>('select private.run_due_work() as result')).rows[0]!.result;

  const bell = async (users: string[]) =>
    (
      await db.admin.query<Bell>(
        `select id::int, user_id, kind, title, body, link, language from public.notifications
          where user_id = any ($1::uuid[]) and kind <> 'payment_receipt' order by id`,
        [users],
      )
    ).rows;

  const waiting = async (users: string[]) =>
    Number(
      (
        await db.admin.query<{ n: number }>('select count(*)::int as n from private.pending_messages where user_id = any ($1::uuid[])', [
          users,
        ])
      ).rows[0]!.n,
    );

  /** The e-mails (keyed notify-<kind>-<player>-<key>) or WhatsApp messages (keyed by their bell row) of these players. */
  const outbox = async (users: string[], kind: 'email' | 'whatsapp') =>
    (
      await db.admin.query<{ idempotency_key: string; payload: Record<string, unknown>; next_attempt_at: Date }>(
        kind === 'email'
          ? `select o.idempotency_key, o.payload, o.next_attempt_at from private.outbox o
              where o.kind = 'email' and o.idempotency_key like 'notify-%'
                and exists (select 1 from unnest($1::uuid[]) as u where strpos(o.idempotency_key, u::text) > 0)
              order by o.id`
          : `select o.idempotency_key, o.payload, o.next_attempt_at from private.outbox o
               join public.notifications n on o.idempotency_key = 'whatsapp-' || n.id
              where o.kind = 'whatsapp' and n.user_id = any ($1::uuid[])
              order by o.id`,
        [users],
      )
    ).rows;

  /** Runs the periodic function until nothing of these players waits; answers how many of their notices each run told. */
  async function drain(users: string[], kinds: string[]): Promise<number[]> {
    const perRun: number[] = [];
    for (let run = 0; run < 50 && (await waiting(users)) > 0; run++) {
      const before = (await bell(users)).filter((n) => kinds.includes(n.kind)).length;
      await runDueWork();
      perRun.push((await bell(users)).filter((n) => kinds.includes(n.kind)).length - before);
    }
    expect(await waiting(users)).toBe(0);
    return perRun;
  }

  it('tells 300 players of the draw over the following runs: each once, at most a batch a run, nothing in the run that drew', async () => {
    const group = await players(300);
    await deliver(group, 'draw_made', 'draw_made_first_match', 'batch-cup');
    // Recorded once, nothing written yet: the run (or request) that made the change stays small.
    expect(await bell(group)).toEqual([]);
    expect(await waiting(group)).toBe(300);
    // Oldest first: the first run tells the first players the delivery listed.
    await runDueWork();
    expect(new Set((await bell(group)).map((n) => n.user_id))).toEqual(new Set(group.slice(0, batchSize)));

    const perRun = [batchSize, ...(await drain(group, ['draw_made']))];
    expect(perRun.length).toBe(Math.ceil(300 / batchSize));
    expect(Math.max(...perRun)).toBeLessThanOrEqual(batchSize);
    expect(perRun.reduce((a, b) => a + b, 0)).toBe(300);

    const told = await bell(group);
    expect(told).toHaveLength(300);
    expect(new Set(told.map((n) => n.user_id)).size).toBe(300);
    const emails = await outbox(group, 'email');
    expect(emails).toHaveLength(300);
    expect(new Set(emails.map((e) => e.idempotency_key)).size).toBe(300);

    // More runs tell nobody again.
    await runDueWork();
    await runDueWork();
    expect(await bell(group)).toHaveLength(300);
    expect(await outbox(group, 'email')).toHaveLength(300);
  });

  it('writes the same words in the same language, e-mail and WhatsApp included, as a delivery told at once', async () => {
    const many = await players(threshold + 10);
    const few = await players(4);
    for (const users of [many, few]) await deliver(users, 'next_match', 'next_match_host', 'same-words');
    // The small delivery is told at once; the large one waits for the next run.
    expect(await bell(few)).toHaveLength(4);
    expect(await bell(many)).toEqual([]);
    await drain(many, ['next_match']);

    const shape = (n: Bell) => ({ kind: n.kind, title: n.title, body: n.body, link: n.link, language: n.language });
    const [fewBell, manyBell] = [await bell(few), await bell(many)];
    for (const language of ['en', 'hi']) {
      const expected = shape(fewBell.find((n) => n.language === language)!);
      expect(manyBell.filter((n) => n.language === language).map(shape)).toEqual(
        Array(manyBell.filter((n) => n.language === language).length).fill(expected),
      );
    }
    expect(new Set(manyBell.map((n) => n.language))).toEqual(new Set(['en', 'hi']));
    expect(manyBell.find((n) => n.language === 'hi')!.title).toContain('में आपका मैच');

    const withoutAddress = (payload: Record<string, unknown>) => ({ ...payload, to: undefined });
    const [fewMail, manyMail] = [await outbox(few, 'email'), await outbox(many, 'email')];
    expect(manyMail).toHaveLength(many.length);
    for (const language of ['en', 'hi']) {
      const expected = withoutAddress(fewMail.find((m) => m.payload.language === language)!.payload);
      for (const mail of manyMail.filter((m) => m.payload.language === language)) expect(withoutAddress(mail.payload)).toEqual(expected);
    }
    const [fewWhatsapp, manyWhatsapp] = [await outbox(few, 'whatsapp'), await outbox(many, 'whatsapp')];
    expect(fewWhatsapp).toHaveLength(4);
    expect(manyWhatsapp).toHaveLength(many.length);
    expect(new Set(manyWhatsapp.map((w) => JSON.stringify(w.payload.params)))).toEqual(
      new Set(fewWhatsapp.map((w) => JSON.stringify(w.payload.params))),
    );
  });

  it('tells every urgent notice in the next run, with the same player’s earlier ones before it, whatever the batch size', async () => {
    const group = await players(300);
    await deliver(group, 'draw_made', 'draw_made_first_match', 'urgent-cup');
    const qualifiers = group.filter((_, i) => i % 2 === 1).slice(0, 128);
    await deliver(qualifiers, 'next_match', 'next_match_guest', 'urgent-cup-r1');
    expect(await waiting(group)).toBe(300 + 128);

    const result = await runDueWork();
    expect(result.failed_steps).toEqual([]);
    const told = await bell(group);
    // Every qualifier has both notices, the draw first; the others wait their turn in batches.
    for (const user of qualifiers) expect(told.filter((n) => n.user_id === user).map((n) => n.kind)).toEqual(['draw_made', 'next_match']);
    expect(told.filter((n) => n.kind === 'next_match')).toHaveLength(128);
    expect(told.filter((n) => n.kind === 'draw_made').length).toBeLessThanOrEqual(Math.max(batchSize, 128));
    // Their WhatsApp alert is queued with them, to go at once (daytime).
    const whatsapp = await outbox(qualifiers, 'whatsapp');
    expect(whatsapp).toHaveLength(128);
    await drain(group, ['draw_made', 'next_match']);
    expect(await bell(group)).toHaveLength(300 + 128);
  });

  it('tells a player of a later change after the waiting one, when the later one is told at once', async () => {
    const group = await players(threshold + 1);
    await deliver(group, 'draw_made', 'draw_made_first_match', 'order-cup');
    const [first, second] = group;
    // Their match: a delivery to two players, told at once, takes their waiting notices first.
    await deliver([first!, second!], 'opponent_ready', 'opponent_ready', 'order-match');
    for (const user of [first!, second!]) {
      expect((await bell([user])).map((n) => n.kind)).toEqual(['draw_made', 'opponent_ready']);
    }
    expect(await waiting(group)).toBe(group.length - 2);
    await drain(group, ['draw_made']);
    expect((await bell(group)).filter((n) => n.kind === 'draw_made')).toHaveLength(group.length);
  });

  it('judges consent and the quiet hours when it delivers, not when the change was made', async () => {
    const group = await players(threshold + 6);
    const [mailOff, whatsappGone, child] = group;
    await setDatabaseClock(db, '2027-05-12T17:20:00Z'); // 22:50 IST: e-mail may still go
    await deliver(group, 'next_match', 'next_match_host', 'night-cup');
    await deliver(group, 'tournament_finished', 'tournament_finished', 'night-cup');
    // Before the run: one turns e-mail off for the kind, one withdraws WhatsApp consent, one turns out to be a child
    // without a parent's consent.
    await db.admin.query(`insert into public.notification_settings (user_id, kind, email) values ($1, 'tournament_finished', false)`, [
      mailOff,
    ]);
    await db.admin.query('delete from public.whatsapp_contacts where user_id = $1', [whatsappGone]);
    await db.admin.query(`update public.profiles set date_of_birth = '2014-01-01' where id = $1`, [child]);
    await setDatabaseClock(db, NIGHT);
    await drain(group, ['next_match', 'tournament_finished']);

    expect(await bell([child!])).toEqual([]);
    const mail = await outbox(group, 'email');
    expect(mail.filter((m) => m.idempotency_key.includes(mailOff!) && m.idempotency_key.includes('tournament_finished'))).toEqual([]);
    expect(mail.filter((m) => m.idempotency_key.includes(mailOff!) && m.idempotency_key.includes('next_match'))).toHaveLength(1);
    // Delivered at 23:10 IST: the non-urgent e-mail waits for 08:00 IST, the urgent one goes now.
    const finished = mail.filter((m) => m.idempotency_key.startsWith('notify-tournament_finished-'));
    expect(finished).toHaveLength(group.length - 2);
    for (const m of finished) expect(new Date(m.next_attempt_at).toISOString()).toBe('2027-05-13T02:30:00.000Z');
    for (const m of mail.filter((m) => m.idempotency_key.startsWith('notify-next_match-')))
      expect(new Date(m.next_attempt_at).toISOString()).toBe(new Date(NIGHT).toISOString());
    const whatsapp = await outbox(group, 'whatsapp');
    expect(whatsapp).toHaveLength(group.length - 2);
    await setDatabaseClock(db, DAY);
  });

  it('tells an erased player nothing, and forgets what waited for them', async () => {
    const group = await players(threshold + 3);
    const [erased, deleted] = group;
    await deliver(group, 'tournament_finished', 'tournament_finished', 'erasure-cup');
    await db.admin.query('select private.erase_personal_data($1)', [erased]);
    await db.admin.query('delete from auth.users where id = $1', [deleted]);
    expect(await waiting([erased!, deleted!])).toBe(1);

    const result = await runDueWork();
    expect(result.messages_of_erased_players_dropped).toBe(1);
    await drain(group, ['tournament_finished']);
    expect(await bell([erased!, deleted!])).toEqual([]);
    expect((await outbox([erased!, deleted!], 'email')).length).toBe(0);
    expect(await bell(group)).toHaveLength(group.length - 2);
  });

  it('delivers the rest when one waiting message cannot be, and records that one until it is parked', async () => {
    const group = await players(threshold + 20);
    await deliver(group, 'tournament_finished', 'tournament_finished', 'broken-cup');
    // A message whose words no longer exist in the catalog (a key removed by a later release).
    const { rows } = await db.admin.query<{ id: number }>(
      `update private.pending_messages set message_key = 'no_such_message'
        where id = (select min(id) + 5 from private.pending_messages where user_id = any ($1::uuid[])) returning id::int`,
      [group],
    );
    const broken = rows[0]!.id;
    const first = await runDueWork();
    expect(first.failed_steps).toEqual([]);
    expect(first.messages_failed).toBe(1);
    expect(first.messages_delivered).toBe(Math.min(batchSize, group.length) - 1);
    const { rows: failures } = await db.admin.query<{ error: string; parked_at: Date | null }>(
      `select error, parked_at from private.due_work_failures where step = 'message_batches' and item = $1`,
      [`message-${broken}`],
    );
    expect(failures[0]!.error).toContain('No message no_such_message in the catalog');
    for (let run = 0; run < 6; run++) await runDueWork();
    expect((await bell(group)).length).toBe(group.length - 1);
    const { rows: parked } = await db.admin.query<{ parked_at: Date | null }>(
      `select parked_at from private.due_work_failures where step = 'message_batches' and item = $1`,
      [`message-${broken}`],
    );
    expect(parked[0]!.parked_at).not.toBeNull();
    // Parked, it no longer holds the step's runs clean or anyone else; an admin retries or removes it.
    await db.admin.query('delete from private.pending_messages where id = $1', [broken]);
    await db.admin.query(`delete from private.due_work_failures where step = 'message_batches'`);
  });

  /** One message to each player, as private.deliver_messages is called with it (SQL text: for a DO block). */
  const messagesOf = (users: string[], kind: string, messageKey: string, key: string) =>
    `array[${users
      .map(
        (u) => `row('${u}'::uuid, '${kind}', '${messageKey}', jsonb_build_object('tournament', 'Held Cup', 'opponent', 'Rival'),
                    '/pod/?id=held-cup', '${key}')::private.player_message`,
      )
      .join(', ')}]`;

  it('tells the players of a step’s held changes together at its end, in order, and nothing of a change undone', async () => {
    const [a, b, c] = await players(3);
    await db.admin.query(
      `do $$
       begin
         perform private.hold_messages();
         perform private.deliver_messages(${messagesOf([a!, b!], 'opponent_ready', 'opponent_ready', 'held-1')});
         begin
           -- A change that fails after telling its players: its messages go with it.
           perform private.deliver_messages(${messagesOf([c!], 'opponent_ready', 'opponent_ready', 'held-undone')});
           raise exception 'the change is undone';
         exception when others then
           null;
         end;
         perform private.deliver_messages(${messagesOf([a!], 'next_match', 'next_match_host', 'held-2')});
         if exists (select 1 from public.notifications where user_id in ('${a}', '${b}', '${c}')) then
           raise exception 'told before the step ended';
         end if;
         perform private.deliver_held_messages();
       end $$`,
    );
    expect((await bell([a!])).map((n) => n.kind)).toEqual(['opponent_ready', 'next_match']);
    expect((await bell([b!])).map((n) => n.kind)).toEqual(['opponent_ready']);
    expect(await bell([c!])).toEqual([]);
    expect(await waiting([a!, b!, c!])).toBe(0);
    // Held no more: the next delivery is told at once.
    await deliver([c!], 'opponent_ready', 'opponent_ready', 'after-held');
    expect((await bell([c!])).map((n) => n.kind)).toEqual(['opponent_ready']);
  });

  it('leaves held messages it cannot deliver together to the queue, where the step delivers the others', async () => {
    const [good, bad] = await players(2);
    await db.admin.query(
      `do $$
       begin
         perform private.hold_messages();
         perform private.deliver_messages(${messagesOf([good!], 'opponent_ready', 'opponent_ready', 'held-good')});
         perform private.deliver_messages(${messagesOf([bad!], 'opponent_ready', 'no_such_message', 'held-bad')});
         perform private.deliver_held_messages();
       end $$`,
    );
    // Nothing undone and nothing lost: both wait.
    expect(await bell([good!, bad!])).toEqual([]);
    expect(await waiting([good!, bad!])).toBe(2);
    const run = await runDueWork();
    expect(run.failed_steps).toEqual([]);
    expect((await bell([good!])).map((n) => n.kind)).toEqual(['opponent_ready']);
    const { rows } = await db.admin.query<{ error: string }>(
      `select f.error from private.due_work_failures f
        where f.step = 'message_batches' and f.item = 'message-' || (select q.id from private.pending_messages q where q.user_id = $1)`,
      [bad!],
    );
    expect(rows[0]!.error).toContain('No message no_such_message in the catalog');
    await db.admin.query('delete from private.pending_messages where user_id = $1', [bad!]);
    await db.admin.query(`delete from private.due_work_failures where step = 'message_batches'`);
  });

  it('tells each notice once and in order, whatever the order of large and small deliveries and runs', async () => {
    const pool = await players(threshold + 12);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('large' as const), from: fc.nat(11) }),
            fc.record({ op: fc.constant('small' as const), from: fc.nat(pool.length - 3) }),
            fc.record({ op: fc.constant('run' as const) }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          await db.admin.query('delete from private.pending_messages where user_id = any ($1::uuid[])', [pool]);
          await db.admin.query('delete from public.notifications where user_id = any ($1::uuid[])', [pool]);
          // What each player should read, in order: one key per notice.
          const expected = new Map<string, string[]>(pool.map((u) => [u, []]));
          for (const [i, step] of steps.entries()) {
            const key = `seq-${i}-${Math.random().toString(36).slice(2, 8)}`;
            if (step.op === 'run') {
              await runDueWork();
              continue;
            }
            const users = step.op === 'large' ? pool.slice(step.from, step.from + threshold + 1) : pool.slice(step.from, step.from + 2);
            await db.admin.query(
              `select private.deliver_messages(array(
                 select row(x.u, 'opponent_ready', 'opponent_ready', jsonb_build_object('tournament', $2::text, 'opponent', 'Rival'),
                            '/pod/?id=batch-cup', $2)::private.player_message
                   from unnest($1::uuid[]) with ordinality as x (u, n) order by x.n))`,
              [users, key],
            );
            for (const u of users) expected.get(u)!.push(key);
          }
          for (let run = 0; run < 20 && (await waiting(pool)) > 0; run++) await runDueWork();
          const { rows } = await db.admin.query<{ user_id: string; body: string; title: string }>(
            'select user_id, title, body from public.notifications where user_id = any ($1::uuid[]) order by created_at, id',
            [pool],
          );
          for (const u of pool) {
            const read = rows.filter((r) => r.user_id === u).map((r) => /seq-\d+-[a-z0-9]+/.exec(r.body)?.[0]);
            expect(read).toEqual(expected.get(u));
          }
        },
      ),
      { numRuns: 8, seed: 20261231 },
    );
  });
});
