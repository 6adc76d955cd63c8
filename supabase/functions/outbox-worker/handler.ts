/**
 * outbox-worker: makes the outside calls the database queued (refunds, order checks), once each.
 *
 * Called with the service role key only: by pg_cron + pg_net on a hosted project, by the local
 * stack's timer and its local_run_due_work door locally. Answers {success, done, retry, failed}.
 */
import { ERROR_CODES } from '../_shared/error-codes.ts';
import { bearerToken, json } from '../_shared/http.ts';
import { drainOutbox, type OutboxDeps } from '../_shared/outbox.ts';
import { constantTimeEqual } from '../_shared/razorpay-signature.ts';

export type OutboxWorkerDeps = OutboxDeps & { serviceRoleKey: string };

export function createOutboxWorkerHandler(deps: OutboxWorkerDeps) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      return json({ success: false, code: 'method_not_allowed', error: ERROR_CODES.method_not_allowed.message }, 405);
    }
    const token = bearerToken(request);
    // Only the service role may make the project spend money on refunds at will.
    if (!token || !constantTimeEqual(token, deps.serviceRoleKey)) {
      return json({ success: false, code: 'not_allowed', error: ERROR_CODES.not_allowed.message }, 403);
    }
    try {
      const summary = await drainOutbox(deps);
      return json({ success: true, ...summary });
    } catch (error) {
      // Nothing is lost: claimed calls go back to the queue when their lease runs out.
      console.error('outbox-worker failed', error);
      return json({ success: false, code: 'payment_service_unavailable', error: ERROR_CODES.payment_service_unavailable.message }, 502);
    }
  };
}
