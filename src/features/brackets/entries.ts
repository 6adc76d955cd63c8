/**
 * A player's own entry in a tournament: when and whether they can check in, the words for a refused
 * check-in, invitation or acceptance, and the extra slots they bought. Pure functions only (no React, no
 * Supabase); brackets.api.ts does the IO. My Tournaments loads this without the bracket's own helpers.
 */
import type * as z from 'zod/mini';
import { whenIST } from '@/lib/format';
import { CHECK_IN_WORDS, type CheckInWords, ENTRY_ERRORS_EN, type EntryErrorHint, type EntryErrorWords } from './check-in-words';
import { invitationHref, isPodId } from '@/lib/routes';
import type { MyEntriesSchema } from './brackets.schemas';

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
  /** `drawAt`: when the draw runs, while it is still ahead (null once check-in has closed). */
  | { kind: 'checked-in'; at: string; drawAt: string | null }
  | { kind: 'closed' }
  /** `reason`: the database's words (withdraw_reason), when it gave them; `code`: their code, for Hindi words. */
  | { kind: 'withdrawn'; closedAt: string; reason?: string; code?: string };

/** What the check-in area shows for a player's entry (null: no entry of their own to check in). */
export function checkInView(entries: MyEntries, now: Date = new Date()): CheckInView | null {
  const entry = entries.my_entry;
  if (!entry) return null;
  const { opens_at, closes_at } = entries.check_in;
  const reason = entry.withdraw_reason?.trim() || undefined;
  const why = reason ? { reason, ...(entry.withdraw_reason_code ? { code: entry.withdraw_reason_code } : {}) } : {};
  // A place withdrawn and then refunded (a quick pod's missed check-in) reads cancelled: it says why.
  if (entry.status === 'cancelled') return reason ? { kind: 'withdrawn', closedAt: closes_at, ...why } : null;
  if (entry.status === 'withdrawn') return { kind: 'withdrawn', closedAt: closes_at, ...why };
  if (entry.checked_in_at) return { kind: 'checked-in', at: entry.checked_in_at, drawAt: now < new Date(closes_at) ? closes_at : null };
  if (now < new Date(opens_at)) {
    // An open pod's times are its fill deadline, not a schedule: filling it opens check-in at once.
    return isPodId(entries.tournament_id) ? { kind: 'when-full' } : { kind: 'before', opensAt: opens_at, closesAt: closes_at };
  }
  if (now >= new Date(closes_at)) return { kind: 'closed' };
  return { kind: 'open', closesAt: closes_at };
}

/** Time left as a phone shows it: "9:05" under an hour, "2 h 05 min" under a day, else "3 days". */
export function countdown(
  to: string,
  now: Date = new Date(),
  words: Pick<CheckInWords, 'hoursMinutes' | 'days'> = CHECK_IN_WORDS.en,
): string {
  const seconds = Math.max(0, Math.floor((new Date(to).getTime() - now.getTime()) / 1000));
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  if (seconds < 86_400) return words.hoursMinutes(Math.floor(seconds / 3600), String(Math.floor((seconds % 3600) / 60)).padStart(2, '0'));
  return words.days(Math.floor(seconds / 86_400));
}

/**
 * The player's words for a refused check-in, invitation or acceptance, by the database's hint, in the page's
 * language (`words`, check-in-words.ts; English by default). An unknown refusal keeps the server's sentence on
 * an English page only.
 */
export function entryErrorMessage(
  error: unknown,
  times?: { opensAt?: string; closesAt?: string },
  words: EntryErrorWords = ENTRY_ERRORS_EN,
  when: (at: string) => string = whenIST,
): string {
  const hint = error instanceof EntryActionError ? error.hint : null;
  if (hint === 'check_in_not_open') return times?.opensAt ? words.checkInOpensAt(when(times.opensAt)) : words.checkInNotOpen;
  if (hint && Object.hasOwn(words, hint) && hint !== 'generic' && hint !== 'checkInNotOpen' && hint !== 'checkInOpensAt') {
    return words[hint as EntryErrorHint];
  }
  if (words === ENTRY_ERRORS_EN && error instanceof Error && error.message) return error.message;
  return words.generic;
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
