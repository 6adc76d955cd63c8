/**
 * Grievances: anyone files one (a player, or a visitor with an e-mail address), with the deadlines the
 * law sets and an acknowledgement e-mail; admins of the whole platform at aal2 acknowledge and resolve them;
 * unresolved ones need attention. And the breach search: who had data of a kind touched in a window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createUser,
  engines,
  expectSqlError,
  INVALID_INPUT,
  NOT_ALLOWED,
  player,
  setDatabaseClock,
  startWithMovableClock,
  WRONG_STATE,
  type TestDatabase,
} from './helpers.ts';
import { GRIEVANCE_LIMITS } from '@/features/privacy/privacy';
import { admin, rpcOf } from './money-fixtures.ts';

type Ticket = { ticket_id: string; acknowledge_by: string; resolve_by: string };
const SUBMIT = 'public.submit_grievance($1, $2, $3)';
const BODY = 'My old e-mail address is still on my profile after I asked support to change it.';

describe.each(engines)('grievances on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine, { storageRules: true });
  });
  afterAll(() => db?.close());
  const rpc = rpcOf(() => db);
  const outboxTo = async (email: string) =>
    (
      await db.admin.query<{ subject: string; text: string }>(
        `select payload ->> 'subject' as subject, payload ->> 'text' as text from private.outbox
          where kind = 'email' and payload ->> 'to' = $1 order by id`,
        [email],
      )
    ).rows;

  it('files a visitor’s ticket with acknowledge_by 48 hours and resolve_by 30 days later, and e-mails a receipt', async () => {
    await setDatabaseClock(db, '2027-02-01T06:30:00Z');
    const ticket = await rpc<Ticket>(anon, SUBMIT, ['Wrong e-mail kept', BODY, ' Parent.Rao@Example.in ']);
    expect(ticket.ticket_id).toMatch(/^GRV-\d{6}$/);
    expect(new Date(ticket.acknowledge_by).toISOString()).toBe('2027-02-03T06:30:00.000Z');
    expect(new Date(ticket.resolve_by).toISOString()).toBe('2027-03-03T06:30:00.000Z');
    const [mail] = await outboxTo('parent.rao@example.in');
    expect(mail?.subject).toBe(`Grievance ${ticket.ticket_id} received`);
    expect(mail?.text).toContain('03 Feb 2027, 12:00 IST');
    expect(mail?.text).toContain('03 Mar 2027, 12:00 IST');
  });

  it('answers a signed-in player at their sign-in address and lists their tickets with the deadlines', async () => {
    const user = await createUser(db);
    const ticket = await rpc<Ticket>(player(user.id), SUBMIT, ['Export missing rows', BODY, null]);
    expect(await outboxTo(user.email)).toHaveLength(1);
    const mine = await rpc<{ ticket_id: string; status: string; acknowledge_by: string }[]>(player(user.id), 'public.get_my_grievances()');
    expect(mine.map((t) => [t.ticket_id, t.status])).toEqual([[ticket.ticket_id, 'open']]);
    const other = await createUser(db);
    expect(await rpc(player(other.id), 'public.get_my_grievances()')).toEqual([]);
  });

  const HOSTILE_SUBJECT = 'Status .*+?()[]{}|\\^$ "null" ⚽ \u200Fفتح';
  const HOSTILE_BODY = 'Click https://evil.example/win to claim your prize of ₹50,000 before midnight!';

  it('sends an address nobody confirmed the ticket number and a link only, never the filer’s words', async () => {
    await setDatabaseClock(db, '2027-04-01T06:30:00Z');
    const fromVisitor = await rpc<Ticket>(anon, SUBMIT, [HOSTILE_SUBJECT, HOSTILE_BODY, 'victim@example.in']);
    const user = await createUser(db);
    const toOther = await rpc<Ticket>(player(user.id), SUBMIT, [HOSTILE_SUBJECT, HOSTILE_BODY, 'Another.Victim@example.in']);
    for (const [address, ticket] of [
      ['victim@example.in', fromVisitor],
      ['another.victim@example.in', toOther],
    ] as const) {
      const mails = await db.admin.query<{ payload: Record<string, string> }>(
        `select payload from private.outbox where kind = 'email' and payload ->> 'to' = $1`,
        [address],
      );
      expect(mails.rows).toHaveLength(1);
      const { subject, text, link } = mails.rows[0]!.payload;
      expect(subject).toBe(`Grievance ${ticket.ticket_id} received`);
      expect(text).toContain(ticket.ticket_id);
      expect(link).toBe('/grievance');
      for (const words of ['Status', 'evil.example', '₹50,000', 'null', 'فتح']) expect(`${subject} ${text}`).not.toContain(words);
    }
    // The player's own confirmed sign-in address is told what they filed.
    await rpc(player(user.id), SUBMIT, ['Export missing rows', BODY, user.email.toUpperCase()]);
    expect((await outboxTo(user.email))[0]?.text).toContain('"Export missing rows"');
    // Staff see which tickets were given an address nobody confirmed.
    const list = await rpc<{ ticket_id: string; email_confirmed: boolean }[]>((await admin(db)).actor, 'public.staff_list_grievances()');
    expect(list.find((t) => t.ticket_id === fromVisitor.ticket_id)?.email_confirmed).toBe(false);
    expect(list.find((t) => t.ticket_id === toOther.ticket_id)?.email_confirmed).toBe(false);
  });

  it.each([
    ['a visitor without an e-mail address', null, 'Subject', BODY, 'email_required'],
    ['an invalid address', 'not-an-address', 'Subject', BODY, 'invalid_email'],
    ['a two-letter subject', 'x@example.in', 'Hi', BODY, 'grievance_subject_length'],
    ['a body under 10 characters', 'x@example.in', 'Subject', 'Too short', 'grievance_body_length'],
  ])('refuses %s', async (_case, email, subject, body, hint) => {
    const error = await db.as(anon, `select ${SUBMIT}`, [subject, body, email]).catch((e: { code: string; hint: string }) => e);
    expect(error).toMatchObject({ code: INVALID_INPUT, hint });
  });

  it('takes 3 tickets per e-mail address in an hour, refuses the fourth, and takes one again an hour later', async () => {
    await setDatabaseClock(db, '2027-02-05T10:00:00Z');
    for (let i = 0; i < 3; i++) await rpc(anon, SUBMIT, [`Subject ${i}`, BODY, 'busy@example.in']);
    await expectSqlError(rpc(anon, SUBMIT, ['Fourth', BODY, 'BUSY@example.in']), WRONG_STATE, 'several grievances');
    await setDatabaseClock(db, '2027-02-05T11:00:01Z');
    await expect(rpc(anon, SUBMIT, ['Next hour', BODY, 'busy@example.in'])).resolves.toHaveProperty('ticket_id');
  });

  it('lists open tickets for admins of the whole platform at aal2 only, and in what needs attention with due_at', async () => {
    await setDatabaseClock(db, '2027-02-06T10:00:00Z');
    const ticket = await rpc<Ticket>(anon, SUBMIT, ['Attention please', BODY, 'attention@example.in']);
    const boss = await admin(db);
    const list = await rpc<{ ticket_id: string; email: string }[]>(boss.actor, 'public.staff_list_grievances()');
    expect(list.find((t) => t.ticket_id === ticket.ticket_id)?.email).toBe('attention@example.in');
    const attention = await rpc<{ kind: string; due_at: string; title: string }[]>(boss.actor, 'public.staff_needs_attention()');
    const item = attention.find((a) => a.kind === 'grievance' && a.title.includes(ticket.ticket_id));
    expect(new Date(item!.due_at).toISOString()).toBe(new Date(ticket.acknowledge_by).toISOString());

    await expectSqlError(rpc(player(boss.id, boss.email, 'aal1'), 'public.staff_list_grievances()'), NOT_ALLOWED);
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    await expectSqlError(rpc(player(referee.id, referee.email, 'aal2'), 'public.staff_list_grievances()'), NOT_ALLOWED);
    const refereeSees = await rpc<{ kind: string }[]>(player(referee.id, referee.email, 'aal2'), 'public.staff_needs_attention()');
    expect(refereeSees.filter((a) => a.kind === 'grievance')).toEqual([]);
  });

  it('acknowledges, then resolves: audited, e-mailed, gone from attention; neither twice', async () => {
    await setDatabaseClock(db, '2027-02-07T10:00:00Z');
    const ticket = await rpc<Ticket>(anon, SUBMIT, ['Please delete photo', BODY, 'photo@example.in']);
    const boss = await admin(db);
    const acked = await rpc<{ status: string }>(boss.actor, 'public.staff_acknowledge_grievance($1, $2)', [
      ticket.ticket_id,
      'We are looking into it.',
    ]);
    expect(acked.status).toBe('acknowledged');
    await expectSqlError(rpc(boss.actor, 'public.staff_acknowledge_grievance($1, $2)', [ticket.ticket_id, 'Again']), WRONG_STATE);
    await expectSqlError(rpc(boss.actor, 'public.staff_resolve_grievance($1, $2)', [ticket.ticket_id, 'Short']), INVALID_INPUT);
    const resolved = await rpc<{ status: string; resolution: string }>(boss.actor, 'public.staff_resolve_grievance($1, $2)', [
      ticket.ticket_id,
      'The photo was deleted on 7 February.',
    ]);
    expect(resolved.status).toBe('resolved');
    await expectSqlError(
      rpc(boss.actor, 'public.staff_resolve_grievance($1, $2)', [ticket.ticket_id, 'The photo was deleted again.']),
      WRONG_STATE,
    );
    expect((await outboxTo('photo@example.in')).map((m) => m.subject)).toEqual([
      `Grievance ${ticket.ticket_id} received`,
      `Grievance ${ticket.ticket_id} acknowledged`,
      `Grievance ${ticket.ticket_id} resolved`,
    ]);
    const { rows } = await db.admin.query<{ action: string }>(
      `select action from public.audit_log where after ->> 'ticket_id' = $1 order by id`,
      [ticket.ticket_id],
    );
    expect(rows.map((r) => r.action)).toEqual(['grievance_acknowledged', 'grievance_resolved']);
    const attention = await rpc<{ title: string }[]>(boss.actor, 'public.staff_needs_attention()');
    expect(attention.some((a) => a.title.includes(ticket.ticket_id))).toBe(false);
    await expectSqlError(rpc(boss.actor, 'public.staff_resolve_grievance($1, $2)', ['GRV-999999', 'Nothing to see here.']), 'PT404');

    // Kept a year after it was resolved, as the privacy notice says, then deleted by the periodic work.
    const kept = async () =>
      (await db.admin.query('select 1 from private.grievances where ticket_id = $1', [ticket.ticket_id])).rows.length;
    await setDatabaseClock(db, '2028-02-06T10:00:00Z');
    // Every step: the clock jumps past the retention period, where pg_cron would have run every minute.
    await db.admin.query('select private.run_due_steps(true)');
    expect(await kept()).toBe(1);
    await setDatabaseClock(db, '2028-02-07T10:00:01Z');
    await db.admin.query('select private.run_due_steps(true)');
    expect(await kept()).toBe(0);
  });

  it('holds the limits the form checks (src/features/privacy/privacy.ts)', async () => {
    const { rows } = await db.admin.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'private.grievances'::regclass and conname in ('grievances_subject_length', 'grievances_body_length')`,
    );
    const def = Object.fromEntries(rows.map((row) => [row.name, row.def]));
    for (const [field, { min, max }] of Object.entries(GRIEVANCE_LIMITS)) {
      expect(def[`grievances_${field}_length`]).toMatch(new RegExp(`>= ${min}\\).*<= ${max}\\)`));
    }
  });

  it('lets no browser role read the tickets directly', async () => {
    const user = await createUser(db);
    for (const actor of [anon, player(user.id)]) {
      await expectSqlError(db.as(actor, 'select * from private.grievances'), '42501');
    }
  });

  it('takes 5 tickets per e-mail address in 24 hours, and refuses visitors once the day’s tickets from addresses nobody confirmed reach the cap', async () => {
    expect(await rpc(anon, 'private.grievance_rules()').catch(() => null)).toBeNull();
    const rules = (await db.admin.query<{ r: Record<string, number> }>('select private.grievance_rules() as r')).rows[0]!.r;
    expect(rules).toMatchObject({ per_email_per_hour: 3, per_email_per_day: 5, unconfirmed_per_day: 50 });

    await setDatabaseClock(db, '2027-05-01T10:00:00Z');
    for (let i = 0; i < 3; i++) await rpc(anon, SUBMIT, [`Subject ${i}`, BODY, 'daily@example.in']);
    await setDatabaseClock(db, '2027-05-01T11:00:01Z');
    for (let i = 0; i < 2; i++) await rpc(anon, SUBMIT, [`Later ${i}`, BODY, 'daily@example.in']);
    await setDatabaseClock(db, '2027-05-01T12:00:02Z');
    await expectSqlError(rpc(anon, SUBMIT, ['Sixth', BODY, ' Daily@Example.in ']), 'PT429', 'in 24 hours');
    await setDatabaseClock(db, '2027-05-02T10:00:01Z');
    await expect(rpc(anon, SUBMIT, ['Next day', BODY, 'daily@example.in'])).resolves.toHaveProperty('ticket_id');

    // A flood from many addresses: 50 in the day, then visitors are refused and told where else to write.
    await setDatabaseClock(db, '2027-06-01T10:00:00Z');
    for (let i = 0; i < 50; i++) await rpc(anon, SUBMIT, ['Flood', BODY, `flood-${i}@example.in`]);
    await expectSqlError(rpc(anon, SUBMIT, ['One more', BODY, 'flood-x@example.in']), 'PT429', 'grievance officer');
    const named = await createUser(db);
    await expectSqlError(rpc(player(named.id), SUBMIT, ['Mine', BODY, 'someone.else@example.in']), 'PT429', 'grievance officer');
    // A player answered at their own confirmed address is never turned away by the flood.
    await expect(rpc(player(named.id), SUBMIT, ['Mine', BODY, null])).resolves.toHaveProperty('ticket_id');
    expect((await outboxTo('flood-x@example.in')).length).toBe(0);
  });
});

describe.each(engines)('who an incident touched on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine, { storageRules: true });
  });
  afterAll(() => db?.close());
  const rpc = rpcOf(() => db);
  const TOUCHED = 'public.admin_people_touched($1, $2, $3)';

  it('lists each account whose data of the kind was written in the window, and audits the search', async () => {
    const inside = await createUser(db);
    const outside = await createUser(db);
    await db.admin.query(`insert into public.notifications (user_id, kind, title, created_at) values ($1, 'kyc_result', 'In', $2)`, [
      inside.id,
      '2027-03-01T10:00:00Z',
    ]);
    await db.admin.query(`insert into public.notifications (user_id, kind, title, created_at) values ($1, 'kyc_result', 'Out', $2)`, [
      outside.id,
      '2027-03-05T10:00:00Z',
    ]);
    await setDatabaseClock(db, '2027-03-02T09:00:00Z');
    await rpc(anon, 'public.submit_grievance($1, $2, $3)', ['Breach?', 'Did the breach include my address?', 'nobody@example.in']);
    const boss = await admin(db);

    const people = await rpc<{ user_id: string | null; email: string; kinds: string[] }[]>(boss.actor, TOUCHED, [
      'notifications',
      '2027-03-01T00:00:00Z',
      '2027-03-02T00:00:00Z',
    ]);
    expect(people.map((p) => p.email)).toEqual([inside.email]);
    expect(people[0]?.kinds).toEqual(['notifications']);

    const all = await rpc<{ user_id: string | null; email: string; kinds: string[] }[]>(boss.actor, TOUCHED, [
      'all',
      '2027-03-01T00:00:00Z',
      '2027-03-03T00:00:00Z',
    ]);
    expect(all.map((p) => p.email)).toEqual(expect.arrayContaining([inside.email, 'nobody@example.in']));
    expect(all.map((p) => p.email)).not.toContain(outside.email);
    expect(all.find((p) => p.email === 'nobody@example.in')).toMatchObject({ user_id: null, kinds: ['grievances'] });

    const { rows } = await db.admin.query<{ actor_id: string; after: { kind: string; people: number } }>(
      `select actor_id, after from public.audit_log where action = 'people_touched_listed' order by id`,
    );
    expect(rows.map((r) => [r.actor_id, r.after.kind, r.after.people])).toEqual([
      [boss.id, 'notifications', 1],
      [boss.id, 'all', all.length],
    ]);
  });

  it('refuses an unknown kind or a backwards window', async () => {
    const boss = await admin(db);
    await expectSqlError(rpc(boss.actor, TOUCHED, ['shoe_size', '2027-03-01T00:00:00Z', '2027-03-02T00:00:00Z']), INVALID_INPUT);
    await expectSqlError(rpc(boss.actor, TOUCHED, ['kyc', '2027-03-02T00:00:00Z', '2027-03-01T00:00:00Z']), INVALID_INPUT);
  });

  it('answers admins of the whole platform at aal2 only', async () => {
    const boss = await admin(db);
    const args = ['all', '2027-03-01T00:00:00Z', '2027-03-02T00:00:00Z'];
    await expectSqlError(rpc(player(boss.id, boss.email, 'aal1'), TOUCHED, args), NOT_ALLOWED);
    const organiser = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'organiser')`, [organiser.id]);
    await expectSqlError(rpc(player(organiser.id, organiser.email, 'aal2'), TOUCHED, args), NOT_ALLOWED);
    const plain = await createUser(db);
    await expectSqlError(rpc(player(plain.id, plain.email, 'aal2'), TOUCHED, args), NOT_ALLOWED);
    await expectSqlError(db.as(anon, `select ${TOUCHED}`, args), '42501');
  });
});
