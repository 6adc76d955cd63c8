/**
 * The periodic function and its registry: every area adds its step with private.register_due_work, and
 * private.run_due_work() runs the registered steps in order. If these fail, a deadline (an unpaid order, a
 * pod past its fill deadline, a draw, a match, a prize) passes without anything happening, or happens twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../local/schema-setup.ts';
import { anon, createUser, engines, expectSqlError, INSUFFICIENT_PRIVILEGE, serviceRole, type TestDatabase } from './helpers.ts';

/** What pg_cron, the local stack and the worker read from each pass, step by step. */
const TODAYS_STEPS = [
  {
    name: 'message_batches',
    area: 'foundation',
    keys: ['messages_delivered', 'messages_failed', 'messages_of_erased_players_dropped'],
  },
  { name: 'expired_orders_and_owed_refunds', area: 'payments', keys: ['abandoned_orders', 'refunds_requeued'] },
  { name: 'receipt_emails', area: 'payments', keys: ['receipt_emails'] },
  { name: 'recurring_editions', area: 'calendar', keys: ['editions_created', 'editions_cancelled'] },
  { name: 'pod_deadlines_and_open_pods', area: 'tournaments', keys: ['pods_cancelled', 'pod_refunds', 'pods_opened'] },
  { name: 'check_in_announcements', area: 'notifications', keys: ['check_in_announced'] },
  { name: 'draws', area: 'brackets', keys: ['draws_run', 'draws_failed'] },
  {
    name: 'match_deadlines',
    area: 'matches',
    keys: ['results_auto_confirmed', 'walkovers', 'matches_void', 'disputes_opened', 'match_decisions_left_for_next_run'],
  },
  { name: 'stage_fills', area: 'matches', keys: ['knockouts_filled', 'swiss_rounds_paired', 'stage_fills_failed'] },
  { name: 'draw_announcements', area: 'brackets', keys: ['draws_announced'] },
  {
    name: 'prizes_tax_and_payout_checks',
    area: 'payouts',
    keys: ['prizes_settled', 'year_end_withholdings', 'payout_checks'],
  },
  { name: 'ledger_check', area: 'payouts', keys: ['ledger_balanced'] },
  { name: 'provider_reconciliation', area: 'payouts', keys: ['reconciliations_queued'] },
  { name: 'rating_periods', area: 'ratings', keys: ['rating_periods_computed'] },
  { name: 'refunds_left_after_a_stale_refusal', area: 'payments', keys: ['refunds_requeued_for_what_is_left'] },
  {
    name: 'account_erasure',
    area: 'profile',
    keys: ['deletion_reminders', 'accounts_erased', 'erasures_waiting', 'kept_records_expired', 'erasures_failed'],
  },
  { name: 'old_grievances', area: 'staff', keys: ['resolved_grievances_deleted'] },
  {
    name: 'retention',
    area: 'foundation',
    keys: ['evidence_deletions_queued', 'consent_requests_deleted', 'used_consent_links_deleted', 'unconfirmed_news_signups_deleted'],
  },
  { name: 'outbox_retention', area: 'foundation', keys: ['outbox_payloads_cleared'] },
  { name: 'match_chat_retention', area: 'matches', keys: ['chat_messages_deleted'] },
];

class RollBack extends Error {}

