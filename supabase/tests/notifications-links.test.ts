/**
 * Every page the database links players to exists. Notifications and their e-mails carry a link written
 * inside SQL functions ('/match/?id=' || id, '/my-earnings' ...); a link to a page the site does not have
 * reads, at the money moment, like a scam. This reads the live functions' source (what a migrated
 * database runs, not what a migration once said) and checks each site path against the route table.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@/lib/routes';
import {
  completeProfile,
  createTournament,
  createUser,
  engines,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers';
import { finishedTournament, runDueWork } from './money-fixtures';

const SITE_PATHS = new Set(Object.values(ROUTES).map((route) => route.path));

/** '/match/?id=' → '/match': the page a link opens, without its query and trailing slash. */
const pageOf = (link: string) => link.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
/** A link a player can open: a page of the table, or a tournament's pre-rendered page. */
const lands = (link: string) => SITE_PATHS.has(pageOf(link)) || /^\/tournaments\/[A-Za-z0-9_-]{1,80}$/.test(pageOf(link));

describe.each(engines)('links the database writes, on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  async function linksInFunctions(): Promise<Map<string, string[]>> {
    const { rows } = await db.admin.query<{ name: string; source: string }>(
      `select n.nspname || '.' || p.proname as name, p.prosrc as source
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private')`,
    );
    const links = new Map<string, string[]>();
    for (const { name, source } of rows) {
      // A quoted site path: a slash, then a letter (so '/' alone and '^/' patterns are not links).
      for (const [, link] of source.matchAll(/'(\/[a-z][a-z0-9\-/]*(?:\/?\?[a-z_]+=)?)'/g)) {
        if (link) links.set(link, [...(links.get(link) ?? []), name]);
      }
    }
    return links;
  }

  it('finds the links it checks', async () => {
    const links = await linksInFunctions();
    expect([...links.keys()]).toEqual(expect.arrayContaining(['/match/?id=', '/my-earnings']));
  });

  it('links only to pages of the route table', async () => {
    const missing = [...(await linksInFunctions())]
      .filter(([link]) => !SITE_PATHS.has(pageOf(link)))
      .map(([link, functions]) => `${link} (${[...new Set(functions)].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('writes every notification kind somewhere, each time with a link', async () => {
    const { rows } = await db.admin.query<{ kind: string; writers: number }>(
      `select k as kind,
              (select count(*)::integer from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname in ('public', 'private') and p.proname <> 'notification_kinds'
                  and p.prosrc like '%''' || k || '''%') as writers
         from unnest(private.notification_kinds()) as k`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.writers === 0).map((row) => row.kind)).toEqual([]);
    // The bell and its e-mail share one writer, which refuses no link: every notice carries one.
    const { rows: unlinked } = await db.admin.query(`select id, kind from public.notifications where link is null or link = ''`);
    expect(unlinked).toEqual([]);
  });

  it('sends players only to pages that exist, in the bell and in every e-mail, through a tournament from payment to prize', async () => {
    const start = new Date('2031-03-10T10:00:00Z');
    const cup = await finishedTournament(db, { size: 4, start, prizePoolPaise: 40_000 });
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
    await runDueWork(db);
    await setDatabaseClock(db, null);
    // A payment through the one confirmation: its receipt.
    const { id: payer } = await createUser(db);
    await completeProfile(db, payer);
    const open = await createTournament(db);
    const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    await db.as(serviceRole, 'select public.service_record_payment_order($1, $2, 1, $3, 15000, $4)', [payer, open.id, orderId, 'INR']);
    await db.as(serviceRole, 'select public.service_confirm_tournament_payment($1, $2)', [orderId, `pay_${orderId.slice(6)}`]);
    await runDueWork(db);

    const { rows: notices } = await db.admin.query<{ kind: string; link: string }>('select distinct kind, link from public.notifications');
    const { rows: emails } = await db.admin.query<{ link: string | null; text: string }>(
      `select payload ->> 'link' as link, payload ->> 'text' as text from private.outbox where kind = 'email'`,
    );
    const kinds = new Set(notices.map((notice) => notice.kind));
    for (const kind of ['draw_made', 'next_match', 'tournament_finished', 'prize_credited', 'payment_receipt'])
      expect(kinds).toContain(kind);
    expect(emails.length).toBeGreaterThan(0);
    const links = [
      ...notices.map((notice) => ({ from: `bell ${notice.kind}`, link: notice.link })),
      ...emails.flatMap((email) => [
        ...(email.link ? [{ from: 'e-mail link', link: email.link }] : []),
        // A path written into an e-mail's text is a link too.
        ...[...email.text.matchAll(/(?:^|\s)(\/[a-z][\w\-/?=&.]*)/g)].map((match) => ({ from: 'e-mail text', link: match[1] ?? '' })),
      ]),
    ];
    expect(links.filter(({ link }) => !lands(link))).toEqual([]);
  });
});
