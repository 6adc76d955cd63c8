/**
 * How often the periodic function runs each step (private.due_work_steps.every_minutes). pg_cron runs it every minute
 * in a new session, which plans again every statement a step runs: the housekeeping steps, whose rules are counted in
 * days, run once a quarter of an hour, and the check of the whole ledger once an hour. If these fail, either every run pays for them again, or a housekeeping step is
 * left out for longer than its cadence (personal data kept past its retention, an erasure late), or a step that
 * failed waits a quarter of an hour before it is tried again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serviceRole, startWithMovableClock, type TestDatabase } from './helpers.ts';

/** The housekeeping steps and one of the counts each answers (a step that did not run answers none). */
const HOUSEKEEPING = {
  recurring_editions: 'editions_created',
  provider_reconciliation: 'reconciliations_queued',
  rating_periods: 'rating_periods_computed',
  account_erasure: 'accounts_erased',
  old_grievances: 'resolved_grievances_deleted',
  retention: 'evidence_deletions_queued',
  outbox_retention: 'outbox_payloads_cleared',
  match_chat_retention: 'chat_messages_deleted',
} as const;
/** The hourly steps: the check of the whole ledger, which reads every journal. */
const HOURLY = { ledger_check: 'ledger_balanced' } as const;
/** Steps of every run, with one of their counts. */
const EVERY_RUN = { message_batches: 'messages_delivered', draws: 'draws_run', match_deadlines: 'walkovers' } as const;

type Answer = Record<string, unknown>;

