/**
 * The static words of the leaderboard and player pages (leaderboard.astro, player/index.astro), rendered at build
 * time in the page's language: kept apart from the islands' words so no browser downloads them. The age is the
 * rules' number (players under it never appear on the leaderboard).
 */
import type { Lang } from '@/lib/i18n/lang';

export type SeasonPageWords = {
  leaderboard: {
    title: string;
    description: (product: string, adultAge: number) => string;
    eyebrow: string;
    heading: string;
    lead: string;
    noscript: string;
    seeAll: string;
  };
  player: { title: string; description: string };
};

const en: SeasonPageWords = {
  leaderboard: {
    title: 'Leaderboard',
    description: (product, adultAge) =>
      `The ${product} season leaderboard: season points, rating and events of every player ${adultAge} and over.`,
    eyebrow: 'Seasons',
    heading: 'Leaderboard',
    lead: 'A season is a calendar quarter (IST). Players rank by the season points their places earn, then by rating (Glicko-2, updated every Monday from the week’s confirmed matches), then by the events they were checked in and drawn in.',
    noscript: 'This page needs JavaScript to load the leaderboard.',
    seeAll: 'See all tournaments',
  },
  player: { title: 'Player', description: 'A player’s rating, season points and results.' },
};

const hi: SeasonPageWords = {
  leaderboard: {
    title: 'लीडरबोर्ड',
    description: (product, adultAge) =>
      `${product} का सीज़न लीडरबोर्ड: ${adultAge} साल और उससे ज़्यादा उम्र के हर खिलाड़ी के सीज़न पॉइंट, रेटिंग और टूर्नामेंट।`,
    eyebrow: 'सीज़न',
    heading: 'लीडरबोर्ड',
    lead: 'एक सीज़न कैलेंडर की एक तिमाही (IST) है। खिलाड़ियों की रैंक पहले उनके स्थानों से मिले सीज़न पॉइंट से तय होती है, फिर रेटिंग से (Glicko-2, हर सोमवार उस हफ़्ते के कन्फ़र्म मैचों से अपडेट), फिर उन टूर्नामेंट की गिनती से जिनमें उन्होंने चेक-इन किया और ड्रॉ में आए।',
    noscript: 'लीडरबोर्ड लोड करने के लिए इस पेज को JavaScript चाहिए।',
    seeAll: 'सभी टूर्नामेंट देखें',
  },
  player: { title: 'खिलाड़ी', description: 'एक खिलाड़ी की रेटिंग, सीज़न पॉइंट और रिज़ल्ट।' },
};

export const SEASON_PAGE_WORDS: Record<Lang, SeasonPageWords> = { en, hi };
