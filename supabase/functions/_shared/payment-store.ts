/**
 * Typed calls to the payment SQL functions (supabase/migrations/*_payment_confirmation.sql).
 * Every decision about money and capacity is made inside those functions, in one transaction.
 */
import type { SupabaseGateway } from './supabase-gateway.ts';

export type EntryQuote = { amount_paise: number; currency: string; checkout_timeout_seconds: number };

export type StoredPayment = {
  id: string;
  user_id: string;
  tournament_id: string;
  razorpay_order_id: string;
  razorpay_payment_id: string | null;
  amount_paise: number;
  currency: string;
  slots: number;
  status: string;
};

export type ConfirmationOutcome =
  | 'registered'
  | 'already_registered'
  | 'waitlisted'
  | 'refund_required'
  | 'refund_pending'
  | 'refunded'
  | 'unknown_order';

export type Confirmation = {
  outcome: ConfirmationOutcome;
  payment_id?: string;
  user_id?: string;
  tournament_id?: string;
  slots?: number;
  amount_paise?: number;
  currency?: string;
  razorpay_payment_id?: string;
  registration_id?: string | null;
  reason?: string | null;
  /** A waitlist payment: the player's place on the waitlist (1-based). */
  waitlist_position?: number | null;
};

/** One call to the outside world queued by a database decision (private.outbox). */
export type OutsideCall = {
  id: number;
  kind:
    | 'razorpay_refund'
    | 'razorpay_order_check'
    | 'parental_consent_email'
    | 'email'
    | 'pan_verification'
    | 'upi_validation'
    | 'razorpayx_payout'
    | 'razorpayx_payout_check'
    | 'provider_reconciliation'
    | 'story_news_email'
    | 'storage_deletion'
    | 'web_push'
    | 'whatsapp'
    | 'webhook_delivery';
  idempotency_key: string;
  payload: Record<string, unknown>;
  attempt: number;
};

export type OutsideOutcome = 'done' | 'retry' | 'failed';

/** What reconciliation compares: RazorpayX's payouts, or Razorpay's checkout payments. */
export type ReconciledKind = 'payouts' | 'payments';

export type PaymentStore = ReturnType<typeof createPaymentStore>;

