/**
 * Turns a captured Razorpay payment into a registration, or into a refund when the
 * tournament filled up first. Both the browser's verify call and the webhook end here,
 * and the SQL confirmation underneath is idempotent, so the order they arrive in and how
 * often they arrive do not matter.
 */
import type { RazorpayClient } from './razorpay-client.ts';
import type { Confirmation, PaymentStore } from './payment-store.ts';

export type Settlement =
  | { kind: 'registered'; confirmation: Confirmation }
  | { kind: 'refunded'; confirmation: Confirmation; reason: string }
  | { kind: 'unknown_order' };

export const TOURNAMENT_FULL_REASON =
  'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.';

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
    case 'unknown_order':
      return { kind: 'unknown_order' };
    case 'refunded':
      return { kind: 'refunded', confirmation, reason: confirmation.reason ?? TOURNAMENT_FULL_REASON };
    case 'refund_required':
    case 'refund_pending': {
      // 'refund_pending' means an earlier attempt to refund did not finish (Razorpay was
      // unreachable, say). Asking again is safe: Razorpay refuses to refund more than was
      // captured, and that refusal is treated as "already refunded" below.
      const paymentId = confirmation.razorpay_payment_id ?? razorpayPaymentId;
      const reason = confirmation.reason ?? TOURNAMENT_FULL_REASON;
      try {
        const refund = await deps.razorpay.refundPayment({
          paymentId,
          amountPaise: confirmation.amount_paise ?? 0,
          receipt: `refund-${orderId}`.slice(0, 40),
          notes: { reason: 'tournament_full', tournament_id: confirmation.tournament_id ?? '' },
        });
        await deps.store.recordRefund(paymentId, refund.id);
      } catch (error) {
        if (!isAlreadyRefunded(error)) throw error;
      }
      return { kind: 'refunded', confirmation, reason };
    }
  }
}

function isAlreadyRefunded(error: unknown): boolean {
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  return message.includes('fully refunded') || message.includes('greater than');
}
