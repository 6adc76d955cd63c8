/**
 * A dispute's reasons in the player's words: the dispute form's options and the disputed notice's line.
 * Which reasons fit, from when, and which need details is the database's rule (get_match_reports'
 * dispute_reasons); this module only words them and picks those open at a given moment. A plain module, so
 * the form renders without loading the matches API.
 */
import { DISPUTE_REASON_CODES, type DisputeReason } from '@/lib/rules';
import type { DisputeReasonOption } from './match-schemas';

const PLAYER_REASON_LABELS: Record<DisputeReason, string> = {
  wrong_score: 'Wrong score',
  no_show: 'My opponent did not show up',
  disconnection: 'Disconnection',
  cheating: 'Cheating',
  other: 'Something else',
};

export const DISPUTE_REASONS = DISPUTE_REASON_CODES.map((value) => ({ value, label: PLAYER_REASON_LABELS[value] }));

/** The words for a dispute's reason code; a code this page does not know yet is shown as it comes. */
export function disputeReasonLabel(reason: string): string {
  return DISPUTE_REASONS.find((option) => option.value === reason)?.label ?? reason;
}

export interface DisputeChoice {
  value: DisputeReason;
  label: string;
  detailsRequired: boolean;
}

/** The reasons the player may dispute with at `now`, in the database's order, with their words. */
export function disputeChoices(reasons: readonly DisputeReasonOption[], now: number): DisputeChoice[] {
  return reasons
    .filter((option) => Date.parse(option.opens_at) <= now)
    .map((option) => ({ value: option.reason, label: PLAYER_REASON_LABELS[option.reason], detailsRequired: option.details_required }));
}

/** When the next reason opens (a no-show once Ready has closed, anything once the match starts), or null. */
export function nextDisputeOpening(reasons: readonly DisputeReasonOption[], now: number): number | null {
  const later = reasons.map((option) => Date.parse(option.opens_at)).filter((time) => time > now);
  return later.length > 0 ? Math.min(...later) : null;
}
