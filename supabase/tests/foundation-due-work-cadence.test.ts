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

  it('runs the steps of a longer cadence in turns, one a run, each once a quarter of an hour (the ledger check once an hour), and every other step every time', async () => {
    /** The steps of a longer cadence a run ran. */
    const longerIn = (answer: Answer) => [...housekeepingIn(answer), ...(hourlyIn(answer) ? ['ledger_check'] : [])];
    const { rows: inRunOrder } = await db.admin.query<{ name: string }>(
      'select name from private.due_work_steps where every_minutes > 1 order by run_order',
    );
    const ranAt = new Map<string, number[]>();
    // Minute by minute for 70 minutes from a first run, at the seconds pg_cron happens to start it.
    for (let minute = 0; minute <= 70; minute++) {
      await at(new Date(Date.parse('2027-03-01T10:00:00Z') + minute * 60_000 + (minute % 3) * 20_000).toISOString());
      const answer = await run();
      expect(answer.failed_steps).toEqual([]);
      expect(everyRunIn(answer), `at minute ${minute}`).toBe(true);
      const ran = longerIn(answer);
      expect(ran.length, `at minute ${minute}: ${ran.join(', ')}`).toBeLessThanOrEqual(1);
      for (const step of ran) ranAt.set(step, [...(ranAt.get(step) ?? []), minute]);
    }
    // None had run: they take their first turns in run order, a minute apart, then each comes back a quarter of an
    // hour (an hour) after its last run, on the minute.
    for (const [turn, { name }] of inRunOrder.entries()) {
      const every = name in HOURLY ? 60 : 15;
      const expected = Array.from({ length: 6 }, (_, k) => turn + k * every).filter((minute) => minute <= 70);
      expect(ranAt.get(name), name).toEqual(expected);
    }
  });

  it('tells an uptime check each step’s cadence beside its last run', async () => {
    const [row] = await db.as<{ health: Array<{ step: string; every_minutes: number; last_run_at: string }> }>(
      serviceRole,
      'select public.get_due_work_health() as health',
    );
    const retention = row!.health.find((step) => step.step === 'retention');
    const draws = row!.health.find((step) => step.step === 'draws');
    expect(retention).toMatchObject({ every_minutes: 15 });
    // Its first turn was the seventh minute (10:06), then every quarter of an hour: 11:06 was its last.
    expect(new Date(retention!.last_run_at).toISOString()).toBe('2027-03-01T11:06:00.000Z');
    expect(draws).toMatchObject({ every_minutes: 1 });
    expect(new Date(draws!.last_run_at).toISOString()).toBe('2027-03-01T11:10:20.000Z');
  });

  it('tries a housekeeping step that failed again on every run until it runs clean', async () => {
    await db.admin.query("select public.local_fail_due_step('retention')");
    // From 11:30 the steps due take their turns, the one due longest first: retention (due since 11:21) comes sixth.
    const turns: string[][] = [];
    for (const minute of ['11:30', '11:31', '11:32', '11:33', '11:34', '11:35']) {
      await at(`2027-03-01T${minute}:00Z`);
      const answer = await run();
      turns.push(answer.failed_steps as string[]);
    }
    expect(turns).toEqual([[], [], [], [], [], ['retention']]);

    // 11:36 is the next step's turn (outbox_retention's); retention runs beside it, being retried.
    await at('2027-03-01T11:36:00Z');
    const retried = await run();
    expect(housekeepingIn(retried).sort()).toEqual(['outbox_retention', 'retention']);
    expect(retried.failed_steps).toEqual([]);

    await at('2027-03-01T11:37:00Z');
    expect(housekeepingIn(await run())).toEqual(['match_chat_retention']);
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
