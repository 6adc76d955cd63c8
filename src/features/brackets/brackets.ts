/**
 * The bracket as a player reads it: which round to open first, their own path through it, the one line
 * that tells them where they stand and where each match sits in the tree. Pure functions only (no React,
 * no Supabase); brackets.api.ts does the IO. A player's own entry (check-in, extra slots) is entries.ts.
 */
import { type MatchResult, resultOfSides } from '@/lib/score';
import type * as z from 'zod/mini';
import { whenIST } from '@/lib/format';
import type { BracketMatchSchema } from './bracket-schema';
import type { BracketWithStagesSchema } from './formats/stage-schema';
import { ordinal } from './formats/intro';

/** A bracket as the page reads it: its rounds, and its format and stages where the answer has them. */
export type Bracket = z.infer<typeof BracketWithStagesSchema>;
export type BracketMatch = z.infer<typeof BracketMatchSchema>;

/** Matches that need nothing more from anyone. */
const SETTLED = new Set(['confirmed', 'bye', 'void']);
export const isSettled = (match: BracketMatch): boolean => SETTLED.has(match.status) || match.winner_entry_id !== null;

export const isDrawn = (bracket: Bracket): boolean => bracket.rounds.length > 0;

const hasEntry = (match: BracketMatch, entryId: string): boolean => match.entries.some((entry) => entry?.entry_id === entryId);

/** The matches `entryId` plays or played, earliest round first: their path through the bracket. */
export function pathOf(bracket: Bracket, entryId: string | null): BracketMatch[] {
  if (!entryId) return [];
  return bracket.rounds.flatMap((round) => round.matches.filter((match) => hasEntry(match, entryId)));
}

/**
 * The round a player wants to see first: their next unsettled match's round; for anyone else the
 * current round (the first with a match still to settle); once everything is settled, the final.
 */
export function defaultRoundIndex(bracket: Bracket, entryId: string | null): number {
  if (bracket.rounds.length === 0) return 0;
  const mine = pathOf(bracket, entryId).find((match) => !isSettled(match));
  if (mine) {
    const index = bracket.rounds.findIndex((round) => round.round === mine.round);
    if (index >= 0) return index;
  }
  const current = bracket.rounds.findIndex((round) => round.matches.some((match) => !isSettled(match)));
  return current >= 0 ? current : bracket.rounds.length - 1;
}

/** Where a player stands, before the words are chosen. */
export type Standing =
  /** drawAt null: not known yet (a pod draws 10 minutes or so after it fills). */
  | { kind: 'waiting-draw'; drawAt: string | null }
  | { kind: 'withdrawn'; closedAt: string | null }
  | { kind: 'not-drawn' }
  /** matchId: the match to open, its two players known. */
  | { kind: 'next'; round: string; opponent: string; at: string | null; matchId: string }
  | { kind: 'through'; round: string; at: string | null }
  | { kind: 'out'; round: string }
  | { kind: 'champion' }
  /** Groups: every group match of theirs played; `closed` once the knockout has been filled from the tables. */
  | { kind: 'group-finished'; group: string; rank: number; closed: boolean; qualified: boolean }
  /** A final place decided by a match that is not the final (the third-place match). */
  | { kind: 'placed'; place: number }
  /** Swiss: their place in the table while they wait for the next round, or at the end. */
  | { kind: 'table'; rank: number; of: number };

const roundName = (bracket: Bracket, round: number): string => bracket.rounds.find((r) => r.round === round)?.name ?? `Round ${round}`;

/** A player's standing from the bracket and their entry (null entry: not playing). */
export function standingOf(
  bracket: Bracket,
  entry: { entry_id: string; status: string; withdraw_reason?: string | null } | null,
  checkInClosesAt: string | null,
): Standing | null {
  if (!entry) return null;
  // A withdrawn entry refunded in full afterwards (a quick pod's missed check-in) reads cancelled, with its reason.
  if (entry.status === 'withdrawn' || (entry.status === 'cancelled' && entry.withdraw_reason)) {
    return { kind: 'withdrawn', closedAt: checkInClosesAt };
  }
  if (!isDrawn(bracket)) return { kind: 'waiting-draw', drawAt: checkInClosesAt };
  const path = pathOf(bracket, entry.entry_id);
  const latest = path.at(-1);
  if (!latest) return { kind: 'not-drawn' };
  const lastRound = bracket.rounds.at(-1)?.round ?? latest.round;
  // A bye is won by the entry that is there.
  const won = latest.winner_entry_id === entry.entry_id || (latest.status === 'bye' && latest.winner_entry_id === null);
  if (won) {
    if (latest.round >= lastRound) return { kind: 'champion' };
    const next = bracket.rounds.find((r) => r.round === latest.round + 1);
    const nextMatch = next?.matches.find((m) => m.position === Math.ceil(latest.position / 2));
    return { kind: 'through', round: roundName(bracket, latest.round + 1), at: nextMatch?.scheduled_at ?? next?.scheduled_at ?? null };
  }
  if (latest.winner_entry_id !== null || latest.status === 'void') return { kind: 'out', round: roundName(bracket, latest.round) };
  const opponent = latest.entries.find((e) => e !== null && e.entry_id !== entry.entry_id) ?? null;
  if (!opponent) return { kind: 'through', round: roundName(bracket, latest.round), at: latest.scheduled_at };
  return {
    kind: 'next',
    round: roundName(bracket, latest.round),
    opponent: opponent.in_game_name ?? 'a player without a name yet',
    at: latest.scheduled_at,
    matchId: latest.id,
  };
}

