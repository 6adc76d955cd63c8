/**
 * The blog's "Notify me": addresses are stored once, lower-case, with the consent the visitor agreed
 * to, only through sign_up_for_story_news(); no browser role can read them back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  INVALID_INPUT,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const SIGN_UP = 'select public.sign_up_for_story_news($1, $2) as result';
const CONSENT = 'I agree to receive an e-mail from Golazo Arena when the first player stories are published.';

describe.each(engines)('story news sign-ups on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(() => db?.close());

  const stored = async (email: string) =>
    (
      await db.admin.query<{ email: string; consent_text: string; consented_at: Date }>(
        'select email, consent_text, consented_at from public.story_notification_signups where email = $1',
        [email],
      )
    ).rows;

  it('stores a visitor’s address lower-case with the consent text and when it was given', async () => {
    await setDatabaseClock(db, '2026-12-01T10:00:00Z');
    const [row] = await db.as<{ result: unknown }>(anon, SIGN_UP, ['  Priya.Nair@Example.IN ', CONSENT]);
    expect(row?.result).toEqual({ saved: true, email: 'priya.nair@example.in', confirm_by_email: true });

    const rows = await stored('priya.nair@example.in');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.consent_text).toBe(CONSENT);
    expect(rows[0]?.consented_at.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    await setDatabaseClock(db, null);
  });

  it('takes a second sign-up of the same address without an error and changes nothing', async () => {
    await db.as(anon, SIGN_UP, ['arjun@example.in', CONSENT]);
    const before = await stored('arjun@example.in');
    const [again] = await db.as<{ result: unknown }>(anon, SIGN_UP, ['ARJUN@example.in', 'Some other consent wording']);
    expect(again?.result).toEqual({ saved: true, email: 'arjun@example.in', confirm_by_email: true });
    expect(await stored('arjun@example.in')).toEqual(before);
  });

  it('lets a signed-in player sign up too', async () => {
    const { actor } = await createUser(db);
    const [row] = await db.as<{ result: unknown }>(actor, SIGN_UP, ['player.news@example.in', CONSENT]);
    expect(row?.result).toMatchObject({ saved: true });
  });

  it.each([
    ['', 'an empty address'],
    ['not-an-address', 'no @'],
    ['two@@example.in', 'two @'],
    ['spaces in@example.in', 'a space'],
    [`${'a'.repeat(250)}@example.in`, 'over 254 characters'],
  ])('refuses %j (%s), naming the problem', async (email) => {
    await expectSqlError(db.as(anon, SIGN_UP, [email, CONSENT]), INVALID_INPUT, 'Enter a valid e-mail address');
  });

  it.each([[null], [''], ['   ']])('refuses a sign-up without consent (%j) and stores nothing', async (consent) => {
    await expectSqlError(db.as(anon, SIGN_UP, ['no.consent@example.in', consent]), INVALID_INPUT, 'Tick the box');
    expect(await stored('no.consent@example.in')).toEqual([]);
  });

  it('lets no browser role read, write or delete the addresses directly', async () => {
    for (const actor of [anon, (await createUser(db)).actor]) {
      await expectSqlError(db.as(actor, 'select email from public.story_notification_signups'), INSUFFICIENT_PRIVILEGE);
      await expectSqlError(
        db.as(actor, "insert into public.story_notification_signups values ('x@example.in', 'yes', now())"),
        INSUFFICIENT_PRIVILEGE,
      );
      await expectSqlError(db.as(actor, 'delete from public.story_notification_signups'), INSUFFICIENT_PRIVILEGE);
    }
    const { rows } = await db.admin.query<{ rls: boolean }>(
      "select relrowsecurity as rls from pg_class where oid = 'public.story_notification_signups'::regclass",
    );
    expect(rows[0]?.rls).toBe(true);
  });

  it('lets the service role read them for sending the news', async () => {
    const rows = await db.as<{ email: string }>(serviceRole, 'select email from public.story_notification_signups order by email');
    expect(rows.map((r) => r.email)).toContain('priya.nair@example.in');
  });
});
