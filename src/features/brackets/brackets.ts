/**
 * The bracket as a player reads it: which round to open first, their own path through it, the one line
 * that tells them where they stand, where each match sits in the tree, check-in and extra-slot states.
 * Pure functions only (no React, no Supabase); brackets.api.ts does the IO.
 */
import type * as z from 'zod/mini';
import { formatDateIST, formatShortDateIST, formatTimeIST } from '@/lib/format';
import { invitationHref, isPodId } from '@/lib/routes';
import type { BracketMatchSchema, BracketRoundSchema, BracketSchema, MyEntriesSchema } from './brackets.schemas';

export type Bracket = z.infer<typeof BracketSchema>;
export type BracketRound = z.infer<typeof BracketRoundSchema>;
export type BracketMatch = z.infer<typeof BracketMatchSchema>;
export type MyEntries = z.infer<typeof MyEntriesSchema>;
export type BoughtSlot = MyEntries['bought'][number];

/** A refusal of a database function: its stable `hint` code and the database's own words. */
export class EntryActionError extends Error {
  readonly hint: string | null;
  constructor(message: string, hint: string | null) {
    super(message);
    this.name = 'EntryActionError';
    this.hint = hint;
  }
}

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
  | { kind: 'champion' };

const roundName = (bracket: Bracket, round: number): string => bracket.rounds.find((r) => r.round === round)?.name ?? `Round ${round}`;

