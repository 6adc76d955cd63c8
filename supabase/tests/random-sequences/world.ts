/**
 * The world the random sequences play in: one PGlite database migrated once, with a quick series whose
 * first pod takes four players, a four-player championship edition (both from the catalog, through the
 * catalog sync's own SQL), seven adult players and a platform admin. Each sequence runs inside one
 * transaction that is rolled back afterwards; each step is one request in a savepoint, as PostgREST runs
 * it (the role and JWT claims of its caller), so a refused step leaves nothing behind.
 *
 * The outside world (Razorpay, RazorpayX, the PAN check) is a model here: what the provider did, which
 * webhooks it still owes, and what it answers when the outbox asks it. Its answers enter the database
 * through the same service_* functions the edge functions call.
 */
import { readFile } from 'node:fs/promises';
import { syncCatalog } from '../../../scripts/sync-catalog.ts';
import { TournamentSchema, type Tournament } from '../../../src/features/tournaments/tournaments.ts';
import { setRequestContext } from '../../local/database.ts';
import { claimsOf, completeProfile, createUser, player, type Actor, type TestDatabase } from '../helpers.ts';
import { givePrize } from '../money-fixtures.ts';

/** The clock every sequence starts at. */
export const START = new Date('2027-03-01T10:00:00Z');
export const POD_SERIES = 'super_4';
export const CUP = 'fuzz-cup-2027';
export const FREE_CUP = 'fuzz-free-cup-2027';
export const PLAYERS = 7;

const catalogFile = (id: string) => new URL(`../../../src/content/tournaments/${id}.json`, import.meta.url);

/** The catalog of the world: the real Super 4 series, a small paid championship edition a day ahead and a free cup. */
export async function worldCatalog(): Promise<Tournament[]> {
  const pod = TournamentSchema.parse(JSON.parse(await readFile(catalogFile(POD_SERIES), 'utf8')));
  const edition = JSON.parse(await readFile(catalogFile('champions-dec-2026'), 'utf8'));
  const startsAt = new Date(START.getTime() + 26 * 3600_000).toISOString();
  const cup = TournamentSchema.parse({
    ...edition,
    id: CUP,
    title: 'Champions Tour Fuzz',
    maxPlayers: 4,
    isLive: true,
    entryFeeRupees: 150,
    prizePoolRupees: 500,
    winnerPrizeRupees: 300,
    paidPlaces: 2,
    registrationClosesAt: undefined,
    startsAt,
    schedule: [{ round: 'Semi-finals', startsAt }],
  });
  const free = JSON.parse(await readFile(catalogFile('free-cup-jan-2027'), 'utf8'));
  const freeStartsAt = new Date(START.getTime() + 28 * 3600_000).toISOString();
  const freeCup = TournamentSchema.parse({
    ...free,
    id: FREE_CUP,
    title: 'Free Community Cup Fuzz',
    maxPlayers: 4,
    isLive: true,
    startsAt: freeStartsAt,
    schedule: [{ round: 'Semi-finals', startsAt: freeStartsAt }],
  });
  return [pod, cup, freeCup];
}

export type Person = { id: string; email: string; actor: Actor; name: string };

export type World = {
  db: TestDatabase;
  players: Person[];
  admin: Person;
  catalog: Tournament[];
};

