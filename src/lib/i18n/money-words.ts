/**
 * A tournament's entry fee and prize pool as cards and panels show them, in the page's language: a free entry
 * says so ("Free", "फ़्री") and a tournament without a pool plays for no cash ("No cash prize", "कैश प्राइज़ नहीं"),
 * never "₹0"; any other amount reads the same in both languages (₹45,000: Latin digits, lakh grouping). The one
 * place these words live: every page, built or an island, reads them, and the dictionaries' `tournaments.free` / `noCashPrize` are these. Small, so an island may load it.
 */
import { formatRupees } from '../format';
import type { Lang } from './lang';

/** The words for a zero amount, by language. */
export const ZERO_MONEY_WORDS: Record<Lang, { free: string; noCashPrize: string }> = {
  en: { free: 'Free', noCashPrize: 'No cash prize' },
  hi: { free: 'फ़्री', noCashPrize: 'कैश प्राइज़ नहीं' },
};

/** An entry fee in `lang` from whole rupees: "Free" / "फ़्री", else "₹150". */
export function entryFeeIn(lang: Lang, rupees: number): string {
  return rupees === 0 ? ZERO_MONEY_WORDS[lang].free : formatRupees(rupees);
}

/** A prize pool in `lang` from whole rupees: a free cup without a pool plays for glory, never "₹0". */
export function prizePoolIn(lang: Lang, rupees: number): string {
  return rupees === 0 ? ZERO_MONEY_WORDS[lang].noCashPrize : formatRupees(rupees);
}

/** "Free" / "₹150" and "No cash prize" / "₹45,000", in `lang`, from whole rupees. */
export function moneyWordsIn(lang: Lang, rupees: { entryFeeRupees: number; prizePoolRupees: number }): { fee: string; prize: string } {
  return { fee: entryFeeIn(lang, rupees.entryFeeRupees), prize: prizePoolIn(lang, rupees.prizePoolRupees) };
}
