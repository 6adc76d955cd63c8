/**
 * The periodic function's every-minute steps find their work through indexes: none reads a whole table that grows
 * with every tournament, payment or outside call. If this fails, a step costs more every month the platform runs,
 * until a minute's run no longer fits in its minute. Each statement a step runs is planned in a new session with
 * sequential scans switched off (auto_explain prints every plan): a plan that still reads a table whole has no index
 * to read it by. On a real PostgreSQL server only (auto_explain).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';
import type { PostgresCluster } from './postgres-cluster.ts';

/** Tables that grow for as long as the platform runs (queues that empty themselves and rule tables are left out). */
const GROWING = [
  'tournaments',
  'tournament_registrations',
  'entries',
  'matches',
  'match_reports',
  'payments',
  'payouts',
  'profiles',
  'users',
  'notifications',
  'outbox',
  'outbox_answers',
  'ledger_journal',
  'ledger_lines',
  'audit_log',
];

describe.skipIf(!postgresCovered())('what the periodic function reads every minute, on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let session: pg.Client | undefined;

  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
  }, 120_000);
  afterAll(async () => {
    await session?.end().catch(() => {});
    await cluster?.stop();
  });

  it('reads no growing table whole in any step that runs every minute', async () => {
    session = new pg.Client({ connectionString: cluster.connectionString });
    await session.connect();
    const plans: string[] = [];
    session.on('notice', (notice) => plans.push(notice.message ?? ''));
    await session.query("load 'auto_explain'");
    await session.query(
      `set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
       set auto_explain.log_level = notice; set enable_seqscan = off`,
    );
    const { rows: steps } = await session.query<{ name: string; function_name: string }>(
      'select name, function_name from private.due_work_steps where every_minutes = 1 order by run_order',
    );
    expect(steps.length).toBeGreaterThan(8);
    const wholeReads: string[] = [];
    for (const step of steps) {
      plans.length = 0;
      // The registry holds only schema-qualified names (its CHECK), so the name can stand in the statement.
      await session.query(`select ${step.function_name}()`);
      expect(plans.length, `${step.name} ran statements`).toBeGreaterThan(0);
      for (const plan of plans) {
        for (const [, table] of plan.matchAll(/Seq Scan on (\w+)/g)) {
          if (table && GROWING.includes(table)) wholeReads.push(`${step.name} reads ${table} whole`);
        }
      }
    }
    expect(wholeReads).toEqual([]);
  });
});
