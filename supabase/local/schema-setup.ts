/**
 * Brings a bare Postgres to the state `supabase start` gives: the Supabase compatibility shim, then every
 * migration in `supabase/migrations` in timestamp order, then (locally only) `supabase/seed.sql`.
 *
 * Engine-agnostic: the embedded local database (PGlite, see database.ts) and the throw-away PostgreSQL 15
 * cluster of the SQL tests (supabase/tests/postgres-cluster.ts) both pass a {@link SqlConnection}.
 *
 * The shim runs as the engine's superuser. Migrations and the seed run as `supabase_migrator` (created by
 * shim.sql), which plays hosted Supabase's `postgres` role: not a superuser, so SQL that
 * `supabase db push` would refuse is refused here too.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs SQL on one connection. Both PGlite and node-postgres clients are adapted to it. */
export type SqlExecutor = {
  /** Runs one or more statements without parameters (simple query protocol). */
  exec(sql: string): Promise<unknown>;
  /** Runs one statement with `$1`-style parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

export type SqlConnection = SqlExecutor & {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
};

const supabaseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_DIR = path.join(supabaseDir, 'migrations');

/** `20261121000001_tournaments.sql` -> version `20261121000001`, name `tournaments`, as the Supabase CLI reads it. */
const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

/** The migrations in `dir`, oldest first. A `.sql` file whose name does not follow the pattern is an error. */
export async function readMigrations(dir = MIGRATIONS_DIR) {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, version, name] = MIGRATION_FILE.exec(file) ?? [];
      if (!version) throw new Error(`Migration file name must be <YYYYMMDDHHMMSS>_<concern>.sql: ${file}`);
      return { version, name, file, sql: await readFile(path.join(dir, file), 'utf8') };
    }),
  );
}

/**
 * Statements that would let a migration leave the migrator role and act as the superuser the local engine
 * logs in as. Hosted Supabase has no such superuser to return to, so they are refused before running.
 */
const ROLE_ESCAPES = [
  /\breset\s+role\b/i,
  /\bset\s+(session\s+|local\s+)?role\s+(none|default)\b/i,
  /\b(re)?set\s+session\s+authorization\b/i,
];

export class MigrationError extends Error {
  readonly file: string;
  constructor(file: string, cause: unknown) {
    super(`Migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
    this.file = file;
  }
}

/** Applies the compatibility shim as the current (superuser) connection. Idempotent: runs on every start. */
export async function applyShim(conn: SqlConnection): Promise<void> {
  const sql = await readFile(path.join(supabaseDir, 'local', 'shim.sql'), 'utf8');
  await conn.transaction(async (tx) => {
    await tx.exec(sql);
    // The Supabase CLI's own migration history table, so the CLI and this runner agree on what has been applied.
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, statements text[], name text, checksum text, applied_at timestamptz not null default now()
      );
    `);
  });
}

/**
 * Runs `sql` as the migrator role inside its own transaction, then `record` (as the superuser) in the same
 * transaction. Throws a MigrationError (and rolls back) when the SQL fails or tries to switch back to the superuser.
 */
export async function runAsMigrator(conn: SqlConnection, label: string, sql: string, record?: (tx: SqlExecutor) => Promise<unknown>) {
  const roleChange = ROLE_ESCAPES.find((pattern) => pattern.test(sql));
  if (roleChange) throw new MigrationError(label, new Error(`changing the session role is not allowed here (${roleChange.source})`));
  try {
    await conn.transaction(async (tx) => {
      await tx.exec('set local role supabase_migrator');
      await tx.exec(sql);
      await tx.exec('reset role');
      await record?.(tx);
    });
  } catch (error) {
    throw new MigrationError(label, error);
  }
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Applies every migration not yet recorded in supabase_migrations.schema_migrations, oldest first, each in
 * its own transaction together with its history row. Returns the versions applied now.
 */
export async function applyMigrations(conn: SqlConnection, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { rows } = await conn.query<{ version: string; checksum: string | null }>(
    'select version, checksum from supabase_migrations.schema_migrations',
  );
  const applied = new Map(rows.map((r) => [r.version, r.checksum]));
  const fresh: string[] = [];
  for (const { version, name, file, sql } of await readMigrations(dir)) {
    if (applied.has(version)) {
      // A landed migration is never edited: hosted projects would never see the change.
      const recorded = applied.get(version);
      if (recorded && recorded !== checksum(sql)) {
        console.warn(
          `supabase/migrations/${file} changed after it was applied to this database. ` +
            'Write a new migration instead (locally, `npm run stack:reset` starts over).',
        );
      }
      continue;
    }
    await runAsMigrator(conn, file, sql, (tx) =>
      tx.query('insert into supabase_migrations.schema_migrations (version, name, statements, checksum) values ($1, $2, $3, $4)', [
        version,
        name,
        [sql],
        checksum(sql),
      ]),
    );
    fresh.push(version);
  }
  return fresh;
}

/** Applies supabase/seed.sql as the migrator role (local demo data only; never part of a deploy). */
export async function applySeed(conn: SqlConnection): Promise<void> {
  const sql = await readFile(path.join(supabaseDir, 'seed.sql'), 'utf8').catch(() => '');
  if (sql.trim()) await runAsMigrator(conn, 'seed.sql', sql);
}
