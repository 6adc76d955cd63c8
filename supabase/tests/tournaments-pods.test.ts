/**
 * Pods: every active quick series has exactly one open pod; the payment that fills a pod closes it and opens
 * the next one in the same transaction; a pod not full by its deadline is cancelled and refunded; payments
 * racing for the last places never overbook (PostgreSQL, real concurrency).
 * If these fail, a player pays for a pod that never starts, two pods sell the same seats, or a refund owed
 * for a cancelled pod is never made.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresCluster } from './postgres-cluster.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';
import { createUser, engines, runDueWorkOf, serviceRole, type TestDatabase, startWithMovableClock, setDatabaseClock } from './helpers.ts';
import { confirmPayment, recordOrder } from './journey.ts';

const T0 = new Date('2027-02-01T10:00:00Z');
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();

/** A quick series row as the catalog sync writes it. */
const insertSeries = (id: string, capacity: number) => `
  insert into public.series (id, title, kind, format, entry_fee_paise, prize_pool_paise, capacity,
                             check_in_opens_before, check_in_closes_before, prize_formula_text)
  values ('${id}', 'Pod Cup ${id}', 'quick', 'Super 4', 30000, ${capacity * 30000}, ${capacity},
          interval '60 minutes', interval '15 minutes', 'The winner takes the pool.')`;

