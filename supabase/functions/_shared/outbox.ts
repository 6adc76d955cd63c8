/**
 * Drains the outbox: every outside call a database decision queued (private.outbox), made once.
 *
 * Each claimed call is leased to this worker for a while; its answer is recorded with
 * service_record_outside_answer, which also applies it (a refund marks the payment refunded).
 * A worker that dies mid-call leaves the lease to run out; the next worker sends the call
 * again with the same idempotency key, so Razorpay answers with the first refund instead of
 * making a second one. Temporary failures are retried with backoff (decided in SQL).
 */
import type { OutsideCall, OutsideOutcome, PaymentStore } from './payment-store.ts';
import { RazorpayApiError, type RazorpayClient } from './razorpay-client.ts';
import { databaseMail, MailError, parentalConsentMail, type Mailer } from './mailer.ts';

/** `mailer` and `siteOrigin` send the e-mails the database queued (a parent's consent link). */
export type OutboxDeps = { store: PaymentStore; razorpay: RazorpayClient; mailer?: Mailer; siteOrigin?: string };

export type DrainSummary = { done: number; retry: number; failed: number };

type Answer = { outcome: OutsideOutcome; answer: Record<string, unknown> };

/** Claims and makes due calls until none is left (or `maxRounds` batches); `onlyKey` limits it to one call. */
export async function drainOutbox(
  deps: OutboxDeps,
  options: { batch?: number; maxRounds?: number; onlyKey?: string } = {},
): Promise<DrainSummary> {
  const summary: DrainSummary = { done: 0, retry: 0, failed: 0 };
  for (let round = 0; round < (options.maxRounds ?? 20); round++) {
    const calls = await deps.store.claimOutsideCalls(options.batch ?? 10, options.onlyKey ?? null);
    if (calls.length === 0) break;
    for (const call of calls) {
      const { outcome, answer } = await makeCall(deps, call);
      await deps.store.recordOutsideAnswer(call.id, outcome, answer);
      summary[outcome === 'done' ? 'done' : outcome]++;
    }
  }
  return summary;
}

async function makeCall(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  try {
    switch (call.kind) {
      case 'razorpay_refund':
        return await refund(deps, call);
      case 'razorpay_order_check':
        return await checkOrder(deps, call);
      case 'parental_consent_email':
        return await sendParentalConsent(deps, call);
      case 'email':
        return await sendEmail(deps, call);
      default:
        return { outcome: 'failed', answer: { error: `unknown kind ${String((call as { kind: unknown }).kind)}` } };
    }
  } catch (error) {
    return asAnswer(error);
  }
}

/** The outbox key of the refund of one captured payment (see private.queue_refund). */
export const refundKey = (razorpayPaymentId: string) => `refund-${razorpayPaymentId}`;

async function refund(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  const paymentId = String(call.payload.razorpay_payment_id);
  const amountPaise = Number(call.payload.amount_paise);
  try {
    const refund = await deps.razorpay.refundPayment({
      paymentId,
      amountPaise,
      receipt: `refund-${paymentId}`.slice(0, 40),
      notes: { reason: String(call.payload.reason ?? ''), tournament_id: String(call.payload.tournament_id ?? '') },
      idempotencyKey: call.idempotency_key,
    });
    return { outcome: 'done', answer: { refund_id: refund.id, amount_paise: refund.amount, status: refund.status } };
  } catch (error) {
    // A refused refund may mean it already happened (a dashboard refund, an earlier key): ask the payment
    // itself rather than reading the error's wording.
    if (error instanceof RazorpayApiError && error.isBadRequest) {
      const payment = await deps.razorpay.fetchPayment(paymentId);
      if (payment.refund_status === 'full' || payment.amount_refunded >= payment.amount) {
        return { outcome: 'done', answer: { already_refunded: true, amount_refunded: payment.amount_refunded } };
      }
    }
    throw error;
  }
}

/** Reconciliation: an order that expired unpaid on our side may still have a captured payment. */
async function checkOrder(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  const orderId = String(call.payload.order_id);
  const payments = await deps.razorpay.orderPayments(orderId);
  const captured = payments.filter((payment) => payment.captured && payment.status !== 'failed');
  const outcomes: Record<string, string> = {};
  // The one confirmation decides; for an expired order it queues the refund (drained in the next round).
  for (const payment of captured) outcomes[payment.id] = (await deps.store.confirm(orderId, payment.id)).outcome;
  return { outcome: 'done', answer: { payments: payments.map((p) => ({ id: p.id, status: p.status })), outcomes } };
}

async function sendParentalConsent(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  if (!deps.mailer || !deps.siteOrigin) return { outcome: 'failed', answer: { error: 'no mailer configured' } };
  const mail = parentalConsentMail(call.payload, deps.siteOrigin);
  await deps.mailer.send(mail, call.idempotency_key);
  return { outcome: 'done', answer: { sent_to: mail.to } };
}

/** A message the database composed (invitations, cancellations); its link is a path on this site. */
async function sendEmail(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  if (!deps.mailer || !deps.siteOrigin) return { outcome: 'failed', answer: { error: 'no mailer configured' } };
  const mail = databaseMail(call.payload, deps.siteOrigin);
  await deps.mailer.send(mail, call.idempotency_key);
  return { outcome: 'done', answer: { sent_to: mail.to } };
}

function asAnswer(error: unknown): Answer {
  if (error instanceof MailError) {
    return { outcome: error.temporary ? 'retry' : 'failed', answer: { error: error.message } };
  }
  if (error instanceof RazorpayApiError) {
    return {
      outcome: error.isTemporary ? 'retry' : 'failed',
      answer: {
        http_status: error.status,
        code: error.code ?? null,
        reason: error.reason ?? null,
        field: error.field ?? null,
        description: error.message,
      },
    };
  }
  return { outcome: 'retry', answer: { error: error instanceof Error ? error.message : String(error) } };
}
