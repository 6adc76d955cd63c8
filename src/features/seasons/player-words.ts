/**
 * A player's public page's words (PlayerIsland.tsx) in the page's language. Only the frame's few words (the
 * heading, loading, the leaderboard's link) are on the page in both languages; the rest are seen only with the
 * player's data and load with it (`playerWordsIn`, player-data-en.ts / player-data-hi.ts), so the page's first load
 * carries no sentence it does not show. Hindi follows docs/hindi-glossary.md (रेटिंग, सीज़न पॉइंट, रिज़ल्ट).
 */
import type { Lang } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';

export const PLAYER_FRAME_WORDS: Record<Lang, { heading: string; loading: string; seeLeaderboard: string }> = {
  en: {
    heading: 'Player',
    loading: 'Loading the player’s rating and results…',
    seeLeaderboard: 'See the leaderboard',
  },
  hi: {
    heading: 'खिलाड़ी',
    loading: 'खिलाड़ी की रेटिंग और रिज़ल्ट लोड हो रहे हैं…',
    seeLeaderboard: 'लीडरबोर्ड देखें',
  },
};

/** The frame's link to the leaderboard: under /hi/ on a Hindi page (lib/i18n/lang.ts localePath), kept literal so the frame loads no more code. */
export const LEADERBOARD_HREF: Record<Lang, string> = { en: ROUTES.leaderboard.path, hi: `/hi${ROUTES.leaderboard.path}` };

export type PlayerWords = {
  missing: string;
  /** `reason`: the failure in the page's language (describeFailure). */
  failed: (reason: string) => string;
  rating: string;
  provisional: string;
  /** The rating's likely range, ± 2 deviations (seasons.ts ratingRange). */
  likely: (low: string, high: string) => string;
  seasonPoints: string;
  /** "Oct–Dec 2026": the months a season label names, January first. */
  months: readonly string[];
  ratedThrough: string;
  weekTo: (date: string) => string;
  noWeekYet: string;
  ratingsMove: string;
  historyHeading: string;
  noHistory: string;
  resultsHeading: string;
  noResults: string;
  /** The place reached, from the database's label ("1st", "3rd–4th"). */
  place: (label: string) => string;
  points: (points: number) => string;
  chartLabel: (weeks: number, now: string) => string;
  weekOf: (date: string) => string;
  matches: (games: number) => string;
  /** Dates in IST: "6 December 2026" / "6 Dec 2026", the month in the page's language. */
  date: (value: Date | string) => string;
  shortDate: (value: Date | string) => string;
  /** A link into the site in the page's language (a table path: `/tournaments/x` → `/hi/tournaments/x`). */
  href: (path: string) => string;
};

/** The words shown with the player's data, in `lang`: loaded with the data, never before. */
export async function playerWordsIn(lang: Lang): Promise<PlayerWords> {
  return (await (lang === 'hi' ? import('./player-data-hi') : import('./player-data-en'))).default;
}