/** The one line above the bracket: "Your next match: Round of 64 vs demo3, 6:30 pm IST". */
export function standingLine(standing: Standing, now: Date = new Date()): string {
  switch (standing.kind) {
    case 'waiting-draw':
      return standing.drawAt
        ? `Waiting for the draw at ${whenIST(standing.drawAt, now)}`
        : 'Waiting for the draw: it runs when check-in closes';
    case 'withdrawn':
      return `You're out: you were withdrawn because you did not check in${standing.closedAt ? ` by ${whenIST(standing.closedAt, now)}` : ' in time'}`;
    case 'not-drawn':
      return 'You are not in this bracket';
    case 'next':
      return `Your next match: ${standing.round} vs ${standing.opponent}${standing.at ? `, ${whenIST(standing.at, now)}` : ''}`;
    case 'through':
      return `You're through to the ${standing.round}${standing.at ? `, ${whenIST(standing.at, now)}` : ''}: your opponent is not decided yet`;
    case 'out':
      return `You're out: knocked out in the ${standing.round}`;
    case 'champion':
      return 'You won the tournament!';
    case 'group-finished': {
      const place = `${ordinal(standing.rank)} in group ${standing.group}`;
      if (!standing.closed) return `Your group matches are done: ${place} so far. The knockout is filled when every group has finished`;
      return standing.qualified ? `You're through to the knockout: ${place}` : `You're out: ${place}`;
    }
    case 'placed':
      return `You finished ${ordinal(standing.place)}`;
    case 'table':
      return `You're ${ordinal(standing.rank)} of ${standing.of} in the table`;
  }
}

/**
 * Where a match sits in the tree: the first round's matches take one row each, and a match of a later
 * round spans the rows of the two matches that feed it, so it sits level with the middle of them.
 * `roundIndex` counts from 0 (the first round), `position` from 1.
 */
export function treePlacement(roundIndex: number, position: number): { rowStart: number; rowSpan: number } {
  const rowSpan = 2 ** roundIndex;
  return { rowStart: (position - 1) * rowSpan + 1, rowSpan };
}

/** The tree is drawn for brackets up to this many first-round matches; bigger ones read round by round. */
export const TREE_MAX_FIRST_ROUND = 16;

export const showsTree = (bracket: Bracket): boolean =>
  bracket.rounds.length > 1 && (bracket.rounds[0]?.matches.length ?? 0) <= TREE_MAX_FIRST_ROUND;

/** A side of a match as shown: the player's in-game name, "bye", or "to be decided". */
export function sideLabel(
  match: BracketMatch,
  side: 0 | 1,
  words: { unnamed: string; bye: string; toBeDecided: string } = { unnamed: 'Unnamed player', bye: 'bye', toBeDecided: 'to be decided' },
): string {
  const entry = match.entries[side];
  if (entry) return entry.in_game_name ?? words.unnamed;
  if (match.status === 'bye') return words.bye;
  return words.toBeDecided;
}

/** A match has a page to open once both its players are known (a bye or an undecided place has nothing to play). */
export const hasMatchPage = (match: BracketMatch): boolean => match.entries[0] !== null && match.entries[1] !== null;

/**
 * A played match's result, winner first (lib/score), for the card's line "PlayerA won 2–0". Null for a bye,
 * an undecided match and a void one.
 */
export function matchResult(match: BracketMatch): MatchResult | null {
  if (match.status === 'bye' || match.winner_entry_id === null || !hasMatchPage(match)) return null;
  const winner = match.entries[0]?.entry_id === match.winner_entry_id ? 0 : match.entries[1]?.entry_id === match.winner_entry_id ? 1 : null;
  return resultOfSides({ names: [sideLabel(match, 0), sideLabel(match, 1)], score: match.score, winner });
}

/** "2 – 1", or null before a score exists. */
export const scoreLabel = (match: BracketMatch): string | null => (match.score ? `${match.score[0]} – ${match.score[1]}` : null);

/** The commitment shortened for a phone, keeping both ends recognisable. */
export const shortHash = (hash: string): string => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);
