/**
 * The leaderboard page's data: the season's top rows for the chosen season and series, the signed-in
 * player's own row (their rank even below the top 100), and the published points tables.
 */
import { useState } from 'react';
import type { Load } from '@/lib/load-state';
import { useLoad } from '@/lib/use-island-data';
import { useSignedInLoad } from '@/lib/use-signed-in-load';
import { isSignedIn } from '@/stores/session';
import { useHydrated, useSession } from '@/stores/use-session';
import { type LeaderboardRow, type PointsTable, type SeriesKey, seasonOf } from './seasons';

export function useLeaderboard(): {
  /** The current season by the visitor's clock in IST (null while the page hydrates). */
  currentSeason: string | null;
  /** The chosen season; null is the current one (the database's clock decides). */
  season: string | null;
  setSeason: (season: string | null) => void;
  series: SeriesKey;
  setSeries: (series: SeriesKey) => void;
  rows: Load<LeaderboardRow[]>;
  /** The signed-in player's row: null when signed out. */
  mine: Load<LeaderboardRow | null> | null;
  tables: Load<PointsTable[]>;
} {
  const hydrated = useHydrated();
  const [season, setSeason] = useState<string | null>(null);
  const [series, setSeries] = useState<SeriesKey>(null);
  const key = `${season}|${series}`;
  const [rows] = useLoad(() => import('./seasons.api').then((api) => api.fetchLeaderboard(season, series)), key);
  const session = useSession();
  const userId = isSignedIn(session) ? session.user.id : null;
  const [mine] = useSignedInLoad(userId, () => import('./seasons.api').then((api) => api.fetchMyRow(season, series)), { key });
  const [tables] = useLoad(() => import('./seasons.api').then((api) => api.fetchPointsTables()));
  return {
    currentSeason: hydrated ? seasonOf(new Date()) : null,
    season,
    setSeason,
    series,
    setSeries,
    rows,
    mine: userId ? mine : null,
    tables,
  };
}
