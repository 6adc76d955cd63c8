/**
 * The cutover to declarative schema files, one command:
 *
 *   npm run schema:cutover -- [git ref, default main] [--at YYYYMMDDHHMMSS]
 *
 * Builds a database from supabase/migrations (PGlite, as the local stack does) and writes
 * supabase/schemas/<area>.sql from it. Which area and topic each object belongs to is read from the
 * generated files of the old layout (supabase/schema/<area>.sql at the given git ref), where each object
 * was printed from the same catalog reader; an object the migrations define differently from those files
 * is found by its name. Each file reads top to bottom: tables, then the rules (rule rows, the private
 * functions and triggers that apply them), then the functions callers use, then policies and grants.
 *
 * PostgreSQL prints a few definitions differently from how they were written (nested ANDs of a CHECK come
 * back flattened), so a database built from the files can differ from the migrations in form: the command
 * then generates the migration that closes the gap (`schema_files_cutover`, scripts/migration-new.ts), and
 * from then on the two agree.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pgliteConnection } from '../../supabase/local/database.ts';
import { applyMigrations, applyShim, MIGRATIONS_DIR, type SqlExecutor } from '../../supabase/local/schema-setup.ts';
import { readCatalog, type SchemaObject } from './catalog.ts';
import { readRuleRows, type RuleTable } from './rule-rows.ts';
import { generateMigration } from '../migration-new.ts';
import { SCHEMAS_DIR } from './schema-files.ts';
import { renderStateMachines, STATE_MACHINES_MODULE } from './state-machines.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOUBLE_RULE = '-- =====================================================================================================';
const heading = (title: string) => `-- ${title} ${'-'.repeat(Math.max(3, 100 - title.length))}`;

type OldArea = { area: string; about: string; sections: { title: string; text: string }[] };

/** The generated files of the old layout at `ref`, split into their topic sections (none once the layout is gone). */
function readOldAreas(ref: string): OldArea[] {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  let files: string[];
  try {
    files = git('ls-tree', '--name-only', `${ref}:supabase/schema`)
      .split('\n')
      .filter((f) => f.endsWith('.sql'));
  } catch {
    return [];
  }
  return files.map((file) => {
    const text = git('show', `${ref}:supabase/schema/${file}`);
    const about = /^-- [a-z_]+: (.*)$/m.exec(text)?.[1] ?? '';
    const parts = text.split(/\n-- -{50,}\n-- (.*)\n-- -{50,}\n/);
    const sections: { title: string; text: string }[] = [];
    for (let i = 1; i < parts.length; i += 2) sections.push({ title: parts[i] ?? '', text: parts[i + 1] ?? '' });
    return { area: file.slice(0, -4), about, sections };
  });
}

/**
 * The area files as they are now, split at their topic headings: run again, the cutover keeps every
 * object where the area files have it (moved by hand or not) and places only new ones from the old files.
 */
function readCurrentAreas(): OldArea[] {
  let files: string[];
  try {
    files = readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.sql'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const text = readFileSync(path.join(SCHEMAS_DIR, file), 'utf8');
    const about = /^-- [a-z_]+: (.*)$/m.exec(text)?.[1] ?? '';
    const parts = text.split(/\n-- (.+?) -{3,}\n/);
    const sections: { title: string; text: string }[] = [];
    for (let i = 1; i < parts.length; i += 2) sections.push({ title: parts[i] ?? '', text: parts[i + 1] ?? '' });
    return { area: file.slice(0, -4), about, sections };
  });
}

type Place = { area: string; section: number; title: string; at: number };

/**
 * Where an object sits: its exact text, else its definition's first line (a function's full signature, a
 * table's name), else its name alone; in the area files first, then in the old files. A policy or trigger
 * found nowhere goes with its table.
 */
