/**
 * Runs the SQL tests on every available engine: PGlite always (the local stack's database), PostgreSQL
 * when its server is installed (what hosted Supabase runs). Each engine gets the shim and the migrations,
 * and statements run as a given actor the way PostgREST runs a request.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { openDatabase, pgliteConnection } from '../local/database.ts';
import { chosenEngines, scaleEngineName } from './engine-choice.ts';
import pg from 'pg';
import { type PostgresCluster, pgConnection, startPostgresCluster } from './postgres-cluster.ts';
import { applyMigrations, applyShim, type SqlConnection } from '../local/schema-setup.ts';
import { testDatabase, type TestDatabase } from './requests.ts';

export {
  type Actor,
  anon,
  claimsOf,
  completeProfile,
  createUser,
  player,
  type Rpc,
  rpcOf,
  runDueWorkOf,
  serviceRole,
  setDatabaseClock,
  type TestDatabase,
} from './requests.ts';

export type Engine = { name: string; start(): Promise<TestDatabase> };

/**
 * The superuser session puts rows in a state directly (a paid payment, a drawn tournament): it says so to
 * the declared state machines, which then let its own statements through. Every function it calls, and
 * every statement run `as` an actor, is still checked.
 */
export async function declareFixtures(admin: SqlConnection): Promise<SqlConnection> {
  await admin.query(`select set_config('golazo.acting', 'fixture', false)`);
  return admin;
}

/** The PAN encryption key the tests' Vault stand-in serves (supabase/local/shim.sql), as the local stack serves its own. */
export const TEST_PAN_ENCRYPTION_KEY = 'golazo-test-pan-encryption-key-0123456789abcdef';

async function servePanKey(admin: SqlConnection): Promise<SqlConnection> {
  await admin.query(`select set_config('golazo.local_pan_encryption_key', $1, false)`, [TEST_PAN_ENCRYPTION_KEY]);
  return admin;
}

const pgliteEngine: Engine = {
  name: 'PGlite',
  async start() {
    // The shim and migrations are applied again on top of the template: a no-op unless they changed.
    const db = await openDatabase({ fromDump: new Blob([await readFile(inject('pgliteTemplate'))]) });
    return testDatabase('PGlite', await servePanKey(await declareFixtures(pgliteConnection(db.pg))), () => db.close());
  },
};

/**
 * A throw-away PostgreSQL cluster of its own, started from the run's migrated template (global-setup.ts)
 * rather than initdb and every migration.
 */
export function startTestPostgresCluster(): Promise<PostgresCluster> {
  return startPostgresCluster({ fromDataDir: inject('postgresTemplate') || undefined });
}

/**
 * The test worker's PostgreSQL cluster, started from the run's template on first use and kept while the worker
 * runs file after file (vitest.db.config.ts: isolate: false); global-setup.ts stops it when the run ends. Kept on
 * globalThis so that a module evaluated again still finds it.
 */
function workerCluster(): Promise<PostgresCluster> {
  const shared = globalThis as { golazoWorkerCluster?: Promise<PostgresCluster> };
  shared.golazoWorkerCluster ??= startPostgresCluster({
    fromDataDir: inject('postgresTemplate') || undefined,
    parentDir: inject('postgresClusters') || undefined,
    // The migrated `postgres` database is the template of each file's own: nobody may be logged in to it.
    database: 'template1',
  }).catch((error) => {
    shared.golazoWorkerCluster = undefined;
    throw error;
  });
  return shared.golazoWorkerCluster;
}

let databasesMade = 0;

/**
 * Each start is a database of its own, copied from the worker cluster's migrated `postgres` database (about a
 * tenth of a second, where a cluster of its own took seconds of copying and starting a server) and dropped on
 * close. The tests that need a server of their own (concurrent sessions, a server killed mid-commit) start one
 * with {@link startTestPostgresCluster}.
 */
