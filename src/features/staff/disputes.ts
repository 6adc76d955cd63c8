/**
 * The rules of the console's disputes and corrections: round names, the staff deadline in words, what each
 * report says, and whether a result typed by staff can be sent (docs/areas/matches.md, Playing a match). Pure
 * functions only (IO lives in staff.api.ts), so each is unit-tested.
 */
import { whenIST } from '@/lib/format';
import type { DisputeReason } from '@/lib/rules';

/** The round's name as the bracket gives it: the last round is the Final. */
export function roundName(round: number, rounds: number): string {
  const fromEnd = rounds - round;
  if (fromEnd === 0) return 'Final';
  if (fromEnd === 1) return 'Semi-finals';
  if (fromEnd === 2) return 'Quarter-finals';
  return `Round of ${2 ** (fromEnd + 1)}`;
}

const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  wrong_score: 'Wrong score',
  no_show: 'No-show',
  disconnection: 'Disconnection',
  cheating: 'Cheating',
  other: 'Other',
};

export const disputeReasonLabel = (reason: string): string =>
  (DISPUTE_REASON_LABELS as Record<string, string>)[reason] ?? reason.replace(/_/g, ' ');

/** "Decide by 9:45 pm IST (in 12 min)", or "Overdue: the deadline was 9:45 pm IST (3 min ago)". */
export function deadlineLine(deadlineIso: string, now: Date = new Date()): string {
  const deadline = new Date(deadlineIso);
  const at = whenIST(deadlineIso, now);
  const minutes = Math.round(Math.abs(deadline.getTime() - now.getTime()) / 60_000);
  const span = minutes >= 120 ? `${Math.round(minutes / 60)} h` : `${minutes} min`;
  return deadline.getTime() >= now.getTime() ? `Decide by ${at} (in ${span})` : `Overdue: the deadline was ${at} (${span} ago)`;
}

export const isOverdue = (deadlineIso: string, now: Date = new Date()): boolean => new Date(deadlineIso).getTime() < now.getTime();

type Side = { entry_id: string | null; in_game_name: string | null };

export const sideName = (side: Side | null | undefined): string => side?.in_game_name ?? 'A player';

/** What one report claims, in the order of the match: "2–1, demo1 through". */
export function reportClaim(
  report: { score: [number, number]; winner_entry_id: string | null },
  entries: readonly [Side | null, Side | null],
): string {
  // Where a draw stands (groups, Swiss) a level report names no winner.
  if (report.winner_entry_id === null) return `${report.score[0]}–${report.score[1]}, a draw`;
  const winner = entries.find((side) => side?.entry_id === report.winner_entry_id);
  return `${report.score[0]}–${report.score[1]}, ${sideName(winner)} through`;
}

/** Whether the two reports on file agree (then the dispute is about something else than the score). */
export function reportsAgree(reports: readonly { score: [number, number]; winner_entry_id: string | null }[]): boolean {
  const [first, second] = reports;
  if (!first || !second) return false;
  return first.score[0] === second.score[0] && first.score[1] === second.score[1] && first.winner_entry_id === second.winner_entry_id;
}

/** A result typed by staff: the winner's side (0 = a, 1 = b) and the goals of a and b as typed. */
export interface TypedResult {
  winner: 0 | 1 | null;
  goalsA: string;
  goalsB: string;
}

/**
 * What is wrong with a result before it is sent, or null. Goals are whole numbers 0 to 99; both empty means
 * "no score" (a walkover); the winner has more goals, or won the shoot-out of a level score. The database
 * checks the same (invalid_winner, invalid_score).
 */
export function resultProblem(result: TypedResult): string | null {
  if (result.winner === null) return 'Choose who went through.';
  const a = result.goalsA.trim();
  const b = result.goalsB.trim();
  if (a === '' && b === '') return null;
  const goal = /^\d{1,2}$/;
  if (!goal.test(a) || !goal.test(b)) return 'Goals are whole numbers from 0 to 99 (or leave both empty for no score).';
  const [x, y] = [Number(a), Number(b)];
  if ((x > y && result.winner !== 0) || (x < y && result.winner !== 1)) return 'The player who went through must have more goals.';
  return null;
}

/** The score to send ([a, b]), or null for none; call after resultProblem answered null. */
export function typedScore(result: TypedResult): [number, number] | null {
  if (result.goalsA.trim() === '' && result.goalsB.trim() === '') return null;
  return [Number(result.goalsA), Number(result.goalsB)];
}

/** The preview of a correction in words: what happens to the later matches. */
export function correctionSummary(
  answer: { winner_changes: boolean; later_matches: readonly { round: number; position: number; played: boolean }[] },
  rounds: number,
): string[] {
  if (!answer.winner_changes) return ['The winner stays the same: only the score changes. No later match is touched.'];
  if (answer.later_matches.length === 0) return ['The new winner moves on. No later match has been touched yet.'];
  return answer.later_matches.map(
    (match) =>
      `${roundName(match.round, rounds)} match ${match.position}: ${match.played ? 'already played — its result is voided and it is replayed' : 'reset with the new winner in it'}`,
  );
}