/** Builds the world once (outside any sequence's transaction). */
export async function buildWorld(db: TestDatabase): Promise<World> {
  await db.admin.exec(await readFile(new URL('../../local/clock.sql', import.meta.url), 'utf8'));
  await db.admin.query('select public.local_set_clock($1)', [START.toISOString()]);
  const catalog = await worldCatalog();
  await syncCatalog({ query: (sql, params) => db.admin.query(sql, params) }, catalog);
  const players: Person[] = [];
  for (let i = 1; i <= PLAYERS; i++) {
    const user = await createUser(db, `fuzz-p${i}@golazo.test`);
    await completeProfile(db, user.id);
    await db.admin.query(`update public.profiles set in_game_name = $2, legal_name = $3 where id = $1`, [
      user.id,
      `P${i}`,
      `Player Number ${i}`,
    ]);
    players.push({ id: user.id, email: user.email, actor: player(user.id, user.email), name: `P${i}` });
  }
  // P5 and P6 won ₹1,000 each in an earlier tournament; P6 has verified KYC already. P7 only chats, files
  // grievances and may ask to be erased.
  for (const person of players.slice(4, 6)) await givePrize(db, person.id, 100_000, 'earlier-cup-2027');
  const p6 = players[5] as Person;
  await db.admin.query(`select set_config('request.jwt.claims', $1, false), set_config('role', 'authenticated', false)`, [
    JSON.stringify({ sub: p6.id, role: 'authenticated', aal: 'aal1' }),
  ]);
  try {
    await db.admin.query(`select public.submit_kyc('ABCPF1005K', 'p6@okaxis')`);
  } finally {
    await db.admin.exec(`reset role; select set_config('request.jwt.claims', '', false)`);
  }
  await db.admin.query(
    `select public.service_record_kyc_check($1, 'pan', true, null, pan_check_submission),
            public.service_record_kyc_check($1, 'upi', true, null, upi_check_submission)
       from public.kyc_records where user_id = $1`,
    [p6.id],
  );
  const staff = await createUser(db, 'fuzz-admin@golazo.test');
  await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'admin')`, [staff.id]);
  const admin = { id: staff.id, email: staff.email, actor: player(staff.id, staff.email, 'aal2'), name: 'admin' };
  return { db, players, admin, catalog };
}

/** A refusal the database answered (SQLSTATE, hint), or an error that is not one. */
export type SqlFailure = { code?: string; hint?: string; message: string };

export function asFailure(error: unknown): SqlFailure {
  const e = error as { code?: string; hint?: string; message?: string };
  return { code: e.code, hint: e.hint, message: e.message ?? String(error) };
}

/** A refusal players or services may get (PT4xx); anything else is a defect ("never a 500"). */
export const isRefusal = (f: SqlFailure) => typeof f.code === 'string' && /^PT4\d\d$/.test(f.code);

/**
 * The database of one sequence: every call is one request in a savepoint of the sequence's transaction.
 * `superuser` is the pg_cron / support-staff session (private functions, reading every table).
 */
export class Session {
  constructor(readonly world: World) {}

  private get conn() {
    return this.world.db.admin;
  }

  async begin() {
    await this.conn.exec('begin');
  }

  async rollback() {
    await this.conn.exec('rollback');
  }

  /** Runs one statement as `actor` (a PostgREST request); a refusal is thrown as the database raised it. */
  async as<T = Record<string, unknown>>(
    actor: Actor | 'superuser',
    sql: string,
    params: unknown[] = [],
    extraClaims: Record<string, unknown> = {},
  ): Promise<T[]> {
    await this.conn.exec('savepoint request');
    try {
      if (actor !== 'superuser') {
        const { role, claims } = claimsOf(actor);
        await setRequestContext(this.conn, { role, claims: { ...claims, ...extraClaims } });
      }
      const { rows } = await this.conn.query<T>(sql, params);
      // Back to the superuser session with no claims, and the deferred checks (a journal that does not
      // balance) run now, as they would at the request's commit.
      await this.conn.exec(
        `reset role;
         select set_config('request.jwt.claims', '', true), set_config('request.jwt.claim.sub', '', true),
                set_config('request.jwt.claim.role', '', true), set_config('request.jwt.claim.email', '', true);
         set constraints all immediate; set constraints all deferred;
         release savepoint request`,
      );
      return rows;
    } catch (error) {
      await this.conn.exec('rollback to savepoint request; release savepoint request');
      throw error;
    }
  }

  /** One function call's result as `actor`. */
  async call<T>(actor: Actor | 'superuser', expression: string, params: unknown[] = []): Promise<T> {
    const [row] = await this.as<{ result: T }>(actor, `select ${expression} as result`, params);
    return row?.result as T;
  }

  /** One function call's result as `actor` right after a sign-in with an e-mail code (what deleting an account asks). */
  async callJustSignedIn<T>(actor: Actor, expression: string, params: unknown[] = []): Promise<T> {
    const amr = [{ method: 'otp', timestamp: Math.floor(Date.now() / 1000) }];
    const [row] = await this.as<{ result: T }>(actor, `select ${expression} as result`, params, { amr });
    return row?.result as T;
  }

  /** Reads as the superuser, outside any request (invariants, picking targets). */
  async read<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.conn.query<T>(sql, params)).rows;
  }

  /** Several reads in one round trip (no parameters), each statement's rows in order. */
  async readMany(sqls: string[]): Promise<Record<string, unknown>[][]> {
    const results = (await this.conn.exec(sqls.join(';\n'))) as { rows: Record<string, unknown>[] }[];
    return results.map((r) => r.rows);
  }

  async now(): Promise<Date> {
    const [row] = await this.read<{ now: Date }>('select private.clock_now() as now');
    return new Date(row?.now as Date);
  }

  async setClock(at: Date) {
    await this.conn.query('select public.local_set_clock($1)', [at.toISOString()]);
  }
}
