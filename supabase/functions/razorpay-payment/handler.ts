/**
 * razorpay-payment: the browser's two calls.
 *
 * - create_order {tournament_id, slots, waitlist?}: the caller comes from their access token and the
 *   amount from the tournament row × slots. Answers {success, key, amount, currency, order_id, timeout}.
 *   With waitlist: true (one slot, a full tournament) the order buys a waitlist place; the answer adds
 *   waitlist: true.
 * - verify_payment {payment_id, order_id, signature, tournament_id}: checks Razorpay's
 *   signature over the stored order id, that the order is the caller's, then confirms.
 *   Answers {success, registration_id, slots}, {success, waitlist_position} for a waitlist place, or
 *   {success: false, code, error} (codes in _shared/error-codes.ts).
 */
import { resolveCaller } from '../_shared/caller.ts';
import { ERROR_CODES, type ErrorCode, isErrorCode } from '../_shared/error-codes.ts';
import { bearerToken, json } from '../_shared/http.ts';
import type { PaymentStore } from '../_shared/payment-store.ts';
import { ORDER_PRODUCT, type RazorpayClient } from '../_shared/razorpay-client.ts';
import { isValidCheckoutSignature } from '../_shared/razorpay-signature.ts';
import { CreateOrderBody, firstIssue, PaymentAction, VerifyPaymentBody } from '../_shared/schemas.ts';
import { settleCapturedPayment } from '../_shared/settlement.ts';
import { DatabaseError, type SupabaseGateway } from '../_shared/supabase-gateway.ts';

/** Said when a waitlist order asks for more than one slot (the database says the same). */
const WAITLIST_SLOT_MESSAGE = 'The waitlist takes one place per player: choose 1 slot';

export type PaymentHandlerDeps = {
  gateway: SupabaseGateway;
  store: PaymentStore;
  razorpay: RazorpayClient;
  razorpayKeyId: string;
  razorpayKeySecret: string;
};

/** `{success: false, code, error}`: `code` is a stable key of ERROR_CODES, `error` the player-facing text. */
function failure(code: ErrorCode, error: string = ERROR_CODES[code].message, extra: Record<string, unknown> = {}): Response {
  return json({ success: false, code, error, ...extra }, ERROR_CODES[code].status);
}

export function createPaymentHandler(deps: PaymentHandlerDeps) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return failure('method_not_allowed');

    const caller = await resolveCaller(deps.gateway, bearerToken(request));
    if (!caller.ok) return failure(caller.code);
    const user = caller.user;

    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return failure('invalid_request', 'The request body must be JSON');
    }
    const action = PaymentAction.safeParse(body);
    if (!action.success) return failure('unknown_action', 'Unknown action');

    try {
      return action.data.action === 'create_order' ? await createOrder(deps, user.id, body) : await verifyPayment(deps, user.id, body);
    } catch (error) {
      if (error instanceof DatabaseError && error.isRefusal) {
        const code = isErrorCode(error.hint) ? error.hint : 'invalid_request';
        return json({ success: false, code, error: error.message }, error.refusalStatus ?? ERROR_CODES[code].status);
      }
      console.error(`razorpay-payment ${action.data.action} failed`, error);
      return failure('payment_service_unavailable');
    }
  };
}

async function createOrder(deps: PaymentHandlerDeps, userId: string, body: unknown): Promise<Response> {
  const parsed = CreateOrderBody.safeParse(body);
  if (!parsed.success) {
    const aboutSlots = parsed.error.issues[0]?.path[0] === 'slots';
    return failure(aboutSlots ? 'invalid_slot_count' : 'invalid_request', firstIssue(parsed.error));
  }
  const { tournament_id: tournamentId, slots } = parsed.data;
  const waitlist = parsed.data.waitlist === true;
  if (waitlist && slots !== 1) return failure('invalid_slot_count', WAITLIST_SLOT_MESSAGE);

  const quote = waitlist
    ? await deps.store.prepareWaitlistEntry(userId, tournamentId, slots)
    : await deps.store.prepareEntry(userId, tournamentId, slots);
  const order = await deps.razorpay.createOrder({
    amountPaise: quote.amount_paise,
    currency: quote.currency,
    // Razorpay keeps receipts up to 40 characters; they only need to help a human find the order.
    receipt: `${tournamentId.slice(0, 26)}-${Date.now().toString(36)}`,
    // The product's name tells a capture of ours from another product's on a shared merchant account.
    notes: {
      product: ORDER_PRODUCT,
      tournament_id: tournamentId,
      user_id: userId,
      slots: String(slots),
      ...(waitlist ? { waitlist: 'true' } : {}),
    },
  });
  const stored = { userId, tournamentId, orderId: order.id, amountPaise: quote.amount_paise, currency: quote.currency };
  if (waitlist) await deps.store.recordWaitlistOrder(stored);
  else await deps.store.recordOrder({ ...stored, slots });
  return json({
    success: true,
    key: deps.razorpayKeyId,
    amount: quote.amount_paise,
    currency: quote.currency,
    order_id: order.id,
    // Razorpay Checkout's `timeout` (seconds): the checkout closes before our order expires.
    timeout: quote.checkout_timeout_seconds,
    ...(waitlist ? { waitlist: true } : {}),
  });
}

async function verifyPayment(deps: PaymentHandlerDeps, userId: string, body: unknown): Promise<Response> {
  const parsed = VerifyPaymentBody.safeParse(body);
  if (!parsed.success) return failure('invalid_request', firstIssue(parsed.error));
  const { order_id: orderId, payment_id: paymentId, signature, tournament_id: tournamentId } = parsed.data;

  const stored = await deps.store.findByOrder(orderId);
  // Someone else's order looks exactly like a missing one: no hint that it exists.
  if (!stored || stored.user_id !== userId) return failure('order_not_found', 'Order not found');
  if (stored.tournament_id !== tournamentId) return failure('order_for_other_tournament', 'This order is for another tournament');

  const genuine = await isValidCheckoutSignature({
    keySecret: deps.razorpayKeySecret,
    orderId: stored.razorpay_order_id,
    paymentId,
    signature,
  });
  if (!genuine) return failure('invalid_payment_signature', 'Invalid payment signature');

  const settlement = await settleCapturedPayment(deps, stored.razorpay_order_id, paymentId);
  switch (settlement.kind) {
    case 'registered':
      return json({
        success: true,
        registration_id: settlement.confirmation.registration_id ?? null,
        slots: settlement.confirmation.slots ?? stored.slots,
      });
    case 'waitlisted':
      return json({ success: true, waitlist_position: settlement.confirmation.waitlist_position ?? null });
    case 'refunded':
      return failure('payment_refunded', settlement.reason, { refunded: true });
    case 'unknown_order':
      return failure('order_not_found', 'Order not found');
  }
}