function locate(object: SchemaObject, sources: OldArea[][], known: Map<string, Place>): Place | undefined {
  const lines = object.sql.split('\n');
  const probes = [object.sql, lines.find((l) => /^create /i.test(l)) ?? object.sql];
  if (object.kind === 'function') probes.push(`CREATE OR REPLACE FUNCTION ${object.key}(`);
  if (object.kind === 'bucket') probes.push(lines[1]?.slice(0, lines[1].indexOf(',')) ?? object.sql);
  // The area files first, by every probe: an object moved there stays where it was moved to.
  for (const areas of sources) {
    for (const probe of probes) {
      for (const area of areas) {
        for (const [section, s] of area.sections.entries()) {
          const at = s.text.indexOf(probe);
          if (at >= 0) return { area: area.area, section, title: s.title, at };
        }
      }
    }
  }
  // A policy or trigger not found by its own text goes with its table.
  return object.table ? known.get(object.table) : undefined;
}

/** The `--` lines just above the last `create function <name>` of the migrations: what it is for, in its author's words. */
function migrationComments(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const lines = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('\n');
    for (const [i, line] of lines.entries()) {
      const m = /^\s*create\s+(?:or\s+replace\s+)?function\s+([a-z_]+\.[a-z_0-9]+)\s*\(/i.exec(line);
      if (!m?.[1]) continue;
      const above: string[] = [];
      for (let j = i - 1; j >= 0 && /^\s*--/.test(lines[j] ?? ''); j--) above.unshift((lines[j] ?? '').trim());
      const words = above.filter((l) => !/^--\s*-{5,}\s*$|^--\s*={5,}\s*$/.test(l));
      if (words.length) found.set(m[1].toLowerCase(), words);
    }
  }
  return found;
}

type Acl = Map<string, Set<string>>;

/**
 * Grants and revokes that turn a new object's access (what the schema's default privileges give it) into
 * what it has now, so the files state only the exceptions a reader needs to see.
 */
function accessStatements(actual: Acl, fresh: Acl, on: string): string[] {
  const out: string[] = [];
  for (const grantee of [...new Set([...fresh.keys(), ...actual.keys()])].sort()) {
    const now = actual.get(grantee) ?? new Set<string>();
    const given = fresh.get(grantee) ?? new Set<string>();
    if ([...given].every((p) => now.has(p)) && [...now].every((p) => given.has(p))) continue;
    const extra = [...now].filter((p) => !given.has(p));
    // `revoke all` then what stays: the same statements run on PostgreSQL 15, which has no MAINTAIN
    // privilege (PGlite's 17 does), and the lines say plainly what the grantee keeps.
    if ([...given].some((p) => !now.has(p))) {
      out.push(`revoke all on ${on} from ${grantee};`);
      const kept = [...now].filter((p) => p !== 'MAINTAIN');
      if (kept.length) out.push(`grant ${kept.sort().join(', ').toLowerCase()} on ${on} to ${grantee};`);
    } else out.push(`grant ${extra.sort().join(', ').toLowerCase()} on ${on} to ${grantee};`);
  }
  return out;
}

/** Read with an empty search_path, so every name is schema-qualified as in catalog.ts. */
async function readAcls(db: SqlExecutor, sql: string): Promise<Map<string, Acl>> {
  await db.exec("set search_path = ''");
  const { rows } = await db.query<{ identity: string; grantee: string; privilege: string }>(sql);
  await db.exec('reset search_path');
  const acls = new Map<string, Acl>();
  for (const r of rows) {
    const acl = acls.get(r.identity) ?? new Map<string, Set<string>>();
    acl.set(r.grantee, new Set([...(acl.get(r.grantee) ?? []), r.privilege]));
    acls.set(r.identity, acl);
  }
  return acls;
}

const ACL_ROWS = (catalog: string, acl: string, owner: string, kind: string, identity: string, where: string) => `
  select ${identity} as identity, coalesce(r.rolname, 'public') as grantee, a.privilege_type as privilege
    from ${catalog} cross join aclexplode(coalesce(${acl}, acldefault('${kind}', ${owner}))) a left join pg_roles r on r.oid = a.grantee
   where a.grantee <> ${owner} and ${where}`;
const FUNCTION_ACLS = ACL_ROWS('pg_proc p', 'p.proacl', 'p.proowner', 'f', `'function ' || p.oid::regprocedure::text`, 'true');
const TABLE_ACLS = ACL_ROWS(
  'pg_class c',
  'c.relacl',
  'c.relowner',
  'r',
  `'relation ' || c.oid::regclass::text`,
  `c.relkind in ('r', 'v', 'm', 'p')`,
);

