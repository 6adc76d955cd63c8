/** The public changes' words (get_tournament_changes). Small on purpose: the tournament and pod pages load it. */
import { resultSentence } from '@/lib/score';
import type { TournamentChange } from './staff.schemas';

/** A decided match reads winner first ("PlayerA won 2–0 against PlayerB (round 1)"); anything else as logged. */
export function changeSummary(change: TournamentChange): string {
  const result = change.result;
  if (!result) return change.summary;
  const sentence = resultSentence({
    winner: result.winner,
    loser: result.loser,
    winnerGoals: result.winner_goals,
    loserGoals: result.loser_goals,
  });
  return `${sentence} (round ${result.round})`;
}
