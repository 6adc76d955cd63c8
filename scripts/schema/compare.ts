/**
 * Compares two databases object by object: what supabase/tests/schema-declared.test.ts and
 * `npm run migration:new` use to prove that the migrations build the database the area files declare.
 *
 * Each object's definition is read from the catalog (catalog.ts: tables with their columns, constraints,
 * indexes, row-level security, grants, publication membership and comments; views; types; function bodies
 * and comments; triggers; policies; buckets), and to it are added every function's and table's exact access
 * list and the rows of every rule table (rule-rows.ts).
 */
import type { SqlConnection } from '../../supabase/local/schema-setup.ts';
import { readCatalog } from './catalog.ts';
import { readRuleRows } from './rule-rows.ts';

/** Object identity -> its definition, as text that is equal in two databases when the objects are. */
export async function readDefinitions(conn: SqlConnection): Promise<Map<string, string>> {
  const definitions = new Map<string, string>();
  for (const object of await readCatalog(conn)) definitions.set(object.identity, object.sql);
  // Names schema-qualified, as catalog.ts reads them.
  await conn.exec("set search_path = ''");
  // Each grant as `grantee:privilege`, sorted: the same access written in another order reads the same.
  const explode = (acl: string, kind: string, owner: string) =>
    `(select string_agg(g, ' ' order by g) from (select coalesce(r.rolname, 'public') || ':' || lower(a.privilege_type) as g
        from aclexplode(coalesce(${acl}, acldefault('${kind}', ${owner}))) a left join pg_roles r on r.oid = a.grantee) grants)`;
  const { rows: access } = await conn.query<{ identity: string; acl: string }>(`
    select 'access to ' || case p.prokind when 'p' then 'procedure ' else 'function ' end || p.oid::regprocedure::text as identity, ${explode('p.proacl', 'f', 'p.proowner')} as acl
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
    union all
    select 'access to relation ' || c.oid::regclass::text, ${explode('c.relacl', 'r', 'c.relowner')}
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'v', 'm', 'p', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
    union all
    select 'access to schema ' || n.nspname, ${explode('n.nspacl', 'n', 'n.nspowner')}
      from pg_namespace n where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'`);
  await conn.exec('reset search_path');
  for (const a of access) definitions.set(a.identity, a.acl);
  for (const table of await readRuleRows(conn)) {
    for (const row of table.rows) {
      const key = table.key.map((c) => row[c]).join(', ');
      definitions.set(`row of ${table.name} (${key})`, table.columns.map((c) => `${c} = ${row[c]}`).join(', '));
    }
  }
  return definitions;
}

export type Difference = { identity: string; migrations?: string; schemas?: string };

/** Every object defined differently (or only) in one of the two, by identity. */
export function compareDefinitions(migrations: Map<string, string>, schemas: Map<string, string>): Difference[] {
  const differences: Difference[] = [];
  for (const identity of [...new Set([...migrations.keys(), ...schemas.keys()])].sort()) {
    const a = migrations.get(identity);
    const b = schemas.get(identity);
    if (a !== b) differences.push({ identity, migrations: a, schemas: b });
  }
  return differences;
}

/** One line per difference, for a test's or a command's message. */
export function describeDifferences(differences: Difference[], limit = 40): string {
  const lines = differences
    .slice(0, limit)
    .map((d) =>
      d.migrations === undefined
        ? `only in supabase/schemas: ${d.identity}`
        : d.schemas === undefined
          ? `only in the migrations: ${d.identity}`
          : `differs: ${d.identity}${firstDifference(d.migrations, d.schemas)}`,
    );
  if (differences.length > limit) lines.push(`... and ${differences.length - limit} more`);
  return lines.join('\n');
}

function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `\n    migrations:   ${(la[i] ?? '(nothing)').trim()}\n    schema files: ${(lb[i] ?? '(nothing)').trim()}`;
  }
  return '';
}
