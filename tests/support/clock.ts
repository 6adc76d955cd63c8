/**
 * The database's clock and the due work that acts on it, the same for every kind of test: the local
 * stack's `local_set_clock` and `local_run_due_work` (supabase/local/clock.sql), called as the service
 * role through whatever reaches the database (HTTP for the stack and end-to-end tests, PGlite in-process
 * for the function tests). Only SQL that reads private.clock_now() sees the moved clock; sign-in, tokens
 * and codes keep real time.
 *
 * Plain TypeScript with no Node-only imports: Node and Deno both load it.
 */

/** Calls a database function as the service role and answers its result; a refusal throws. */
export type ServiceRpc = <T>(name: string, args: Record<string, unknown>) => Promise<T>;

export interface DatabaseClock {
  /** Stops the clock at `at`; answers the time the database now reads. */
  set(at: Date): Promise<string>;
  /** Stops the clock `ms` from now (negative: in the past). */
  ahead(ms: number): Promise<string>;
  /** Real time again. Every test that moves the clock gives it back, so tests beside it keep real time. */
  resume(): Promise<string>;
  /** Runs `steps` with the clock stopped at `at`, then gives real time back, whether or not they passed. */
  during<T>(at: Date, steps: () => Promise<T>): Promise<T>;
}

export function databaseClock(callAsService: ServiceRpc): DatabaseClock {
  // The stack's timer pauses while a test holds the clock: the tests share one stack, and a periodic run at one
  // test's held time would act on every other test's pods and matches too. A test runs the due work it needs.
  const stopAt = (at: Date | null) =>
    callAsService<string>('local_set_clock', at ? { p_now: at.toISOString(), p_pause_timer: true } : { p_now: null });
  return {
    set: (at) => stopAt(at),
    ahead: (ms) => stopAt(new Date(Date.now() + ms)),
    resume: () => stopAt(null),
    async during(at, steps) {
      await stopAt(at);
      try {
        return await steps();
      } finally {
        await stopAt(null);
      }
    },
  };
}

/** What one run of the periodic work did (draws run, entries withdrawn, ...); the stack adds its outbox drain. */
export type DueWorkResult = Record<string, unknown>;

/**
 * Runs one step of the periodic work alone (its name in private.due_work_steps), at whatever time the clock
 * reads. For a test that holds the clock far ahead: the whole periodic work would judge every other test's
 * pods and matches at that time too.
 */
export function runDueStep(callAsService: ServiceRpc, step: string): Promise<DueWorkResult> {
  return callAsService<DueWorkResult>('local_run_due_step', { p_step: step });
}

/**
 * Runs the periodic work once, as pg_cron does every minute on a hosted project. Through the stack's REST
 * URL it also drains the outbox (refunds, e-mails) through the local doubles before it answers.
 */
export function runDueWork(callAsService: ServiceRpc): Promise<DueWorkResult> {
  return callAsService<DueWorkResult>('local_run_due_work', {});
}
