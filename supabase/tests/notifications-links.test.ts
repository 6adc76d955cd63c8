/**
 * Every page the database links players to exists. Notifications and their e-mails carry a link written
 * inside SQL functions ('/match/?id=' || id, '/my-earnings' ...); a link to a page the site does not have
 * reads, at the money moment, like a scam. This reads the live functions' source (what a migrated
 * database runs, not what a migration once said) and checks each site path against the route table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@/lib/routes';
import { engines, type TestDatabase } from './helpers';

const SITE_PATHS = new Set(Object.values(ROUTES).map((route) => route.path));

/** '/match/?id=' → '/match': the page a link opens, without its query and trailing slash. */
const pageOf = (link: string) => link.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');

describe.each(engines)('links the database writes, on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
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
});