describe.each(engines)('pods on $name', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    // Back to real time for whatever runs next on this database, then close it.
    await setClock(null).catch(() => undefined);
    await db?.close();
  });

  const setClock = (iso: string | null) => setDatabaseClock(db, iso);
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.as<{ result: T }>(serviceRole, sql, params))[0]!.result;
  const pods = async (seriesId: string) =>
    (
      await db.admin.query<{
        id: string;
        pod_number: number;
        status: string;
        filled_slots: number;
        starts_at: Date;
        check_in_closes_at: Date;
      }>(
        `select t.id, t.pod_number, private.tournament_status(t, private.clock_now()) as status, t.filled_slots, t.starts_at,
                private.tournament_check_in_closes_at(t) as check_in_closes_at
           from public.tournaments t where series_id = $1 order by pod_number`,
        [seriesId],
      )
    ).rows;

  async function payFor(podId: string) {
    const { id: player } = await createUser(db);
    return confirmPayment(db, await recordOrder(db, player, podId, 1, 30000));
  }

  it('opens exactly one pod per active series, and none for an inactive one', async () => {
    await setClock(T0.toISOString());
    const active = `s4-${randomUUID().slice(0, 6)}`;
    const resting = `s4-${randomUUID().slice(0, 6)}`;
    await db.admin.query(insertSeries(active, 4));
    await db.admin.query(insertSeries(resting, 4));
    await db.admin.query('update public.series set active = false where id = $1', [resting]);
    await one('select public.service_ensure_open_pods() as result');
    await one('select public.service_ensure_open_pods() as result');
    expect((await pods(active)).map((p) => [p.pod_number, p.status])).toEqual([[1, 'open']]);
    expect(await pods(resting)).toEqual([]);
  });

  it('closes a pod in the payment that fills it (start in 20 min, check-in for 10 min) and opens the next one', async () => {
    await setClock(T0.toISOString());
    const series = `s4-${randomUUID().slice(0, 6)}`;
    await db.admin.query(insertSeries(series, 4));
    await one('select public.service_ensure_open_pods() as result');
    const [first] = await pods(series);
    for (let i = 0; i < 3; i++) expect((await payFor(first!.id)).outcome).toBe('registered');
    expect((await pods(series)).map((p) => p.status)).toEqual(['open']);

    await setClock(minutesAfter(90));
    expect((await payFor(first!.id)).outcome).toBe('registered');
    const after = await pods(series);
    expect(after.map((p) => [p.pod_number, p.status, p.filled_slots])).toEqual([
      [1, 'check-in', 4],
      [2, 'open', 0],
    ]);
    expect(after[0]!.starts_at.toISOString()).toBe(minutesAfter(110));
    expect(after[0]!.check_in_closes_at.toISOString()).toBe(minutesAfter(100));
    // The contract's view of the filled pod says the same.
    expect(await one('select public.get_tournament_state($1) as result', [first!.id])).toMatchObject({
      status: 'check-in',
      entries: 4,
      capacity: 4,
    });
  });

  it('refunds a payment that arrives for a pod that has just filled (it is not moved to the next pod)', async () => {
    await setClock(T0.toISOString());
    const series = `s2-${randomUUID().slice(0, 6)}`;
    await db.admin.query(insertSeries(series, 2));
    await one('select public.service_ensure_open_pods() as result');
    const [pod] = await pods(series);
    // Two checkouts opened while one place was left; both players pay.
    await payFor(pod!.id);
    const { id: late } = await createUser(db);
    const lateOrder = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    await one('select public.service_record_payment_order($1, $2, 1, $3, 30000, $4) as result', [late, pod!.id, lateOrder, 'INR']);
    expect((await payFor(pod!.id)).outcome).toBe('registered');
    const refused = await one<{ outcome: string }>('select public.service_confirm_tournament_payment($1, $2) as result', [
      lateOrder,
      `pay_${lateOrder.slice(6)}`,
    ]);
    expect(refused.outcome).toBe('refund_required');
    const { rows } = await db.admin.query(`select payload ->> 'reason' as reason from private.outbox where idempotency_key = $1`, [
      `refund-pay_${lateOrder.slice(6)}`,
    ]);
    expect(rows).toEqual([{ reason: 'registration_closed' }]);
    expect((await pods(series)).map((p) => p.filled_slots)).toEqual([2, 0]);
  });

  it('cancels and refunds a pod not full by its deadline, then opens a fresh one', async () => {
    await setClock(T0.toISOString());
    const series = `s4-${randomUUID().slice(0, 6)}`;
    await db.admin.query(insertSeries(series, 4));
    await one('select public.service_ensure_open_pods() as result');
    const [pod] = await pods(series);
    await payFor(pod!.id);
    await payFor(pod!.id);

    await setClock(minutesAfter(24 * 60 - 1));
    expect((await pods(series)).map((p) => p.status)).toEqual(['open']);
    await setClock(minutesAfter(24 * 60));
    // Read as cancelled at once, before the periodic function has run.
    expect((await pods(series)).map((p) => p.status)).toEqual(['cancelled']);
    // Its reason carries a code a Hindi page words, before and after the periodic function wrote it down.
    const reasonOf = async () =>
      (await one<Array<Record<string, unknown>>>('select public.get_tournament_states($1) as result', [[pod!.id]]))[0];
    expect(await reasonOf()).toMatchObject({ cancel_reason_code: 'pod_not_filled' });

    const work = await runDueWorkOf(db);
    expect(work).toMatchObject({ pods_cancelled: expect.any(Number), pod_refunds: expect.any(Number) });
    const refunds = await db.admin.query(
      `select p.status, o.payload ->> 'reason' as reason from public.payments p
         join private.outbox o on o.idempotency_key = 'refund-' || p.razorpay_payment_id
        where p.tournament_id = $1`,
      [pod!.id],
    );
    expect(refunds.rows).toEqual([
      { status: 'refund_pending', reason: 'tournament_cancelled' },
      { status: 'refund_pending', reason: 'tournament_cancelled' },
    ]);
    expect(await reasonOf()).toMatchObject({
      cancel_reason: 'Not enough players joined before the deadline. Every entry has been refunded.',
      cancel_reason_code: 'pod_not_filled',
    });
    const codes = await db.admin.query(`select failure_reason_code from public.payments where tournament_id = $1`, [pod!.id]);
    expect(codes.rows).toEqual([{ failure_reason_code: 'tournament_cancelled' }, { failure_reason_code: 'tournament_cancelled' }]);
    const registrations = await db.admin.query(`select status from public.tournament_registrations where tournament_id = $1`, [pod!.id]);
    expect(registrations.rows.every((r) => (r as { status: string }).status === 'cancelled')).toBe(true);
    expect((await pods(series)).map((p) => [p.pod_number, p.status])).toEqual([
      [1, 'cancelled'],
      [2, 'open'],
    ]);
    // Running it again changes nothing.
    await runDueWorkOf(db);
    expect(await pods(series)).toHaveLength(2);
  });

  it("lets a list ask for a series and get its open pod's state (the card shows what a player can do now)", async () => {
    await setClock(T0.toISOString());
    const series = `s4-${randomUUID().slice(0, 6)}`;
    await db.admin.query(insertSeries(series, 4));
    await one('select public.service_ensure_open_pods() as result');
    const [pod] = await pods(series);
    await payFor(pod!.id);
    const states = await one<Array<Record<string, unknown>>>('select public.get_tournament_states($1) as result', [[series]]);
    expect(states).toEqual([expect.objectContaining({ id: series, pod_id: pod!.id, status: 'open', entries: 1, capacity: 4 })]);
  });
});