describe.each(engines)('the due-work registry on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  /**
   * Runs `fn` as a migration does (the migrator role), in a transaction that is always rolled back, so the
   * registry stays as the migrations left it.
   */
  async function asMigrationWithoutKeeping(fn: (tx: SqlExecutor) => Promise<void>) {
    await db.admin
      .transaction(async (tx) => {
        await tx.exec('set local role supabase_migrator');
        await fn(tx);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
  }

  /** A step that writes its name into a log, so a test sees when it ran. */
  async function createLoggingStep(tx: SqlExecutor, name: string) {
    await tx.exec(`
      create table if not exists private.step_log (at bigint generated always as identity, step text);
      create function private.${name}() returns jsonb language sql set search_path = '' as $$
        insert into private.step_log (step) values ('${name}') returning jsonb_build_object('${name}_ran', true);
      $$;`);
  }

  it("registers today's steps in the order the periodic function has always run them", async () => {
    const { rows } = await db.admin.query<{ name: string; area: string }>(
      'select name, area from private.due_work_steps order by run_order',
    );
    expect(rows).toEqual(TODAYS_STEPS.map(({ name, area }) => ({ name, area })));
  });

  it('answers one object with every step’s counts, and a second pass finds nothing left to queue', async () => {
    // Every step, whatever its cadence (foundation-due-work-cadence.test.ts): the database's template may have run them.
    const first = (await db.admin.query<{ result: Record<string, unknown> }>('select private.run_due_steps(true) as result')).rows[0]!
      .result;
    expect(Object.keys(first).sort()).toEqual([...TODAYS_STEPS.flatMap((step) => step.keys), 'failed_steps'].sort());
    expect(first.failed_steps).toEqual([]);
    expect(first.reconciliations_queued).toBe(2);
    const again = (await db.admin.query<{ result: Record<string, unknown> }>('select private.run_due_steps(true) as result')).rows[0]!
      .result;
    expect(again).toMatchObject({ reconciliations_queued: 0, refunds_requeued: 0, draws_run: 0, draws_announced: 0 });
  });

  it('runs a newly registered step in its place, without a new definition of the periodic function', async () => {
    await asMigrationWithoutKeeping(async (tx) => {
      const definitionBefore = (await tx.query<{ def: string }>("select pg_get_functiondef('private.run_due_work'::regproc) as def"))
        .rows[0]!.def;
      await createLoggingStep(tx, 'late_step');
      await createLoggingStep(tx, 'early_step');
      await tx.query("select private.register_due_work('late_step', 'foundation', 'private.late_step', 10000)");
      await tx.query("select private.register_due_work('early_step', 'foundation', 'private.early_step', 1)");

      const result = (await tx.query<{ result: Record<string, unknown> }>('select private.run_due_work() as result')).rows[0]!.result;
      expect(result).toMatchObject({ early_step_ran: true, late_step_ran: true, draws_run: 0 });
      const log = (await tx.query<{ step: string }>('select step from private.step_log order by at')).rows.map((r) => r.step);
      expect(log).toEqual(['early_step', 'late_step']);
      const definitionAfter = (await tx.query<{ def: string }>("select pg_get_functiondef('private.run_due_work'::regproc) as def"))
        .rows[0]!.def;
      expect(definitionAfter).toBe(definitionBefore);
    });
  });

  it('refuses a step registered twice, under its name or under another', async () => {
    await asMigrationWithoutKeeping(async (tx) => {
      await createLoggingStep(tx, 'twice_step');
      await tx.query("select private.register_due_work('twice_step', 'foundation', 'private.twice_step', 10000)");
      await tx.exec('savepoint again');
      await expectSqlError(
        tx.query("select private.register_due_work('twice_step', 'foundation', 'private.twice_step', 10001)"),
        '23505',
        'twice_step is already registered',
      );
      await tx.exec('rollback to savepoint again');
      await expectSqlError(
        tx.query("select private.register_due_work('other_name', 'foundation', 'private.twice_step', 10002)"),
        '23505',
        'already the due-work step',
      );
    });
    await expectSqlError(
      db.admin.query("select private.register_due_work('draws', 'brackets', 'private.run_due_draw_work', 10003)"),
      '23505',
    );
  });

  it('refuses a step whose function is missing or answers something else than jsonb', async () => {
    await expectSqlError(
      db.admin.query("select private.register_due_work('ghost', 'foundation', 'private.no_such_function', 10000)"),
      '22023',
      'private.no_such_function is not one',
    );
    await expectSqlError(db.admin.query("select private.register_due_work('clock', 'foundation', 'private.clock_now', 10000)"), '22023');
  });

  it('lets only the service role run the periodic function, and no API role read or change the registry', async () => {
    const { actor: signedIn } = await createUser(db);
    for (const actor of [anon, signedIn]) {
      await expectSqlError(db.as(actor, 'select private.run_due_work()'), INSUFFICIENT_PRIVILEGE);
      await expectSqlError(db.as(actor, 'select public.service_run_due_work()'), INSUFFICIENT_PRIVILEGE);
      await expectSqlError(
        db.as(actor, "select private.register_due_work('mine', 'foundation', 'private.run_due_work', 1)"),
        INSUFFICIENT_PRIVILEGE,
      );
      await expectSqlError(db.as(actor, 'select * from private.due_work_steps'), INSUFFICIENT_PRIVILEGE);
    }
    // Steps are part of the schema: registered by migrations, never at run time, not even by the service role.
    await expectSqlError(
      db.as(serviceRole, "select private.register_due_work('mine', 'foundation', 'private.run_due_work', 1)"),
      INSUFFICIENT_PRIVILEGE,
    );
    const [ran] = await db.as<{ result: Record<string, unknown> }>(serviceRole, 'select public.service_run_due_work() as result');
    expect(ran?.result).toHaveProperty('draws_run');
  });
});
