/**
 * Statements as the API runs them, without the test runner: who calls (an anonymous visitor, a player, staff
 * or the service role), a database whose `as` runs one statement as a caller in its own transaction the way
 * PostgREST runs a request, and `rpcOf` to call a function so; with the rows Auth and support staff write
 * (createUser, completeProfile) and the local stack's clock and periodic work, through the shared test support
 * (tests/support/clock.ts). The SQL tests reach it through helpers.ts; the
 * bench sections (scripts/bench/) use it directly on their throw-away PostgreSQL cluster.
 */
import { randomUUID } from 'node:crypto';
import { setRequestContext, type RequestRole } from '../local/database.ts';
import type { SqlConnection, SqlExecutor } from '../local/schema-setup.ts';
import { type DueWorkResult, runDueWork, type ServiceRpc } from '../../tests/support/clock.ts';

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

/** A database whose statements run as the given callers, over `admin` (a superuser session). */
export function testDatabase(engine: string, admin: SqlConnection, close: () => Promise<void>): TestDatabase {
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
 * Calls a database function by name as the service role and answers its result: the transport the shared
 * test support (tests/support/clock.ts) takes, so the SQL tests move the clock and run the periodic work
 * exactly as the stack, end-to-end and function tests do.
 */
function serviceRpcOf(db: TestDatabase): ServiceRpc {
  return async <T>(name: string, args: Record<string, unknown>) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a function name: ${name}`);
    const keys = Object.keys(args);
    if (!keys.every((key) => /^p_[a-z0-9_]+$/.test(key))) throw new Error(`not argument names: ${keys.join(', ')}`);
    const call = `public.${name}(${keys.map((key, i) => `${key} => $${i + 1}`).join(', ')})`;
    const [row] = await db.as<{ result: T }>(
      serviceRole,
      `select ${call} as result`,
      keys.map((key) => args[key]),
    );
    return row?.result as T;
  };
}

/** One run of the periodic work, as pg_cron runs it (tests/support/clock.ts; no outbox drain here). */
export const runDueWorkOf = (db: TestDatabase): Promise<DueWorkResult> => runDueWork(serviceRpcOf(db));

/**
 * Freezes the database's clock at `iso` (null: back to real time) as the service role, the call the shared
 * support's clock makes (tests/support/clock.ts). The text goes to the database as it is, so a timestamp read
 * from a row keeps its microseconds.
 */
export function setDatabaseClock(db: TestDatabase, iso: string | null): Promise<string> {
  return serviceRpcOf(db)<string>('local_set_clock', { p_now: iso });
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
