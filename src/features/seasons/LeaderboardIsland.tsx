/**
 * The leaderboard (`/leaderboard`): the season's top 100 by season points (then rating, events, name), the
 * signed-in player's own rank, a season picker and a series filter, and the points tables the database
 * counts with. Cards-free: one compact table that fits a 360 px phone. Everything comes from useLeaderboard.
 */
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { useMessages } from '@/lib/i18n/use-messages';
import { playerHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { type LadderKey, LEADERBOARD_WORDS, type LeaderboardWords } from './leaderboard-words';
import {
  formatRating,
  LEADERBOARD_SIZE,
  type LeaderboardRow,
  type PointsTable,
  placeRange,
  recentSeasons,
  SERIES_FILTERS,
  seasonLabel,
} from './seasons';
import { useLeaderboard } from './use-leaderboard';

/** A ladder's name in the page's language (a key the words do not know reads as the database wrote it). */
const ladderIn = (w: LeaderboardWords, ladder: string | null): string =>
  Object.hasOwn(w.series, ladder ?? 'all') ? w.series[(ladder ?? 'all') as LadderKey] : (ladder ?? '');

/** A player's page in the page's language. */
function usePlayerHref(): (id: string) => string {
  const lang = useStore($lang);
  return (id) => localePath(playerHref(id), lang);
}

export default function LeaderboardIsland() {
  const board = useLeaderboard();
  const w = useMessages(LEADERBOARD_WORDS);
  const href = usePlayerHref();
  const label = (season: string) => seasonLabel(season, w.months);
  const shownSeason = board.season ?? board.currentSeason;
  const mineRow = board.mine?.status === 'ready' ? board.mine.value : null;
  const mineBelowTop =
    mineRow !== null && board.rows.status === 'ready' && !board.rows.value.some((row) => row.player_id === mineRow.player_id);

  return (
    <div className="flex flex-col gap-6" data-leaderboard>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {w.season}
          <select
            className="rounded-lg border border-line bg-pitch-900 px-3 py-2 text-chalk"
            value={board.season ?? ''}
            onChange={(event) => board.setSeason(event.target.value || null)}
            data-season-picker
          >
            <option value="">{w.thisSeason(board.currentSeason ? label(board.currentSeason) : null)}</option>
            {board.currentSeason &&
              recentSeasons(board.currentSeason, 5)
                .slice(1)
                .map((season) => (
                  <option key={season} value={season}>
                    {label(season)}
                  </option>
                ))}
          </select>
        </label>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{w.seriesLegend}</legend>
          {SERIES_FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={board.series === filter.key}
              onClick={() => board.setSeries(filter.key)}
              className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-line ${
                board.series === filter.key ? 'bg-lime text-night' : 'text-mist hover:text-chalk'
              }`}
            >
              {ladderIn(w, filter.key)}
            </button>
          ))}
        </fieldset>
      </div>

      {mineRow && (
        <p className="card flex flex-wrap items-baseline gap-x-3 gap-y-1 p-4 text-sm" data-my-rank>
          <span className="font-bold">{w.yourRank(mineRow.rank)}</span>
          <span className="text-mist">{w.yourLine(mineRow.season_points, formatRating(mineRow.rating), mineRow.events)}</span>
          <a href={href(mineRow.player_id)} className="underline hover:text-lime">
            {w.yourPage}
          </a>
        </p>
      )}

      {board.rows.status === 'loading' ? (
        <p className="card min-h-96 p-5 text-mist" aria-busy="true">
          {w.loading}
        </p>
      ) : board.rows.status === 'error' ? (
        <p role="alert" className="card p-5 font-semibold text-danger break-words">
          {board.rows.message}
        </p>
      ) : board.rows.value.length === 0 ? (
        <p className="card p-5 text-mist" data-leaderboard-empty>
          {w.empty(shownSeason ? label(shownSeason) : null, board.series ? ladderIn(w, board.series) : null)}
        </p>
      ) : (
        <LeaderboardTable
          w={w}
          href={href}
          rows={board.rows.value}
          mine={mineRow?.player_id ?? null}
          extra={mineBelowTop ? mineRow : null}
        />
      )}

      <PointsTables w={w} tables={board.tables.status === 'ready' ? board.tables.value : null} />
    </div>
  );
}

type TableProps = {
  w: LeaderboardWords;
  href: (id: string) => string;
  rows: LeaderboardRow[];
  mine: string | null;
  extra: LeaderboardRow | null;
};

function LeaderboardTable({ w, href, rows, mine, extra }: TableProps) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm" data-leaderboard-table>
        <caption className="sr-only">{w.caption(LEADERBOARD_SIZE)}</caption>
        <thead className="border-b border-line text-xs tracking-wider text-mist uppercase">
          <tr>
            <th scope="col" className="py-3 pr-1 pl-3 text-right">
              #
            </th>
            <th scope="col" className="px-2 py-3">
              {w.columns.player}
            </th>
            <th scope="col" className="px-2 py-3 text-right">
              {w.columns.points}
            </th>
            <th scope="col" className="px-2 py-3 text-right">
              {w.columns.rating}
            </th>
            <th scope="col" className="py-3 pr-3 pl-1 text-right">
              {w.columns.events}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.player_id} href={href} row={row} mine={row.player_id === mine} />
          ))}
          {extra && (
            <>
              <tr>
                <td colSpan={5} className="px-3 py-1 text-center text-mist">
                  <span className="sr-only">{w.belowTop(LEADERBOARD_SIZE)}</span>
                  <span aria-hidden="true">⋯</span>
                </td>
              </tr>
              <Row href={href} row={extra} mine />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function Row({ href, row, mine }: { href: (id: string) => string; row: LeaderboardRow; mine: boolean }) {
  return (
    <tr className={`border-b border-line/50 last:border-0 ${mine ? 'bg-lime/10' : ''}`} data-leaderboard-row={row.rank}>
      <td className="py-2.5 pr-1 pl-3 text-right font-bold tabular-nums">{row.rank}</td>
      <td className="max-w-[9rem] px-2 py-2.5 sm:max-w-none">
        <a href={href(row.player_id)} className="block truncate font-semibold hover:text-lime hover:underline">
          {row.in_game_name}
        </a>
      </td>
      <td className="px-2 py-2.5 text-right font-bold tabular-nums text-gold">{row.season_points}</td>
      <td className="px-2 py-2.5 text-right tabular-nums">{formatRating(row.rating)}</td>
      <td className="py-2.5 pr-3 pl-1 text-right tabular-nums">{row.events}</td>
    </tr>
  );
}

function PointsTables({ w, tables }: { w: LeaderboardWords; tables: PointsTable[] | null }) {
  return (
    <section aria-labelledby="season-points" className="mt-4">
      <h2 id="season-points" className="text-xl font-bold">
        {w.pointsHeading}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-mist">{w.pointsRule}</p>
      {tables === null ? (
        <p className="mt-3 text-sm text-mist">{w.loadingTables}</p>
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {tables.map((table) => (
            <div key={table.ladder} className="card p-4" data-points-table={table.ladder}>
              <h3 className="font-bold">{ladderIn(w, table.ladder)}</h3>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                {table.rows.map((row) => (
                  <div key={row.from_place} className="contents">
                    <dt className="text-mist">{w.place(placeRange(row), row.place)}</dt>
                    <dd className="text-right font-semibold tabular-nums">{row.points}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
