/**
 * The privacy notice names every column of personal data: each column the schema tags `personal: <kind>`
 * has its row in the notice's table (src/features/info/personal-data.ts), and each column the table names
 * exists, so the notice says what the database really holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_COLUMNS, PERSONAL_DATA } from '@/features/info/personal-data';
import { engines, type TestDatabase } from './helpers.ts';

describe.each(engines)('the privacy notice and the schema on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  const columns = async (where: string) =>
    (
      await db.admin.query<{ name: string }>(
        `select n.nspname || '.' || c.relname || '.' || a.attname as name
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and ${where}
          order by 1`,
      )
    ).rows.map((row) => row.name);

  it('lists every column tagged personal in the notice’s table', async () => {
    const tagged = await columns(`n.nspname in ('public', 'private') and col_description(c.oid, a.attnum) like 'personal: %'`);
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.filter((name) => !Object.hasOwn(PERSONAL_COLUMNS, name))).toEqual([]);
  });

  it('names only columns that exist, each in a row of the table', async () => {
    const existing = new Set(await columns(`n.nspname in ('public', 'private', 'auth')`));
    expect(Object.keys(PERSONAL_COLUMNS).filter((name) => !existing.has(name))).toEqual([]);
    for (const kind of Object.values(PERSONAL_COLUMNS)) expect(PERSONAL_DATA).toHaveProperty(kind);
  });

  it('states how long a message that could not be sent keeps its personal data, as the database clears it', async () => {
    const [setting] = (
      await db.admin.query<{ days: string }>(
        `select value #>> '{}' as days from private.settings where key = 'retention_outbox_given_up_days'`,
      )
    ).rows;
    expect(PERSONAL_COLUMNS['private.outbox.payload']).toBe('outsideCalls');
    expect(PERSONAL_DATA.outsideCalls.retention.en).toContain(`${setting?.days} days for a message that could not be sent`);
    expect(PERSONAL_DATA.outsideCalls.retention.hi).toContain(`${setting?.days} दिन`);
  });
});
