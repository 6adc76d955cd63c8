import { describe, expect, it } from 'vitest';
import { en } from './en';
import { hi } from './hi';
import { entryFeeIn, moneyWordsIn, prizePoolIn } from './money-words';

describe('the money words of cards and panels', () => {
  // Fails -> a card reads "₹0", a Hindi page says "Free" or "No cash prize", or the pages' amounts drift apart.
  it('say a free entry and a tournament without a pool in words, in English and in Hindi', () => {
    expect(moneyWordsIn('en', { entryFeeRupees: 0, prizePoolRupees: 0 })).toEqual({ fee: 'Free', prize: 'No cash prize' });
    expect(moneyWordsIn('hi', { entryFeeRupees: 0, prizePoolRupees: 0 })).toEqual({ fee: 'फ़्री', prize: 'कैश प्राइज़ नहीं' });
  });

  it('write any other amount the same in both languages: Latin digits with lakh grouping', () => {
    for (const lang of ['en', 'hi'] as const) {
      expect(moneyWordsIn(lang, { entryFeeRupees: 150, prizePoolRupees: 100000 })).toEqual({ fee: '₹150', prize: '₹1,00,000' });
      // A paid entry to a tournament without a pool, and a free one with a sponsor's pool.
      expect(moneyWordsIn(lang, { entryFeeRupees: 50, prizePoolRupees: 0 }).prize).toBe(lang === 'en' ? 'No cash prize' : 'कैश प्राइज़ नहीं');
      expect(moneyWordsIn(lang, { entryFeeRupees: 0, prizePoolRupees: 45000 })).toEqual({
        fee: lang === 'en' ? 'Free' : 'फ़्री',
        prize: '₹45,000',
      });
    }
  });

  it("are the dictionaries' words, so static pages and islands say the same", () => {
    expect(moneyWordsIn('en', { entryFeeRupees: 0, prizePoolRupees: 0 })).toEqual({
      fee: en.tournaments.free,
      prize: en.tournaments.noCashPrize,
    });
    expect(moneyWordsIn('hi', { entryFeeRupees: 0, prizePoolRupees: 0 })).toEqual({
      fee: hi.tournaments.free,
      prize: hi.tournaments.noCashPrize,
    });
  });
});

describe('the money words the pay panel and the pod page keep in their own words', () => {
  // They are written again there so those islands load no shared chunk for two words; they must stay these.
  it('say the same as money-words.ts in both languages', async () => {
    const { PAY_WORDS } = await import('@/features/payments/pay-words');
    const { POD_WORDS } = await import('@/features/pods/pod-words');
    const payHi = (await import('@/features/payments/pay-words-hi')).default;
    const podHi = (await import('@/features/pods/pod-words-hi')).default;
    for (const rupees of [0, 150, 100000]) {
      expect(PAY_WORDS.en.fee(rupees)).toBe(entryFeeIn('en', rupees));
      expect(payHi.fee(rupees)).toBe(entryFeeIn('hi', rupees));
      expect(POD_WORDS.en.prizePoolValue(rupees)).toBe(prizePoolIn('en', rupees));
      expect(podHi.prizePoolValue(rupees)).toBe(prizePoolIn('hi', rupees));
    }
  });
});
