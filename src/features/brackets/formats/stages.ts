/**
 * The stages of a bracket (the contract's `stages`), resolved against its matches: stages name matches by
 * id and every match object lives once in `rounds`, so each view looks its matches up here. Pure functions.
 */
import type * as z from 'zod/mini';
import type { DoubleStageSchema, GroupsStageSchema, KnockoutStageSchema, StageSchema, SwissStageSchema } from './stage-schema';
import type { Bracket, BracketMatch } from '../brackets';

export type Stage = z.infer<typeof StageSchema>;
export type GroupsStage = z.infer<typeof GroupsStageSchema>;
export type KnockoutStage = z.infer<typeof KnockoutStageSchema>;
export type SwissStage = z.infer<typeof SwissStageSchema>;
export type DoubleStage = z.infer<typeof DoubleStageSchema>;

/** The formats this page draws beyond one knockout tree. */
export type FormatKind = 'groups_knockout' | 'swiss' | 'double_elimination';

export type MatchIndex = ReadonlyMap<string, BracketMatch>;

/** Every match of the bracket by id. */
export function matchIndex(bracket: Bracket): MatchIndex {
  return new Map(bracket.rounds.flatMap((round) => round.matches.map((match) => [match.id, match] as const)));
}

/** The matches behind a list of ids, in the list's order; an id the rounds do not hold is skipped. */
export function matchesOf(ids: readonly string[], index: MatchIndex): BracketMatch[] {
  return ids.flatMap((id) => {
    const match = index.get(id);
    return match ? [match] : [];
  });
}

export const stageOfKind = <K extends Stage['kind']>(bracket: Bracket, kind: K): Extract<Stage, { kind: K }> | undefined =>
  bracket.stages?.find((stage): stage is Extract<Stage, { kind: K }> => stage.kind === kind);

/**
 * Which format view the bracket gets, or null for the one knockout tree: the format word, and only when the
 * stages it needs arrived (a server that does not send them yet still shows its rounds as before).
 */
export function formatViewOf(bracket: Bracket): FormatKind | null {
  switch (bracket.format) {
    case 'groups_knockout':
      return stageOfKind(bracket, 'groups') ? 'groups_knockout' : null;
    case 'swiss':
      return stageOfKind(bracket, 'swiss') ? 'swiss' : null;
    case 'double_elimination':
      return stageOfKind(bracket, 'double_elimination') ? 'double_elimination' : null;
    default:
      return null;
  }
}

/**
 * A knockout stage as a bracket of its own, for the knockout tree and round tabs: its rounds (the
 * third-place match left out, shown on its own beside the tree) with the matches they name.
 */
export function knockoutBracket(bracket: Bracket, stage: KnockoutStage, index: MatchIndex): Bracket {
  const third = stage.third_place ?? null;
  const rounds = stage.rounds.flatMap((round) => {
    const matches = matchesOf(round.matches, index).filter((match) => match.id !== third && match.bracket !== 'third_place');
    const first = matches[0];
    return first ? [{ round: first.round, name: round.name, scheduled_at: first.scheduled_at, matches }] : [];
  });
  return { format: 'knockout', draw: bracket.draw, rounds };
}

/** The third-place match of a knockout stage, where it has one. */
export function thirdPlaceMatch(stage: KnockoutStage, index: MatchIndex): BracketMatch | null {
  return stage.third_place ? (index.get(stage.third_place) ?? null) : null;
}

/** Rounds of a stage (Swiss rounds, a bracket of double elimination) with their matches. */
export type RoundView = { name: string; matches: BracketMatch[] };

export const roundsOf = (rounds: readonly { name: string; matches: readonly string[] }[], index: MatchIndex): RoundView[] =>
  rounds.map((round) => ({ name: round.name, matches: matchesOf(round.matches, index) }));
