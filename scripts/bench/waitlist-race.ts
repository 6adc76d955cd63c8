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
 *   npm run bench -- waitlist [-- --joins 200 --capacity 100 --clients 50 --pool 10]
 * Exit code 1 when a check fails.
 */
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { applyMigrations, applyShim } from '../../supabase/local/schema-setup.ts';
import { startPostgresCluster } from '../../supabase/tests/postgres-cluster.ts';
import { ConnectionPool, openPooledConnections, POSTGREST_DB_POOL, percentile } from './shared/postgrest-pool.ts';

const { values } = parseArgs({
  options: {
    joins: { type: 'string', default: '200' },
    capacity: { type: 'string', default: '100' },
    clients: { type: 'string', default: '50' },
    pool: { type: 'string', default: String(POSTGREST_DB_POOL) },
  },
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

  // The pod: full, registration closed, check-in open for an hour. Its entries are fixtures.
  await admin.query(`select set_config('golazo.acting', 'fixture', false)`);
  await admin.query(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
                                     registration_closes_at, check_in_opens_at, check_in_closes_at, starts_at)
     values ($1, 'Waitlist Race', 'quick', 'Knockout', 10000, 100000, $2, $2, true,
             now() - interval '1 minute', now() - interval '1 minute', now() + interval '1 hour', now() + interval '2 hours')`,
    [TOURNAMENT, CAPACITY],
  );
  await admin.query(
    `with players as (
       insert into auth.users (id, aud, role, email)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'entrant' || n || '@golazo.test' from generate_series(1, $2) as n
       returning id
     ), paid as (
       insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
       select id, $1, 'order_e' || md5(id::text), 'pay_e' || md5(id::text), 10000, 1, 'paid', now() from players
       returning id, user_id
     )
     insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
     select user_id, $1, 1, id, now() from paid`,
    [TOURNAMENT, CAPACITY],
  );
  // All but WAITLIST entrants check in: that many places will be empty at the close.
  await admin.query(
    `update public.entries set checked_in_at = now()
      where id in (select id from public.entries where tournament_id = $1 order by id limit $2)`,
    [TOURNAMENT, CAPACITY - WAITLIST],
  );
  const { rows: orders } = await admin.query<{ order_id: string; user_id: string }>(
    `with players as (
       insert into auth.users (id, aud, role, email)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'waiting' || n || '@golazo.test' from generate_series(1, $2) as n
       returning id
     )
     insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots, for_waitlist)
     select id, $1, 'order_w' || md5(id::text), 10000, 1, true from players
     returning razorpay_order_id as order_id, user_id`,
    [TOURNAMENT, JOINS],
  );
  await admin.query(`select set_config('golazo.acting', '', false)`);
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
            [orderId, `pay_${orderId.slice('order_'.length)}`, TOURNAMENT],
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

  // 3. Check-in closes: the draw fills the empty places from the waitlist first.
  await admin.query(`select set_config('golazo.acting', 'fixture', false)`);
  await admin.query(`update public.tournaments set check_in_closes_at = now() - interval '1 second' where id = $1`, [TOURNAMENT]);
  await admin.query(`select set_config('golazo.acting', '', false)`);
  const drawStarted = performance.now();
  const { rows: ran } = await admin.query<{ result: Record<string, unknown> }>('select private.run_due_work() as result');
  const drawMs = performance.now() - drawStarted;
  console.log(`check-in close and draw: ${drawMs.toFixed(0)} ms (${JSON.stringify(ran[0]?.result.draws ?? ran[0]?.result)})`);

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
