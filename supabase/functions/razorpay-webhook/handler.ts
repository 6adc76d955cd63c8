/**
 * razorpay-webhook: Razorpay's word on what happened to a payment, the source of truth.
 *
 * A player who pays and closes the browser before the verify call still ends up registered
 * here. Deliveries are signed over the raw body with the webhook secret; each event id is
 * processed once (Razorpay retries and may deliver twice), and the confirmation underneath
 * is idempotent anyway, so a duplicate that slips past the event log changes nothing.
 */
import { json } from '../_shared/http.ts';
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

export function createWebhookHandler(deps: WebhookHandlerDeps) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return json({ error: 'Method not allowed' }, 405);

    // The signature covers the exact bytes Razorpay sent: read them before any parsing.
    const rawBody = await request.text();
    const signature = request.headers.get('x-razorpay-signature');
    if (!(await isValidWebhookSignature({ webhookSecret: deps.webhookSecret, rawBody, signature }))) {
      return json({ error: 'Invalid signature' }, 401);
    }

    let parsed;
    try {
      parsed = RazorpayWebhookEvent.safeParse(JSON.parse(rawBody));
    } catch {
      return json({ error: 'Body is not JSON' }, 400);
    }
    if (!parsed.success) return json({ error: 'Not a Razorpay event' }, 400);
    const event = parsed.data;

    if (!(HANDLED_EVENTS as readonly string[]).includes(event.event)) {
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
      return json({ error: 'Processing failed, retry later' }, 500);
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
      return settlement.kind;
    }
    case 'payment.failed': {
      if (!payment?.order_id) return 'ignored';
      await deps.store.recordFailure(payment.order_id, payment.id, payment.error_description ?? 'Payment failed');
      return 'failed';
    }
    case 'refund.processed': {
      const refund = event.payload.refund?.entity;
      if (!refund) return 'ignored';
      const result = await deps.store.recordRefund(refund.payment_id, refund.id);
      return result.outcome;
    }
    default:
      return 'ignored';
  }
}
