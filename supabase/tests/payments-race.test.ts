/**
 * Many players pay for the last places of one tournament at the same moment, on a real PostgreSQL server
 * (PGlite has one connection, so only PostgreSQL can race). Confirmations run on separate connections at
 * once, some buying two places; every refused payment's refund is then recorded as the outbox worker does.
 *
 * Whatever the interleaving: the places taken are exactly the places sold and never more than the
 * tournament holds, every payment ends paid or refunded with its refund queued once, every registration
 * has its entries, and the ledger balances with exactly the fees of the paid entries kept.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresCluster } from './postgres-cluster.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';

const available = postgresCovered();
const FEE = 15000;

describe.skipIf(!available)('concurrent paid confirmations on PostgreSQL', () => {
  let cluster: PostgresCluster;

  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
  }, 120_000);
  afterAll(() => cluster?.stop());

  async function connections(count: number): Promise<pg.Client[]> {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const client = new pg.Client({ connectionString: cluster.connectionString });
        await client.connect();
        await client.query('set role service_role');
        return client;
      }),
    );
  }

  it('sells exactly the places there are, refunds the rest once, and the ledger balances', async () => {
    const admin = cluster.client;
    const tournament = `race-${randomUUID().slice(0, 8)}`;
    const capacity = 25;
    await admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
       values ($1, 'Race Cup', 'quick', 'Super 8', $2, 100000, $3, true, now() + interval '7 days')`,
      [tournament, FEE, capacity],
    );
    // 60 players, every fifth buying two places: 72 places asked for 25.
    const { rows: orders } = await admin.query<{ order_id: string; slots: number }>(
      `with players as (
         insert into auth.users (id, email)
         select gen_random_uuid(), $1 || '-' || n || '@golazo.test' from generate_series(1, 60) as n
         returning id, email
       )
       insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots)
       select id, $1, 'order_' || md5(email), $2 * slots, slots
         from (select id, email, case when split_part(split_part(email, '@', 1), '-', 3)::int % 5 = 0 then 2 else 1 end as slots
                 from players) as p
       returning razorpay_order_id as order_id, slots`,
      [tournament, FEE],
    );

    const pool = await connections(12);
    let next = 0;
    const outcomes: string[] = [];
    await Promise.all(
      pool.map(async (client) => {
        while (next < orders.length) {
          const order = orders[next++];
          const paymentId = `pay_${order.order_id.slice('order_'.length)}`;
          const { rows } = await client.query<{ result: { outcome: string } }>(
            'select public.service_confirm_tournament_payment($1, $2) as result',
            [order.order_id, paymentId],
          );
          outcomes.push(rows[0].result.outcome);
          if (rows[0].result.outcome === 'refund_required') {
            await client.query('select public.service_record_payment_refund($1, $2, $3)', [
              paymentId,
              `rfnd_${order.order_id.slice(-12)}`,
              FEE * order.slots,
            ]);
          }
        }
      }),
    );
    await Promise.all(pool.map((client) => client.end()));

    const {
      rows: [facts],
    } = await admin.query(
      `select t.filled_slots as filled,
              (select coalesce(sum(slots), 0)::int from public.tournament_registrations where tournament_id = t.id) as registered_slots,
              (select count(*)::int from public.entries where tournament_id = t.id) as entries,
              (select count(*)::int from public.payments where tournament_id = t.id and status = 'paid') as paid,
              (select coalesce(sum(amount_paise), 0)::int from public.payments where tournament_id = t.id and status = 'paid') as paid_paise,
              (select count(*)::int from public.payments where tournament_id = t.id and status = 'refunded') as refunded,
              (select count(*)::int from public.payments where tournament_id = t.id and status not in ('paid', 'refunded')) as unsettled,
              (select count(*)::int from private.outbox where payload ->> 'tournament_id' = t.id) as refunds_queued,
              (select coalesce(sum(l.amount_paise), 0)::int from private.ledger_lines l
                 join public.payments p on l.user_id = p.user_id
                where p.tournament_id = t.id and l.account = 'platform:fees') as fees_kept
         from public.tournaments t where t.id = $1`,
      [tournament],
    );
    const registered = outcomes.filter((outcome) => outcome === 'registered').length;
    expect(outcomes.filter((outcome) => outcome !== 'registered' && outcome !== 'refund_required')).toEqual([]);
    // Two-place buyers may leave a single place nobody can take; never more than the capacity.
    expect(facts.filled).toBe(facts.registered_slots);
    expect(facts.filled).toBeLessThanOrEqual(capacity);
    expect(facts.filled).toBeGreaterThanOrEqual(capacity - 1);
    expect(facts.entries).toBe(facts.registered_slots);
    expect(facts.paid).toBe(registered);
    expect(facts.refunded).toBe(orders.length - registered);
    expect(facts.unsettled).toBe(0);
    expect(facts.refunds_queued).toBe(facts.refunded);
    expect(facts.fees_kept).toBe(facts.paid_paise);

    const {
      rows: [ledger],
    } = await admin.query('select private.check_ledger() as result');
    expect(ledger.result).toMatchObject({ balanced: true, journals_unbalanced: 0, total_paise: 0 });
    // One entry fee per captured payment, one refund journal per refunded one.
    const { rows: journals } = await admin.query<{ kind: string; count: number }>(
      `select kind, count(*)::int as count from private.ledger_journal where reference like 'payment:%' group by kind order by kind`,
    );
    expect(journals).toEqual([
      { kind: 'entry_fee', count: orders.length },
      { kind: 'refund', count: orders.length - registered },
    ]);
  });

  it('undoes the registration, entries and receipt of a confirmation whose place went to another player meanwhile', async () => {
    // The confirmation writes the registration, its entries and the receipt before it takes the place
    // (the capacity lock). Here the last place is taken by a confirmation that commits after the second
    // one has read a tournament with room and written its registration: the second must end refunded,
    // with nothing of its registration left.
    const admin = cluster.client;
    const tournament = `last-${randomUUID().slice(0, 8)}`;
    await admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at)
       values ($1, 'Last Place Cup', 'quick', 'Super 8', $2, 100000, 8, 7, true, now() + interval '7 days')`,
      [tournament, FEE],
    );
    const { rows: payments } = await admin.query<{ order_id: string; user_id: string }>(
      `with players as (
         insert into auth.users (id, email)
         select gen_random_uuid(), $1 || '-' || n || '@golazo.test' from generate_series(1, 2) as n
         returning id, email
       )
       insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots)
       select id, $1, 'order_' || md5(email), $2, 1 from players order by email
       returning razorpay_order_id as order_id, user_id`,
      [tournament, FEE],
    );
    const [first, second] = await connections(2);
    const confirm = (client: pg.Client, orderId: string) =>
      client.query<{ result: { outcome: string; reason: string | null } }>(
        'select public.service_confirm_tournament_payment($1, $2) as result',
        [orderId, `pay_${orderId.slice('order_'.length)}`],
      );

    await first.query('begin');
    expect((await confirm(first, payments[0].order_id)).rows[0].result.outcome).toBe('registered');
    // The first holds the last place, uncommitted: the second sees room, writes its registration and waits.
    const secondConfirmation = confirm(second, payments[1].order_id);
    await expect
      .poll(
        async () =>
          (
            await admin.query(
              `select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like '%service_confirm_tournament_payment%'`,
            )
          ).rows[0].waiting,
        { timeout: 10_000 },
      )
      .toBe(1);
    await first.query('commit');
    const { result } = (await secondConfirmation).rows[0];
    await Promise.all([first.end(), second.end()]);

    expect(result.outcome).toBe('refund_required');
    expect(result.reason).toMatch(/filled up/);
    const {
      rows: [facts],
    } = await admin.query(
      `select t.filled_slots as filled,
              (select count(*)::int from public.tournament_registrations where tournament_id = t.id and user_id = $2) as registrations,
              (select count(*)::int from public.entries where tournament_id = t.id and buyer_id = $2) as entries,
              (select count(*)::int from public.notifications where user_id = $2 and kind = 'payment_receipt') as receipts,
              (select status from public.payments where user_id = $2) as status,
              (select count(*)::int from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = t.id) as refunds_queued
         from public.tournaments t where t.id = $1`,
      [tournament, payments[1].user_id],
    );
    expect(facts).toEqual({ filled: 8, registrations: 0, entries: 0, receipts: 0, status: 'refund_pending', refunds_queued: 1 });
    const {
      rows: [ledger],
    } = await admin.query('select private.check_ledger() as result');
    expect(ledger.result).toMatchObject({ balanced: true, journals_unbalanced: 0 });
  });
});