const postgresEngine: Engine = {
  name: 'PostgreSQL',
  async start() {
    const cluster = await workerCluster();
    const name = `test_${process.pid}_${++databasesMade}`;
    await cluster.client.query(`create database ${name} template postgres`);
    const client = new pg.Client({ connectionString: cluster.connectionString.replace('/template1?', `/${name}?`) });
    const drop = async () => {
      await client.end().catch(() => {});
      await cluster.client.query(`drop database if exists ${name} with (force)`);
    };
    try {
      await client.connect();
      const connection = pgConnection(client);
      // As on PGlite: applied again on top of the template, a no-op unless they changed.
      await applyShim(connection);
      await applyMigrations(connection);
      return testDatabase(`PostgreSQL ${cluster.serverVersion}`, await servePanKey(await declareFixtures(connection)), drop);
    } catch (error) {
      await drop();
      throw error;
    }
  },
};

/**
 * The engines this run covers: PGlite, plus PostgreSQL when its server binaries are installed, unless
 * SQL_TEST_ENGINES keeps one (engine-choice.ts).
 */
export const engines: Engine[] = chosenEngines().map((name) => (name === 'pglite' ? pgliteEngine : postgresEngine));

/**
 * The one engine of the tests that repeat the same functions at scale (random sequences, every size, grids,
 * long walks): PostgreSQL when covered, else the one engine covered ({@link scaleEngineName} says why).
 */
export const scaleEngine: Engine = scaleEngineName() === 'pglite' ? pgliteEngine : postgresEngine;

/**
 * Whether a test inside `describe.each(engines)` that repeats its functions at scale runs on this engine:
 * `it.runIf(atScale(engine))(...)`. It runs once, on {@link scaleEngine}; the file's other tests still cover
 * both engines, calling the same functions.
 */
export const atScale = (engine: Engine): boolean => engine === scaleEngine;

/**
 * One database for the file's tests on this engine, with `sql` run once after it opens (for example the
 * former definitions of rewritten functions, kept as an oracle to compare with): opened before the first
 * test, closed after the last. Read it inside a test through the returned getter.
 */
export function databaseForFile(engine: Engine, sql: string): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await engine.start();
    await db.admin.exec(sql);
  });
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (!db) throw new Error('the database is opened before the first test');
    return db;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------------------

/**
 * Gives the user a verified authenticator-app factor, as the Auth server does once they confirm a first
 * code. Creates Auth's own tables first when this database has none yet (the SQL tests run without it).
 */
export async function enrollVerifiedFactor(db: TestDatabase, userId: string) {
  await db.admin.exec(await readFile(new URL('../local/gotrue.sql', import.meta.url), 'utf8'));
  await db.admin.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
     values ($1, $2, 'Phone', 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
    [randomUUID(), userId],
  );
}

