/**
 * The leaderboard recomputed from what anyone can read (the tournaments table, get_bracket, get_standings,
 * get_season_points_table), for `npm run verify-leaderboard`: season points by place from the published
 * tables, events from the draws' checked-in entries, and the published order checked against its own rule
 * (points, then rating, then events, then name). Players are matched by in-game name, the public identity.
 * Pure: the script fetches, this compares.
 */
import type { Bracket } from '@/features/brackets/brackets';
import type { StandingBand } from '@/features/standings/standings';
import type { LeaderboardRow, PointsTable } from './seasons';

export interface PublicTournament {
  id: string;
  series: string;
  series_id: string | null;
  entry_fee_paise: number;
  drawn_at: string | null;
  finished_at: string | null;
  cancelled_at: string | null;
}

/** The points table a tournament counts with, as the database picks it (private.points_ladder_of). */
export function ladderOf(tournament: PublicTournament, tables: readonly PointsTable[]): string {
  if (tournament.series_id && tables.some((table) => table.ladder === tournament.series_id)) return tournament.series_id;
  if (tournament.series === 'quick') return 'pod';
  return tournament.entry_fee_paise === 0 ? 'free-cup' : 'championship';
}

export function pointsFor(place: number, table: PointsTable | undefined): number {
  const row = table?.rows.find((r) => r.from_place <= place && (r.to_place === null || place <= r.to_place));
  return row?.points ?? 0;
}

/** Whether an entry played in a bracket: a match with a score, or a match it won. */
function played(bracket: Bracket, entryId: string): boolean {
  return bracket.rounds.some((round) =>
    round.matches.some(
      (match) =>
        match.status === 'confirmed' &&
        match.entries[0] !== null &&
        match.entries[1] !== null &&
        match.entries.some((entry) => entry?.entry_id === entryId) &&
        (match.score !== null || match.winner_entry_id === entryId),
    ),
  );
}

export type Recomputed = Map<string, { points: number; events: number }>;

export function recomputeSeason(input: {
  from: Date;
  to: Date;
  series: string | null;
  tables: readonly PointsTable[];
  tournaments: readonly PublicTournament[];
  brackets: ReadonlyMap<string, Bracket>;
  standings: ReadonlyMap<string, StandingBand[]>;
}): Recomputed {
  const totals: Recomputed = new Map();
  const add = (name: string | null, points: number, events: number) => {
    if (!name) return;
    const total = totals.get(name) ?? { points: 0, events: 0 };
    totals.set(name, { points: total.points + points, events: total.events + events });
  };
  const within = (at: string | null) => at !== null && new Date(at) >= input.from && new Date(at) < input.to;
  for (const tournament of input.tournaments) {
    if (tournament.cancelled_at !== null) continue;
    const ladder = ladderOf(tournament, input.tables);
    if (input.series !== null && input.series !== ladder && input.series !== tournament.series_id) continue;
    const bracket = input.brackets.get(tournament.id);
    if (bracket && within(tournament.drawn_at)) {
      const names = new Map<string, string | null>();
      for (const match of bracket.rounds[0]?.matches ?? [])
        for (const entry of match.entries) if (entry) names.set(entry.entry_id, entry.in_game_name);
      for (const entryId of bracket.draw.entry_ids) add(names.get(entryId) ?? null, 0, 1);
    }
    if (bracket && within(tournament.finished_at)) {
      const table = input.tables.find((t) => t.ladder === ladder);
      for (const band of input.standings.get(tournament.id) ?? []) {
        for (const entry of band.entries) add(entry.in_game_name, played(bracket, entry.entry_id) ? pointsFor(band.from, table) : 0, 0);
      }
    }
  }
  return totals;
}

/** Every difference between the published leaderboard and the recomputation, in words (none: they agree). */
export function compareLeaderboard(
  published: readonly LeaderboardRow[],
  recomputed: Recomputed,
): { differences: string[]; notListed: string[] } {
  const differences: string[] = [];
  for (const row of published) {
    const mine = recomputed.get(row.in_game_name);
    if (!mine) differences.push(`${row.in_game_name} is listed but no public result gives them points or events`);
    else if (mine.points !== row.season_points || mine.events !== row.events) {
      differences.push(
        `${row.in_game_name}: published ${row.season_points} points and ${row.events} events, recomputed ${mine.points} points and ${mine.events} events`,
      );
    }
  }
  published.forEach((row, index) => {
    if (row.rank !== index + 1) differences.push(`${row.in_game_name} is ranked ${row.rank} in place ${index + 1}`);
    const next = published[index + 1];
    if (!next) return;
    const order =
      next.season_points - row.season_points ||
      next.rating - row.rating ||
      next.events - row.events ||
      row.in_game_name.localeCompare(next.in_game_name, 'en');
    if (order > 0) differences.push(`${next.in_game_name} should rank above ${row.in_game_name}`);
  });
  const listed = new Set(published.map((row) => row.in_game_name));
  const notListed = [...recomputed.keys()].filter((name) => !listed.has(name)).sort();
  return { differences, notListed };
}
