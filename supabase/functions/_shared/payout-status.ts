/**
 * The one rule of how a payout's status moves, shared by everything in TypeScript that tracks a payout
 * (the webhook and outbox tests' store, the doubles' expectations). The SQL function
 * service_record_payout_status applies the same rule to public.payouts.
 *
 * Statuses only move forward: awaiting_approval < approved < queued < pending < scheduled < processing
 * < processed; a payout awaiting approval moves only by an admin's decision (approved or rejected).
 * Reversed, cancelled, rejected and failed are final; a reversal ends a payout even before its processed
 * event arrives; processed is final too, except that the bank may still reverse it. An older or repeated event (a webhook that arrives late, twice or out of
 * order, a poll that reads an earlier state) changes nothing.
 */

export const PAYOUT_STATUSES = [
  'awaiting_approval',
  'approved',
  'queued',
  'pending',
  'scheduled',
  'processing',
  'processed',
  'reversed',
  'cancelled',
  'rejected',
  'failed',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What RazorpayX reports (its payout entity's `status`); the first two are ours alone. */
export const PROVIDER_PAYOUT_STATUSES = PAYOUT_STATUSES.slice(2) as readonly Exclude<PayoutStatus, 'awaiting_approval' | 'approved'>[];
export type ProviderPayoutStatus = (typeof PROVIDER_PAYOUT_STATUSES)[number];

/** The way forward, in order. */
const FORWARD: readonly PayoutStatus[] = ['awaiting_approval', 'approved', 'queued', 'pending', 'scheduled', 'processing', 'processed'];

/** Final states in which the money did not reach the player: it goes back to their balance. */
const MONEY_RETURNED: readonly PayoutStatus[] = ['reversed', 'cancelled', 'rejected', 'failed'];

export function isProviderPayoutStatus(value: unknown): value is ProviderPayoutStatus {
  return typeof value === 'string' && (PROVIDER_PAYOUT_STATUSES as readonly string[]).includes(value);
}

/** True when the payout's money went back to the player's balance. */
export function returnsMoney(status: PayoutStatus): boolean {
  return MONEY_RETURNED.includes(status);
}

/** True when no event can change the status any more. */
export function isFinal(status: PayoutStatus): boolean {
  return returnsMoney(status);
}

/** May a payout in `current` move to `next`? False for the same status, older ones, and anything after a final one. */
export function canMove(current: PayoutStatus, next: PayoutStatus): boolean {
  if (current === next || isFinal(current)) return false;
  // Only an admin moves a payout out of awaiting approval: approved, or rejected.
  if (current === 'awaiting_approval') return next === 'approved' || next === 'rejected';
  // Money that reached the player stays there unless the bank sends it back.
  if (current === 'processed') return next === 'reversed';
  if (returnsMoney(next)) return true;
  return FORWARD.indexOf(next) > FORWARD.indexOf(current);
}

/** The status after an event: `next` when the rule allows the move, `current` otherwise. */
export function applyPayoutStatus(current: PayoutStatus, next: PayoutStatus): { status: PayoutStatus; changed: boolean } {
  return canMove(current, next) ? { status: next, changed: true } : { status: current, changed: false };
}
