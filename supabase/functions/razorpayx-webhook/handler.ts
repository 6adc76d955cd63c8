/**
 * razorpayx-webhook: RazorpayX's word on where a payout is (queued, processing, processed, reversed,
 * failed, rejected, ...).
 *
 * Deliveries are signed over the raw body with RAZORPAYX_WEBHOOK_SECRET and checked in constant time;
 * each event id is processed once; and service_record_payout_status only moves a payout as
 * payout-status.ts says (forward, or to a final state that returns the money, a reversal even before the
 * processed event), so a webhook that arrives late, twice or out of order changes nothing it should not.
 * The payout's UTR is recorded with it.
 * Events that are not about a payout of ours are acknowledged and ignored.
 */
import { z } from 'npm:zod@4';
import { ERROR_CODES, type ErrorCode } from '../_shared/error-codes.ts';
import { json } from '../_shared/http.ts';
import { isProviderPayoutStatus, type ProviderPayoutStatus } from '../_shared/payout-status.ts';
import type { PayoutStore } from '../_shared/payout-store.ts';
import { hmacSha256Hex, isValidWebhookSignature } from '../_shared/razorpay-signature.ts';
import { payoutFailureReason } from '../_shared/razorpayx-client.ts';
import { DatabaseError } from '../_shared/supabase-gateway.ts';

export type PayoutWebhookDeps = { store: PayoutStore; webhookSecret: string };

const PayoutEntity = z.object({
  id: z.string(),
  entity: z.literal('payout'),
  status: z.string(),
  reference_id: z.string().nullable().optional(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  failure_reason: z.string().nullable().optional(),
  utr: z.string().nullable().optional(),
  status_details: z.object({ description: z.string().nullable().optional() }).passthrough().nullable().optional(),
});

export const RazorpayXWebhookEvent = z.object({
  entity: z.literal('event'),
  event: z.string(),
  payload: z.object({ payout: z.object({ entity: z.unknown() }).optional() }).passthrough(),
  created_at: z.number(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refusal(code: ErrorCode, error: string = ERROR_CODES[code].message): Response {
  return json({ success: false, code, error }, ERROR_CODES[code].status);
}

/** The status an event reports: the payout entity's own, or the one its name says (payout.processed). */
function reportedStatus(event: string, entityStatus: string): ProviderPayoutStatus | null {
  if (isProviderPayoutStatus(entityStatus)) return entityStatus;
  const fromName = event.slice('payout.'.length);
  return isProviderPayoutStatus(fromName) ? fromName : null;
}

export function createPayoutWebhookHandler(deps: PayoutWebhookDeps) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return refusal('method_not_allowed');

    // The signature covers the exact bytes RazorpayX sent: read them before any parsing.
    const rawBody = await request.text();
    const signature = request.headers.get('x-razorpay-signature');
    if (!(await isValidWebhookSignature({ webhookSecret: deps.webhookSecret, rawBody, signature }))) {
      return refusal('invalid_webhook_signature');
    }

    let parsed: ReturnType<typeof RazorpayXWebhookEvent.safeParse>;
    try {
      parsed = RazorpayXWebhookEvent.safeParse(JSON.parse(rawBody));
    } catch {
      return refusal('invalid_request', 'Body is not JSON');
    }
    if (!parsed.success) return refusal('invalid_request', 'Not a RazorpayX event');
    const event = parsed.data;

    const payout = event.event.startsWith('payout.') ? PayoutEntity.safeParse(event.payload.payout?.entity) : null;
    if (!payout?.success) return json({ status: 'ignored', event: event.event });
    const status = reportedStatus(event.event, payout.data.status);
    const notes = payout.data.notes && !Array.isArray(payout.data.notes) ? payout.data.notes : {};
    // Our payouts carry their own id as the reference (and in the notes); a payout made elsewhere is not ours to record.
    const payoutId = [payout.data.reference_id, notes.payout_id].find((value) => typeof value === 'string' && UUID.test(value));
    if (!status || typeof payoutId !== 'string') return json({ status: 'ignored', event: event.event });

    const eventId = request.headers.get('x-razorpay-event-id') ?? `body-${await hmacSha256Hex('event-id', rawBody)}`;
    if (!(await deps.store.claimWebhookEvent(eventId, event.event))) return json({ status: 'duplicate', event_id: eventId });

    try {
      const result = await deps.store.recordPayoutStatus({
        payoutId,
        providerPayoutId: payout.data.id,
        status,
        failureReason: payoutFailureReason({
          status,
          status_details: payout.data.status_details ?? null,
          failure_reason: payout.data.failure_reason ?? null,
        }),
        eventAt: new Date(event.created_at * 1000),
        utr: payout.data.utr ?? null,
      });
      await deps.store.completeWebhookEvent(eventId);
      return json({ status: 'recorded', event_id: eventId, payout: result });
    } catch (error) {
      // Refused on purpose (no such payout): retrying would not change the answer.
      if (error instanceof DatabaseError && error.isRefusal) {
        console.warn(`razorpayx-webhook ${event.event} ${eventId}: ${error.hint ?? error.message}`);
        await deps.store.completeWebhookEvent(eventId);
        return json({ status: 'ignored', event_id: eventId, reason: error.hint ?? 'refused' });
      }
      // Left unfinished in the event log, so RazorpayX's retry processes it again.
      console.error(`razorpayx-webhook ${event.event} ${eventId} failed`, error);
      return refusal('webhook_retry_later');
    }
  };
}
