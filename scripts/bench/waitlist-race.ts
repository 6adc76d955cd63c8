/**
 * The waitlist race, on a throw-away PostgreSQL cluster: a full 100-place pod in check-in, 200 players pay
 * for its waitlist at the same moment, then 10 places are left empty at check-in close.
 *
 * 200 captured waitlist payments are confirmed by 50 concurrent clients sharing a pool of 10 connections
 * (PostgREST's default db-pool). The waitlist holds a tenth of the capacity: exactly 10 join, in the order the
 * tournament's row lock lets them, and 190 are refunded in full. The 10 then check in through check_in, all
 * at once, while 10 entries do not; check-in closes and the draw gives the 10 empty places to the 10 waitlisted
 * players before it counts the entries.
 *
 * Checks: exactly 10 on the waitlist and 190 refunds (reason waitlist_full), never more waiting than the cap,
 * exactly 10 promoted with checked-in entries, 100 entries drawn, no waitlist payment refunded at the close,
 * and the ledger balances. Figures: confirmations/s and p95 at the database, and the draw's time.
 *
 * The pod fills through the payment functions, its players check in with check_in, the waitlist's orders are
 * made as the payment function makes them (supabase/tests/journey.ts), and the clock (the local stack's
 * movable one) reaches the check-in close, where the periodic function draws.
 *
 *   npm run bench -- waitlist
 *   node scripts/bench/waitlist-race.ts --joins 200 --capacity 100 --clients 50 --pool 10
 *   node scripts/bench/waitlist-race.ts --smoke   # 40 joins for a 20-place pod
 * Exit code 1 when a check fails.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { applyMigrations, applyShim } from '../../supabase/local/schema-setup.ts';
import { adultPlayer, checkIn, orderWaitlistPlace, payForEntry, runDueWork } from '../../supabase/tests/journey.ts';
import { startPostgresCluster } from '../../supabase/tests/postgres-cluster.ts';
import { setDatabaseClock, testDatabase } from '../../supabase/tests/requests.ts';
import { ConnectionPool, openPooledConnections, POSTGREST_DB_POOL, percentile } from './shared/postgrest-pool.ts';
import { benchOptions } from './shared/smoke.ts';

const { values } = benchOptions({
  joins: { full: '200', smoke: '40' },
  capacity: { full: '100', smoke: '20' },
  clients: { full: '50', smoke: '10' },
  pool: { full: String(POSTGREST_DB_POOL), smoke: String(POSTGREST_DB_POOL) },
});
const JOINS = Number(values.joins);
const CAPACITY = Number(values.capacity);
const CLIENTS = Number(values.clients);
const POOL = Math.min(Number(values.pool), CLIENTS);
const WAITLIST = Math.ceil(CAPACITY / 10);
const TOURNAMENT = 'waitlist-race-pod';

const cluster = await startPostgresCluster();
let failed = false;
const connections: pg.Client[] = [];
try {
  console.log(
    `PostgreSQL ${cluster.serverVersion}: a full ${CAPACITY}-place pod in check-in (waitlist of ${WAITLIST}), ${JOINS} waitlist ` +
      `payments from ${CLIENTS} clients over a pool of ${POOL} connections, then ${WAITLIST} places left empty at check-in close`,
  );
  await applyShim(cluster.connection);
  await applyMigrations(cluster.connection);
  const admin = cluster.client;
  const db = testDatabase(`PostgreSQL ${cluster.serverVersion}`, cluster.connection, () => cluster.stop());
  await admin.query(await readFile(new URL('../../supabase/local/clock.sql', import.meta.url), 'utf8'));
  const T0 = Date.parse('2027-02-01T10:00:00Z');
  const at = (minutes: number) => setDatabaseClock(db, new Date(T0 + minutes * 60_000).toISOString());

  // The pod: registration open for an hour, then check-in for an hour, then the start.
  await admin.query(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live,
                                     registration_closes_at, check_in_opens_at, check_in_closes_at, starts_at)
     values ($1, 'Waitlist Race', 'quick', 'Knockout', 10000, 100000, $2, true, $3, $3, $4, $5)`,
    [TOURNAMENT, CAPACITY, new Date(T0 + 60 * 60_000), new Date(T0 + 120 * 60_000), new Date(T0 + 180 * 60_000)],
  );
  // Every place is paid for: the pod is full.
  await at(0);
  const entrants = [];
  for (let n = 0; n < CAPACITY; n++) {
    const entrant = await adultPlayer(db, { label: 'entrant' });
    await payForEntry(db, entrant.id, TOURNAMENT);
    entrants.push(entrant);
  }
  // Check-in opens; all but WAITLIST entrants check in: that many places will be empty at the close.
  await at(61);
  for (const entrant of entrants.slice(0, CAPACITY - WAITLIST)) await checkIn(db, entrant, TOURNAMENT);
  // JOINS players open a checkout for the full pod's waitlist.
  const orders: Array<{ order_id: string; payment_id: string }> = [];
  for (let n = 0; n < JOINS; n++) {
    const waiting = await adultPlayer(db, { label: 'waiting' });
    const order = await orderWaitlistPlace(db, waiting.id, TOURNAMENT);
    orders.push({ order_id: order.orderId, payment_id: order.paymentId });
  }
  await admin.query('analyze');

  connections.push(...(await openPooledConnections(cluster.connectionString, POOL)));
  const pool = new ConnectionPool(connections);

  // 1. The race for the waitlist.
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  let maxWaiting = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < orders.length) {
        const order = orders[next++];
        if (!order) break;
        const orderId = order.order_id;
        const client = await pool.acquire();
        try {
          const { rows } = await client.query<{
            result: { outcome: string; waitlist_position?: number };
            server_ms: number;
            waiting: number;
          }>(
            `select result, extract(epoch from clock_timestamp() - statement_timestamp()) * 1000 as server_ms,
                    (select count(*)::int from public.waitlist_places where tournament_id = $3 and status = 'waiting') as waiting
               from (select public.service_confirm_tournament_payment($1, $2) as result offset 0) confirmation`,
            [orderId, order.payment_id, TOURNAMENT],
          );
          const row = rows[0];
          if (!row) throw new Error(`no answer for ${orderId}`);
          latencies.push(Number(row.server_ms));
          outcomes.set(row.result.outcome, (outcomes.get(row.result.outcome) ?? 0) + 1);
          maxWaiting = Math.max(maxWaiting, row.waiting);
        } finally {
          pool.release(client);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `waitlist race: ${(JOINS / seconds).toFixed(0)} confirmations/s, p95 ${percentile(latencies, 95).toFixed(1)} ms at the database; ` +
      `outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
  );

  // 2. The waitlisted players check in, all at once, through check_in as themselves.
  const { rows: waiting } = await admin.query<{ player_id: string }>(
    `select player_id from public.waitlist_places where tournament_id = $1 and status = 'waiting'`,
    [TOURNAMENT],
  );
  await Promise.all(
    waiting.map(async ({ player_id: playerId }) => {
      const client = await pool.acquire();
      try {
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: playerId, role: 'authenticated', aal: 'aal1' }),
        ]);
        await client.query('set local role authenticated');
        await client.query('select public.check_in($1)', [TOURNAMENT]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        pool.release(client);
      }
    }),
  );

  // 3. Check-in closes: the periodic function's next run draws, filling the empty places from the waitlist first.
  await at(121);
  const drawStarted = performance.now();
  const result = await runDueWork(db);
  const drawMs = performance.now() - drawStarted;
  console.log(`check-in close and draw: ${drawMs.toFixed(0)} ms (${JSON.stringify(result.draws ?? result)})`);

  const {
    rows: [facts],
  } = await admin.query<{
    promoted: number;
    promoted_checked_in: number;
    still_waiting: number;
    drawn: number;
    waitlist_full_refunds: number;
    close_refunds: number;
    promoted_paid: number;
    balanced: boolean;
  }>(
    `select (select count(*)::int from public.waitlist_places where tournament_id = $1 and status = 'promoted') as promoted,
            (select count(*)::int from public.waitlist_places w join public.entries e on e.id = w.entry_id
              where w.tournament_id = $1 and e.status = 'active' and e.checked_in_at is not null) as promoted_checked_in,
            (select count(*)::int from public.waitlist_places where tournament_id = $1 and status = 'waiting') as still_waiting,
            (select cardinality(entry_ids) from public.draws where tournament_id = $1) as drawn,
            (select count(*)::int from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1
                and payload ->> 'reason' = 'waitlist_full') as waitlist_full_refunds,
            (select count(*)::int from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1
                and payload ->> 'reason' = 'not_promoted') as close_refunds,
            (select count(*)::int from public.payments p join public.waitlist_places w on w.payment_id = p.id
              where w.tournament_id = $1 and w.status = 'promoted' and p.status = 'paid') as promoted_paid,
            (private.check_ledger() ->> 'balanced')::boolean as balanced`,
    [TOURNAMENT],
  );
  if (!facts) throw new Error('no facts');
  const checks: Array<[string, boolean]> = [
    [`exactly ${WAITLIST} joined the waitlist (got ${outcomes.get('waitlisted') ?? 0})`, outcomes.get('waitlisted') === WAITLIST],
    [
      `the other ${JOINS - WAITLIST} refunded in full as waitlist_full (got ${facts.waitlist_full_refunds})`,
      outcomes.get('refund_required') === JOINS - WAITLIST && facts.waitlist_full_refunds === JOINS - WAITLIST,
    ],
    [`never more than ${WAITLIST} waiting at once (saw ${maxWaiting})`, maxWaiting <= WAITLIST],
    [
      `exactly ${WAITLIST} promoted, each with a checked-in entry (got ${facts.promoted}, ${facts.promoted_checked_in})`,
      facts.promoted === WAITLIST && facts.promoted_checked_in === WAITLIST && facts.still_waiting === 0,
    ],
    [`${CAPACITY} entries drawn (got ${facts.drawn})`, facts.drawn === CAPACITY],
    [
      `no promoted player refunded at the close (${facts.close_refunds} refunds, ${facts.promoted_paid} payments kept)`,
      facts.close_refunds === 0 && facts.promoted_paid === WAITLIST,
    ],
    ['the ledger balances', facts.balanced],
  ];
  for (const [label, ok] of checks) {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
    if (!ok) failed = true;
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await Promise.all(connections.map((client) => client.end().catch(() => undefined)));
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
