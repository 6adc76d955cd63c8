/**
 * A dispute's reasons in the player's words: the dispute form's options and the disputed notice's line.
 * Which reasons fit, from when, and which need details is the database's rule (get_match_reports'
 * dispute_reasons); this module only words them and picks those open at a given moment. A plain module, so
 * the form renders without loading the matches API.
 */
import type { DisputeReason } from '@/lib/rules';
import type { DisputeReasonOption } from './match-schemas';

export const PLAYER_REASON_LABELS: Record<DisputeReason, string> = {
  wrong_score: 'Wrong score',
  no_show: 'My opponent did not show up',
  disconnection: 'Disconnection',
  cheating: 'Cheating',
  other: 'Something else',
};

/** The words for a dispute's reason code; a code this page does not know yet is shown as it comes. */
export function disputeReasonLabel(reason: string, labels: Record<DisputeReason, string> = PLAYER_REASON_LABELS): string {
  return Object.hasOwn(labels, reason) ? labels[reason as DisputeReason] : reason;
}

export interface DisputeChoice {
  value: DisputeReason;
  label: string;
  detailsRequired: boolean;
}

/** The reasons the player may dispute with at `now`, in the database's order, with their words. */
export function disputeChoices(
  reasons: readonly DisputeReasonOption[],
  now: number,
  labels: Record<DisputeReason, string> = PLAYER_REASON_LABELS,
): DisputeChoice[] {
  return reasons
    .filter((option) => Date.parse(option.opens_at) <= now)
    .map((option) => ({ value: option.reason, label: labels[option.reason], detailsRequired: option.details_required }));
}

/** The note a contested walkover sends to staff (the staff console reads English). */
export const CONTEST_WALKOVER_DETAILS = 'I contest the walkover: I was there.';

/** When the next reason opens (a no-show once Ready has closed, anything once the match starts), or null. */
export function nextDisputeOpening(reasons: readonly DisputeReasonOption[], now: number): number | null {
  const later = reasons.map((option) => Date.parse(option.opens_at)).filter((time) => time > now);
  return later.length > 0 ? Math.min(...later) : null;
}
