/**
 * Rule tables: the project's tables that hold rows before any player arrives (the state machines' moves,
 * the due-work steps, settings, points tables...). The area files declare those rows as idempotent
 * upserts; migrations that change them are generated (scripts/migration-new.ts), and
 * supabase/tests/schema-declared.test.ts compares them row by row.
 */
import type { SqlExecutor } from '../../supabase/local/schema-setup.ts';

export type RuleTable = {
  /** Schema-qualified, e.g. `private.status_transitions`. */
  name: string;
  /**
   * The columns a declaration names: every column but an identity one (its numbers are the database's) and
   * a time stamp with a default (when the row was written).
   */
  columns: string[];
  /** The columns a row is known by: the primary key, or the first unique key when the primary key is an identity. */
  key: string[];
  /** A bytea column holds a key generated in each database (gen_random_bytes): declared, never overwritten, compared by length. */
  generatedSecrets: boolean;
  /** Each row's values as SQL literals, in the table's order (identity order when it has one). */
  rows: Record<string, string>[];
};

/** Every table outside `skip` (identities of the shim's objects) and the migration history that has rows. */
export async function readRuleRows(db: Pick<SqlExecutor, 'query'>, skip: Set<string> = new Set()): Promise<RuleTable[]> {
  const { rows: tables } = await db.query<{
    name: string;
    columns: string[];
    types: string[];
    identity: string[];
    stamped: string[];
    pkey: string[];
    ukey: string[] | null;
  }>(`
    select c.oid::regclass::text as name,
           array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns,
           array(select format_type(a.atttypid, a.atttypmod) from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as types,
           array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and a.attidentity <> '') as identity,
           array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.atthasdef
                    and format_type(a.atttypid, a.atttypmod) like 'timestamp%') as stamped,
           array(select a.attname::text from pg_constraint k cross join unnest(k.conkey) with ordinality u(attnum, i)
                   join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
                  where k.conrelid = c.oid and k.contype = 'p' order by u.i) as pkey,
           (select array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, i)
                           join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum order by u.i)
              from pg_constraint k where k.conrelid = c.oid and k.contype = 'u' order by k.conname limit 1) as ukey
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'supabase_migrations') and n.nspname !~ '^pg_'
     order by 1`);
  const result: RuleTable[] = [];
  for (const t of tables) {
    if (skip.has(`relation ${t.name}`)) continue;
    // When a row was written (created_at, updated_at) is no part of the rule it states.
    const columns = t.columns.filter((c) => !t.identity.includes(c) && !t.stamped.includes(c));
    const types = new Map(t.columns.map((c, i) => [c, t.types[i] ?? '']));
    const key = t.pkey.some((c) => t.identity.includes(c)) ? (t.ukey ?? t.pkey) : t.pkey;
    const generatedSecrets = columns.some((c) => types.get(c) === 'bytea');
    const select = columns
      .map((c) =>
        types.get(c) === 'bytea'
          ? `format('extensions.gen_random_bytes(%s)', octet_length(${quote(c)})) as ${quote(c)}`
          : `format('%L', ${quote(c)}) as ${quote(c)}`,
      )
      .join(', ');
    const order = (t.identity.length ? t.identity : key.length ? key : columns).map(quote).join(', ');
    const { rows } = await db.query<Record<string, string>>(`select ${select} from ${t.name} order by ${order}`);
    if (!rows.length) continue;
    result.push({
      name: t.name,
      columns,
      key,
      generatedSecrets,
      // format('%L', null) is the word NULL: the literal SQL wants.
      rows: rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] === 'NULL' ? 'null' : (r[c] ?? 'null')]))),
    });
  }
  return result;
}

const quote = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`);
