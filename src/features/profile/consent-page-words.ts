/**
 * The parental consent page's static words (parental-consent.astro), rendered at build time in the page's
 * language: kept apart from the island's words so no browser downloads them.
 */
import type { Lang } from '@/lib/i18n/lang';

export type ConsentPageWords = { title: string; description: string };

export const CONSENT_PAGE_WORDS: Record<Lang, ConsentPageWords> = {
  en: { title: 'A parent’s consent', description: 'A parent confirms their child may join free tournaments.' },
  hi: { title: 'माता-पिता की सहमति', description: 'माता-पिता पुष्टि करते हैं कि उनका बच्चा फ़्री टूर्नामेंट में हिस्सा ले सकता है।' },
};
