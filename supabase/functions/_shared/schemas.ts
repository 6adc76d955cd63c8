/**
 * What the payment functions accept. Anything not listed here is dropped before use:
 * a `user_id` or `amount` sent by a browser never reaches the code that decides money.
 */
import { z } from 'npm:zod@4';
import { MAX_SLOTS, MIN_SLOTS, SLOT_COUNT_MESSAGE } from './rules.ts';

const TournamentId = z.string().regex(/^[a-z0-9][a-z0-9_-]{1,62}$/, 'Unknown tournament');

export const Slots = z
  .number({ error: SLOT_COUNT_MESSAGE })
  .int(SLOT_COUNT_MESSAGE)
  .min(MIN_SLOTS, SLOT_COUNT_MESSAGE)
  .max(MAX_SLOTS, SLOT_COUNT_MESSAGE);

export const CreateOrderBody = z.object({
  action: z.literal('create_order'),
  tournament_id: TournamentId,
  slots: Slots,
  /** A place on the waitlist of a full tournament (one slot), instead of an entry. */
  waitlist: z.boolean().optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const VerifyPaymentBody = z.object({
  action: z.literal('verify_payment'),
  payment_id: z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/, 'Invalid payment id'),
  order_id: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/, 'Invalid order id'),
  signature: z.string().regex(/^[0-9a-fA-F]{64}$/, 'Invalid payment signature'),
  tournament_id: TournamentId,
});
export type VerifyPaymentBody = z.infer<typeof VerifyPaymentBody>;

export const PaymentAction = z.object({ action: z.enum(['create_order', 'verify_payment']) });

/** Razorpay's notes: key-value pairs, or an empty array when there are none. */
const RazorpayNotes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();

/** The parts of a Razorpay payment entity the product reads. */
export const RazorpayPaymentEntity = z.object({
  notes: RazorpayNotes,
  id: z.string(),
  order_id: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullable().optional(),
});

export const RazorpayRefundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.string().optional(),
});

/** A chargeback (payment.dispute.* events). */
export const RazorpayDisputeEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int().optional(),
  reason_code: z.string().nullable().optional(),
  status: z.string().optional(),
});

export const RazorpayOrderEntity = z.object({
  id: z.string(),
  notes: RazorpayNotes,
  amount: z.number().int(),
  status: z.string(),
});

/** A webhook delivery: `{entity: "event", event, payload: {payment?, order?, refund?}}`. */
export const RazorpayWebhookEvent = z.object({
  entity: z.literal('event'),
  event: z.string(),
  created_at: z.number().optional(),
  payload: z.object({
    payment: z.object({ entity: RazorpayPaymentEntity }).optional(),
    order: z.object({ entity: RazorpayOrderEntity }).optional(),
    refund: z.object({ entity: RazorpayRefundEntity }).optional(),
    dispute: z.object({ entity: RazorpayDisputeEntity }).optional(),
  }),
});
export type RazorpayWebhookEvent = z.infer<typeof RazorpayWebhookEvent>;

/** The first human-readable problem in a failed parse, for `{success: false, error}`. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
