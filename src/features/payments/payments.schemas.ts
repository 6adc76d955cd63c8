/**
 * The shapes razorpay-payment, Razorpay's checkout and the database's reads answer with, checked with zod. Only
 * payments.api.ts imports this module, and islands load that lazily: zod never delays the first paint
 * of a tournament page.
 */
import * as z from 'zod/mini';

export const CreateOrderAnswer = z.union([
  z.object({
    success: z.literal(true),
    key: z.string().check(z.startsWith('rzp_')),
    amount: z.int().check(z.positive()),
    currency: z.string(),
    order_id: z.string().check(z.startsWith('order_')),
    /** Seconds the checkout stays open; the server's order expires a little later. */
    timeout: z.optional(z.int().check(z.positive())),
    /** The order buys a place on the waitlist of a full tournament. */
    waitlist: z.optional(z.boolean()),
  }),
  z.object({ success: z.literal(false), error: z.string(), code: z.optional(z.string()) }),
]);
export type CreateOrderAnswer = z.infer<typeof CreateOrderAnswer>;
export type PaymentOrder = Extract<CreateOrderAnswer, { success: true }>;

export const VerifyAnswer = z.union([
  z.object({ success: z.literal(true), slots: z.optional(z.int()), waitlist_position: z.optional(z.nullable(z.int())) }),
  z.object({ success: z.literal(false), error: z.string(), code: z.optional(z.string()), refunded: z.optional(z.boolean()) }),
]);
export type VerifyAnswer = z.infer<typeof VerifyAnswer>;

/** What checkout hands to `handler` after a successful payment. */
export const CheckoutSuccess = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutSuccess = z.infer<typeof CheckoutSuccess>;

/** A row of get_my_registrations as the pay panel reads it (the function answers more columns). */
export const OwnRegistrationRows = z.pipe(
  z.nullable(z.array(z.object({ tournament_id: z.string(), slots: z.int(), status: z.string(), registered_at: z.string() }))),
  z.transform((rows) => rows ?? []),
);

export const SlotsRow = z.object({ filled_slots: z.int(), max_players: z.int(), max_slots_per_buyer: z.int() });

export const ParticipantRows = z.pipe(
  z.nullable(z.array(z.object({ in_game_name: z.nullable(z.string()), slots: z.int(), registered_at: z.string() }))),
  z.transform((rows) => rows ?? []),
);