export function createPaymentStore(gateway: SupabaseGateway) {
  return {
    /** The amount the server charges; raises a refusal (closed, full, unknown, 24 hours) with a player-facing message. */
    prepareEntry: (userId: string, tournamentId: string, slots: number) =>
      gateway.rpc<EntryQuote>('service_prepare_tournament_entry', {
        p_user_id: userId,
        p_tournament_id: tournamentId,
        p_slots: slots,
      }),

    /** A waitlist place's price (the fee of one slot); refuses not_full, waitlist_full, invalid_slot_count ... */
    prepareWaitlistEntry: (userId: string, tournamentId: string, slots: number) =>
      gateway.rpc<EntryQuote>('service_prepare_waitlist_entry', {
        p_user_id: userId,
        p_tournament_id: tournamentId,
        p_slots: slots,
      }),

    recordWaitlistOrder: (input: { userId: string; tournamentId: string; orderId: string; amountPaise: number; currency: string }) =>
      gateway.rpc<string>('service_record_waitlist_order', {
        p_user_id: input.userId,
        p_tournament_id: input.tournamentId,
        p_razorpay_order_id: input.orderId,
        p_amount_paise: input.amountPaise,
        p_currency: input.currency,
      }),

    recordOrder: (input: { userId: string; tournamentId: string; slots: number; orderId: string; amountPaise: number; currency: string }) =>
      gateway.rpc<string>('service_record_payment_order', {
        p_user_id: input.userId,
        p_tournament_id: input.tournamentId,
        p_slots: input.slots,
        p_razorpay_order_id: input.orderId,
        p_amount_paise: input.amountPaise,
        p_currency: input.currency,
      }),

    findByOrder: (orderId: string) => gateway.rpc<StoredPayment | null>('service_find_payment_by_order', { p_razorpay_order_id: orderId }),

    confirm: (orderId: string, paymentId: string) =>
      gateway.rpc<Confirmation>('service_confirm_tournament_payment', {
        p_razorpay_order_id: orderId,
        p_razorpay_payment_id: paymentId,
      }),

    recordFailure: (orderId: string, paymentId: string, reason: string) =>
      gateway.rpc<null>('service_record_payment_failure', {
        p_razorpay_order_id: orderId,
        p_razorpay_payment_id: paymentId,
        p_reason: reason,
      }),

    recordRefund: (paymentId: string, refundId: string, amountPaise: number) =>
      gateway.rpc<{ outcome: string }>('service_record_payment_refund', {
        p_razorpay_payment_id: paymentId,
        p_refund_id: refundId,
        p_amount_paise: amountPaise,
      }),

    /** A chargeback event, in any order: open holds the payer's withdrawals, won releases, lost debits the ledger. */
    recordDispute: (input: {
      paymentId: string;
      disputeId: string | null;
      event: string;
      amountPaise: number | null;
      reason: string | null;
    }) =>
      gateway.rpc<{ outcome: string; status: 'open' | 'won' | 'lost'; changed: boolean }>('service_record_payment_dispute', {
        p_razorpay_payment_id: input.paymentId,
        p_dispute_id: input.disputeId,
        p_event: input.event,
        p_amount_paise: input.amountPaise,
        p_reason: input.reason,
      }),

    /**
     * A capture whose order we never recorded: refunded when its notes say the order is ours (money is
     * never kept without an entry), recorded and left alone when it is another product's ('not_ours').
     */
    refundUnknownCapture: (paymentId: string, orderId: string, amountPaise: number, notes: Record<string, unknown>) =>
      gateway.rpc<{ outcome: string }>('service_refund_unknown_capture', {
        p_razorpay_payment_id: paymentId,
        p_razorpay_order_id: orderId,
        p_amount_paise: amountPaise,
        p_notes: notes,
      }),

    /** The periodic function (deadlines): safe to run at any time. */
    runDueWork: () => gateway.rpc<Record<string, unknown>>('service_run_due_work', {}),

    /** Due calls leased to this worker; with `idempotencyKey`, only that one. */
    claimOutsideCalls: (limit: number, idempotencyKey: string | null = null) =>
      gateway.rpc<OutsideCall[]>('service_claim_outside_calls', { p_limit: limit, p_idempotency_key: idempotencyKey }),

    /**
     * The personal data one claimed call needs (a PAN, a name, a UPI id, an address, a link), read when the
     * call is made: the outbox row itself names only what the call is about. `{ stale: true }` when that changed.
     */
    outsideCallDetails: (id: number) => gateway.rpc<Record<string, unknown>>('service_outside_call_details', { p_job_id: id }),

    recordOutsideAnswer: (id: number, outcome: OutsideOutcome, answer: Record<string, unknown>) =>
      gateway.rpc<{ status: string }>('service_record_outside_answer', { p_id: id, p_outcome: outcome, p_answer: answer }),

    /** A provider's list for [from, to) compared with the ledger; differences go to the staff console. */
    recordProviderWindow: (kind: ReconciledKind, from: string, to: string, items: Record<string, unknown>[]) =>
      gateway.rpc<{ checked: number; differences: number; not_listed: number }>('service_record_provider_window', {
        p_kind: kind,
        p_from: from,
        p_to: to,
        p_items: items,
      }),

    /** True the first time an event id is seen (or while an earlier attempt has not finished). */
    claimWebhookEvent: (eventId: string, eventType: string) =>
      gateway.rpc<boolean>('service_claim_razorpay_webhook_event', { p_event_id: eventId, p_event_type: eventType }),

    completeWebhookEvent: (eventId: string) => gateway.rpc<null>('service_complete_razorpay_webhook_event', { p_event_id: eventId }),
  };
}
