/**
 * The embedded local database: PostgreSQL compiled to WebAssembly (PGlite), prepared to look like a fresh
 * Supabase project (see shim.sql) with the project's migrations applied. The local stack's services share
 * the one database this opens and run every request through {@link withRequestContext}, as PostgREST does.
 */
import { existsSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { ApiRole } from './keys.ts';
import { applyMigrations, applySeed, applyShim, readMigrations, type SqlConnection, type SqlExecutor } from './schema-setup.ts';

export type { Transaction } from '@electric-sql/pglite';

export type Database = Awaited<ReturnType<typeof openDatabase>>;

type OpenDatabaseOptions = {
  /** Directory the database persists in (e.g. `.data/postgres`); undefined keeps it in memory. */
  dataDir?: string;
  /** Load supabase/seed.sql (local demo data) when the database is created by this open. */
  seed?: boolean;
  /** The local servers' own SQL (Auth's tables, the movable clock), applied on every open before the seed. */
  localSql?: string[];
  /**
   * Start a new database from a dump made with `pg.dumpDataDir()` instead of running initdb (seconds in
   * WebAssembly). Tests open many databases from one prepared dump. Ignored when `dataDir` already holds one.
   */
  fromDump?: Blob;
  /**
   * The PAN encryption key, served to SQL by the Vault stand-in of shim.sql for this session only (never
   * written to the database). Tests pass a fixed one; the stack reads its .data/pan-encryption.key.
   */
  panEncryptionKey?: string;
  /**
   * A folder of migrated databases (the shim and every migration, nothing else) keyed by what they were
   * built from. A new database starts from the matching one instead of initdb and every migration (about
   * ten seconds of WebAssembly on a busy 2-core machine), and the first start after a change leaves one
   * there. The test stacks use it; `npm run stack` and the bench's cold start do not.
   */
  migratedCacheDir?: string;
  /**
   * Where the empty-cluster template lives ({@link clusterTemplate}): a new persisted database starts as a
   * copy of it instead of running initdb. Default {@link CLUSTER_TEMPLATE_DIR}; `false` runs initdb in the
   * data directory. In-memory databases always run initdb.
   */
  clusterTemplateDir?: string | false;
};

/** PGlite's dist/ folder (resolved as a CommonJS require does: Vitest's module runner has no import.meta.resolve). */
const PGLITE_DIST = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let compiledPglite: Promise<WebAssembly.Module> | undefined;

/**
 * The options every database is created with (the template's too, so a copy of it is what initdb would give).
 * PGlite's WebAssembly is compiled once per process, from the first call on: a new database compiles it
 * while its cluster is copied, where PGlite would compile it only after.
 */
async function pgliteOptions() {
  compiledPglite ??= readFile(path.join(PGLITE_DIST, 'pglite.wasm')).then((wasm) => WebAssembly.compile(wasm));
  return { extensions: { pgcrypto }, pgliteWasmModule: await compiledPglite };
}

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where the empty-cluster template is kept by default: with the installed packages, as PGlite is, so a new
 * install (or a new PGlite version, which is part of its name) makes its own. `npm install` makes it
 * (scripts/cluster-template.ts); a start that finds none makes it then.
 */
export const CLUSTER_TEMPLATE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'golazo-local-database');

async function pgliteVersion(): Promise<string> {
  return JSON.parse(await readFile(path.join(PGLITE_DIST, '..', 'package.json'), 'utf8')).version;
}

/** The folder of the empty cluster template for the installed PGlite under `dir` (made or not). */
export async function clusterTemplatePath(dir = CLUSTER_TEMPLATE_DIR): Promise<string> {
  return path.join(dir, `pglite-${await pgliteVersion()}-cluster`);
}

/**
 * The folder of a freshly initdb'd, empty cluster for the installed PGlite, made when missing. initdb in
 * WebAssembly is most of a new database's cost (seconds), and its result is the same for every data directory;
 * copying this folder gives a new database the same files without it. Nothing of the project is in it: the
 * shim, the migrations and the seed still run on the copy. Made aside, then renamed, so a concurrent start
 * never copies half of one.
 */
