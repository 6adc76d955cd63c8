/**
 * The parental consent page's words (ParentalConsentIsland.tsx) in the page's language; the Hindi ones are a chunk
 * only Hindi pages load (lib/i18n/island-words.ts). The ages come from the rules, the code's length from
 * CONSENT_CODE_LENGTH, the tries left from the database's answer. Refusals are worded from their hint
 * (describeFailure). Hindi follows docs/hindi-glossary.md (माता-पिता की सहमति, नाबालिग, PAN).
 */
import { islandWords } from '@/lib/i18n/island-words';

/** The consent e-mail's code is six digits (private.parental_consent_code): the form's pattern and its words. */
export const CONSENT_CODE_LENGTH = 6;

/** How a parent is related to the player, as the database names it. */
export type Relation = 'mother' | 'father' | 'legal_guardian';

const en = {
  reading: 'Reading the link…',
  missing: 'This page needs the link from the consent e-mail. Open the link from the e-mail again.',
  /** `name`: the player's in-game name, when the database gives it. */
  confirmed: (name: string | null) =>
    `Thank you. Your consent is recorded${name ? ` for ${name}` : ''}: they can now join free tournaments. We e-mailed you a link to withdraw it at any time.`,
  withdrawn: (name: string | null) =>
    `Your consent is withdrawn${name ? ` for ${name}` : ''}: their entries have ended, and free tournaments are closed to them again.`,
  withdrawIntro:
    'You gave your consent for your child to join free tournaments on Golazo Arena. You can withdraw it now, with one click. Their entries end with it: a place in a tournament not started yet is given back, and a match under way goes to the opponent.',
  withdrawing: 'Withdrawing…',
  withdraw: 'Withdraw my consent',
  /** Who asks: `[before the name, after it]`; `adultAge` is the paid entry's minimum age from the rules. */
  asks: (adultAge: number): [string, string] => [
    '',
    ` asked to join free eFootball tournaments on Golazo Arena. Players under ${adultAge} can only join free tournaments, and only with a parent’s consent. Paid tournaments stay closed to them.`,
  ],
  yourChild: 'Your child',
  accountNeeds:
    'You give consent from your own Golazo Arena account, the one at the address this e-mail came to, and it needs a PAN our PAN check has verified (My Earnings, “PAN and UPI id”): that is how we know an adult consents.',
  checkingSignIn: 'Checking whether you are signed in…',
  signInToConsent: 'Sign in to give consent',
  signedInAs: (email: string) => `Signed in as ${email}.`,
  code: (length: number) => `The ${length}-digit code from the e-mail`,
  fullName: 'Your full name',
  relationLabel: 'You are their',
  choose: 'Choose…',
  relations: { mother: 'Mother', father: 'Father', legal_guardian: 'Legal guardian' } as Record<Relation, string>,
  recording: 'Recording…',
  consent: 'I consent',
  /** A wrong code: the database counts the tries and says how many are left. */
  wrongCode: (left: number) => `That code is not the one we e-mailed you. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
};

export type ConsentWords = typeof en;

export const CONSENT_WORDS = islandWords(en, () => import('./consent-words-hi'));
