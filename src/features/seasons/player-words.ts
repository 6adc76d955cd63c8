/**
 * A player's public page's words (PlayerIsland.tsx) in the page's language; the Hindi ones are a chunk only Hindi
 * pages load (lib/i18n/island-words.ts). Ratings, counts and dates arrive as the data has them; the database's
 * place labels ("1st", "3rd–4th") read as numbers in Hindi. Hindi follows docs/hindi-glossary.md.
 */
import { islandWords } from '@/lib/i18n/island-words';

const en = {
  eyebrow: 'Player',
  loading: 'Loading the player’s rating and results…',
  missing: 'No player has this link.',
  /** `reason`: the failure in the page's language (describeFailure). */
  failed: (reason: string) => `The player could not be loaded: ${reason}`,
  seeLeaderboard: 'See the leaderboard',
  rating: 'Rating',
  provisional: 'New player: no rated match yet',
  /** The rating's likely range, ± 2 deviations (seasons.ts ratingRange). */
  likely: (low: string, high: string) => `Likely between ${low} and ${high}`,
  seasonPoints: 'Season points',
  /** "Oct–Dec 2026": the months a season label names, January first. */
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as readonly string[],
  ratedThrough: 'Rated through',
  weekTo: (date: string) => `the week to ${date}`,
  noWeekYet: 'No week rated yet',
  ratingsMove: 'Ratings move once a week, on Monday (IST), from the week’s confirmed matches.',
  historyHeading: 'Rating history',
  noHistory: 'No rated week yet: the first comes the Monday after a played match.',
  resultsHeading: 'Results',
  noResults: 'No finished tournament yet.',
  /** The place reached, as the database labels it ("1st", "3rd–4th"). */
  place: (label: string): string => label,
  points: (points: number) => `${points} points`,
  chartLabel: (weeks: number, now: string) => `Rating over ${weeks} rated ${weeks === 1 ? 'week' : 'weeks'}, now ${now}`,
  weekOf: (date: string) => `Week of ${date}`,
  matches: (games: number) => `${games} ${games === 1 ? 'match' : 'matches'}`,
};

export type PlayerWords = typeof en;

export const PLAYER_WORDS = islandWords(en, () => import('./player-words-hi'));
