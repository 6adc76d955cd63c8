/**
 * The leaderboard island's words (LeaderboardIsland.tsx) in the page's language; the Hindi ones are a chunk only
 * Hindi pages load (lib/i18n/island-words.ts). Counts and places arrive as numbers from the database and the
 * rules (LEADERBOARD_SIZE), never typed into a sentence. Hindi follows docs/hindi-glossary.md (लीडरबोर्ड, सीज़न).
 */
import { islandWords } from '@/lib/i18n/island-words';

/** The series filter's keys: every tournament, or one ladder of the points tables. */
export type LadderKey = 'all' | 'championship' | 'free-cup' | 'pod';

const en = {
  season: 'Season',
  /** The season picker's first option: the current season, named once the page knows the date. */
  thisSeason: (label: string | null) => (label ? `This season (${label})` : 'This season'),
  /** "Oct–Dec 2026": the months a season label names, January first. */
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as readonly string[],
  seriesLegend: 'Series',
  series: { all: 'All series', championship: 'Championships', 'free-cup': 'Free cups', pod: 'Pods' } as Record<LadderKey, string>,
  yourRank: (rank: number) => `Your rank: #${rank}`,
  yourLine: (points: number, rating: string, events: number) =>
    `${points} points · rating ${rating} · ${events} ${events === 1 ? 'event' : 'events'}`,
  yourPage: 'Your player page',
  loading: 'Loading the leaderboard…',
  /** No row yet: `season` is the chosen season's label (null: the current one), `ladder` the filter's name. */
  empty: (season: string | null, ladder: string | null) =>
    `No results yet ${season ? `in ${season}` : 'this season'}${ladder ? ` for ${ladder.toLowerCase()}` : ''}. Players appear here once they check in to a tournament that is drawn; points come with each finished tournament.`,
  caption: (size: number) => `Top ${size} players of the season`,
  columns: { player: 'Player', points: 'Points', rating: 'Rating', events: 'Events' },
  belowTop: (size: number) => `Your rank, below the top ${size}:`,
  pointsHeading: 'Season points',
  pointsRule:
    'Each finished tournament gives points by the place a player reached, from its series’ table. A player who was disqualified, or never played a match, gets none. Ties are broken by rating, then events played, then name.',
  loadingTables: 'Loading the tables…',
  /**
   * A points table's place: English shows the database's label ("3rd–4th", "Checked in and played"); Hindi words
   * it from the numbers (`range`: "1" or "3–4", null for the last row: every player who checked in and played).
   */
  place: (_range: string | null, label: string): string => label,
};

export type LeaderboardWords = typeof en;

export const LEADERBOARD_WORDS = islandWords(en, () => import('./leaderboard-words-hi'));
