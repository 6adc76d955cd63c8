/**
 * A dispute's reasons in the player's words: the dispute form's options and the disputed notice's line.
 * A plain module, so the form renders without loading the matches API.
 */
import { DISPUTE_REASON_CODES, type DisputeReason } from '@/lib/rules';

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
