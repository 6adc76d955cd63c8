/**
 * The signed-in home's pure part (the dashboard and My Tournaments): a player's next match in words, which
 * entries are current, and when the clock alone changes a tournament's state. Apart from account.ts so the
 * pages that show none of it do not load it.
 */
import type { Registration } from './account';

/** A row of get_my_next_matches: the match the player plays next in a drawn tournament they are still in. */
export interface NextMatch {
  tournament_id: string;
  title: string;
  match_id: string;
  round: number;
  round_name: string;
  scheduled_at: string;
  status: string;
  /** Null while the match that decides the opponent is still being played. */
  opponent: string | null;
}

/** "Semi-finals vs demo3": the next match in a few words (the time is shown beside it). */
export function nextMatchLine(next: Pick<NextMatch, 'round_name' | 'opponent'>): string {
  return `${next.round_name} vs ${next.opponent ?? 'the winner of the other match (to be decided)'}`;
}

/**
 * The next moment a player's tournaments change state by the clock alone (check-in opens or closes), so
 * a page left open reads the states again then. Null when nothing is ahead.
 */
export function nextClockChange(times: readonly string[], now: Date = new Date()): Date | null {
  const ahead = times.map((time) => new Date(time)).filter((time) => time > now);
  return ahead.length === 0 ? null : new Date(Math.min(...ahead.map((time) => time.getTime())));
}

/**
 * Whether an entry belongs on the dashboard's home: not cancelled, and its tournament not over (finished,
 * settled or cancelled). While the status is still loading, it shows.
 */
export function isCurrentEntry(row: Pick<Registration, 'status'>, status: string | undefined): boolean {
  return row.status !== 'cancelled' && !['finished', 'settled', 'cancelled'].includes(status ?? '');
}