describe.runIf(postgresCovered())('pods under concurrent payments on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('50 payments for the last 3 places: exactly 3 more entries, the next pod opens once, 47 refunds queued', async () => {
    const admin = cluster.client;
    await admin.query(insertSeries('race-8', 8));
    await admin.query('select private.ensure_open_pods()');
    const pod = 'race-8-pod-1';
    await admin.query(`update public.tournaments set filled_slots = 5 where id = $1`, [pod]);
    await admin.query(
      `with players as (
         insert into auth.users (id, aud, role, email)
         select gen_random_uuid(), 'authenticated', 'authenticated', 'podracer' || n || '@golazo.test'
           from generate_series(1, 50) as n
         returning id, email
       )
       insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots)
       select id, $1, 'order_pod' || split_part(split_part(email, '@', 1), 'podracer', 2), 30000, 1 from players`,
      [pod],
    );
    const orders = (
      await admin.query<{ razorpay_order_id: string }>(`select razorpay_order_id from public.payments where tournament_id = $1`, [pod])
    ).rows;

    const clients = await Promise.all(
      orders.map(async () => {
        const client = new pg.Client({ connectionString: cluster.connectionString });
        client.on('error', () => {});
        await client.connect();
        await client.query('set role service_role');
        return client;
      }),
    );
    try {
      const outcomes = await Promise.all(
        orders.map(async ({ razorpay_order_id: orderId }, i) => {
          const { rows } = await clients[i]!.query<{ result: { outcome: string } }>(
            'select public.service_confirm_tournament_payment($1, $2) as result',
            [orderId, `pay_${orderId.slice(6)}`],
          );
          return rows[0]!.result.outcome;
        }),
      );
      expect(outcomes.filter((o) => o === 'registered')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'refund_required')).toHaveLength(47);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }

    const { rows: podRows } = await admin.query(
      `select pod_number, filled_slots, private.tournament_status(t, now()) as status from public.tournaments t where series_id = 'race-8' order by pod_number`,
    );
    expect(podRows).toEqual([
      { pod_number: 1, filled_slots: 8, status: 'check-in' },
      { pod_number: 2, filled_slots: 0, status: 'open' },
    ]);
    const { rows: counts } = await admin.query(
      `select (select count(*)::int from public.tournament_registrations where tournament_id = $1) as registrations,
              (select count(*)::int from private.outbox o join public.payments p on o.idempotency_key = 'refund-' || p.razorpay_payment_id
                where p.tournament_id = $1) as refunds`,
      [pod],
    );
    expect(counts).toEqual([{ registrations: 3, refunds: 47 }]);
  }, 120_000);
});
