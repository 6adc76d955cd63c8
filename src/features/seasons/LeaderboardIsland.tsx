/**
 * The leaderboard (`/leaderboard`): the season's top 100 by season points (then rating, events, name), the
 * signed-in player's own rank, a season picker and a series filter, and the points tables the database
 * counts with. Cards-free: one compact table that fits a 360 px phone. Everything comes from useLeaderboard.
 */
import { playerHref } from '@/lib/routes';
import {
  formatRating,
  LEADERBOARD_SIZE,
  type LeaderboardRow,
  ladderLabel,
  type PointsTable,
  recentSeasons,
  SERIES_FILTERS,
  seasonLabel,
} from './seasons';
import { useLeaderboard } from './use-leaderboard';

export default function LeaderboardIsland() {
  const board = useLeaderboard();
  const shownSeason = board.season ?? board.currentSeason;
  const mineRow = board.mine?.status === 'ready' ? board.mine.value : null;
  const mineBelowTop =
    mineRow !== null && board.rows.status === 'ready' && !board.rows.value.some((row) => row.player_id === mineRow.player_id);

  return (
    <div className="flex flex-col gap-6" data-leaderboard>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Season
          <select
            className="rounded-lg border border-line bg-pitch-900 px-3 py-2 text-chalk"
            value={board.season ?? ''}
            onChange={(event) => board.setSeason(event.target.value || null)}
            data-season-picker
          >
            <option value="">{board.currentSeason ? `This season (${seasonLabel(board.currentSeason)})` : 'This season'}</option>
            {board.currentSeason &&
              recentSeasons(board.currentSeason, 5)
                .slice(1)
                .map((season) => (
                  <option key={season} value={season}>
                    {seasonLabel(season)}
                  </option>
                ))}
          </select>
        </label>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Series</legend>
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
              {filter.label}
            </button>
          ))}
        </fieldset>
      </div>

      {mineRow && (
        <p className="card flex flex-wrap items-baseline gap-x-3 gap-y-1 p-4 text-sm" data-my-rank>
          <span className="font-bold">Your rank: #{mineRow.rank}</span>
          <span className="text-mist">
            {mineRow.season_points} points · rating {formatRating(mineRow.rating)} · {mineRow.events}{' '}
            {mineRow.events === 1 ? 'event' : 'events'}
          </span>
          <a href={playerHref(mineRow.player_id)} className="underline hover:text-lime">
            Your player page
          </a>
        </p>
      )}

      {board.rows.status === 'loading' ? (
        <p className="card min-h-96 p-5 text-mist" aria-busy="true">
          Loading the leaderboard…
        </p>
      ) : board.rows.status === 'error' ? (
        <p role="alert" className="card p-5 font-semibold text-danger break-words">
          {board.rows.message}
        </p>
      ) : board.rows.value.length === 0 ? (
        <p className="card p-5 text-mist" data-leaderboard-empty>
          No results yet {shownSeason ? `in ${seasonLabel(shownSeason)}` : 'this season'}
          {board.series ? ` for ${ladderLabel(board.series).toLowerCase()}` : ''}. Players appear here once they check in to a tournament
          that is drawn; points come with each finished tournament.
        </p>
      ) : (
        <LeaderboardTable rows={board.rows.value} mine={mineRow?.player_id ?? null} extra={mineBelowTop ? mineRow : null} />
      )}

      <PointsTables tables={board.tables.status === 'ready' ? board.tables.value : null} />
    </div>
  );
}

function LeaderboardTable({ rows, mine, extra }: { rows: LeaderboardRow[]; mine: string | null; extra: LeaderboardRow | null }) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm" data-leaderboard-table>
        <caption className="sr-only">Top {LEADERBOARD_SIZE} players of the season</caption>
        <thead className="border-b border-line text-xs tracking-wider text-mist uppercase">
          <tr>
            <th scope="col" className="py-3 pr-1 pl-3 text-right">
              #
            </th>
            <th scope="col" className="px-2 py-3">
              Player
            </th>
            <th scope="col" className="px-2 py-3 text-right">
              Points
            </th>
            <th scope="col" className="px-2 py-3 text-right">
              Rating
            </th>
            <th scope="col" className="py-3 pr-3 pl-1 text-right">
              Events
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.player_id} row={row} mine={row.player_id === mine} />
          ))}
          {extra && (
            <>
              <tr>
                <td colSpan={5} className="px-3 py-1 text-center text-mist">
                  <span className="sr-only">Your rank, below the top {LEADERBOARD_SIZE}:</span>
                  <span aria-hidden="true">⋯</span>
                </td>
              </tr>
              <Row row={extra} mine />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function Row({ row, mine }: { row: LeaderboardRow; mine: boolean }) {
  return (
    <tr className={`border-b border-line/50 last:border-0 ${mine ? 'bg-lime/10' : ''}`} data-leaderboard-row={row.rank}>
      <td className="py-2.5 pr-1 pl-3 text-right font-bold tabular-nums">{row.rank}</td>
      <td className="max-w-[9rem] px-2 py-2.5 sm:max-w-none">
        <a href={playerHref(row.player_id)} className="block truncate font-semibold hover:text-lime hover:underline">
          {row.in_game_name}
        </a>
      </td>
      <td className="px-2 py-2.5 text-right font-bold tabular-nums text-gold">{row.season_points}</td>
      <td className="px-2 py-2.5 text-right tabular-nums">{formatRating(row.rating)}</td>
      <td className="py-2.5 pr-3 pl-1 text-right tabular-nums">{row.events}</td>
    </tr>
  );
}

function PointsTables({ tables }: { tables: PointsTable[] | null }) {
  return (
    <section aria-labelledby="season-points" className="mt-4">
      <h2 id="season-points" className="text-xl font-bold">
        Season points
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-mist">
        Each finished tournament gives points by the place a player reached, from its series’ table. A player who was disqualified, or never
        played a match, gets none. Ties are broken by rating, then events played, then name.
      </p>
      {tables === null ? (
        <p className="mt-3 text-sm text-mist">Loading the tables…</p>
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {tables.map((table) => (
            <div key={table.ladder} className="card p-4" data-points-table={table.ladder}>
              <h3 className="font-bold">{ladderLabel(table.ladder)}</h3>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                {table.rows.map((row) => (
                  <div key={row.from_place} className="contents">
                    <dt className="text-mist">{row.place}</dt>
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
