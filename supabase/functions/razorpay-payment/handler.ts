/**
 * razorpay-payment: the browser's two calls.
 *
 * - create_order {tournament_id, slots}: the caller comes from their access token and the
 *   amount from the tournament row × slots. Answers {success, key, amount, currency, order_id}.
 * - verify_payment {payment_id, order_id, signature, tournament_id}: checks Razorpay's
 *   signature over the stored order id, that the order is the caller's, then confirms.
 *   Answers {success} or {success: false, error}.
 */
import { resolveCaller } from '../_shared/caller.ts';
import { bearerToken, json, preflight } from '../_shared/http.ts';
import type { PaymentStore } from '../_shared/payment-store.ts';
import type { RazorpayClient } from '../_shared/razorpay-client.ts';
import { isValidCheckoutSignature } from '../_shared/razorpay-signature.ts';
import { CreateOrderBody, firstIssue, PaymentAction, VerifyPaymentBody } from '../_shared/schemas.ts';
import { settleCapturedPayment } from '../_shared/settlement.ts';
import { DatabaseError, type SupabaseGateway } from '../_shared/supabase-gateway.ts';

export type PaymentHandlerDeps = {
  gateway: SupabaseGateway;
  store: PaymentStore;
  razorpay: RazorpayClient;
  razorpayKeyId: string;
  razorpayKeySecret: string;
};

const failure = (error: string, status: number) => json({ success: false, error }, status);

export function createPaymentHandler(deps: PaymentHandlerDeps) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return failure('Method not allowed', 405);

    const caller = await resolveCaller(deps.gateway, bearerToken(request));
    if (!caller.ok) return failure(caller.error, caller.status);
    const user = caller.user;

    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return failure('The request body must be JSON', 400);
    }
    const action = PaymentAction.safeParse(body);
    if (!action.success) return failure('Unknown action', 400);

    try {
      return action.data.action === 'create_order'
        ? await createOrder(deps, user.id, body)
        : await verifyPayment(deps, user.id, body);
    } catch (error) {
      if (error instanceof DatabaseError && error.isRefusal) return failure(error.message, 409);
      console.error(`razorpay-payment ${action.data.action} failed`, error);
      return failure(error instanceof Error ? error.message : 'Unexpected error', 502);
    }
  };
}

async function createOrder(deps: PaymentHandlerDeps, userId: string, body: unknown): Promise<Response> {
  const parsed = CreateOrderBody.safeParse(body);
  if (!parsed.success) return failure(firstIssue(parsed.error), 400);
  const { tournament_id: tournamentId, slots } = parsed.data;

  const quote = await deps.store.prepareEntry(userId, tournamentId, slots);
  const order = await deps.razorpay.createOrder({
    amountPaise: quote.amount_paise,
    currency: quote.currency,
    // Razorpay keeps receipts up to 40 characters; they only need to help a human find the order.
    receipt: `${tournamentId.slice(0, 26)}-${Date.now().toString(36)}`,
    notes: { tournament_id: tournamentId, user_id: userId, slots: String(slots) },
  });
  await deps.store.recordOrder({
    userId,
    tournamentId,
    slots,
    orderId: order.id,
    amountPaise: quote.amount_paise,
    currency: quote.currency,
  });
  return json({
    success: true,
    key: deps.razorpayKeyId,
    amount: quote.amount_paise,
    currency: quote.currency,
    order_id: order.id,
  });
}

async function verifyPayment(deps: PaymentHandlerDeps, userId: string, body: unknown): Promise<Response> {
  const parsed = VerifyPaymentBody.safeParse(body);
  if (!parsed.success) return failure(firstIssue(parsed.error), 400);
  const { order_id: orderId, payment_id: paymentId, signature, tournament_id: tournamentId } = parsed.data;

  const stored = await deps.store.findByOrder(orderId);
  // Someone else's order looks exactly like a missing one: no hint that it exists.
  if (!stored || stored.user_id !== userId) return failure('Order not found', 404);
  if (stored.tournament_id !== tournamentId) return failure('This order is for another tournament', 400);

  const genuine = await isValidCheckoutSignature({
    keySecret: deps.razorpayKeySecret,
    orderId: stored.razorpay_order_id,
    paymentId,
    signature,
  });
  if (!genuine) return failure('Invalid payment signature', 400);

  const settlement = await settleCapturedPayment(deps, stored.razorpay_order_id, paymentId);
  switch (settlement.kind) {
    case 'registered':
      return json({
        success: true,
        registration_id: settlement.confirmation.registration_id ?? null,
        slots: settlement.confirmation.slots ?? stored.slots,
      });
    case 'refunded':
      return json({ success: false, refunded: true, error: settlement.reason }, 409);
    case 'unknown_order':
      return failure('Order not found', 404);
  }
}
