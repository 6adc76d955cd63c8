/**
 * A double-elimination stage as a player reads it: the winners' bracket, the losers' bracket and the grand
 * final, whose second match exists only once the losers' bracket winner has won the first.
 */
import type { BracketMatch } from '../brackets';
import { type DoubleStage, type MatchIndex, matchesOf, type RoundView, roundsOf } from './stages';
import { type FormatWords, WORDS } from './words';

export interface DoubleView {
  winners: RoundView[];
  losers: RoundView[];
  /** The grand final's matches with their names: one, or two after a reset. */
  grandFinal: Array<{ name: string; match: BracketMatch }>;
}

export function doubleView(stage: DoubleStage, index: MatchIndex, words: FormatWords = WORDS): DoubleView {
  return {
    winners: roundsOf(stage.winners, index),
    losers: roundsOf(stage.losers, index),
    grandFinal: matchesOf(stage.grand_final, index).map((match, i) => ({
      name: i === 0 ? words.grandFinal : words.grandFinalReset,
      match,
    })),
  };
}
