/**
 * Turns a captured Razorpay payment into a registration, or into a refund when it cannot buy
 * an entry (full, expired order, registration closed, already registered, paid twice). Both the
 * browser's verify call and the webhook end here, and the SQL confirmation underneath is idempotent, so the order they arrive in and how
 * often they arrive do not matter.
 */
import { drainOutbox, refundKey } from './outbox.ts';
import type { RazorpayClient } from './razorpay-client.ts';
import type { Confirmation, PaymentStore } from './payment-store.ts';
import { REFUND_REASONS } from './rules.ts';

export type Settlement =
  | { kind: 'registered'; confirmation: Confirmation }
  | { kind: 'waitlisted'; confirmation: Confirmation }
  | { kind: 'refunded'; confirmation: Confirmation; reason: string }
  | { kind: 'unknown_order' };

/** When the confirmation gives no reason of its own, the usual one. */
const TOURNAMENT_FULL_REASON = REFUND_REASONS.tournament_full;

export async function settleCapturedPayment(
  deps: { store: PaymentStore; razorpay: RazorpayClient },
  orderId: string,
  razorpayPaymentId: string,
): Promise<Settlement> {
  const confirmation = await deps.store.confirm(orderId, razorpayPaymentId);
  switch (confirmation.outcome) {
    case 'registered':
    case 'already_registered':
      return { kind: 'registered', confirmation };
    case 'waitlisted':
      return { kind: 'waitlisted', confirmation };
    case 'unknown_order':
      return { kind: 'unknown_order' };
    case 'refunded':
      return { kind: 'refunded', confirmation, reason: confirmation.reason ?? TOURNAMENT_FULL_REASON };
    case 'refund_required':
    case 'refund_pending': {
      // The confirmation queued the refund in the outbox in its own transaction; making the call now
      // gives the player their money back at once. If Razorpay is unreachable the outbox worker retries,
      // so a failure here never reaches the player.
      // Only this payment's refund: a player's verify call never waits for other players' refunds.
      try {
        await drainOutbox(deps, { onlyKey: refundKey(confirmation.razorpay_payment_id ?? razorpayPaymentId) });
      } catch (error) {
        console.error('refund left to the outbox worker', error);
      }
      return { kind: 'refunded', confirmation, reason: confirmation.reason ?? TOURNAMENT_FULL_REASON };
    }
  }
}
