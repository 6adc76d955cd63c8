/**
 * The session that serves the periodic function (private.serve_due_work): pg_cron calls it every minute, and it runs
 * the function once a minute for nine minutes in that one session, so that every run after the first finds its plans
 * and the catalog caches warm (a new session each run plans every statement again). If these fail, a minute's run is
 * lost or doubled, two sessions serve at once, or a run's work waits for the session to end before anyone sees it.
 * On a real PostgreSQL server only: it commits between runs and is raced from a second connection.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';
import type { PostgresCluster } from './postgres-cluster.ts';

describe.skipIf(!postgresCovered())('the session that serves the periodic function, on PostgreSQL', () => {
  let cluster: PostgresCluster;
  const opened: pg.Client[] = [];

  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(opened.map((client) => client.end().catch(() => {})));
    await cluster?.stop();
  });

  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: cluster.connectionString });
    await client.connect();
    opened.push(client);
    return client;
  }
  /** How many periodic runs have started so far (each takes the next number of private.due_work_run). */
  const runsSoFar = async () =>
    Number(
      (await cluster.client.query<{ n: string }>('select case when is_called then last_value else 0 end as n from private.due_work_run'))
        .rows[0]!.n,
    );
  const serve = (client: pg.Client, runs: number, every: string) =>
    client.query('call private.serve_due_work($1, $2::interval)', [runs, every]);

  it('runs the periodic function the number of times asked, each run committed as it ends', async () => {
    const before = await runsSoFar();
    const watcher = await connection();
    let ended = false;
    const done = serve(await connection(), 2, '1 second').then(() => {
      ended = true;
    });
    // While the session still serves, another connection already sees its first run's work.
    const seenAt = performance.now();
    let steps = 0;
    while (steps === 0 && performance.now() - seenAt < 10_000) {
      const { rows } = await watcher.query<{ steps: string }>(
        'select count(*) as steps from private.due_work_health where last_run_at >= $1',
        [new Date(Date.now() - 60_000).toISOString()],
      );
      steps = Number(rows[0]!.steps);
      if (steps === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(steps).toBeGreaterThan(10);
    expect(ended).toBe(false);
    await done;
    expect(await runsSoFar()).toBe(before + 2);
  });

  it('spaces its runs p_every apart and waits out the last interval too, so pg_cron starts the next session on time', async () => {
    const started = performance.now();
    await serve(await connection(), 2, '300 milliseconds');
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('returns at once, running nothing, while another session serves', async () => {
    const before = await runsSoFar();
    const first = serve(await connection(), 2, '1 second');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = performance.now();
    await serve(await connection(), 5, '0 seconds');
    expect(performance.now() - started).toBeLessThan(500);
    await first;
    expect(await runsSoFar()).toBe(before + 2);
    // Once the first has ended, the next call serves.
    await serve(await connection(), 1, '0 seconds');
    expect(await runsSoFar()).toBe(before + 3);
  });

  it('is called by its owner alone: no API role may start it', async () => {
    const client = await connection();
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await client.query(`set role ${role}`);
      await expect(serve(client, 1, '0 seconds')).rejects.toMatchObject({ code: '42501' });
      await client.query('reset role');
    }
  });
});