describe.each(engines)('how often the periodic function runs each step, on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(() => db?.close());

  const at = (iso: string) => db.admin.query('select public.local_set_clock($1, true)', [iso]);
  const run = async (sql = 'select private.run_due_work() as r'): Promise<Answer> => (await db.admin.query<{ r: Answer }>(sql)).rows[0]!.r;
  /** Which housekeeping steps a run ran, read from the counts it answered. */
  const housekeepingIn = (answer: Answer) =>
    Object.entries(HOUSEKEEPING)
      .filter(([, key]) => key in answer)
      .map(([step]) => step);
  const everyRunIn = (answer: Answer) => Object.values(EVERY_RUN).every((key) => key in answer);
  const hourlyIn = (answer: Answer) => Object.values(HOURLY).every((key) => key in answer);

  it('declares the housekeeping steps every 15 minutes, the ledger check every hour and every other step every run', async () => {
    const { rows } = await db.admin.query<{ name: string; every_minutes: number }>(
      'select name, every_minutes from private.due_work_steps order by run_order',
    );
    const minutes = (step: string) => (step in HOUSEKEEPING ? 15 : step in HOURLY ? 60 : 1);
    for (const row of rows) expect([row.name, row.every_minutes]).toEqual([row.name, minutes(row.name)]);
  });

  it('runs housekeeping on the first run, then each step once a quarter of an hour, in turns a minute apart, and every other step every time', async () => {
    await at('2027-03-01T10:00:20Z');
    const first = await run();
    expect(housekeepingIn(first).sort()).toEqual(Object.keys(HOUSEKEEPING).sort());
    expect(hourlyIn(first)).toBe(true);
    expect(first.failed_steps).toEqual([]);

    // Minute by minute for the next 45 minutes: each housekeeping step's windows start one minute after the one
    // before it in run order (the first at :00, :15, :30, :45), so a minute runs one step at most, each step once
    // in every quarter of an hour, 15 minutes apart.
    const ranAt = new Map<string, number[]>();
    for (let minute = 1; minute <= 45; minute++) {
      // The minute pg_cron starts it, not the seconds a run took to start.
      await at(new Date(Date.parse('2027-03-01T10:00:00Z') + minute * 60_000 + (minute % 3) * 20_000).toISOString());
      const answer = await run();
      expect(everyRunIn(answer), `at minute ${minute}`).toBe(true);
      const ran = housekeepingIn(answer);
      expect(ran.length, `at minute ${minute}: ${ran.join(', ')}`).toBeLessThanOrEqual(1);
      for (const step of ran) ranAt.set(step, [...(ranAt.get(step) ?? []), minute]);
    }
    const inRunOrder = Object.keys(HOUSEKEEPING);
    const { rows } = await db.admin.query<{ name: string }>(
      'select name from private.due_work_steps where every_minutes = 15 order by run_order',
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...inRunOrder].sort());
    for (const [turn, { name }] of rows.entries()) {
      // The first step's window began at 10:00, when every step ran: its next is 10:15. The others' windows began
      // before 10:00 and end at 10:0<turn>.
      const first = turn === 0 ? 15 : turn;
      expect(ranAt.get(name), name).toEqual([first, first + 15, first + 30].filter((minute) => minute <= 45));
    }
    expect(hourlyIn(await run())).toBe(false);
    await at('2027-03-01T10:59:59Z');
    expect(hourlyIn(await run())).toBe(false);
    await at('2027-03-01T11:00:00Z');
    expect(hourlyIn(await run())).toBe(true);
  });

  it('tells an uptime check each step’s cadence beside its last run', async () => {
    const [row] = await db.as<{ health: Array<{ step: string; every_minutes: number; last_run_at: string }> }>(
      serviceRole,
      'select public.get_due_work_health() as health',
    );
    const retention = row!.health.find((step) => step.step === 'retention');
    const draws = row!.health.find((step) => step.step === 'draws');
    expect(retention).toMatchObject({ every_minutes: 15 });
    // Its turn is the sixth minute of each quarter: the run at 10:59:59 was the first in its window from 10:50.
    expect(new Date(retention!.last_run_at).toISOString()).toBe('2027-03-01T10:59:59.000Z');
    expect(draws).toMatchObject({ every_minutes: 1 });
    expect(new Date(draws!.last_run_at).toISOString()).toBe('2027-03-01T11:00:00.000Z');
  });

  it('tries a housekeeping step that failed again on every run until it runs clean', async () => {
    await at('2027-03-01T11:30:00Z');
    await db.admin.query("select public.local_fail_due_step('retention')");
    const failed = await run();
    expect(failed.failed_steps).toEqual(['retention']);
    expect(housekeepingIn(failed)).not.toContain('retention');

    // 11:31 is another step's turn (provider_reconciliation's); retention runs beside it, being retried.
    await at('2027-03-01T11:31:00Z');
    const retried = await run();
    expect(housekeepingIn(retried).sort()).toEqual(['provider_reconciliation', 'retention']);
    expect(retried.failed_steps).toEqual([]);

    await at('2027-03-01T11:32:00Z');
    expect(housekeepingIn(await run())).toEqual(['rating_periods']);
  });

  it('runs housekeeping when the clock went back before its last run', async () => {
    await at('2027-03-01T09:00:00Z');
    const wentBack = await run();
    expect(housekeepingIn(wentBack).sort()).toEqual(Object.keys(HOUSEKEEPING).sort());
    expect(hourlyIn(wentBack)).toBe(true);
  });

  it('runs every step through the local stack’s door, whatever their cadence, for tests that move the clock', async () => {
    await at('2027-03-01T09:01:00Z');
    const answer = await run('select public.local_run_due_work() as r');
    expect(housekeepingIn(answer).sort()).toEqual(Object.keys(HOUSEKEEPING).sort());
    expect(hourlyIn(answer)).toBe(true);
    expect(everyRunIn(answer)).toBe(true);
  });

  it('refuses a cadence under a minute or over a day', async () => {
    for (const minutes of [0, -15, 1441]) {
      await expect(
        db.admin.query("update private.due_work_steps set every_minutes = $1 where name = 'retention'", [minutes]),
      ).rejects.toThrow(/due_work_steps_every_minutes_range/);
    }
  });
});
