/**
 * `npm run migration:new <name>`: writes the migration that takes a database built from
 * supabase/migrations to the one supabase/schemas declares.
 *
 * Both databases are built side by side in a throw-away PostgreSQL 15 cluster (the SQL tests' own, started
 * as an unprivileged user). migra (@pgkit/migra) writes the structural difference: tables, columns,
 * constraints, indexes, views, functions, triggers, policies. What it leaves out is added here from the
 * object-by-object comparison (scripts/schema/compare.ts): comments (the erasure reads them), grants,
 * Realtime publication membership, and the rows of the rule tables (restated as the area files' own
 * idempotent upserts, with a delete for a row the files no longer declare).
 *
 * The new migration is then proven: a third database built from every migration, the new one included,
 * must equal the one from the area files, and the migrations must also run on PGlite (the local stack's
 * and the SQL tests' engine). The migration lock and the TypeScript state machines are brought up to date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { run as migra } from '@pgkit/migra';
import { pgliteConnection } from '../supabase/local/database.ts';
import { applyMigrations, applyShim, MIGRATIONS_DIR, readMigrations } from '../supabase/local/schema-setup.ts';
import { findPostgresBinaries, startPostgresCluster } from '../supabase/tests/postgres-cluster.ts';
import { lockNewMigrations } from './migrations-lock.ts';
import { compareDefinitions, type Difference, describeDifferences, readDefinitions } from './schema/compare.ts';
import { readRuleRows } from './schema/rule-rows.ts';
import { readAreaFiles } from './schema/schema-files.ts';
import { splitStatements } from './schema/sql-statements.ts';
import { renderStateMachines, STATE_MACHINES_MODULE } from './schema/state-machines.ts';
import { buildFromMigrations, buildFromSchemas } from './schema/two-databases.ts';

export const MISSING_POSTGRES =
  'npm run migration:new compares two databases on a PostgreSQL 15 server and none was found ' +
  '(looked for initdb and pg_ctl in /usr/lib/postgresql/15/bin and `pg_config --bindir`). ' +
  'Install it (Debian/Ubuntu: apt-get install postgresql-15) and run the command again.';

const NAME = /^[a-z][a-z0-9_]{2,80}$/;

/**
 * The new migration's version: `at` when given (a team that shares out ranges of versions), else
 * `YYYYMMDDHHMMSS` now (UTC), or one after the newest migration when that is later. Never at or before
 * the newest: a migration sorted among landed ones would never run on a hosted project.
 */
async function nextVersion(at?: string): Promise<string> {
  const last = (await readMigrations()).at(-1)?.version ?? '0';
  if (at !== undefined) {
    if (!/^\d{14}$/.test(at) || BigInt(at) <= BigInt(last))
      throw new Error(`--at wants a YYYYMMDDHHMMSS version after the newest migration (${last}): ${at}`);
    return at;
  }
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return BigInt(now) > BigInt(last) ? now : String(BigInt(last) + 1n);
}

const statementsOf = (definition: string | undefined) => (definition ? splitStatements(definition) : []);
const commentsOf = (definition: string | undefined) => statementsOf(definition).filter((s) => s.startsWith('comment on '));

/** `comment on X is '...'` -> `comment on X is null`. */
const uncomment = (statement: string) => statement.replace(/^(comment on .*?) is '[\s\S]*';$/, '$1 is null;');

/** Who may execute a function the moment it is created, before any grant of the files. */
const NEW_FUNCTION_GRANTEES = ['anon', 'authenticated', 'public', 'service_role'];

