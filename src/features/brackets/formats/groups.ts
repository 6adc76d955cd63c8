/**
 * Group tables as a player reads them on a phone: one card per group, their own group first, each row's
 * place, record and whether it went through, and, where a tie-break put a row above the next, the reason
 * in words. The ranking itself is the server's (the published ladder is computed in SQL): this only reads it.
 */
import type * as z from 'zod/mini';
import type { GroupRowSchema } from './stage-schema';
import type { BracketMatch } from '../brackets';
import { type GroupsStage, type MatchIndex, matchesOf } from './stages';
import { type FormatWords, WORDS } from './words';

export type GroupRow = z.infer<typeof GroupRowSchema>;

export interface GroupRowView {
  row: GroupRow;
  name: string;
  mine: boolean;
  /** Through to the knockout (known once the group stage has closed). */
  qualified: boolean;
  /** The last row of the places that go through (a line is drawn under it while the groups are played). */
  lastQualifyingPlace: boolean;
  /** Why this row is above the next one, when a tie-break decided it; null when points did. */
  reason: string | null;
}

export interface GroupCard {
  name: string;
  title: string;
  mine: boolean;
  rows: GroupRowView[];
  matches: BracketMatch[];
  /** No match of the group has been played yet. */
  unplayed: boolean;
}

const nameOf = (row: { in_game_name: string | null }, unnamed = 'Unnamed player') => row.in_game_name ?? unnamed;

/**
 * Why `row` is above `below`, or null when points separated them (or the server named no step). Before either has
 * played, the order is only the lots of a group where everyone is level: the card says that once instead.
 */
export function tieReason(row: GroupRow, below: GroupRow | undefined, words: FormatWords = WORDS): string | null {
  if (!row.decided_by || !below || (row.played === 0 && below.played === 0)) return null;
  return words.tieReason(row.decided_by, nameOf(below));
}

/** The group cards of a groups stage: the group of `myEntryId` first, the others in their order. */
export function groupCards(stage: GroupsStage, index: MatchIndex, myEntryId: string | null, words: FormatWords = WORDS): GroupCard[] {
  const perGroup = stage.advance.per_group;
  // A group the first read left for later (get_bracket_first) has no card until the whole bracket arrives.
  const cards = stage.groups
    .filter((group) => !group.later)
    .map((group): GroupCard => {
      // The server sends rows in rank order; sorting again keeps a reason next to the row it is about.
      const table = [...group.table].sort((a, b) => a.rank - b.rank);
      return {
        name: group.name,
        title: words.group(group.name),
        mine: myEntryId !== null && table.some((row) => row.entry_id === myEntryId),
        rows: table.map((row, i) => ({
          row,
          name: nameOf(row),
          mine: row.entry_id === myEntryId,
          qualified: row.qualified,
          lastQualifyingPlace: row.rank === perGroup && i < table.length - 1,
          reason: tieReason(row, table[i + 1], words),
        })),
        matches: matchesOf(group.matches, index),
        unplayed: table.every((row) => row.played === 0),
      };
    });
  const mine = cards.filter((card) => card.mine);
  return [...mine, ...cards.filter((card) => !card.mine)];
}

/**
 * How each qualifier entered the knockout ("winner of group A", "runner-up of group B"), for the knockout's
 * cards once it is filled. Read from the tables' `qualified` and `rank`; empty before the groups close.
 */
export function qualifierNotes(stage: GroupsStage, words: FormatWords = WORDS): Map<string, string> {
  return new Map(
    stage.groups.flatMap((group) =>
      group.table.filter((row) => row.qualified).map((row) => [row.entry_id, words.qualifierNote(row.rank, group.name)] as const),
    ),
  );
}
