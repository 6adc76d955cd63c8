/**
 * A tournament's entry fee and prize pool as cards and panels show them, in the page's language: a free entry
 * says so ("Free", "फ़्री") and a tournament without a pool plays for no cash ("No cash prize", "कैश प्राइज़ नहीं"),
 * never "₹0"; any other amount reads the same in both languages (₹45,000: Latin digits, lakh grouping). The one
 * place these words live: the dashboard's cards and the landing strip (built) and the edition page (an island)
 * read them, and the dictionaries' `tournaments.free` / `noCashPrize` are these. Small, so an island may load it.
 */
import { formatRupees } from '../format';
import type { Lang } from './lang';

/** The words for a zero amount, by language. */
export const ZERO_MONEY_WORDS: Record<Lang, { free: string; noCashPrize: string }> = {
  en: { free: 'Free', noCashPrize: 'No cash prize' },
  hi: { free: 'फ़्री', noCashPrize: 'कैश प्राइज़ नहीं' },
};

/** "Free" / "₹150" and "No cash prize" / "₹45,000", in `lang`, from whole rupees. */
export function moneyWordsIn(lang: Lang, rupees: { entryFeeRupees: number; prizePoolRupees: number }): { fee: string; prize: string } {
  const zero = ZERO_MONEY_WORDS[lang];
  return {
    fee: rupees.entryFeeRupees === 0 ? zero.free : formatRupees(rupees.entryFeeRupees),
    prize: rupees.prizePoolRupees === 0 ? zero.noCashPrize : formatRupees(rupees.prizePoolRupees),
  };
}
