/**
 * kill -9 in the middle of a confirmation, on a real PostgreSQL server (the engine hosted Supabase runs).
 *
 * A backend killed with SIGKILL makes the server drop every session and recover from its write-ahead log:
 * what a power cut or an out-of-memory kill does to a database mid-payment. After recovery the payment must
 * be exactly as before the confirmation (no slot taken, no registration, no refund queued) or exactly as
 * after it (registration and its slot, or a refund waiting in the outbox): never half. If it failed, a player
 * could lose a paid place, or take a slot nobody paid for, or be owed a refund nobody will make.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresCluster } from './postgres-cluster.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';

const available = postgresCovered();

describe.skipIf(!available)('payment confirmation survives kill -9 on PostgreSQL', () => {
  let cluster: PostgresCluster;

  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
    // The cluster's own session dies with every crash below; it is not used after setup.
    cluster.client.on('error', () => {});
  }, 120_000);
  afterAll(() => cluster?.stop());

  /** A new session once the server accepts connections again (it refuses them while it recovers). */
  async function connect(): Promise<pg.Client> {
    for (let attempt = 0; ; attempt++) {
      const client = new pg.Client({ connectionString: cluster.connectionString });
      client.on('error', () => {});
      try {
        await client.connect();
        // The test cluster runs with synchronous_commit off for speed; a crash test needs a commit to mean
        // "on disk", as it does on a hosted project.
        await client.query('set synchronous_commit = on');
        return client;
      } catch (error) {
        await client.end().catch(() => {});
        if (attempt > 200) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  /**
   * Runs `work` in a fresh session once the server has recovered. Right after a SIGKILL the postmaster may
   * still accept a connection and only then reset every session for crash recovery; a client retries.
   */
  async function afterRecovery<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const client = await connect();
      try {
        return await work(client);
      } catch (error) {
        const code = (error as { code?: string }).code;
        const reset = code === '57P01' || code === '57P02' || code === '57P03' || /Connection terminated/i.test(String(error));
        if (!reset || attempt > 20) throw error;
      } finally {
        await client.end().catch(() => {});
      }
    }
  }

  async function paidOrder(admin: pg.Client, maxPlayers: number, filled = 0) {
    const user = randomUUID();
    const tournament = `crash-${randomUUID().slice(0, 8)}`;
    const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    await admin.query(`insert into auth.users (id, email) values ($1, $2)`, [user, `${user.slice(0, 8)}@golazo.test`]);
    await admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at)
       values ($1, 'Crash Cup', 'quick', 'Super 8', 15000, 100000, $2, $3, true, now() + interval '7 days')`,
      [tournament, maxPlayers, filled],
    );
    await admin.query(
      `insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots) values ($1, $2, $3, 15000, 1)`,
      [user, tournament, orderId],
    );
    return { tournament, orderId, paymentId: `pay_${orderId.slice(6)}` };
  }

  async function facts(client: pg.Client, tournament: string, orderId: string) {
    const { rows } = await client.query<{ status: string; filled: number; registrations: number; refunds_queued: number }>(
      `select p.status,
              t.filled_slots as filled,
              (select count(*)::int from public.tournament_registrations r where r.payment_id = p.id) as registrations,
              (select count(*)::int from private.outbox o where o.payload ->> 'razorpay_order_id' = p.razorpay_order_id) as refunds_queued
         from public.payments p join public.tournaments t on t.id = p.tournament_id
        where p.razorpay_order_id = $1 and t.id = $2`,
      [orderId, tournament],
    );
    return rows[0]!;
  }

  /** Runs the confirmation in an open transaction, then kills that backend with SIGKILL before it commits. */
  async function killMidConfirmation(orderId: string, paymentId: string): Promise<void> {
    const victim = await connect();
    const { rows } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
    await victim.query('begin');
    await victim.query('set local role service_role');
    await victim.query('select public.service_confirm_tournament_payment($1, $2)', [orderId, paymentId]);
    process.kill(rows[0]?.pid, 'SIGKILL');
    await victim.end().catch(() => {});
  }

  it('a confirmation killed before its commit leaves nothing behind, and the retry registers once', async () => {
    let admin = await connect();
    const { tournament, orderId, paymentId } = await paidOrder(admin, 8);
    await admin.end();
    await killMidConfirmation(orderId, paymentId);

    expect(await afterRecovery((client) => facts(client, tournament, orderId))).toEqual({
      status: 'created',
      filled: 0,
      registrations: 0,
      refunds_queued: 0,
    });
    admin = await connect();
    await admin.query('set role service_role');
    const { rows } = await admin.query('select public.service_confirm_tournament_payment($1, $2) as result', [orderId, paymentId]);
    expect(rows[0].result.outcome).toBe('registered');
    await admin.query('reset role');
    expect(await facts(admin, tournament, orderId)).toEqual({ status: 'paid', filled: 1, registrations: 1, refunds_queued: 0 });
    await admin.end();
  });

  it('a refusal that committed keeps its refund in the outbox through a crash', async () => {
    const admin = await connect();
    const { tournament, orderId, paymentId } = await paidOrder(admin, 1, 1);
    await admin.query('set role service_role');
    const { rows } = await admin.query('select public.service_confirm_tournament_payment($1, $2) as result', [orderId, paymentId]);
    expect(rows[0].result.outcome).toBe('refund_required');
    const { rows: pid } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
    process.kill(pid[0]?.pid, 'SIGKILL');
    await admin.end().catch(() => {});

    expect(await afterRecovery((client) => facts(client, tournament, orderId))).toEqual({
      status: 'refund_pending',
      filled: 1,
      registrations: 0,
      refunds_queued: 1,
    });
  });
});