/** Adds a tournament row directly (the catalog sync has its own tests). */
export async function createTournament(
  db: TestDatabase,
  overrides: Partial<{
    id: string;
    title: string;
    entry_fee_paise: number;
    max_players: number;
    filled_slots: number;
    is_live: boolean;
  }> = {},
) {
  const row = {
    id: `cup-${randomUUID().slice(0, 8)}`,
    title: 'Test Cup',
    entry_fee_paise: 15000,
    max_players: 8,
    filled_slots: 0,
    is_live: true,
    ...overrides,
  };
  await db.admin.query(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players,
                                     filled_slots, is_live, starts_at)
     values ($1, $2, 'quick', 'Super 8', $3, 80000, $4, $5, $6, now() + interval '7 days')`,
    [row.id, row.title, row.entry_fee_paise, row.max_players, row.filled_slots, row.is_live],
  );
  return row;
}

/** A paid payment and its registration, as the payment confirmation leaves them. */
export async function createRegistration(
  db: TestDatabase,
  userId: string,
  tournamentId: string,
  options: { slots?: number; status?: string; registeredAt?: string; amountPaise?: number } = {},
) {
  const slots = options.slots ?? 1;
  const paymentId = randomUUID();
  const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  await db.admin.query(
    `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise,
                                  slots, status, paid_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'paid', now(), coalesce($8::timestamptz, now()))`,
    [
      paymentId,
      userId,
      tournamentId,
      orderId,
      `pay_${orderId.slice(6)}`,
      options.amountPaise ?? 15000 * slots,
      slots,
      options.registeredAt ?? null,
    ],
  );
  const [registration] = (
    await db.admin.query<{ id: string }>(
      `insert into public.tournament_registrations (user_id, tournament_id, slots, status, payment_id, registered_at)
       values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) returning id`,
      [userId, tournamentId, slots, options.status ?? 'upcoming', paymentId, options.registeredAt ?? null],
    )
  ).rows;
  return { paymentId, orderId, registrationId: registration?.id };
}

// ---------------------------------------------------------------------------------------------------------
// Assertions
// ---------------------------------------------------------------------------------------------------------

/** Expects the statement to fail with this SQLSTATE and (when given) a message containing `message`. */
/** What a refused call answered, [SQLSTATE, hint], or null when it went through. */
export function refusalOf(promise: Promise<unknown>): Promise<[string | undefined, string | undefined] | null> {
  return promise.then(
    () => null,
    (e: { code?: string; hint?: string }) => [e.code, e.hint],
  );
}

export async function expectSqlError(promise: Promise<unknown>, code: string, message?: string | RegExp): Promise<void> {
  const error = await promise.then(
    () => {
      throw new Error(`expected SQLSTATE ${code}${message ? ` (${String(message)})` : ''}, but the statement succeeded`);
    },
    (e: unknown) => e as { code?: string; message?: string },
  );
  expect({ code: error.code, message: error.message }).toMatchObject({
    code,
    ...(message === undefined
      ? {}
      : { message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message) }),
  });
}

/** PT400: invalid input (PostgREST answers 400). */
export const INVALID_INPUT = 'PT400';
/** PT409: the row is in the wrong state for this change, e.g. a completed profile (PostgREST answers 409). */
export const WRONG_STATE = 'PT409';
/** PT401: not signed in (PostgREST answers 401). */
export const NOT_SIGNED_IN = 'PT401';
/** PT403: signed in but not allowed, e.g. the second sign-in step is missing (PostgREST answers 403). */
export const NOT_ALLOWED = 'PT403';

/** SQLSTATE 42501: no privilege (table, function) or a row-level security violation on insert. */
export const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Loads the local stack's storage rules (supabase/local/storage.sql): SQL deletes of storage rows are refused,
 * as on a hosted project, so files must leave through the Storage API (a `storage_deletion` outside call).
 */
export async function withHostedStorageRules(db: TestDatabase): Promise<TestDatabase> {
  await db.admin.exec(await readFile(new URL('../local/storage.sql', import.meta.url), 'utf8'));
  return db;
}

/**
 * A test database with the local stack's movable clock (supabase/local/clock.sql) applied, and with
 * `storageRules` the storage rules of a hosted project ({@link withHostedStorageRules}).
 */
export async function startWithMovableClock(engine: Engine, options: { storageRules?: boolean } = {}): Promise<TestDatabase> {
  const db = await engine.start();
  await db.admin.exec(await readFile(new URL('../local/clock.sql', import.meta.url), 'utf8'));
  return options.storageRules ? withHostedStorageRules(db) : db;
}

/**
 * The periodic function as pg_cron runs it, once a minute, until it has written down every match decision owed: a run
 * takes at most private.due_match_batch_size() of them, oldest first, and a test file's earlier tournaments may leave
 * matches owed one. Answers the last run's counts.
 */
export async function runDueWorkUntilDone(db: TestDatabase): Promise<Record<string, unknown>> {
  for (let run = 0; run < 50; run++) {
    const { rows } = await db.admin.query<{ r: Record<string, unknown> }>('select private.run_due_work() as r');
    const result = rows[0]?.r ?? {};
    if (!(Number(result.match_decisions_left_for_next_run) > 0)) return result;
  }
  throw new Error('the periodic function still left match decisions after 50 runs');
}
