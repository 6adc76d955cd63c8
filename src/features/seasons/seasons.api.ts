/**
 * Reads of the seasons area: get_leaderboard and get_player (anyone), get_season_points_table (anyone),
 * get_my_leaderboard_row and get_my_player_id (the signed-in player). Answers are checked with zod;
 * failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { LEADERBOARD_SIZE, type LeaderboardRow, type PlayerPage, type PointsTable, type SeriesKey } from './seasons';

const Row = z.object({
  rank: z.int().check(z.positive()),
  player_id: z.string(),
  in_game_name: z.string(),
  season_points: z.int().check(z.nonnegative()),
  rating: z.number(),
  events: z.int().check(z.nonnegative()),
});

export const LeaderboardAnswer = z.pipe(
  z.nullable(z.array(Row)),
  z.transform((rows) => rows ?? []),
) satisfies z.ZodMiniType<LeaderboardRow[]>;

export const PlayerAnswer = z.object({
  player_id: z.string(),
  in_game_name: z.string(),
  rating: z.number(),
  deviation: z.number(),
  rated_through: z.nullable(z.string()),
  season: z.string(),
  season_points: z.int().check(z.nonnegative()),
  history: z.array(z.object({ period_starts_at: z.string(), rating: z.number(), deviation: z.number(), games: z.int() })),
  results: z.array(z.object({ tournament_id: z.string(), title: z.string(), finished_at: z.string(), place: z.string(), points: z.int() })),
}) satisfies z.ZodMiniType<PlayerPage>;

export const PointsTablesAnswer = z.array(
  z.object({
    ladder: z.string(),
    rows: z.array(z.object({ from_place: z.int(), to_place: z.nullable(z.int()), points: z.int(), place: z.string() })),
  }),
) satisfies z.ZodMiniType<PointsTable[]>;

export async function fetchLeaderboard(season: string | null, series: SeriesKey): Promise<LeaderboardRow[]> {
  return readAnswer(
    'rpc get_leaderboard',
    LeaderboardAnswer,
    await getSupabase().rpc('get_leaderboard', { p_season: season, p_series: series }).limit(LEADERBOARD_SIZE),
  );
}

/** The signed-in player's own row, or null when they are not on this leaderboard. */
export async function fetchMyRow(season: string | null, series: SeriesKey): Promise<LeaderboardRow | null> {
  const rows = readAnswer(
    'rpc get_my_leaderboard_row',
    LeaderboardAnswer,
    await getSupabase().rpc('get_my_leaderboard_row', { p_season: season, p_series: series }),
  );
  return rows[0] ?? null;
}

/** The signed-in player's public id: the address of their own player page. */
export async function fetchMyPlayerId(): Promise<string | null> {
  return readAnswer('rpc get_my_player_id', z.nullable(z.string()), await getSupabase().rpc('get_my_player_id'));
}

export async function fetchPlayer(playerId: string): Promise<PlayerPage> {
  return readAnswer('rpc get_player', PlayerAnswer, await getSupabase().rpc('get_player', { p_player_id: playerId }));
}

export async function fetchPointsTables(): Promise<PointsTable[]> {
  return readAnswer('rpc get_season_points_table', PointsTablesAnswer, await getSupabase().rpc('get_season_points_table'));
}
