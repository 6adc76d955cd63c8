/**
 * Drains the outbox: every outside call a database decision queued (private.outbox), made once.
 *
 * Each claimed call is leased to this worker for a while; its answer is recorded with
 * service_record_outside_answer, which also applies it (a refund marks the payment refunded).
 * A worker that dies mid-call leaves the lease to run out; the next worker sends the call
 * again with the same idempotency key, so Razorpay answers with the first refund instead of
 * making a second one. Temporary failures are retried with backoff (decided in SQL).
 *
 * Payouts follow the same rule: the RazorpayX payout carries X-Payout-Idempotency (the outbox key,
 * 'payout-<payout id>'), so a retry after a lost answer gets the first payout back, never a second one.
 */
import type { OutsideCall, OutsideOutcome, PaymentStore, ReconciledKind } from './payment-store.ts';
import { PanVerifyError, type PanClient } from './pan-client.ts';
import type { PayoutStore } from './payout-store.ts';
import { RazorpayApiError, type RazorpayClient } from './razorpay-client.ts';
import { payoutFailureReason, type RazorpayXClient, type RazorpayXPayout } from './razorpayx-client.ts';
import { databaseMail, MailError, parentalConsentMail, storyNewsMail, type Mailer } from './mailer.ts';
import { StorageRemoveError, type StorageRemover } from './storage-remover.ts';
import { sendPush, sendWhatsApp, type PushDeps, type WhatsAppSettings } from './alerts.ts';
import { deliverWebhook, type WebhookDelivery, type WebhookDeps } from './webhooks.ts';

/** What the drain needs of the payment store: the outbox itself, and the confirmation an order check may make. */
export type OutboxStore = Pick<
  PaymentStore,
  'claimOutsideCalls' | 'recordOutsideAnswer' | 'confirm' | 'recordProviderWindow' | 'outsideCallDetails'
>;

/** The payout providers and where their answers are recorded. */
export type PayoutDeps = { store: PayoutStore; razorpayx: RazorpayXClient; pan: PanClient; now?: () => Date };

/**
 * `mailer` and `siteOrigin` send the e-mails the database queued (a parent's consent link); `payouts`
 * makes the KYC checks and payouts (without it those calls wait for a worker that has it).
 */
export type OutboxDeps = {
  store: OutboxStore;
  razorpay: RazorpayClient;
  mailer?: Mailer;
  siteOrigin?: string;
  payouts?: PayoutDeps;
  /** Removes stored files through the Storage API (retention of match evidence). */
  storage?: StorageRemover;
  /** Web Push and WhatsApp; a channel without settings keeps its calls queued. */
  alerts?: { push?: PushDeps; whatsapp?: WhatsAppSettings; fetch?: typeof fetch };
  /** Signed webhook deliveries to the endpoints admins registered. */
  webhooks?: WebhookDeps;
};

/**
 * Calls whose outbox row names only what they are about: the personal data they need is read from the
 * database (service_outside_call_details) when the call is made, and never written back.
 */
const READS_DETAILS: ReadonlySet<OutsideCall['kind']> = new Set([
  'pan_verification',
  'upi_validation',
  'razorpayx_payout',
  'parental_consent_email',
  'story_news_email',
  'webhook_delivery',
]);

/** How many calls ended each way, and how many of each kind were made (periodic work such as reconciliation shares the queue). */
export type DrainSummary = { done: number; retry: number; failed: number; doneByKind: Partial<Record<OutsideCall['kind'], number>> };

type Answer = { outcome: OutsideOutcome; answer: Record<string, unknown> };

/** Claims and makes due calls until none is left (or `maxRounds` batches); `onlyKey` limits it to one call. */
export async function drainOutbox(
  deps: OutboxDeps,
  options: { batch?: number; maxRounds?: number; onlyKey?: string } = {},
): Promise<DrainSummary> {
  const summary: DrainSummary = { done: 0, retry: 0, failed: 0, doneByKind: {} };
  for (let round = 0; round < (options.maxRounds ?? 20); round++) {
    const calls = await deps.store.claimOutsideCalls(options.batch ?? 10, options.onlyKey ?? null);
    if (calls.length === 0) break;
    for (const call of calls) {
      const { outcome, answer } = await makeCall(deps, call);
      await deps.store.recordOutsideAnswer(call.id, outcome, answer);
      summary[outcome === 'done' ? 'done' : outcome]++;
      if (outcome === 'done') summary.doneByKind[call.kind] = (summary.doneByKind[call.kind] ?? 0) + 1;
    }
  }
  return summary;
}

