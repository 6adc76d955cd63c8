/**
 * Typed calls to the payout SQL functions the providers' answers go through (service role only).
 * The decisions (KYC verified or rejected, a payout's status, money back to the balance) are made in SQL;
 * these calls only report what the PAN provider and RazorpayX said.
 */
import type { ProviderPayoutStatus } from './payout-status.ts';
import type { SupabaseGateway } from './supabase-gateway.ts';

export type KycCheck = 'pan' | 'upi';

export type PayoutStatusUpdate = {
  payoutId: string;
  providerPayoutId: string | null;
  status: ProviderPayoutStatus;
  failureReason: string | null;
  /** When the provider says it happened (the webhook's created_at), or when we asked. */
  eventAt: Date;
  /** The bank's reference of the transfer (RazorpayX's `utr`), once it has one. */
  utr?: string | null;
};

export type PayoutStore = {
  /**
   * One check's answer about one submission (the outbox payload's `submission`); KYC is verified when both
   * checks of the latest submission passed, rejected (with the reason) when one failed. An answer about an
   * older submission is ignored.
   */
  recordKycCheck(userId: string, check: KycCheck, ok: boolean, reason: string | null, submission: number): Promise<unknown>;
  /** Idempotent and forward-only (payout-status.ts); an unknown payout is refused with PT404. */
  recordPayoutStatus(update: PayoutStatusUpdate): Promise<Record<string, unknown>>;
  /** True the first time a webhook event id is seen (or while an earlier attempt has not finished). */
  claimWebhookEvent(eventId: string, eventType: string): Promise<boolean>;
  completeWebhookEvent(eventId: string): Promise<unknown>;
};

export function createPayoutStore(gateway: SupabaseGateway): PayoutStore {
  return {
    recordKycCheck: (userId, check, ok, reason, submission) =>
      gateway.rpc<unknown>('service_record_kyc_check', {
        p_user_id: userId,
        p_check: check,
        p_ok: ok,
        p_reason: reason,
        p_submission: submission,
      }),
    recordPayoutStatus: (update) =>
      gateway.rpc<Record<string, unknown>>('service_record_payout_status', {
        p_payout_id: update.payoutId,
        p_provider_payout_id: update.providerPayoutId,
        p_status: update.status,
        p_failure_reason: update.failureReason,
        p_event_at: update.eventAt.toISOString(),
        p_utr: update.utr ?? null,
      }),
    // RazorpayX signs and names its events like Razorpay: event ids share the one event log.
    claimWebhookEvent: (eventId, eventType) =>
      gateway.rpc<boolean>('service_claim_razorpay_webhook_event', { p_event_id: eventId, p_event_type: eventType }),
    completeWebhookEvent: (eventId) => gateway.rpc<null>('service_complete_razorpay_webhook_event', { p_event_id: eventId }),
  };
}
