/**
 * The parental consent page's words (ParentalConsentIsland.tsx) in the page's language. Only "Reading the link…"
 * is on the page in both languages; the rest load as the page reads its link, before anything else shows
 * (`consentWordsIn`: consent-text-en.ts / consent-text-hi.ts), so the page's first load carries none of them
 * (named `-text-`, not `-words-hi`: they load after the island hydrates, like alert-data-hi.ts, so the size report
 * does not count them as words the page waits for).
 * The ages come from the rules, the code's length from CONSENT_CODE_LENGTH, the tries left from the database's
 * answer. Refusals are worded from their hint (describeFailure). Hindi follows docs/hindi-glossary.md
 * (माता-पिता की सहमति, नाबालिग, PAN).
 */
import type { Lang } from '@/lib/i18n/lang';

/** The consent e-mail's code is six digits (private.parental_consent_code): the form's pattern and its words. */
export const CONSENT_CODE_LENGTH = 6;

/** How a parent is related to the player, as the database names it. */
export type Relation = 'mother' | 'father' | 'legal_guardian';

/** The one sentence shown before the words have loaded (the server's frame). */
export const CONSENT_READING: Record<Lang, string> = { en: 'Reading the link…', hi: 'लिंक पढ़ा जा रहा है…' };

export type ConsentWords = {
  missing: string;
  /** `name`: the player's in-game name, when the database gives it. */
  confirmed: (name: string | null) => string;
  withdrawn: (name: string | null) => string;
  withdrawIntro: string;
  withdrawing: string;
  withdraw: string;
  /** Who asks: `[before the name, after it]`; `adultAge` is the paid entry's minimum age from the rules. */
  asks: (adultAge: number) => [string, string];
  yourChild: string;
  accountNeeds: string;
  checkingSignIn: string;
  signInToConsent: string;
  /** The sign-in page's link in the page's language, coming back to this page after (a link, not a word). */
  signInHref: () => string;
  signedInAs: (email: string) => string;
  code: (length: number) => string;
  fullName: string;
  relationLabel: string;
  choose: string;
  relations: Record<Relation, string>;
  recording: string;
  consent: string;
  /** A wrong code: the database counts the tries and says how many are left. */
  wrongCode: (left: number) => string;
};

/** The page's words in `lang`, loaded as the page reads its link. */
export async function consentWordsIn(lang: Lang): Promise<ConsentWords> {
  return (await (lang === 'hi' ? import('./consent-text-hi') : import('./consent-text-en'))).default;
}
