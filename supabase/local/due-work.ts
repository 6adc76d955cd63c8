/**
 * Due work on the local stack: the periodic SQL function and the outbox drain, the two things pg_cron and
 * pg_net do on a hosted project.
 *
 * - A timer runs private.run_due_work() every few seconds and, when outside calls are due, calls the
 *   outbox-worker function (which reaches the local Razorpay double).
 * - POST /rest/v1/rpc/local_run_due_work (service role) does both before it answers, so a test that moved
 *   the clock sees every consequence at once. The REST service cannot call HTTP from SQL, so this module
 *   answers that one rpc path itself (its longer prefix wins the stack's routing).
 */
import type { ServiceModule, StackContext } from './context.ts';
import { withRequestContext, type RequestRole } from './database.ts';
import { apiKey, bearerToken, readBody, sendJson } from './http.ts';
import { isApiRole, SERVICE_ROLE_KEY, verifyJwt } from './keys.ts';

export const LOCAL_RUN_DUE_WORK_PATH = '/rest/v1/rpc/local_run_due_work';

/** How often the stack acts on deadlines by itself (hosted: pg_cron every minute). */
const TIMER_INTERVAL_MS = 5_000;

export type DrainResult = { success?: boolean; done?: number; retry?: number; failed?: number; error?: string };

/** Calls the outbox-worker function as the service role, as pg_net does on a hosted project. */
async function drainOutbox(ctx: StackContext): Promise<DrainResult> {
  const response = await fetch(`${ctx.apiUrl}/functions/v1/outbox-worker`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as DrainResult;
  } catch {
    return { success: false, error: `outbox-worker answered ${response.status}` };
  }
}

async function outsideCallsDue(ctx: StackContext): Promise<boolean> {
  const { rows } = await ctx.pg.query<{ due: boolean }>(
    `select exists (select 1 from private.outbox where status = 'pending' and next_attempt_at <= private.clock_now()) as due`,
  );
  return rows[0]?.due ?? false;
}

export const dueWorkService: ServiceModule = {
  name: 'due-work',
  prefix: LOCAL_RUN_DUE_WORK_PATH,
  create(ctx) {
    let running: Promise<void> | undefined;

    /** One pass; passes never overlap (a slow drain makes the next tick wait for it). */
    function runOnce(): Promise<void> {
      running ??= (async () => {
        try {
          await ctx.pg.query('select private.run_due_work()');
          if (await outsideCallsDue(ctx)) {
            const result = await drainOutbox(ctx);
            if (!result.success) ctx.log('due-work', `outbox drain: ${result.error ?? 'failed'}`);
          }
        } catch (error) {
          ctx.log('due-work', error instanceof Error ? error.message : String(error));
        }
      })().finally(() => (running = undefined));
      return running;
    }

    const timer = setInterval(() => void runOnce(), TIMER_INTERVAL_MS);
    timer.unref();

    return {
      async handle(req, res, url) {
        if (req.method !== 'POST') return sendJson(res, 405, { code: 'PGRST117', message: 'Unsupported HTTP method' });
        await readBody(req);
        const token = bearerToken(req) ?? apiKey(req, url);
        let role: RequestRole = 'anon';
        let claims: Record<string, unknown> = { role: 'anon' };
        if (token) {
          try {
            claims = await verifyJwt(token);
            if (isApiRole(claims.role)) role = claims.role;
          } catch {
            return sendJson(res, 401, { code: 'PGRST301', message: 'JWT could not be decoded', details: null, hint: null });
          }
        }
        let result: unknown;
        try {
          // The database decides who may call it (service_role only), exactly as through PostgREST.
          result = await withRequestContext(ctx.pg, { role, claims }, async (tx) => {
            const { rows } = await tx.query<{ result: unknown }>('select public.local_run_due_work() as result');
            return rows[0]?.result;
          });
        } catch (error) {
          const { code, message } = error as { code?: string; message?: string };
          const status = code === '42501' ? (role === 'anon' ? 401 : 403) : 400;
          return sendJson(res, status, { code: code ?? 'P0001', message: message ?? 'failed', details: null, hint: null });
        }
        await running;
        const outbox = (await outsideCallsDue(ctx)) ? await drainOutbox(ctx) : { success: true, done: 0, retry: 0, failed: 0 };
        sendJson(res, 200, { ...(result as Record<string, unknown>), outbox });
      },
      async stop() {
        clearInterval(timer);
        await running;
      },
    };
  },
};
