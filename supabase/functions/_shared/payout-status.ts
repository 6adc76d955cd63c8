/**
 * How a payout's status moves, for everything in TypeScript that tracks a payout (the webhook and outbox
 * tests' store, the doubles' expectations). The moves are the database's payout machine
 * (private.status_transitions, read through the generated state-machines module): the SQL trigger refuses
 * any other, so this module cannot disagree with service_record_payout_status.
 *
 * Statuses only move forward: awaiting_approval < approved < queued < pending < scheduled < processing
 * < processed; a payout awaiting approval moves only by an admin's decision (approved or rejected).
 * Reversed, cancelled, rejected and failed are final; a reversal ends a payout even before its processed
 * event arrives; processed is final too, except that the bank may still reverse it. An older or repeated event (a webhook that arrives late, twice or out of
 * order, a poll that reads an earlier state) changes nothing.
 */
import { isDeclaredMove, STATE_MACHINES } from './state-machines.generated.ts';

export const PAYOUT_STATUSES = STATE_MACHINES.payout.statuses;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What RazorpayX reports (its payout entity's `status`); the first two are ours alone. */
export const PROVIDER_PAYOUT_STATUSES = PAYOUT_STATUSES.slice(2) as readonly Exclude<PayoutStatus, 'awaiting_approval' | 'approved'>[];
export type ProviderPayoutStatus = (typeof PROVIDER_PAYOUT_STATUSES)[number];

/** Final states in which the money did not reach the player: it goes back to their balance. */
const MONEY_RETURNED: readonly PayoutStatus[] = ['reversed', 'cancelled', 'rejected', 'failed'];

export function isProviderPayoutStatus(value: unknown): value is ProviderPayoutStatus {
  return typeof value === 'string' && (PROVIDER_PAYOUT_STATUSES as readonly string[]).includes(value);
}

/** True when the payout's money went back to the player's balance. */
export function returnsMoney(status: PayoutStatus): boolean {
  return MONEY_RETURNED.includes(status);
}

/** May a payout in `current` move to `next`? Only along a move the payout machine declares. */
export function canMove(current: PayoutStatus, next: PayoutStatus): boolean {
  return isDeclaredMove('payout', current, next);
}

/** The status after an event: `next` when the rule allows the move, `current` otherwise. */
export function applyPayoutStatus(current: PayoutStatus, next: PayoutStatus): { status: PayoutStatus; changed: boolean } {
  return canMove(current, next) ? { status: next, changed: true } : { status: current, changed: false };
}
