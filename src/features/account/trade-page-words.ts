/** The Trade Center page's static words (trade.astro), rendered at build time in the page's language. */
import type { Lang } from '@/lib/i18n/lang';

export const TRADE_PAGE_WORDS: Record<Lang, { title: string; description: string }> = {
  en: { title: 'Trade Center', description: 'Player cards: a placeholder, coming soon. Nothing is bought or sold here.' },
  hi: { title: 'ट्रेड सेंटर', description: 'प्लेयर कार्ड: एक झलक, जल्द आ रहा है। यहाँ कुछ भी ख़रीदा या बेचा नहीं जाता।' },
};