async function makeCall(deps: OutboxDeps, queued: OutsideCall): Promise<Answer> {
  try {
    let call = queued;
    if (READS_DETAILS.has(queued.kind)) {
      const details = await deps.store.outsideCallDetails(queued.id);
      // What the call was about changed since (a newer KYC submission, a consent given or withdrawn, an
      // address unsubscribed): nothing to send.
      if (details.stale === true) return { outcome: 'done', answer: { stale: true } };
      call = { ...queued, payload: { ...queued.payload, ...details } };
    }
    switch (call.kind) {
      case 'razorpay_refund':
        return await refund(deps, call);
      case 'razorpay_order_check':
        return await checkOrder(deps, call);
      case 'parental_consent_email':
        return await sendParentalConsent(deps, call);
      case 'email':
        return await sendEmail(deps, call);
      case 'pan_verification':
        return await verifyPan(deps, call);
      case 'upi_validation':
        return await validateUpi(deps, call);
      case 'razorpayx_payout':
        return await pay(deps, call);
      case 'razorpayx_payout_check':
        return await checkPayout(deps, call);
      case 'provider_reconciliation':
        return await reconcile(deps, call);
      case 'story_news_email':
        return await sendStoryNews(deps, call);
      case 'storage_deletion':
        return await deleteStoredFiles(deps, call);
      case 'web_push':
        if (!deps.alerts?.push) throw new Error('no VAPID keys configured');
        return await sendPush(deps.alerts.push, call.payload, deps.alerts.fetch);
      case 'whatsapp':
        if (!deps.alerts?.whatsapp) throw new Error('no WhatsApp settings configured');
        return await sendWhatsApp(deps.alerts.whatsapp, call.payload, call.idempotency_key, deps.alerts.fetch);
      case 'webhook_delivery':
        if (!deps.webhooks) throw new Error('this worker makes no webhook deliveries');
        return await deliverWebhook(deps.webhooks, call.payload as unknown as WebhookDelivery);
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
      // Part was refunded outside this call (a dashboard refund whose webhook has not reached us, or never
      // will), so we asked for more than is left. Every refund the database asks for returns what is left of
      // the payment: refund that, under a key of its own, and the payment is refunded in full.
      const left = payment.amount - payment.amount_refunded;
      if (payment.amount_refunded > 0 && left > 0 && left < amountPaise) {
        const rest = await deps.razorpay.refundPayment({
          paymentId,
          amountPaise: left,
          receipt: `refund-${paymentId}`.slice(0, 40),
          notes: { reason: String(call.payload.reason ?? ''), tournament_id: String(call.payload.tournament_id ?? '') },
          idempotencyKey: `${call.idempotency_key}-rest-${payment.amount_refunded}`,
        });
        return {
          outcome: 'done',
          answer: {
            refund_id: rest.id,
            amount_paise: rest.amount,
            status: rest.status,
            already_refunded: true,
            amount_refunded: payment.amount,
          },
        };
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

/**
 * A provider list could show an item created up to a day before the ledger recorded it (a payout made at
 * 23:59 and processed after midnight): the list is fetched from a day before the window, while the
 * ledger side only counts what it recorded inside the window.
 */
export const RECONCILIATION_LOOKBACK_MS = 24 * 3600_000;

/** Reconciliation: one provider's list for the window, handed to the ledger's comparison in SQL. */
async function reconcile(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  const kind = call.payload.kind as ReconciledKind;
  const from = new Date(String(call.payload.from));
  const to = new Date(String(call.payload.to));
  if ((kind !== 'payouts' && kind !== 'payments') || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    return { outcome: 'failed', answer: { error: 'a reconciliation names payouts or payments and a window' } };
  }
  const range = { from: new Date(from.getTime() - RECONCILIATION_LOOKBACK_MS), to };
  const items =
    kind === 'payouts'
      ? (await payoutDeps(deps).razorpayx.listPayouts(range))
          // Only payouts this platform made carry its payout id as reference.
          .filter((payout) => payout.reference_id)
          .map((payout) => ({ payout_id: payout.reference_id, amount_paise: payout.amount, status: payout.status }))
      : (await deps.razorpay.listPayments(range))
          .filter((payment) => payment.captured || payment.status === 'refunded')
          .map((payment) => ({ razorpay_payment_id: payment.id, amount_paise: payment.amount, refunded_paise: payment.amount_refunded }));
  const result = await deps.store.recordProviderWindow(kind, from.toISOString(), to.toISOString(), items);
  return { outcome: 'done', answer: { listed: items.length, ...result } };
}

async function sendParentalConsent(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  if (!deps.mailer || !deps.siteOrigin) return { outcome: 'failed', answer: { error: 'no mailer configured' } };
  const mail = parentalConsentMail(call.payload, deps.siteOrigin);
  await deps.mailer.send(mail, call.idempotency_key);
  // The answer is kept: it says that the message went, not to whom or with which link.
  return { outcome: 'done', answer: { sent: true } };
}

/** Story news: the confirmation of a sign-up, or news to a confirmed address; each with its unsubscribe link. */
async function sendStoryNews(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  if (!deps.mailer || !deps.siteOrigin) return { outcome: 'failed', answer: { error: 'no mailer configured' } };
  await deps.mailer.send(storyNewsMail(call.payload, deps.siteOrigin), call.idempotency_key);
  return { outcome: 'done', answer: { sent: true } };
}

/** Largest list of paths one Storage API removal takes. */
export const STORAGE_REMOVE_BATCH = 1000;

/** Files past their retention (match evidence): removed through the Storage API, never by SQL. */
async function deleteStoredFiles(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  if (!deps.storage) return { outcome: 'retry', answer: { error: 'no storage configured' } };
  const bucket = String(call.payload.bucket ?? '');
  const paths = Array.isArray(call.payload.paths) ? call.payload.paths.map(String) : [];
  if (!bucket || paths.length === 0) return { outcome: 'failed', answer: { error: 'a storage deletion names a bucket and its paths' } };
  let removed = 0;
  // Removing a file already gone is no error: a retry after a lost answer removes the rest.
  for (let at = 0; at < paths.length; at += STORAGE_REMOVE_BATCH)
    removed += await deps.storage.remove(bucket, paths.slice(at, at + STORAGE_REMOVE_BATCH));
  return { outcome: 'done', answer: { bucket, asked: paths.length, removed } };
}

/** A message the database composed (invitations, cancellations); its link is a path on this site. */
async function sendEmail(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  if (!deps.mailer || !deps.siteOrigin) return { outcome: 'failed', answer: { error: 'no mailer configured' } };
  const mail = databaseMail(call.payload, deps.siteOrigin);
  await deps.mailer.send(mail, call.idempotency_key);
  return { outcome: 'done', answer: { sent: true } };
}

function payoutDeps(deps: OutboxDeps): PayoutDeps {
  // A temporary state: the call stays queued for a worker that has the payout settings.
  if (!deps.payouts) throw new Error('no payout providers configured');
  return deps.payouts;
}

export const PAN_REJECTED_REASON = 'The PAN is not valid or not operative. Check it and submit it again.';
export const PAN_NAME_MISMATCH_REASON = 'The name on this PAN does not match your legal name.';
export const UPI_REJECTED_REASON = 'This UPI id could not be verified: check that it is yours and can receive money.';

/** Is the PAN operative, and is it the player's own (the name on it is their legal name)? */
async function verifyPan(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  const { store, pan } = payoutDeps(deps);
  const userId = String(call.payload.user_id);
  const submission = Number(call.payload.submission);
  const result = await pan.verify({
    pan: String(call.payload.pan),
    name: String(call.payload.legal_name ?? ''),
    idempotencyKey: call.idempotency_key,
  });
  const ok = result.status === 'valid' && result.name_match;
  const reason = ok ? null : result.status !== 'valid' ? PAN_REJECTED_REASON : PAN_NAME_MISMATCH_REASON;
  await store.recordKycCheck(userId, 'pan', ok, reason, submission);
  return { outcome: 'done', answer: { status: result.status, name_match: result.name_match } };
}

/** RazorpayX fund account validation: does the UPI id exist and take money? */
async function validateUpi(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  const { store, razorpayx } = payoutDeps(deps);
  const userId = String(call.payload.user_id);
  const upiId = String(call.payload.upi_id);
  const submission = Number(call.payload.submission);
  let validation: Awaited<ReturnType<RazorpayXClient['validateVpa']>>;
  try {
    const contact = await razorpayx.createContact({
      name: String(call.payload.legal_name ?? 'Golazo player'),
      email: null,
      referenceId: userId,
    });
    const fundAccount = await razorpayx.createVpaFundAccount({ contactId: contact.id, upiId });
    validation = await razorpayx.validateVpa({ fundAccountId: fundAccount.id, referenceId: userId });
  } catch (error) {
    // RazorpayX refused the UPI id itself (its format): an answer about the id, not a failure of the call.
    if (error instanceof RazorpayApiError && error.status === 400 && error.isBadRequest) {
      await store.recordKycCheck(userId, 'upi', false, UPI_REJECTED_REASON, submission);
      return { outcome: 'done', answer: { refused: error.message, field: error.field ?? null } };
    }
    throw error;
  }
  if (validation.status === 'created') return { outcome: 'retry', answer: { validation_id: validation.id, status: 'created' } };
  const ok = validation.status === 'completed' && validation.results?.account_status === 'active';
  await store.recordKycCheck(userId, 'upi', ok, ok ? null : UPI_REJECTED_REASON, submission);
  return {
    outcome: 'done',
    answer: { validation_id: validation.id, status: validation.status, account_status: validation.results?.account_status ?? null },
  };
}

async function recordPayout(payouts: PayoutDeps, payoutId: string, payout: RazorpayXPayout) {
  return payouts.store.recordPayoutStatus({
    payoutId,
    providerPayoutId: payout.id,
    status: payout.status,
    failureReason: payoutFailureReason(payout),
    eventAt: payouts.now?.() ?? new Date(),
    utr: payout.utr ?? null,
  });
}

/** Pays an approved payout to the player's UPI id: contact, fund account, then the payout under its idempotency key. */
async function pay(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  const payouts = payoutDeps(deps);
  const { razorpayx } = payouts;
  const payoutId = String(call.payload.payout_id);
  const userId = String(call.payload.user_id);
  const email = typeof call.payload.email === 'string' && call.payload.email ? call.payload.email : null;
  let payout: RazorpayXPayout;
  try {
    const contact = await razorpayx.createContact({ name: String(call.payload.legal_name ?? ''), email, referenceId: userId });
    const fundAccount = await razorpayx.createVpaFundAccount({ contactId: contact.id, upiId: String(call.payload.upi_id) });
    payout = await razorpayx.createPayout({
      fundAccountId: fundAccount.id,
      amountPaise: Number(call.payload.net_paise),
      referenceId: payoutId,
      narration: 'Golazo Arena winnings',
      notes: { payout_id: payoutId, user_id: userId },
      idempotencyKey: call.idempotency_key,
    });
  } catch (error) {
    if (!(error instanceof RazorpayApiError) || error.status !== 400 || !error.isBadRequest) throw error;
    // Refused. Before giving the money back, make sure no payout went out under this reference.
    const made = await razorpayx.payoutsByReference(payoutId);
    const first = made[0];
    if (first) {
      await recordPayout(payouts, payoutId, first);
      return { outcome: 'done', answer: { provider_payout_id: first.id, status: first.status, found_by_reference: true } };
    }
    await payouts.store.recordPayoutStatus({
      payoutId,
      providerPayoutId: null,
      status: 'failed',
      failureReason: error.message,
      eventAt: payouts.now?.() ?? new Date(),
    });
    return {
      outcome: 'failed',
      answer: { http_status: error.status, code: error.code ?? null, field: error.field ?? null, description: error.message },
    };
  }
  await recordPayout(payouts, payoutId, payout);
  return { outcome: 'done', answer: { provider_payout_id: payout.id, status: payout.status } };
}

/** A payout that sent no webhook for a while: ask RazorpayX where it is. */
async function checkPayout(deps: OutboxDeps, call: OutsideCall): Promise<Answer> {
  const payouts = payoutDeps(deps);
  const payoutId = String(call.payload.payout_id);
  const providerId = typeof call.payload.provider_payout_id === 'string' ? call.payload.provider_payout_id : null;
  const payout = providerId ? await payouts.razorpayx.fetchPayout(providerId) : (await payouts.razorpayx.payoutsByReference(payoutId))[0];
  if (!payout) return { outcome: 'done', answer: { found: false } };
  await recordPayout(payouts, payoutId, payout);
  return { outcome: 'done', answer: { provider_payout_id: payout.id, status: payout.status } };
}

function asAnswer(error: unknown): Answer {
  if (error instanceof PanVerifyError) {
    return { outcome: error.isTemporary ? 'retry' : 'failed', answer: { http_status: error.status, error: error.message } };
  }
  if (error instanceof StorageRemoveError) {
    return { outcome: error.temporary ? 'retry' : 'failed', answer: { error: error.message } };
  }
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
