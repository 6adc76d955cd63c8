/**
 * Seasons and the rating as players read them: a season is a calendar quarter in IST ('2026-Q4'), the
 * leaderboard ranks by season points, then rating, then events, then name (the database decides; these
 * functions only word and pick). Pure functions; IO in seasons.api.ts.
 */

/** One row of get_leaderboard. `player_id` is the player's public id (their /player/?id= page). */
export interface LeaderboardRow {
  rank: number;
  player_id: string;
  in_game_name: string;
  season_points: number;
  rating: number;
  events: number;
}

/** One week of a player's rating history (only the weeks they played rated matches). */
export interface RatingPoint {
  period_starts_at: string;
  rating: number;
  deviation: number;
  games: number;
}

export interface PlayerResult {
  tournament_id: string;
  title: string;
  finished_at: string;
  place: string;
  points: number;
}

/** get_player: the public page of a player. */
export interface PlayerPage {
  player_id: string;
  in_game_name: string;
  rating: number;
  deviation: number;
  /** The end of the last computed rating week (null before the first). */
  rated_through: string | null;
  season: string;
  season_points: number;
  history: RatingPoint[];
  results: PlayerResult[];
}

export interface PointsRow {
  from_place: number;
  to_place: number | null;
  points: number;
  place: string;
}

/** One published table of season points (get_season_points_table). */
export interface PointsTable {
  ladder: string;
  rows: PointsRow[];
}

/** The leaderboard's series filter: every tournament, or one ladder of the points tables. */
/** The leaderboard page shows the top of the season; the caller's own row comes on its own. */
export const LEADERBOARD_SIZE = 100;

export const SERIES_FILTERS = [
  { key: null, label: 'All series' },
  { key: 'championship', label: 'Championships' },
  { key: 'free-cup', label: 'Free cups' },
  { key: 'pod', label: 'Pods' },
] as const;

export type SeriesKey = (typeof SERIES_FILTERS)[number]['key'];

/** The heading of a ladder's points table. */
export function ladderLabel(ladder: string): string {
  return SERIES_FILTERS.find((filter) => filter.key === ladder)?.label ?? ladder;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The season holding `at`, in IST: '2026-Q4'. */
export function seasonOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return `${ist.getUTCFullYear()}-Q${Math.floor(ist.getUTCMonth() / 3) + 1}`;
}

const SEASON = /^(\d{4})-Q([1-4])$/;

/** The season before `season`: '2027-Q1' → '2026-Q4'. */
export function previousSeason(season: string): string {
  const match = SEASON.exec(season);
  if (!match) throw new Error(`Not a season: ${season}`);
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  return quarter === 1 ? `${year - 1}-Q4` : `${year}-Q${quarter - 1}`;
}

/** `season` and the `count - 1` before it, newest first: the leaderboard's season picker. */
export function recentSeasons(season: string, count: number): string[] {
  const seasons = [season];
  while (seasons.length < count) seasons.push(previousSeason(seasons.at(-1) ?? season));
  return seasons;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-Q4' → 'Oct–Dec 2026' (or with the page's month names: 'अक्तूबर–दिसंबर 2026'). */
export function seasonLabel(season: string, months: readonly string[] = MONTHS): string {
  const match = SEASON.exec(season);
  if (!match) return season;
  const first = (Number(match[2]) - 1) * 3;
  return `${months[first]}–${months[first + 2]} ${match[1]}`;
}

/** A season from a URL's `?season=`, or null (the current one) when absent or malformed. */
export function seasonFromQuery(value: string | null): string | null {
  return value && SEASON.test(value) ? value : null;
}

/** Ratings are shown whole: 1464. */
export function formatRating(rating: number): string {
  return String(Math.round(rating));
}

/** 1161 and 1767 for 1464 ± 2 deviations: about 95% sure the true strength is in that range. */
export function ratingRange(rating: number, deviation: number): [low: string, high: string] {
  return [formatRating(Math.max(0, rating - 2 * deviation)), formatRating(rating + 2 * deviation)];
}

/** "1161 and 1767": {@link ratingRange} in an English sentence. */
export function formatRatingRange(rating: number, deviation: number): string {
  const [low, high] = ratingRange(rating, deviation);
  return `${low} and ${high}`;
}

/**
 * A points table's place from its numbers: 1, "3–4", or null for the last row (to_place null: every player
 * who checked in and played). The database's own label is English ("3rd–4th"); pages word it from these.
 */
export function placeRange(row: Pick<PointsRow, 'from_place' | 'to_place'>): string | null {
  if (row.to_place === null) return null;
  return row.from_place === row.to_place ? String(row.from_place) : `${row.from_place}–${row.to_place}`;
}

/** Whether the rating is still the new-player guess (no rated week yet). */
export function isProvisional(page: Pick<PlayerPage, 'history'>): boolean {
  return page.history.length === 0;
}

/**
 * Points of a rating history for a small line chart `width` × `height`: x by week order, y by rating
 * (higher is up), with some room above and below.
 */
export function chartPoints(history: readonly RatingPoint[], width: number, height: number): { x: number; y: number }[] {
  if (history.length === 0) return [];
  const ratings = history.map((point) => point.rating);
  const low = Math.min(...ratings) - 25;
  const high = Math.max(...ratings) + 25;
  const step = history.length === 1 ? 0 : width / (history.length - 1);
  return history.map((point, index) => ({
    x: history.length === 1 ? width / 2 : Math.round(index * step * 10) / 10,
    y: Math.round((height - ((point.rating - low) / (high - low)) * height) * 10) / 10,
  }));
}