export async function clusterTemplate(dir = CLUSTER_TEMPLATE_DIR): Promise<string> {
  const template = await clusterTemplatePath(dir);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await mkdir(dir, { recursive: true });
    const pg = await PGlite.create({ dataDir: partial, ...(await pgliteOptions()) });
    await pg.close();
    await rename(partial, template).catch((error) => {
      // Another start made it first (a folder is not renamed over a full one): use theirs.
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return template;
}

/** The local stack's PAN encryption key: `<dataDir>/pan-encryption.key`, made once with 32 random bytes. */
export async function localPanEncryptionKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pan-encryption.key');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const key = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** SQL of the local servers themselves (Auth's tables, Realtime's, the movable clock, Storage's delete rule, the alerts' doubles, the webhook receiver's address), in the order applied. */
const LOCAL_SQL_FILES = ['gotrue.sql', 'realtime.sql', 'clock.sql', 'storage.sql', 'alerts.sql', 'webhooks.sql'];

export function readLocalServerSql(): Promise<string[]> {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  return Promise.all(LOCAL_SQL_FILES.map((file) => readFile(path.join(dir, file), 'utf8')));
}

/**
 * Copies a folder (about a thousand small files for a cluster) on another thread: fs.cp's asynchronous walk
 * takes twice as long as cpSync, and cpSync would hold the main thread while the stack loads its services.
 */
function copyFolder(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const code = `require('node:fs').cpSync(require('node:worker_threads').workerData.from, require('node:worker_threads').workerData.to, { recursive: true })`;
    const worker = new Worker(code, { eval: true, workerData: { from, to } });
    worker.once('error', reject);
    worker.once('exit', (exitCode) => (exitCode === 0 ? resolve() : reject(new Error(`copying ${from} to ${to} stopped (${exitCode})`))));
  });
}

/**
 * Opens (creating if needed) the local database: applies shim.sql, then every supabase/migrations/*.sql not
 * yet recorded in supabase_migrations.schema_migrations (so a restart applies only new ones), then the local
 * servers' SQL (idempotent), then seed.sql when `seed` is set and the database is new (the seed gives staff
 * their authenticator factors, a table of the local Auth server). Throws a MigrationError naming the file when a migration fails.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}) {
  const created = options.dataDir === undefined || !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const cached = created && !options.fromDump && options.migratedCacheDir ? await migratedCache(options.migratedCacheDir) : undefined;
  const fromDump = options.fromDump ?? (await cached?.read());
  const pgliteReady = pgliteOptions();
  if (created && !fromDump && options.dataDir !== undefined && options.clusterTemplateDir !== false) {
    // Without a template (a folder it cannot write, say) PGlite runs initdb in the data directory, as it used to.
    const template = await clusterTemplate(options.clusterTemplateDir).catch((error) => {
      console.warn(`The empty-cluster template could not be made (${error}); running initdb in ${options.dataDir}.`);
    });
    if (template) await copyFolder(template, options.dataDir);
  }
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    ...(await pgliteReady),
    ...(created && fromDump ? { loadDataDir: fromDump } : {}),
  });
  try {
    const conn = pgliteConnection(pg);
    if (options.panEncryptionKey)
      await pg.query(`select set_config('golazo.local_pan_encryption_key', $1, false)`, [options.panEncryptionKey]);
    await applyShim(conn);
    /** Migration versions applied by this open (empty when the persisted database was already current). */
    const appliedMigrations = await applyMigrations(conn);
    if (cached && !fromDump) await cached.write(await pg.dumpDataDir('none'));
    for (const sql of options.localSql ?? []) await pg.exec(sql);
    if (created && options.seed) await applySeed(conn);
    return { pg, appliedMigrations, created, close: () => pg.close() };
  } catch (error) {
    await pg.close().catch(() => {});
    throw error;
  }
}

/**
 * The cached migrated database for the current shim, migrations and PGlite: `read()` gives its dump when
 * one was made, `write()` stores one (written aside, then renamed, so a concurrent start never reads half).
 */