/** What the default privileges give a new function and a new table in each schema, read by making one. */
async function freshAccess(conn: ReturnType<typeof pgliteConnection>, schemas: string[]): Promise<Map<string, { f: Acl; r: Acl }>> {
  const result = new Map<string, { f: Acl; r: Acl }>();
  for (const schema of schemas) {
    await conn
      .transaction(async (tx) => {
        await tx.exec('set local role supabase_migrator');
        await tx.exec(
          `create function ${schema}.cutover_probe() returns int language sql as 'select 1'; create table ${schema}.cutover_probe (x int);`,
        );
        const f = (await readAcls(tx, FUNCTION_ACLS)).get(`function ${schema}.cutover_probe()`) ?? new Map();
        const r = (await readAcls(tx, TABLE_ACLS)).get(`relation ${schema}.cutover_probe`) ?? new Map();
        result.set(schema, { f, r });
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  }
  return result;
}
class Rollback extends Error {}

/** `insert ... on conflict` for rule rows: running it again changes nothing. */
export function upsertStatement(table: RuleTable, rows: Record<string, string>[]): string {
  const columns = table.columns;
  const values = rows.map((row) => `  (${columns.map((c) => row[c] ?? 'null').join(', ')})`);
  const others = columns.filter((c) => !table.key.includes(c));
  const action =
    table.generatedSecrets || !others.length ? 'do nothing' : `do update set ${others.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  return `insert into ${table.name} (${columns.join(', ')}) values\n${values.join(',\n')}\non conflict (${table.key.join(', ')}) ${action};`;
}

async function cutover(ref: string): Promise<{ files: Map<string, string>; stateMachines: string }> {
  const pg = await PGlite.create({ extensions: { pgcrypto } });
  try {
    const conn = pgliteConnection(pg);
    await applyShim(conn);
    const shimOnly = new Set((await readCatalog(conn)).map((o) => o.identity));
    await applyMigrations(conn);
    const objects = (await readCatalog(conn)).filter((o) => !shimOnly.has(o.identity));
    const current = readCurrentAreas();
    const old = readOldAreas(ref);
    const areasByName = new Map<string, OldArea>();
    for (const a of [...old, ...current]) areasByName.set(a.area, a);
    const functionAcls = await readAcls(conn, FUNCTION_ACLS);
    const tableAcls = await readAcls(conn, TABLE_ACLS);
    const schemas = [
      ...new Set(
        objects.filter((o) => o.kind === 'function' || o.kind === 'table' || o.kind === 'view').map((o) => o.key.split('.')[0] ?? ''),
      ),
    ];
    const fresh = await freshAccess(conn, schemas);
    const ruleTables = await readRuleRows(conn, shimOnly);
    const { rows: machineTables } = await conn.query<{ machine: string; table_name: string }>(`
      select distinct substring(pg_get_triggerdef(t.oid) from 'keep_to_state_machines\\(''([a-z_]+)''') as machine,
             format('%I.%I', n.nspname, c.relname) as table_name
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where pg_get_triggerdef(t.oid) like '%keep_to_state_machines(%'`);
    const described = migrationComments();

    // Tables first, so a policy or trigger finds its table's place.
    const known = new Map<string, Place>();
    const placed: [SchemaObject, Place][] = [];
    const unplaced: string[] = [];
    const order = (o: SchemaObject) => (o.table ? 1 : 0);
    for (const object of [...objects].sort((a, b) => order(a) - order(b))) {
      const place = locate(object, [current, old], known);
      if (!place) {
        unplaced.push(object.identity);
        continue;
      }
      if (object.kind === 'table' || object.kind === 'view') known.set(object.key, place);
      placed.push([object, place]);
    }
    if (unplaced.length) {
      throw new Error(
        `No area for (in neither supabase/schemas nor supabase/schema at ${ref}):\n  ${unplaced.join('\n  ')}\nDeclare each in an area file.`,
      );
    }

    const areaOfTable = (name: string) => known.get(name)?.area;
    const pendingRows: { area: string; title: string; sql: string }[] = [];
    const rendered = new Map<string, { about: string; parts: Record<string, { title: string; lines: string[] }[]> }>();
    const files = new Map<string, string>();
    for (const area of areasByName.values()) {
      const mine = placed
        .filter(([, p]) => p.area === area.area)
        .sort(([a, pa], [b, pb]) => pa.section - pb.section || pa.at - pb.at || (a.identity < b.identity ? -1 : 1));
      const parts: Record<'tables' | 'rules' | 'api' | 'access', { title: string; lines: string[] }[]> = {
        tables: [],
        rules: [],
        api: [],
        access: [],
      };
      const add = (part: keyof typeof parts, title: string, text: string) => {
        const list = parts[part];
        const last = list[list.length - 1];
        if (last && last.title === title) last.lines.push(text);
        else list.push({ title, lines: [text] });
      };

      for (const [object, place] of mine) {
        const lines = object.sql.split('\n');
        if (object.kind === 'function') {
          const definition = lines.filter((l) => !l.startsWith('-- Callable by:')).join('\n');
          const words = definition.startsWith('comment on ') ? [] : (described.get(object.key) ?? []);
          const api = object.key.startsWith('public.');
          add(api ? 'api' : 'rules', place.title, [...words, definition].join('\n'));
          const acl = accessStatements(
            functionAcls.get(object.identity) ?? new Map(),
            fresh.get(object.key.split('.')[0] ?? '')?.f ?? new Map(),
            object.identity,
          );
          if (acl.length) add('access', place.title, acl.join('\n'));
        } else if (object.kind === 'policy') {
          add('access', place.title, object.sql);
        } else if (object.kind === 'trigger') {
          add('rules', place.title, object.sql);
        } else if (object.kind === 'table' || object.kind === 'view') {
          const grants = lines.filter((l) => l.startsWith('grant ') && !/^grant [a-z, ]+ \(/.test(l));
          const columnGrants = lines.filter((l) => /^grant [a-z, ]+ \(/.test(l));
          const published = lines.filter((l) => l.startsWith('alter publication '));
          const definition = lines.filter((l) => !grants.includes(l) && !columnGrants.includes(l) && !published.includes(l));
          add('tables', place.title, withUnvalidatedChecksApart(object.key, definition).join('\n'));
          void grants; // Table grants are restated below from the catalog, as exceptions to the defaults.
          const acl = accessStatements(
            tableAcls.get(object.identity) ?? new Map(),
            fresh.get(object.key.split('.')[0] ?? '')?.r ?? new Map(),
            `table ${object.key}`,
          );
          const access = [...acl, ...columnGrants, ...published];
          if (access.length) add('access', place.title, access.join('\n'));
          for (const rule of ruleTables.filter((t) => t.name === object.key)) {
            // A rule table's rows sit with the area they belong to: a due-work step with its area, a state
            // machine's moves with the table the machine governs, any other row with its table.
            const byArea = new Map<string, Record<string, string>[]>();
            for (const row of rule.rows) {
              // A machine of one table's columns (tournament.drawn_at) is the table's machine (tournament).
              const machine = (row.machine ?? '').slice(1, -1).split('.')[0];
              const machineTable =
                rule.name === 'private.status_transitions' ? machineTables.find((m) => m.machine === machine)?.table_name : undefined;
              const rowArea =
                (rule.name === 'private.due_work_steps' && row.area ? row.area.slice(1, -1) : undefined) ??
                (machineTable ? areaOfTable(machineTable) : undefined) ??
                area.area;
              byArea.set(rowArea, [...(byArea.get(rowArea) ?? []), row]);
            }
            for (const [rowArea, rows] of byArea)
              pendingRows.push({ area: rowArea, title: `Rows of ${rule.name}`, sql: upsertStatement(rule, rows) });
          }
        } else if (object.kind === 'bucket') {
          // Declared so that running it again changes nothing, like the rule rows.
          const upsert = `${object.sql.replace(/;$/, '')}\non conflict (id) do update set name = excluded.name, public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;`;
          add('tables', place.title, upsert);
        } else {
          add('tables', place.title, object.sql);
        }
      }
      files.set(area.area, ''); // filled below, once every area's rule rows are known
      rendered.set(area.area, { about: area.about, parts });
    }
    // Rule rows open the area's rules, in the order their tables were met.
    for (const [area, { parts }] of rendered) {
      parts.rules = [
        ...pendingRows.filter((r) => r.area === area).map((r) => ({ title: r.title, lines: [r.sql] })),
        ...(parts.rules ?? []),
      ];
    }
    for (const [area, { about, parts }] of rendered) files.set(area, renderArea(area, about, parts));
    return { files, stateMachines: await renderStateMachines(conn) };
  } finally {
    await pg.close();
  }
}

/**
 * CREATE TABLE validates every constraint, so one added NOT VALID (old rows may break it; new rows may
 * not) is declared after the table with ALTER TABLE, as it was added.
 */
function withUnvalidatedChecksApart(table: string, lines: string[]): string[] {
  const start = lines.findIndex((l) => l.startsWith('create table '));
  const end = lines.indexOf(');', start);
  if (start < 0 || end < 0) return lines;
  const body = lines.slice(start + 1, end).map((l) => l.replace(/,$/, ''));
  const apart = body.filter((l) => l.trim().startsWith('constraint ') && l.endsWith(' NOT VALID'));
  if (!apart.length) return lines;
  const kept = body.filter((l) => !apart.includes(l));
  return [
    ...lines.slice(0, start + 1),
    ...kept.map((l, i) => (i < kept.length - 1 ? `${l},` : l)),
    ...lines.slice(end, end + 1),
    ...apart.map((l) => `alter table ${table} add ${l.trim()};`),
    ...lines.slice(end + 1),
  ];
}

const PART_TITLES: Record<string, string> = {
  tables: 'Tables: what is kept',
  rules: 'Rules: the rule rows, and the private functions and triggers that apply them',
  api: 'Functions callers use (the API: public schema)',
  access: 'Policies and grants: who may read, write and call',
};

function renderArea(area: string, about: string, parts: Record<string, { title: string; lines: string[] }[]>): string {
  const lines = [
    DOUBLE_RULE,
    `-- ${area}: ${about}`,
    DOUBLE_RULE,
    '-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration',
    '-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in',
    '-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.',
    DOUBLE_RULE,
  ];
  for (const part of ['tables', 'rules', 'api', 'access']) {
    const groups = parts[part] ?? [];
    if (!groups.length) continue;
    lines.push('', DOUBLE_RULE, `-- ${PART_TITLES[part]}`, DOUBLE_RULE);
    for (const group of groups) {
      lines.push('', heading(group.title));
      for (const text of group.lines) lines.push('', text);
    }
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const atIndex = args.indexOf('--at');
  const at = atIndex >= 0 ? args[atIndex + 1] : undefined;
  const ref = args.find((a, i) => !a.startsWith('--') && (atIndex < 0 || i !== atIndex + 1)) ?? 'main';
  const started = performance.now();
  // Each pass places objects by the area files the previous one wrote; a second pass settles the order of
  // anything the first placed from the old files, so the command ends where running it again changes nothing.
  const settle = async (pass = 1): Promise<number> => {
    const { files, stateMachines } = await cutover(ref);
    writeFileSync(STATE_MACHINES_MODULE, stateMachines);
    mkdirSync(SCHEMAS_DIR, { recursive: true });
    const onDisk = readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.sql'));
    const same =
      onDisk.length === files.size &&
      [...files].every(([area, text]) => readFileSync(path.join(SCHEMAS_DIR, `${area}.sql`), 'utf8') === text);
    if (same || pass === 4) return files.size;
    for (const stale of onDisk) rmSync(path.join(SCHEMAS_DIR, stale));
    for (const [area, text] of files) writeFileSync(path.join(SCHEMAS_DIR, `${area}.sql`), text);
    return settle(pass + 1);
  };
  settle().then(
    async (count) => {
      console.log(`Wrote ${count} area files to supabase/schemas/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      const migration = await generateMigration('schema_files_cutover', { at });
      console.log(migration ? `Migrations and area files now agree through ${migration}.` : 'Migrations and area files agree.');
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
