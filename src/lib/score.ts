/**
 * A match's result in words, the one way every screen says it (the match page, the bracket, the standings,
 * the public changes, the staff console): the winner first and the winner's goals first, "PlayerA won
 * 2–0", never "PlayerA goes through (0–2)". A level score was decided by a shoot-out: with the shoot-out's
 * goals it reads "PlayerA drew 2–2, won 4–3 on penalties"; without them it still marks the winner, "PlayerA
 * drew 2–2, won on penalties". A result without goals (a walkover, a staff decision) reads "PlayerA went
 * through".
 */

export interface MatchResult {
  winner: string;
  /** The other player, when the sentence should name them. */
  loser?: string | null;
  /** Null when the result has no score (a walkover, a decision without goals). */
  winnerGoals: number | null;
  loserGoals: number | null;
  /** The shoot-out's goals, winner's first, when the data has them. */
  penalties?: readonly [number, number] | null;
}

const dash = (x: number, y: number) => `${x}–${y}`;

/** The score alone, the winner's goals first: "2–0", "2–2, won 4–3 on penalties", "2–2, won on penalties"; null without goals. */
export function resultScore(result: MatchResult): string | null {
  const { winnerGoals: w, loserGoals: l, penalties } = result;
  if (w === null || l === null) return null;
  if (w !== l) return dash(w, l);
  return penalties ? `${dash(w, l)}, won ${dash(penalties[0], penalties[1])} on penalties` : `${dash(w, l)}, won on penalties`;
}

/** The whole sentence, winner first: "PlayerA won 2–0 against PlayerB", "PlayerA drew 2–2, won 4–3 on penalties". */
export function resultSentence(result: MatchResult): string {
  const against = result.loser ? ` against ${result.loser}` : '';
  const { winnerGoals: w, loserGoals: l } = result;
  if (w === null || l === null) return `${result.winner} went through${against}`;
  if (w !== l) return `${result.winner} won ${dash(w, l)}${against}`;
  return `${result.winner} drew ${resultScore(result)}${against ? ` (${against.trim()})` : ''}`;
}

/**
 * A result from a match's two sides as the bracket stores them (entry a, entry b): names, goals in that
 * order and which side won. Null before there is a winner.
 */
export function resultOfSides(sides: {
  names: readonly [string, string];
  score: readonly [number, number] | null;
  winner: 0 | 1 | null;
  penalties?: readonly [number, number] | null;
}): MatchResult | null {
  if (sides.winner === null) return null;
  const w = sides.winner;
  const l = w === 0 ? 1 : 0;
  return {
    winner: sides.names[w],
    loser: sides.names[l],
    winnerGoals: sides.score ? sides.score[w] : null,
    loserGoals: sides.score ? sides.score[l] : null,
    penalties: sides.penalties ? [sides.penalties[w], sides.penalties[l]] : null,
  };
}
