/**
 * Due work on the local stack: the periodic SQL function and the outbox drain, the two things pg_cron and
 * pg_net do on a hosted project.
 *
 * - A timer runs private.run_due_work() every few seconds and, when outside calls are due, calls the
 *   outbox-worker function (which reaches the local Razorpay double). While a test holds the clock with the
 *   timer paused (`local_set_clock`'s `p_pause_timer`, as the project's own tests do) the timer leaves the
 *   periodic function alone: a run at the held time would judge every other test's pods and matches at a
 *   moment they never reach. That test runs what it needs itself.
 * - POST /rest/v1/rpc/local_run_due_work (service role) does both before it answers, so a test that moved
 *   the clock sees every consequence at once. The REST service cannot call HTTP from SQL, so this module
 *   answers that one rpc path itself (its longer prefix wins the stack's routing).
 */
import { withRequestContext } from './database.ts';
import { readBody, resolveCaller, sendJson } from './http.ts';
import { SERVICE_ROLE_KEY } from './keys.ts';
import type { ServiceModule, StackContext } from './service.ts';
import { fromPgError, isPgError, restErrors } from './services/rest/errors.ts';

/** How often the stack acts on deadlines by itself (hosted: pg_cron every minute). */
const TIMER_INTERVAL_MS = 5_000;
/** How often it looks for outside calls just queued (a push for a room posted reaches the phone in seconds). */
const OUTBOX_INTERVAL_MS = 1_000;

type DrainResult = { success?: boolean; done?: number; retry?: number; failed?: number; error?: string };

/** Calls the outbox-worker function as the service role, as pg_net does on a hosted project. */
async function drainOutbox(ctx: StackContext): Promise<DrainResult> {
  const response = await fetch(`${ctx.apiUrl}/functions/v1/outbox-worker`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return response.json().catch(() => ({ success: false, error: `outbox-worker answered ${response.status}` }));
}

async function drainIfDue(ctx: StackContext): Promise<DrainResult> {
  const { rows } = await ctx.pg.query<{ due: boolean }>(
    `select exists (select 1 from private.outbox where status = 'pending' and next_attempt_at <= private.clock_now()) as due`,
  );
  return rows[0]?.due ? drainOutbox(ctx) : { success: true, done: 0, retry: 0, failed: 0 };
}

export const dueWorkService: ServiceModule = {
  name: 'due-work',
  prefix: '/rest/v1/rpc/local_run_due_work',
  create(ctx) {
    let running: Promise<void> | undefined;

    /**
     * Runs `work` with no other pass beside it: waits for the one under way, and the timer's ticks meanwhile find
     * one running and skip. A request's own drain needs it: a tick that drained beside it could claim a call queued
     * by an answer of that drain (the refund an order check queues) and leave it half-made when the answer goes.
     */
    async function exclusively<T>(work: () => Promise<T>): Promise<T> {
      while (running) await running;
      let result: T | undefined;
      running = (async () => {
        result = await work();
      })().finally(() => (running = undefined));
      await running;
      return result as T;
    }

    /** One timer pass (the periodic function unless only the outbox is due), skipped while another is under way (a slow drain makes the next tick wait). */
    function runOnce(periodic = true): Promise<void> {
      return (
        running ??
        exclusively(async () => {
          try {
            if (periodic) await ctx.pg.query('select private.run_due_work() from private.local_clock where not timer_paused');
            const result = await drainIfDue(ctx);
            if (!result.success) ctx.log('due-work', `outbox drain: ${result.error ?? 'failed'}`);
          } catch (error) {
            ctx.log('due-work', error instanceof Error ? error.message : String(error));
          }
        })
      );
    }

    const timer = setInterval(() => void runOnce(), TIMER_INTERVAL_MS);
    timer.unref();
    const outboxTimer = setInterval(() => void runOnce(false), OUTBOX_INTERVAL_MS);
    outboxTimer.unref();

    return {
      async handle(req, res, url) {
        if (req.method !== 'POST') throw restErrors.method(req.method ?? '');
        await readBody(req);
        const caller = await resolveCaller(req, url, restErrors.caller);
        let result: unknown;
        try {
          // The database decides who may call it (service_role only), exactly as through PostgREST.
          result = await withRequestContext(ctx.pg, caller, async (tx) => {
            return (await tx.query<{ result: unknown }>('select public.local_run_due_work() as result')).rows[0]?.result;
          });
        } catch (error) {
          throw isPgError(error) ? fromPgError(error, caller.role) : error;
        }
        const outbox = await exclusively(() => drainIfDue(ctx));
        sendJson(res, 200, { ...(result as Record<string, unknown>), outbox });
      },
      async stop() {
        clearInterval(timer);
        clearInterval(outboxTimer);
        await running;
      },
    };
  },
};
