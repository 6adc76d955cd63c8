/**
 * The waitlist card's words in both languages (joining, the player's position and check-in, leaving it, the
 * outcome at check-in close) and its refusals by hint, read through the page's language store
 * (lib/i18n/use-messages). Amounts arrive formatted (₹ in both languages), times formatted in the page's
 * language (`when`). The English sentences are waitlist.ts's and my-waitlist-place.ts's own.
 * Hindi follows docs/hindi-glossary.md (वेटलिस्ट, चेक-इन, रिफ़ंड).
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { leaveWarning, leftLine, type PlaceLineParts, placeLineEn } from './my-waitlist-place';
import {
  joinButtonLabel,
  joinHeadline,
  joinRule,
  positionLine,
  waitlistErrorMessage,
  waitlistFullLine,
  type WaitlistView,
} from './waitlist';

type Join = Extract<WaitlistView, { kind: 'join' }>;

export type WaitlistWords = {
  region: string;
  joinHeadline: (view: Join) => string;
  joinButton: (view: Join, entryFeePaise: number) => string;
  joinRule: (view: Join, closesAt: string) => string;
  joining: string;
  full: (capacity: number) => string;
  position: (position: number) => string;
  checkIn: string;
  checkingIn: string;
  checkedIn: string;
  checkInFrom: (opensAt: string) => string;
  checkInMissed: string;
  placesGoAt: (closesAt: string) => string;
  left: (refundPaise: number) => string;
  movedUp: string;
  movedUpNote: string;
  noPlace: string;
  refunded: string;
  joinNext: string;
  leave: string;
  leaving: string;
  confirmLeave: string;
  keepPlace: string;
  leaveWarning: (paidPaise: number) => string;
  signInToJoin: string;
  /** The heading of a player's own waitlist places (My Tournaments, the dashboard). */
  onWaitlist: string;
  /** A waitlist place's line: position, and its check-in (times formatted by the caller). */
  waitlistLine: (place: PlaceLineParts) => string;
  /** A refusal by its hint; `fallback` is the server's sentence (English pages only). */
  error: (hint: string | null, fallback: string) => string;
};

const en: WaitlistWords = {
  region: 'Waitlist',
  joinHeadline,
  joinButton: joinButtonLabel,
  joinRule: (view, closesAt) => joinRule(view, undefined, closesAt),
  joining: 'Joining…',
  full: waitlistFullLine,
  position: positionLine,
  checkIn: 'Check in',
  checkingIn: 'Checking in…',
  checkedIn: 'Checked in ✓',
  checkInFrom: (opensAt) => `Check in from ${opensAt}: only checked-in players move up.`,
  checkInMissed: 'Check-in has closed without you: you cannot move up.',
  placesGoAt: (closesAt) => `At ${closesAt} every empty place goes to checked-in waitlisted players, in order.`,
  left: leftLine,
  movedUp: 'You moved up from the waitlist',
  movedUpNote: 'A place came free: you are in the draw. Your matches are in the bracket below.',
  noPlace: 'No place came free for you.',
  refunded: 'Your waitlist payment is refunded in full.',
  joinNext: 'Join the next one.',
  leave: 'Leave the waitlist',
  leaving: 'Leaving…',
  confirmLeave: 'Yes, leave the waitlist',
  keepPlace: 'Keep my place',
  leaveWarning,
  signInToJoin: 'Sign in to join the waitlist.',
  onWaitlist: 'On a waitlist',
  waitlistLine: placeLineEn,
  error: waitlistErrorMessage,
};

export const WAITLIST_WORDS: Record<Lang, WaitlistWords> = islandWords(en, () => import('./waitlist-words-hi'));
