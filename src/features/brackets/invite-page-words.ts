/**
 * The invitation page's static words (invite/index.astro), rendered at build time in the page's language: kept
 * apart from the island's words so no browser downloads them.
 */
import type { Lang } from '@/lib/i18n/lang';

export type InvitePageWords = {
  title: string;
  description: (product: string) => string;
  /** What an invitation is, painted with the first frame: the page's largest text whatever the island shows. */
  lead: (product: string) => string;
  noscript: string;
  seeAll: string;
};

const en: InvitePageWords = {
  title: 'Your invitation',
  description: (product) => `A player bought you a place in a ${product} tournament.`,
  lead: (product) =>
    `A player who buys more than one place in a ${product} tournament can give one to a friend. Your invitation says which tournament, who bought the place for you and when it starts; accept it and the place is yours, played from your own account.`,
  noscript: 'A player bought you a place in a tournament. This page needs JavaScript to show the invitation and accept it.',
  seeAll: 'See all tournaments',
};

const hi: InvitePageWords = {
  title: 'आपका न्योता',
  description: (product) => `एक खिलाड़ी ने आपके लिए ${product} के एक टूर्नामेंट में जगह ख़रीदी है।`,
  lead: (product) =>
    `${product} के किसी टूर्नामेंट में एक से ज़्यादा जगह ख़रीदने वाला खिलाड़ी उनमें से एक जगह किसी दोस्त को दे सकता है। आपका न्योता बताता है कि टूर्नामेंट कौन-सा है, आपके लिए जगह किसने ख़रीदी और टूर्नामेंट कब शुरू होगा; इसे स्वीकार करें और जगह आपकी है, जिसे आप अपने अकाउंट से खेलेंगे।`,
  noscript: 'एक खिलाड़ी ने आपके लिए एक टूर्नामेंट में जगह ख़रीदी है। न्योता देखने और स्वीकार करने के लिए इस पेज को JavaScript चाहिए।',
  seeAll: 'सभी टूर्नामेंट देखें',
};

export const INVITE_PAGE_WORDS: Record<Lang, InvitePageWords> = { en, hi };