/** The statements migra does not write, from the object-by-object differences. */
export function statementsBeyondMigra(differences: Difference[], areaStatements: string[], ruleKeys: Map<string, string[]>): string[] {
  const out: string[] = [];
  const ruleTables = new Set<string>();
  const removedRows: string[] = [];
  for (const d of differences) {
    if (d.identity.startsWith('access to ')) {
      // Restate the object's whole access list: revoke what it had, grant what the files give it.
      const on = d.identity.slice('access to '.length).replace(/^relation /, 'table ');
      if (d.schemas === undefined) continue; // dropped with its object
      const grants = new Map<string, string[]>();
      for (const g of d.schemas.split(' ')) {
        const [grantee, privilege] = g.split(':');
        if (grantee && privilege && grantee !== 'supabase_migrator' && privilege !== 'maintain') {
          grants.set(grantee, [...(grants.get(grantee) ?? []), privilege]);
        }
      }
      // A new function or procedure starts executable by PUBLIC (and by what default privileges give the API roles):
      // revoke those too, so it ends with exactly the files' list.
      const before = new Set(
        d.migrations === undefined && (on.startsWith('function ') || on.startsWith('procedure '))
          ? NEW_FUNCTION_GRANTEES
          : (d.migrations ?? '').split(' ').map((g) => g.split(':')[0] ?? ''),
      );
      for (const grantee of [...before].filter((g) => g && g !== 'supabase_migrator').sort())
        out.push(`revoke all on ${on} from ${grantee};`);
      for (const [grantee, privileges] of grants) out.push(`grant ${privileges.sort().join(', ')} on ${on} to ${grantee};`);
    } else if (d.identity.startsWith('row of ')) {
      const table = d.identity.slice('row of '.length).replace(/ \(.*$/s, '');
      if (d.schemas === undefined) {
        const key = ruleKeys.get(table) ?? [];
        const values = d.identity.slice(d.identity.indexOf('(') + 1, -1);
        removedRows.push(`delete from ${table} where (${key.join(', ')}) = (${values});`);
      } else ruleTables.add(table);
    } else if (d.identity.startsWith('bucket ')) {
      if (d.schemas !== undefined) ruleTables.add('storage.buckets');
    } else {
      // Comments, and a table's Realtime publication: statements of its definition.
      const before = statementsOf(d.migrations);
      const after = statementsOf(d.schemas);
      for (const s of commentsOf(d.migrations)) {
        if (!commentsOf(d.schemas).some((t) => uncomment(t) === uncomment(s)) && d.schemas !== undefined) out.push(uncomment(s));
      }
      for (const s of commentsOf(d.schemas)) if (!before.includes(s)) out.push(s);
      for (const s of after.filter((t) => t.startsWith('alter publication '))) if (!before.includes(s)) out.push(s);
      for (const s of before.filter((t) => t.startsWith('alter publication ')))
        if (!after.includes(s) && d.schemas !== undefined) out.push(s.replace(' add table ', ' drop table '));
    }
  }
  out.push(...removedRows);
  for (const table of ruleTables) {
    out.push(...areaStatements.filter((s) => new RegExp(`^insert into ${table.replace('.', '\\.')}\\b`).test(s)));
  }
  return out;
}

/** Writes the migration; returns its file name, or null when the files and the migrations already agree. */
export async function generateMigration(
  name: string,
  { at, log = console.log }: { at?: string; log?: (line: string) => void } = {},
): Promise<string | null> {
  if (!NAME.test(name)) throw new Error(`A migration name is 3 to 81 characters of a-z, 0-9 and _, starting with a letter: ${name}`);
  if (!findPostgresBinaries()) throw new Error(MISSING_POSTGRES);
  const cluster = await startPostgresCluster();
  const opened: { client: { end(): Promise<void> } }[] = [];
  try {
    const fromMigrations = await buildFromMigrations(cluster);
    opened.push(fromMigrations);
    const fromSchemas = await buildFromSchemas(cluster);
    opened.push(fromSchemas);
    const target = await readDefinitions(fromSchemas.connection);
    const differences = compareDefinitions(await readDefinitions(fromMigrations.connection), target);
    if (!differences.length) return null;

    const structural = await migra(fromMigrations.url, fromSchemas.url, { unsafe: true });
    // Without the headings and comments above them, so a rule table's upserts are found by their first word.
    const areaStatements = readAreaFiles().flatMap((f) => splitStatements(f.sql).map((s) => s.replace(/^(\s*--[^\n]*\n)*/, '').trim()));
    // A rule row is known by its table's declared key (the unique key when the primary key is an identity).
    const ruleKeys = new Map((await readRuleRows(fromMigrations.connection)).map((t) => [t.name, t.key]));
    const beyond = statementsBeyondMigra(differences, areaStatements, ruleKeys);

    const version = await nextVersion(at);
    const file = `${version}_${name}.sql`;
    const body = [
      `-- ${name.replaceAll('_', ' ')}: generated by \`npm run migration:new\` from supabase/schemas (the source; edit`,
      '-- there, not here). Structure by migra; comments, grants, publication and rule rows by the generator.',
      '',
      structural.sql.trim(),
      '',
      ...beyond,
    ].join('\n');
    writeFileSync(path.join(MIGRATIONS_DIR, file), `${body.replace(/\n{3,}/g, '\n\n').trim()}\n`);
    log(`Wrote supabase/migrations/${file} (${differences.length} object(s) changed).`);

    // Proof: the migrations, the new one included, now build what the files declare, on both engines.
    const check = await buildFromMigrations(cluster, 'migrations_checked');
    opened.push(check);
    const left = compareDefinitions(await readDefinitions(check.connection), target);
    if (left.length) {
      log(`The migration does not reach the area files yet; complete it by hand before committing:\n${describeDifferences(left)}`);
    }
    const pglite = await PGlite.create({ extensions: { pgcrypto } });
    try {
      const conn = pgliteConnection(pglite);
      await applyShim(conn);
      await applyMigrations(conn);
    } finally {
      await pglite.close();
    }
    log('It applies on PostgreSQL 15 and on PGlite.');
    lockNewMigrations();
    writeFileSync(STATE_MACHINES_MODULE, await renderStateMachines(fromSchemas.connection));
    return left.length ? `${file} (incomplete)` : file;
  } finally {
    for (const db of opened) await db.client.end().catch(() => {});
    await cluster.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [name, flag, at] = process.argv.slice(2);
  if (!name || (flag !== undefined && (flag !== '--at' || !at))) {
    console.error('Usage: npm run migration:new <name> [--at YYYYMMDDHHMMSS]   (e.g. npm run migration:new payout_approval_limit)');
    process.exit(2);
  }
  const started = performance.now();
  generateMigration(name, { at }).then(
    (file) => {
      console.log(
        file
          ? `Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`
          : 'supabase/schemas and the migrations agree: nothing to generate.',
      );
      process.exit(file?.endsWith('(incomplete)') ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
