/**
 * The one line above a bracket of stages: where a player stands in groups then a knockout, Swiss or double
 * elimination. The knockout's own rules (round + 1, the last round is the final) do not hold here: a group
 * or Swiss match can end level, a player plays on after a loss, and the third-place match comes after the
 * final in play order, so this reads the player's matches and the stages' tables instead.
 */
import { type Bracket, type BracketMatch, isSettled, pathOf, type Standing, standingOf } from '../brackets';
import { formatViewOf, type GroupsStage, knockoutBracket, matchIndex, stageOfKind } from './stages';

type Entry = { entry_id: string; status: string; withdraw_reason?: string | null };

const roundNameOf = (bracket: Bracket, match: BracketMatch): string => {
  const name = bracket.rounds.find((round) => round.matches.some((m) => m.id === match.id))?.name ?? `Round ${match.round}`;
  // "Group matchday 2" of group A reads "Group A, matchday 2".
  return match.group ? `Group ${match.group}, ${name.replace(/^Group m/, 'm')}` : name;
};

/** The standing of `entry` in a bracket of any format (a knockout's is brackets.ts's standingOf). */
export function formatStandingOf(bracket: Bracket, entry: Entry | null, checkInClosesAt: string | null): Standing | null {
  const format = formatViewOf(bracket);
  const before = standingOf(bracket, entry, checkInClosesAt);
  if (!format || !entry || !before || ['withdrawn', 'waiting-draw', 'not-drawn'].includes(before.kind)) return before;

  const path = pathOf(bracket, entry.entry_id);
  const next = path.find((match) => !isSettled(match));
  if (next) {
    const opponent = next.entries.find((e) => e !== null && e.entry_id !== entry.entry_id);
    if (!opponent) return { kind: 'through', round: roundNameOf(bracket, next), at: next.scheduled_at };
    return {
      kind: 'next',
      round: roundNameOf(bracket, next),
      opponent: opponent.in_game_name ?? 'a player without a name yet',
      at: next.scheduled_at,
      matchId: next.id,
    };
  }
  const last = path.at(-1);
  if (!last) return before;
  const won = last.winner_entry_id === entry.entry_id;

  if (format === 'swiss') {
    const table = stageOfKind(bracket, 'swiss')?.table ?? [];
    const row = table.find((r) => r.entry_id === entry.entry_id);
    return row ? { kind: 'table', rank: row.rank, of: table.length } : null;
  }
  if (format === 'groups_knockout' && last.stage === 'groups') {
    const groups = stageOfKind(bracket, 'groups');
    const mine = groups ? groupOf(groups, entry.entry_id) : null;
    return mine ? { kind: 'group-finished', group: mine.group, rank: mine.rank, closed: mine.closed, qualified: mine.qualified } : null;
  }
  if (last.bracket === 'third_place') return won ? { kind: 'placed', place: 3 } : { kind: 'placed', place: 4 };
  if (!won) return { kind: 'out', round: roundNameOf(bracket, last) };
  if (format === 'double_elimination') {
    return last.bracket === 'grand_final' ? { kind: 'champion' } : { kind: 'through', round: roundNameOf(bracket, last), at: null };
  }
  // The knockout after the groups: the final is the last round of its stage, third place aside.
  const knockout = stageOfKind(bracket, 'knockout');
  const finalRound = knockout ? knockoutBracket(bracket, knockout, matchIndex(bracket)).rounds.at(-1) : undefined;
  if (finalRound?.matches.some((match) => match.id === last.id)) return { kind: 'champion' };
  return { kind: 'through', round: roundNameOf(bracket, last), at: null };
}

/** The group a player is in, their place in it, and whether the knockout has been filled from the tables. */
function groupOf(stage: GroupsStage, entryId: string): { group: string; rank: number; qualified: boolean; closed: boolean } | null {
  const closed = stage.groups.some((group) => group.table.some((row) => row.qualified));
  for (const group of stage.groups) {
    const row = group.table.find((r) => r.entry_id === entryId);
    if (row) return { group: group.name, rank: row.rank, qualified: row.qualified, closed };
  }
  return null;
}
