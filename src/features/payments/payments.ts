/**
 * Paying for a tournament, the pure part: labels, the messages players read, the answers of the
 * razorpay-payment function (types; the zod checks are in payments.schemas.ts), the options handed to Razorpay's checkout and the 24-hour rule.
 * No React, no Supabase: the islands and payments.api.ts build on this.
 */
import { formatRupees } from '@/lib/format';
import { slotOptions, slotsLabel } from '@/features/tournaments/tournaments';
import { MAX_SLOTS, REREGISTRATION_WAIT_MS } from '@/lib/rules';
import type { PaymentOrder } from './payments.schemas';

/** The player-facing messages of spec 8, in one place so tests and islands agree. */
export const PaymentMessages = {
  loginRequired: 'Please log in to continue',
  success: 'Payment successful! You are now registered for the tournament.',
  alreadyRegistered: 'You are already registered for this tournament!',
  cancelled: 'Payment cancelled by user',
  abandoned: 'Checkout abandoned: the time to pay ran out. Nothing was charged; start again to register.',
  registrationFailed: 'Registration failed. Please try again.',
  createOrderFailed: (message: string | undefined) => `Failed to create payment order: ${message || 'Unknown error'}`,
  verificationFailed: (message: string | undefined) =>
    message ? `Payment verification failed: ${message}` : 'Payment verification failed',
  processingFailed: (message: string | undefined) => `Payment processing failed: ${message || 'Unknown error'}`,
  /** Checkout's own failure: Razorpay never captured the payment, so nothing of it is ours to keep. */
  checkoutFailed: (message: string | undefined) =>
    `Payment processing failed: ${message || 'Unknown error'} No money was taken: if your bank shows a debit, it reverses it by itself. You can try again.`,
} as const;

/** The purple of the product's checkout theme. */
export const CHECKOUT_THEME_COLOR = '#7c3aed';

/** 'N Slot(s) - ₹total', the slot selector's option text. */
export function slotOptionLabel(slots: number, entryFeeRupees: number): string {
  return `${slotsLabel(slots)} - ${formatRupees(entryFeeRupees * slots)}`;
}

/** The slot selector's options; `label` words each in the page's language (pay-words.ts), English by default. */
export function slotChoices(
  entryFeeRupees: number,
  label: (slots: number, entryFeeRupees: number) => string = slotOptionLabel,
): Array<{ slots: number; label: string; totalRupees: number }> {
  return slotOptions(entryFeeRupees).map((option) => ({
    slots: option.slots,
    totalRupees: option.total,
    label: label(option.slots, entryFeeRupees),
  }));
}

/** 'Pay ₹{total} & Register N Slot(s)'. */
export function payButtonLabel(slots: number, entryFeeRupees: number): string {
  return `Pay ${formatRupees(entryFeeRupees * slots)} & Register ${slotsLabel(slots)}`;
}

/** Under the slot choice when the tournament's cap per buyer is below an order's ten: the SQL refusal's first words. */
export function perBuyerLine(perBuyer: number): string {
  return `One player can hold at most ${perBuyer} ${perBuyer === 1 ? 'place' : 'places'} in this tournament.`;
}

/**
 * The slots that fit: never more than 10, never more than the places left, and never more than one buyer may
 * still add (`perBuyer`, the tournament's max_slots_per_buyer from the database, less the places `held`).
 */
export function selectableSlots(filledSlots: number, maxPlayers: number, perBuyer: number = MAX_SLOTS, held = 0): number {
  return Math.max(0, Math.min(MAX_SLOTS, maxPlayers - filledSlots, perBuyer - held));
}

// ---------------------------------------------------------------------------------------------
// What razorpay-payment answers
// ---------------------------------------------------------------------------------------------

/** What checkout hands to a 'payment.failed' listener. */
export type CheckoutFailure = { error?: { description?: string; reason?: string; code?: string } };

export function failureDescription(failure: CheckoutFailure | undefined): string | undefined {
  return failure?.error?.description || failure?.error?.reason || undefined;
}

// ---------------------------------------------------------------------------------------------
// Checkout options
// ---------------------------------------------------------------------------------------------

export type CheckoutOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { email?: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: unknown) => void;
  modal: { ondismiss: () => void; confirm_close: boolean };
  /** Razorpay closes the checkout after this many seconds (then calls ondismiss). */
  timeout?: number;
};

/** A checkout closed at or after its timeout was abandoned by the clock, not cancelled by the player. */
/** Whether checkout closed because its time to pay ran out (Razorpay's `timeout`), not by the player's hand. */
export function checkoutTimedOut(openedAtMs: number, nowMs: number, timeoutSeconds: number | undefined): boolean {
  return timeoutSeconds !== undefined && nowMs - openedAtMs >= timeoutSeconds * 1000;
}

export function dismissMessage(openedAtMs: number, nowMs: number, timeoutSeconds: number | undefined): string {
  return checkoutTimedOut(openedAtMs, nowMs, timeoutSeconds) ? PaymentMessages.abandoned : PaymentMessages.cancelled;
}

export function checkoutOptions(input: {
  order: PaymentOrder;
  productName: string;
  tournamentTitle: string;
  tournamentId: string;
  slots: number;
  email: string | null;
  onPaid: (response: unknown) => void;
  onDismiss: () => void;
}): CheckoutOptions {
  return {
    key: input.order.key,
    // Razorpay shows and charges the order's amount; these two only label the modal.
    amount: input.order.amount,
    currency: input.order.currency,
    name: input.productName,
    description: `${input.tournamentTitle}: ${slotsLabel(input.slots)}`,
    order_id: input.order.order_id,
    prefill: input.email ? { email: input.email } : {},
    notes: { tournament_id: input.tournamentId },
    theme: { color: CHECKOUT_THEME_COLOR },
    handler: input.onPaid,
    modal: { ondismiss: input.onDismiss, confirm_close: false },
    ...(input.order.timeout ? { timeout: input.order.timeout } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Registration state of the signed-in player for one tournament
// ---------------------------------------------------------------------------------------------

export type OwnRegistration = { tournament_id: string; slots: number; status: string; registered_at: string };

export type RegistrationSummary = {
  /** Slots the player holds in this tournament (cancelled registrations left out). */
  slots: number;
  /** When the player may register again, or null when they may now. */
  nextRegistrationAt: Date | null;
};

export function summariseRegistrations(
  registrations: OwnRegistration[],
  tournamentId: string,
  now: Date = new Date(),
): RegistrationSummary {
  const mine = registrations.filter((r) => r.tournament_id === tournamentId && r.status !== 'cancelled');
  const slots = mine.reduce((sum, r) => sum + r.slots, 0);
  const latest = Math.max(-Infinity, ...mine.map((r) => new Date(r.registered_at).getTime()));
  const next = latest + REREGISTRATION_WAIT_MS;
  return { slots, nextRegistrationAt: Number.isFinite(latest) && next > now.getTime() ? new Date(next) : null };
}

/**
 * "More slots from …" only when that moment comes before registration closes (for an open pod, its own
 * cancel deadline): a time after it would offer slots the tournament can no longer sell.
 */
export function moreSlotsFrom(nextRegistrationAt: Date | null, registrationClosesAt: string | undefined): Date | null {
  if (!nextRegistrationAt || !registrationClosesAt) return null;
  return nextRegistrationAt < new Date(registrationClosesAt) ? nextRegistrationAt : null;
}
