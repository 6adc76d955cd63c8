/**
 * The invitation page's static words (invite/index.astro), rendered at build time in the page's language: kept
 * apart from the island's words so no browser downloads them.
 */
import type { Lang } from '@/lib/i18n/lang';

export type InvitePageWords = {
  title: string;
  description: (product: string) => string;
  noscript: string;
  seeAll: string;
};

const en: InvitePageWords = {
  title: 'Your invitation',
  description: (product) => `A player bought you a place in a ${product} tournament.`,
  noscript: 'A player bought you a place in a tournament. This page needs JavaScript to show the invitation and accept it.',
  seeAll: 'See all tournaments',
};

const hi: InvitePageWords = {
  title: 'आपका न्योता',
  description: (product) => `एक खिलाड़ी ने आपके लिए ${product} के एक टूर्नामेंट में जगह ख़रीदी है।`,
  noscript: 'एक खिलाड़ी ने आपके लिए एक टूर्नामेंट में जगह ख़रीदी है। न्योता देखने और स्वीकार करने के लिए इस पेज को JavaScript चाहिए।',
  seeAll: 'सभी टूर्नामेंट देखें',
};

export const INVITE_PAGE_WORDS: Record<Lang, InvitePageWords> = { en, hi };