/** A player's standing from the bracket and their entry (null entry: not playing). */
export function standingOf(
  bracket: Bracket,
  entry: { entry_id: string; status: string } | null,
  checkInClosesAt: string | null,
): Standing | null {
  if (!entry) return null;
  if (entry.status === 'withdrawn') return { kind: 'withdrawn', closedAt: checkInClosesAt };
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

const sameIstDay = (a: Date, b: Date): boolean => formatDateIST(a) === formatDateIST(b);

/** "6:30 pm IST" today, "12 Dec 2026, 6:30 pm IST" on another day. */
export function whenIST(at: string, now: Date = new Date()): string {
  const date = new Date(at);
  return sameIstDay(date, now) ? formatTimeIST(date) : `${formatShortDateIST(date)}, ${formatTimeIST(date)}`;
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
export function sideLabel(match: BracketMatch, side: 0 | 1): string {
  const entry = match.entries[side];
  if (entry) return entry.in_game_name ?? 'Unnamed player';
  if (match.status === 'bye') return 'bye';
  return 'to be decided';
}

/** A match has a page to open once both its players are known (a bye or an undecided place has nothing to play). */
export const hasMatchPage = (match: BracketMatch): boolean => match.entries[0] !== null && match.entries[1] !== null;

/** "2 – 1", or null before a score exists. */
export const scoreLabel = (match: BracketMatch): string | null => (match.score ? `${match.score[0]} – ${match.score[1]}` : null);

/** The commitment shortened for a phone, keeping both ends recognisable. */
export const shortHash = (hash: string): string => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);

// ---------------------------------------------------------------------------------------------
// Check-in
// ---------------------------------------------------------------------------------------------

/**
 * When check-in closes (and the draw runs) by the series defaults, for pre-rendered text before the
 * database's time arrives: championships 60 minutes before the start, quick pods 15 minutes before.
 */
export function defaultCheckInClosesAt(series: 'championship' | 'quick', startsAt: string): Date {
  return new Date(new Date(startsAt).getTime() - (series === 'championship' ? 60 : 15) * 60_000);
}

export type CheckInView =
  | { kind: 'before'; opensAt: string; closesAt: string }
  /** A pod that is not full yet: its check-in opens the moment it fills. */
  | { kind: 'when-full' }
  | { kind: 'open'; closesAt: string }
  | { kind: 'checked-in'; at: string }
  | { kind: 'closed' }
  | { kind: 'withdrawn'; closedAt: string };

/** What the check-in area shows for a player's entry (null: no entry of their own to check in). */
export function checkInView(entries: MyEntries, now: Date = new Date()): CheckInView | null {
  const entry = entries.my_entry;
  if (!entry || entry.status === 'cancelled') return null;
  const { opens_at, closes_at } = entries.check_in;
  if (entry.status === 'withdrawn') return { kind: 'withdrawn', closedAt: closes_at };
  if (entry.checked_in_at) return { kind: 'checked-in', at: entry.checked_in_at };
  if (now < new Date(opens_at)) {
    // An open pod's times are its fill deadline, not a schedule: filling it opens check-in at once.
    return isPodId(entries.tournament_id) ? { kind: 'when-full' } : { kind: 'before', opensAt: opens_at, closesAt: closes_at };
  }
  if (now >= new Date(closes_at)) return { kind: 'closed' };
  return { kind: 'open', closesAt: closes_at };
}

/** Time left as a phone shows it: "9:05" under an hour, "2 h 05 min" under a day, else "3 days". */
export function countdown(to: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((new Date(to).getTime() - now.getTime()) / 1000));
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')} min`;
  const days = Math.floor(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The player's words for a refused check-in, invitation or acceptance, by the database's hint. */
export function entryErrorMessage(error: unknown, times?: { opensAt?: string; closesAt?: string }): string {
  const hint = error instanceof EntryActionError ? error.hint : null;
  switch (hint) {
    case 'not_signed_in':
      return 'Please log in to continue.';
    case 'not_entered':
      return 'You have no entry in this tournament to check in.';
    case 'check_in_not_open':
      return times?.opensAt ? `Check-in opens at ${whenIST(times.opensAt)}.` : 'Check-in is not open yet.';
    case 'check_in_closed':
      return 'Check-in for this tournament has closed.';
    case 'entry_withdrawn':
      return 'Your entry was withdrawn: it was not checked in before check-in closed.';
    case 'tournament_cancelled':
      return 'This tournament was cancelled.';
    case 'invalid_email':
      return 'Enter a valid e-mail address.';
    case 'tournament_not_found':
      return 'This tournament does not exist.';
    case 'not_your_entry':
      return 'Only the player who bought this slot can invite someone to it.';
    case 'entry_taken':
      return 'Someone has already taken this place.';
    case 'invitation_not_found':
      return 'This invitation link is not valid. Ask the player who sent it for a new one.';
    case 'invitation_used':
      return 'This invitation has already been accepted.';
    case 'already_entered':
      return 'You already have a place in this tournament.';
    default:
      if (error instanceof Error && error.message) return error.message;
      return 'Something went wrong. Please try again.';
  }
}

/** Refusals the player fixes on their profile (the answer then links to it). */
export const PROFILE_HINTS = new Set(['profile_incomplete', 'too_young_for_paid_entry', 'residence_required', 'parental_consent_required']);

// ---------------------------------------------------------------------------------------------
// Extra slots and invitations
// ---------------------------------------------------------------------------------------------

export type SlotState =
  | { kind: 'taken'; player: string }
  | { kind: 'invited'; email: string }
  | { kind: 'waiting' }
  | { kind: 'withdrawn' }
  | { kind: 'cancelled' };

export function slotState(slot: BoughtSlot): SlotState {
  if (slot.status === 'cancelled') return { kind: 'cancelled' };
  if (slot.status === 'withdrawn') return { kind: 'withdrawn' };
  if (slot.player_in_game_name) return { kind: 'taken', player: slot.player_in_game_name };
  if (slot.invited_email) return { kind: 'invited', email: slot.invited_email };
  return { kind: 'waiting' };
}

export function slotStateLabel(state: SlotState): string {
  switch (state.kind) {
    case 'taken':
      return `Taken by ${state.player}`;
    case 'invited':
      return `Invited ${state.email}`;
    case 'waiting':
      return 'Waiting for a player';
    case 'withdrawn':
      return 'Withdrawn: nobody took it by check-in close';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** Whether the buyer can still hand this slot on (nobody took it and check-in has not closed). */
export const canInvite = (slot: BoughtSlot, checkInClosesAt: string, now: Date = new Date()): boolean =>
  slot.status === 'active' && !slot.player_in_game_name && now < new Date(checkInClosesAt);

/** Invitation tokens are UUIDs: anything else in a link is a broken or mistyped link. */
export const isInvitationToken = (token: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token);

/** The invitation link a buyer shares: `/invite/?token=…` on this site. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}${invitationHref(token)}`;
}
