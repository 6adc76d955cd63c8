/**
 * Runs the SQL tests on every available engine: PGlite always (the local stack's database), PostgreSQL
 * when its server is installed (what hosted Supabase runs). Each engine gets the shim and the migrations,
 * and statements run as a given actor the way PostgREST runs a request.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, inject } from 'vitest';
import { openDatabase, setRequestContext, pgliteConnection, type RequestRole } from '../local/database.ts';
import { findPostgresBinaries, startPostgresCluster } from './postgres-cluster.ts';
import { applyMigrations, applyShim, type SqlConnection, type SqlExecutor } from '../local/schema-setup.ts';

/** Who runs a statement: an anonymous visitor, a signed-in player, or the service role. */
export type Actor =
  | { role: 'anon' }
  | { role: 'authenticated'; userId: string; email?: string; aal?: 'aal1' | 'aal2' }
  | { role: 'service_role' };

export const anon: Actor = { role: 'anon' };
export const serviceRole: Actor = { role: 'service_role' };
export const player = (userId: string, email?: string, aal?: 'aal1' | 'aal2'): Actor => ({ role: 'authenticated', userId, email, aal });

export type TestDatabase = {
  engine: string;
  /** The engine's superuser session (test setup, and what a direct database session of support staff sees). */
  admin: SqlConnection;
  /** Runs one statement as `actor` in its own transaction, committed on success. */
  as<T = Record<string, unknown>>(actor: Actor, sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

export type Engine = { name: string; start(): Promise<TestDatabase> };

/** JWT claims as Supabase Auth issues them for each actor. */
export function claimsOf(actor: Actor): { role: RequestRole; claims: Record<string, unknown> } {
  if (actor.role === 'authenticated') {
    return {
      role: 'authenticated',
      claims: { sub: actor.userId, role: 'authenticated', aud: 'authenticated', email: actor.email ?? '', aal: actor.aal ?? 'aal1' },
    };
  }
  return { role: actor.role, claims: { role: actor.role, iss: 'supabase-demo' } };
}

function testDatabase(engine: string, admin: SqlConnection, close: () => Promise<void>): TestDatabase {
  return {
    engine,
    admin,
    as: <T>(actor: Actor, sql: string, params?: unknown[]) =>
      admin.transaction(async (tx: SqlExecutor) => {
        await setRequestContext(tx, claimsOf(actor));
        return (await tx.query<T>(sql, params)).rows;
      }),
    close,
  };
}

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

const postgresEngine: Engine = {
  name: 'PostgreSQL',
  async start() {
    const cluster = await startPostgresCluster();
    try {
      await applyShim(cluster.connection);
      await applyMigrations(cluster.connection);
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return testDatabase(`PostgreSQL ${cluster.serverVersion}`, await servePanKey(await declareFixtures(cluster.connection)), () =>
      cluster.stop(),
    );
  },
};

/** The engines this machine can run: PGlite, plus PostgreSQL when its server binaries are installed. */
export const engines: Engine[] = findPostgresBinaries() ? [pgliteEngine, postgresEngine] : [pgliteEngine];

// ---------------------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------------------

/** Creates an Auth user the way GoTrue does (the profile comes from the trigger). Returns its id and email. */
export async function createUser(db: TestDatabase, email = `player-${randomUUID().slice(0, 8)}@golazo.test`) {
  const id = randomUUID();
  await db.admin.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', '{}')`,
    [id, email],
  );
  return { id, email, actor: player(id, email) };
}

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
 * Completes the player's profile as an adult resident of India (what paid entry needs), directly as
 * support staff would. `dateOfBirth` makes a younger player.
 */
export async function completeProfile(db: TestDatabase, userId: string, options: { dateOfBirth?: string; livesInIndia?: boolean } = {}) {
  await db.admin.query(
    `update public.profiles
        set legal_name = 'Test Player', in_game_name = 'TestFC', game_user_id = 'TEST-123456',
            date_of_birth = $2::date, age = null, profile_completed = true,
            lives_in_india_confirmed_at = case when $3 then now() end
      where id = $1`,
    [userId, options.dateOfBirth ?? '1995-05-05', options.livesInIndia ?? true],
  );
}

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

/** Freezes the database's clock at `iso` (null: back to real time), as the service role does locally. */
export function setDatabaseClock(db: TestDatabase, iso: string | null) {
  return db.admin.query('select public.local_set_clock($1)', [iso]);
}

export type Rpc = <T>(actor: Actor, sql: string, params?: unknown[]) => Promise<T>;

/**
 * Calls `select <sql> as result` as `actor` and answers the result: the SQL tests' way to call a function as
 * a player, staff or the service role would. Takes the database or, inside a describe whose database opens in
 * beforeAll, a function that answers it.
 */
export function rpcOf(db: TestDatabase | (() => TestDatabase)): Rpc {
  return async <T>(actor: Actor, sql: string, params: unknown[] = []) => {
    const database = typeof db === 'function' ? db() : db;
    const [row] = await database.as<{ result: T }>(actor, `select ${sql} as result`, params);
    if (!row) throw new Error(`no answer from ${sql}`);
    return row.result;
  };
}
