/**
 * razorpay-webhook: Razorpay's word on what happened to a payment, the source of truth.
 *
 * A player who pays and closes the browser before the verify call still ends up registered
 * here. Deliveries are signed over the raw body with the webhook secret; each event id is
 * processed once (Razorpay retries and may deliver twice), and the confirmation underneath
 * is idempotent anyway, so a duplicate that slips past the event log changes nothing.
 */
import { ERROR_CODES, type ErrorCode } from '../_shared/error-codes.ts';
import { json } from '../_shared/http.ts';
import { drainOutbox, refundKey } from '../_shared/outbox.ts';
import type { PaymentStore } from '../_shared/payment-store.ts';
import type { RazorpayClient } from '../_shared/razorpay-client.ts';
import { hmacSha256Hex, isValidWebhookSignature } from '../_shared/razorpay-signature.ts';
import { RazorpayWebhookEvent } from '../_shared/schemas.ts';
import { settleCapturedPayment } from '../_shared/settlement.ts';

export type WebhookHandlerDeps = {
  store: PaymentStore;
  razorpay: RazorpayClient;
  webhookSecret: string;
};

export const HANDLED_EVENTS = ['payment.captured', 'order.paid', 'payment.failed', 'refund.processed'] as const;

/** Chargebacks: each one's events go to service_record_payment_dispute, which takes them in any order. */
const DISPUTE_EVENTS = [
  'payment.dispute.created',
  'payment.dispute.under_review',
  'payment.dispute.action_required',
  'payment.dispute.won',
  'payment.dispute.lost',
  'payment.dispute.closed',
] as const;
const isDisputeEvent = (event: string) => (DISPUTE_EVENTS as readonly string[]).includes(event);

/** Razorpay sends notes as an object, or as [] when there are none. */
const notesOf = (notes: unknown): Record<string, unknown> =>
  notes && typeof notes === 'object' && !Array.isArray(notes) ? (notes as Record<string, unknown>) : {};

/** `{success: false, code, error}` with the status of ERROR_CODES[code]. */
function refusal(code: ErrorCode, error: string = ERROR_CODES[code].message): Response {
  return json({ success: false, code, error }, ERROR_CODES[code].status);
}

export function createWebhookHandler(deps: WebhookHandlerDeps) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return refusal('method_not_allowed');

    // The signature covers the exact bytes Razorpay sent: read them before any parsing.
    const rawBody = await request.text();
    const signature = request.headers.get('x-razorpay-signature');
    if (!(await isValidWebhookSignature({ webhookSecret: deps.webhookSecret, rawBody, signature }))) {
      return refusal('invalid_webhook_signature');
    }

    let parsed: ReturnType<typeof RazorpayWebhookEvent.safeParse>;
    try {
      parsed = RazorpayWebhookEvent.safeParse(JSON.parse(rawBody));
    } catch {
      return refusal('invalid_request', 'Body is not JSON');
    }
    if (!parsed.success) return refusal('invalid_request', 'Not a Razorpay event');
    const event = parsed.data;

    if (!(HANDLED_EVENTS as readonly string[]).includes(event.event) && !isDisputeEvent(event.event)) {
      return json({ status: 'ignored', event: event.event });
    }

    // Razorpay names every event in x-razorpay-event-id; the body's hash stands in if a proxy drops it.
    const eventId = request.headers.get('x-razorpay-event-id') ?? `body-${await hmacSha256Hex('event-id', rawBody)}`;
    if (!(await deps.store.claimWebhookEvent(eventId, event.event))) {
      return json({ status: 'duplicate', event_id: eventId });
    }

    try {
      const status = await apply(deps, event);
      await deps.store.completeWebhookEvent(eventId);
      return json({ status, event_id: eventId });
    } catch (error) {
      // Left unfinished in the event log, so Razorpay's retry processes it again.
      console.error(`razorpay-webhook ${event.event} ${eventId} failed`, error);
      // A 5xx on purpose: Razorpay retries only what was not answered 2xx.
      return json({ success: false, code: 'webhook_retry_later', error: 'Processing failed, retry later' }, 500);
    }
  };
}

async function apply(deps: WebhookHandlerDeps, event: RazorpayWebhookEvent): Promise<string> {
  const payment = event.payload.payment?.entity;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const orderId = event.payload.order?.entity.id ?? payment?.order_id;
      if (!payment || !orderId) return 'ignored';
      const settlement = await settleCapturedPayment(deps, orderId, payment.id);
      if (settlement.kind !== 'unknown_order') return settlement.kind;
      // The order's notes (create_order names the product and the tournament) say whether it is ours: a
      // merchant account shared with another product also receives that product's captures.
      const notes = { ...notesOf(payment.notes), ...notesOf(event.payload.order?.entity.notes) };
      const result = await deps.store.refundUnknownCapture(payment.id, orderId, payment.amount, notes);
      if (result.outcome === 'not_ours') {
        console.warn(`razorpay-webhook ${event.event}: payment ${payment.id} for order ${orderId} is not ours; left alone`);
        return 'unknown_order_ignored';
      }
      console.warn(`razorpay-webhook ${event.event}: payment ${payment.id} for unknown order ${orderId} is refunded`);
      await drainOutbox(deps, { onlyKey: refundKey(payment.id) }).catch((error) =>
        console.error('refund left to the outbox worker', error),
      );
      return 'unknown_order_refunded';
    }
    case 'payment.failed': {
      if (!payment?.order_id) return 'ignored';
      await deps.store.recordFailure(payment.order_id, payment.id, payment.error_description ?? 'Payment failed');
      return 'failed';
    }
    case 'refund.processed': {
      const refund = event.payload.refund?.entity;
      if (!refund) return 'ignored';
      const result = await deps.store.recordRefund(refund.payment_id, refund.id, refund.amount);
      return result.outcome;
    }
    default: {
      const dispute = event.payload.dispute?.entity;
      if (!isDisputeEvent(event.event) || !dispute) return 'ignored';
      const result = await deps.store.recordDispute({
        paymentId: dispute.payment_id,
        disputeId: dispute.id,
        event: event.event,
        amountPaise: dispute.amount ?? null,
        reason: dispute.reason_code ?? null,
      });
      console.warn(`razorpay-webhook ${event.event}: payment ${dispute.payment_id} chargeback ${result.status} (${result.outcome})`);
      return result.outcome;
    }
  }
}
