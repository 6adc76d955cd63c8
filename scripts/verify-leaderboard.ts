/**
 * `npm run verify-leaderboard -- [season] [--series <ladder or series id>]`: recomputes a season's
 * leaderboard from public results only (the tournaments table, get_bracket, get_standings and the published
 * points tables) and compares it with get_leaderboard: each listed player's season points and events, and
 * the order (points, then rating, then events, then name). Prints OK or every difference; players the
 * recomputation finds but the leaderboard does not list are named apart (players under 18 are never listed).
 *
 *   npm run verify-leaderboard                 # the current season, every series
 *   npm run verify-leaderboard -- 2026-Q4 --series pod
 *
 * The project is the one the site uses (as npm run verify-draw). Runs under Node 24, which strips the types.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BracketSchema } from '../src/features/brackets/bracket-schema.ts';
import type { Bracket } from '../src/features/brackets/brackets.ts';
import { compareLeaderboard, type PublicTournament, recomputeSeason } from '../src/features/seasons/recompute.ts';
import { type LeaderboardRow, type PointsTable, seasonOf } from '../src/features/seasons/seasons.ts';
import type { StandingBand } from '../src/features/standings/standings.ts';
import { supabaseSettings } from './verify-draw.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A season's bounds: the calendar quarter in IST (05:30 ahead of UTC, no daylight saving). */
export function seasonBounds(season: string): { from: Date; to: Date } {
  const [year, quarter] = [Number(season.slice(0, 4)), Number(season.slice(-1))];
  const start = (y: number, month: number) => new Date(Date.UTC(y, month, 1) - 330 * 60_000);
  return { from: start(year, (quarter - 1) * 3), to: quarter === 4 ? start(year + 1, 0) : start(year, quarter * 3) };
}

export function parseArguments(args: string[]): { season: string; series: string | null } | { error: string } {
  const seriesIndex = args.indexOf('--series');
  const series = seriesIndex === -1 ? null : (args[seriesIndex + 1] ?? null);
  if (seriesIndex !== -1 && (!series || series.startsWith('--')))
    return { error: '--series needs a ladder (championship, free-cup, pod) or a series id.' };
  const season = args.find((arg, index) => !arg.startsWith('--') && (seriesIndex === -1 || index !== seriesIndex + 1));
  if (season !== undefined && !/^\d{4}-Q[1-4]$/.test(season)) return { error: 'A season is written like 2026-Q4.' };
  return { season: season ?? seasonOf(new Date()), series };
}

async function main(args: string[]): Promise<number> {
  const what = parseArguments(args);
  if ('error' in what) {
    console.error(what.error);
    return 2;
  }
  const envFile = path.join(ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const settings = supabaseSettings();
  const headers = { apikey: settings.anonKey, authorization: `Bearer ${settings.anonKey}`, 'content-type': 'application/json' };
  const call = async <T>(name: string, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${settings.url}/rest/v1/rpc/${name}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const { from, to } = seasonBounds(what.season);
  const response = await fetch(
    `${settings.url}/rest/v1/tournaments?select=id,series,series_id,entry_fee_paise,drawn_at,finished_at,cancelled_at&drawn_at=not.is.null`,
    { headers },
  );
  if (!response.ok) throw new Error(`the tournaments answered ${response.status}: ${await response.text()}`);
  const tournaments = ((await response.json()) as PublicTournament[]).filter(
    (t) => t.drawn_at !== null && new Date(t.drawn_at) < to && (t.finished_at === null || new Date(t.finished_at) >= from),
  );
  const brackets = new Map<string, Bracket>();
  const standings = new Map<string, StandingBand[]>();
  for (const tournament of tournaments) {
    brackets.set(tournament.id, BracketSchema.parse(await call('get_bracket', { p_tournament_id: tournament.id })));
    if (tournament.finished_at)
      standings.set(tournament.id, await call<StandingBand[]>('get_standings', { p_tournament_id: tournament.id }));
  }
  const tables = await call<PointsTable[]>('get_season_points_table', {});
  const published = await call<LeaderboardRow[]>('get_leaderboard', { p_season: what.season, p_series: what.series });
  const recomputed = recomputeSeason({ from, to, series: what.series, tables, tournaments, brackets, standings });
  const { differences, notListed } = compareLeaderboard(published, recomputed);
  if (notListed.length > 0) console.log(`Not listed (players under 18 never are): ${notListed.join(', ')}`);
  if (differences.length === 0) {
    console.log(
      `OK: ${published.length} players of ${what.season}${what.series ? ` (${what.series})` : ''} match ${tournaments.length} tournaments' public results.`,
    );
    return 0;
  }
  for (const difference of differences) console.log(`DIFFERENT: ${difference}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
