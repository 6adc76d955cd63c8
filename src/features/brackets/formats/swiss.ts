/**
 * A Swiss stage as a player reads it: its rounds (a bye shown as a match without an opponent) and the
 * table in the server's order (points, median-Buchholz, Buchholz, goal difference, lots are computed in
 * SQL; nothing is re-ranked here).
 */
import type * as z from 'zod/mini';
import type { SwissRowSchema } from './stage-schema';
import type { BracketMatch } from '../brackets';
import { type MatchIndex, type RoundView, roundsOf, type SwissStage } from './stages';

export type SwissRow = z.infer<typeof SwissRowSchema>;

export interface SwissView {
  rounds: RoundView[];
  /** The round to open first: the first with a match still to settle, else the last. */
  currentRound: number;
  rows: Array<{ row: SwissRow; name: string; mine: boolean }>;
}

const SETTLED = new Set(['confirmed', 'bye', 'void']);
const settled = (match: BracketMatch) => SETTLED.has(match.status);

export function swissView(stage: SwissStage, index: MatchIndex, myEntryId: string | null): SwissView {
  const rounds = roundsOf(stage.rounds, index);
  const open = rounds.findIndex((round) => round.matches.some((match) => !settled(match)));
  return {
    rounds,
    currentRound: open >= 0 ? open : Math.max(rounds.length - 1, 0),
    rows: [...stage.table]
      .sort((a, b) => a.rank - b.rank)
      .map((row) => ({ row, name: row.in_game_name ?? 'Unnamed player', mine: row.entry_id === myEntryId })),
  };
}

/** A Buchholz figure as printed: whole numbers plain, anything else to one decimal. */
export const tieBreakFigure = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(1));
