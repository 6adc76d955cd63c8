/**
 * The invitation page's words (InviteIsland.tsx) in the page's language; the Hindi ones are a chunk only Hindi
 * pages load (lib/i18n/island-words.ts). Times arrive formatted (IST, the date in the page's language); the paid
 * entry's age is the rules' number. Refusals are worded from their hint (use-invitation.ts), never the
 * database's English. Hindi follows docs/hindi-glossary.md (न्योता, जगह, स्वीकार करना, चेक-इन).
 */
import { islandWords } from '@/lib/i18n/island-words';

const en = {
  loading: 'Loading your invitation…',
  missing: 'This page needs the link from your invitation. Open the link you were sent again.',
  seeAll: 'See every tournament',
  /** Above the tournament's title: who bought the place (null: a player the database does not name). */
  boughtFor: (buyer: string | null) => `${buyer ?? 'A player'} bought a place for you in`,
  starts: 'Starts',
  acceptBy: 'Accept and check in by',
  yours: 'This place is yours.',
  /** After accepting: the sentence around the link to My Tournaments (`[before, link, after]`). */
  checkInBefore: (when: string): [string, string, string] => [
    `Check in before ${when} on `,
    'My Tournaments',
    ' or the tournament’s page, or the place is withdrawn.',
  ],
  alreadyAccepted: 'This invitation has already been accepted.',
  withdrawn: 'This place was withdrawn: it was not taken before check-in closed.',
  /** What accepting means: `adultAge` is the paid entry's minimum age from the rules. */
  terms: (adultAge: number) =>
    `The place is played by your own account: prizes and reports are yours. You need a complete profile, and paid tournaments are for players ${adultAge} and over who live in India.`,
  accept: 'Accept this place',
  signInToAccept: 'Sign in to accept this place',
  /** The sign-in page's note when a visitor is sent there first. */
  signInNote: 'Sign in to accept your invitation.',
  completeProfile: 'Complete your profile',
};

export type InviteWords = typeof en;

export const INVITE_WORDS = islandWords(en, () => import('./invite-words-hi'));