async function migratedCache(dir: string) {
  const hash = createHash('sha256');
  // A dump is loaded only by the PGlite that made it: its version is part of the key.
  hash.update(await pgliteVersion());
  hash.update(await readFile(path.join(path.dirname(fileURLToPath(import.meta.url)), 'shim.sql')));
  for (const migration of await readMigrations()) hash.update(`\0${migration.file}\0${migration.sql}`);
  const file = path.join(dir, `migrated-${hash.digest('hex').slice(0, 24)}.tar`);
  return {
    read: async () => (existsSync(file) ? new Blob([await readFile(file)]) : undefined),
    write: async (dump: Blob) => {
      await mkdir(dir, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
    },
  };
}

/** The roles a request can run as, chosen from the `role` claim of its JWT (or anon without one). */
export type RequestRole = ApiRole;

type RequestContext = {
  role: RequestRole;
  /** The verified JWT payload (sub, role, email, aal, ...); `{ role: 'anon' }` for anonymous requests. */
  claims: Record<string, unknown>;
};

/**
 * Runs `fn` in one transaction as PostgREST runs a request: the role switched with `set local role`, the
 * claims in `request.jwt.claims` (and `request.jwt.claim.sub` / `.role` / `.email` for helpers that read
 * single claims). Commits when `fn` resolves, rolls back when it throws; the settings end with the
 * transaction, so nothing leaks into the next request.
 */
export async function withRequestContext<T>(
  pg: PGlite,
  ctx: RequestContext,
  fn: (tx: Transaction) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  if (!['anon', 'authenticated', 'service_role'].includes(ctx.role)) throw new Error(`Unknown request role: ${String(ctx.role)}`);
  return pg.transaction(async (tx) => {
    // PostgREST runs GET and HEAD read-only: a function reached by a plain link cannot write.
    if (options.readOnly) await tx.exec('set transaction read only');
    const whoami = 'select current_user::text as current_user, session_user::text as session_user';
    const before = (await tx.query<{ session_user: string }>(whoami)).rows[0];
    await setRequestContext(tx, ctx);
    const result = await fn(tx);
    // PGlite's one login is a superuser, so SQL that switched role or session user back would run with
    // every privilege. Nothing a request sends should be able to; if it ever did, nothing it did commits
    // and nothing it read is answered.
    const after = (await tx.query<{ current_user: string; session_user: string }>(whoami)).rows[0];
    if (after.current_user !== ctx.role || after.session_user !== before.session_user)
      throw new RoleEscapeError(ctx.role, after.current_user);
    return result;
  });
}

/** A request's SQL ended as another role than the one it was given; the transaction is rolled back. */
export class RoleEscapeError extends Error {
  /** insufficient_privilege, so the services answer it as a refused request. */
  readonly code = '42501';
  constructor(role: string, became: string) {
    super(`permission denied: a ${role} request may not switch to ${became}`);
    this.name = 'RoleEscapeError';
  }
}

/** Sets role and claims for the rest of the current transaction (shared with the PostgreSQL test engine). */
export async function setRequestContext(tx: Pick<SqlExecutor, 'query'>, ctx: RequestContext): Promise<void> {
  const claim = (name: string) => String(ctx.claims[name] ?? '');
  await tx.query(
    `select set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true),
            set_config('request.jwt.claim.role', $4, true),
            set_config('request.jwt.claim.email', $5, true)`,
    [ctx.role, JSON.stringify(ctx.claims), claim('sub'), claim('role') || ctx.role, claim('email')],
  );
}

/** Adapts PGlite to the engine-agnostic runner of schema-setup.ts. */
export function pgliteConnection(pg: PGlite): SqlConnection {
  return {
    exec: (sql) => pg.exec(sql),
    query: (sql, params) => pg.query(sql, params),
    transaction: (fn) => pg.transaction((tx) => fn({ exec: (sql) => tx.exec(sql), query: (sql, params) => tx.query(sql, params) })),
  };
}
