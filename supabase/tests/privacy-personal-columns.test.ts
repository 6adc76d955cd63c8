/**
 * Personal data is tagged where it lives: every column holding data about a person carries a comment
 * `personal: <kind>`. Erasure, export and retention read the tags, so a personal column without one would
 * be missed by all three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestDatabase } from './helpers.ts';

const KINDS = [
  'email',
  'legal_name',
  'name',
  'age',
  'date_of_birth',
  'residence',
  'game_id',
  'picture',
  'pan',
  'pan_hash',
  'pan_last4',
  'upi_id',
  'phone',
  'device',
  'ip',
  'screenshot_path',
  'free_text',
];

// Column names that say "this is about a person" (ids apart: an account id is the pseudonymous subject;
// flags apart: notification_settings.email says whether to send e-mail).
const LOOKS_PERSONAL =
  /(email|legal_name|in_game_name|date_of_birth|^pan($|_hmac|_ciphertext|_last4)|upi_id|phone|screenshot|ip_address|profile_image)/;

describe.each(engines)('personal-data tags on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  async function columns() {
    return (
      await db.admin.query<{ name: string; column: string; type: string; comment: string | null }>(
        `select n.nspname || '.' || c.relname as name, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, col_description(c.oid, a.attnum) as comment
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'private') and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          order by 1, 2`,
      )
    ).rows;
  }

  it('mark every column whose name says it is personal', async () => {
    const untagged = (await columns())
      .filter((c) => LOOKS_PERSONAL.test(c.column) && c.type !== 'boolean' && !c.comment?.startsWith('personal: '))
      .map((c) => `${c.name}.${c.column}`);
    expect(untagged).toEqual([]);
  });

  it('name a known kind', async () => {
    const tagged = (await columns()).filter((c) => c.comment?.startsWith('personal: '));
    expect(tagged.length).toBeGreaterThan(20);
    const unknown = tagged
      .map((c) => ({ column: `${c.name}.${c.column}`, kind: /^personal: ([a-z0-9_]+)/.exec(c.comment ?? '')?.[1] }))
      .filter((c) => !c.kind || !KINDS.includes(c.kind));
    expect(unknown).toEqual([]);
  });
});
