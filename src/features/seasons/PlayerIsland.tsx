/**
 * A player's public page (`/player/?id=<public id>`): in-game name, rating after the last completed week
 * (with its range and history), this season's points and every finished tournament with the place reached.
 * Never a legal name, e-mail or age: the database answers only what is public. Rendered on the server in its
 * loading state, the page's frame before JavaScript.
 */
import { anyTournamentHref, ROUTES } from '@/lib/routes';
import { formatDateIST, formatShortDateIST } from '@/lib/format';
import { chartPoints, formatRating, formatRatingRange, isProvisional, type PlayerPage, type RatingPoint, seasonLabel } from './seasons';
import { usePlayer } from './use-player';

export default function PlayerIsland() {
  const state = usePlayer();
  if (state.status === 'ready') return <Player page={state.page} />;
  return (
    <div className="card p-6 sm:p-8" aria-busy={state.status === 'loading'} data-player-state={state.status}>
      <h1 className="section-title text-3xl">Player</h1>
      {state.status === 'loading' ? (
        <p className="mt-3 text-mist">Loading the player’s rating and results…</p>
      ) : (
        <p className="mt-3 text-lg font-bold" role="alert">
          {state.status === 'missing' ? 'No player has this link.' : `The player could not be loaded: ${state.message}`}
        </p>
      )}
      <p className="mt-2 text-mist">
        <a href={ROUTES.leaderboard.path} className="underline hover:text-lime">
          See the leaderboard
        </a>
      </p>
    </div>
  );
}

function Player({ page }: { page: PlayerPage }) {
  const provisional = isProvisional(page);
  return (
    <article className="flex flex-col gap-6" data-player={page.player_id}>
      <header>
        <p className="eyebrow">Player</p>
        <h1 className="section-title mt-2 text-4xl break-all sm:text-5xl">{page.in_game_name}</h1>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="card p-4">
          <dt className="text-xs tracking-wider text-mist uppercase">Rating</dt>
          <dd className="mt-1 font-display text-3xl text-lime" data-player-rating>
            {formatRating(page.rating)}
          </dd>
          <dd className="text-xs text-mist">
            {provisional ? 'New player: no rated match yet' : `Likely between ${formatRatingRange(page.rating, page.deviation)}`}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-xs tracking-wider text-mist uppercase">Season points</dt>
          <dd className="mt-1 font-display text-3xl text-gold" data-player-points>
            {page.season_points}
          </dd>
          <dd className="text-xs text-mist">{seasonLabel(page.season)}</dd>
        </div>
        <div className="card col-span-2 p-4 sm:col-span-1">
          <dt className="text-xs tracking-wider text-mist uppercase">Rated through</dt>
          <dd className="mt-1 font-semibold">
            {page.rated_through
              ? `the week to ${formatDateIST(new Date(new Date(page.rated_through).getTime() - 1))}`
              : 'No week rated yet'}
          </dd>
          <dd className="text-xs text-mist">Ratings move once a week, on Monday (IST), from the week’s confirmed matches.</dd>
        </div>
      </dl>

      <section aria-labelledby="rating-history">
        <h2 id="rating-history" className="text-xl font-bold">
          Rating history
        </h2>
        {page.history.length === 0 ? (
          <p className="card mt-3 p-4 text-sm text-mist">No rated week yet: the first comes the Monday after a played match.</p>
        ) : (
          <RatingHistory history={page.history} />
        )}
      </section>

      <section aria-labelledby="player-results">
        <h2 id="player-results" className="text-xl font-bold">
          Results
        </h2>
        {page.results.length === 0 ? (
          <p className="card mt-3 p-4 text-sm text-mist">No finished tournament yet.</p>
        ) : (
          <ul role="list" className="mt-3 flex flex-col gap-2">
            {page.results.map((result) => (
              <li key={result.tournament_id} className="card flex items-center justify-between gap-3 p-4 text-sm" data-player-result>
                <span className="min-w-0">
                  <a
                    href={anyTournamentHref(result.tournament_id)}
                    className="block truncate font-semibold hover:text-lime hover:underline"
                  >
                    {result.title}
                  </a>
                  <span className="text-mist">{formatShortDateIST(result.finished_at)}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-display text-xl leading-none text-gold">{result.place}</span>
                  <span className="text-xs text-mist">{result.points} points</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

const CHART_WIDTH = 300;
const CHART_HEIGHT = 80;

function RatingHistory({ history }: { history: RatingPoint[] }) {
  const points = chartPoints(history, CHART_WIDTH, CHART_HEIGHT);
  const last = history.at(-1);
  return (
    <div className="card mt-3 p-4">
      {/* A line needs two weeks; one week is the list's single row. */}
      {points.length > 1 && (
        <svg
          viewBox={`-6 -6 ${CHART_WIDTH + 12} ${CHART_HEIGHT + 12}`}
          className="h-24 w-full text-lime"
          role="img"
          aria-label={`Rating over ${history.length} rated ${history.length === 1 ? 'week' : 'weeks'}, now ${last ? formatRating(last.rating) : ''}`}
        >
          <polyline fill="none" stroke="currentColor" strokeWidth="2" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
          {points.map((p, index) => (
            <circle key={history[index]?.period_starts_at} cx={p.x} cy={p.y} r="3.5" fill="currentColor" />
          ))}
        </svg>
      )}
      <ol className={`flex flex-col gap-1 text-sm ${points.length > 1 ? 'mt-3' : ''}`}>
        {[...history].reverse().map((point) => (
          <li key={point.period_starts_at} className="flex justify-between gap-3">
            <span className="text-mist">Week of {formatShortDateIST(point.period_starts_at)}</span>
            <span className="tabular-nums">
              <span className="font-semibold">{formatRating(point.rating)}</span>
              <span className="text-mist">
                {' '}
                · {point.games} {point.games === 1 ? 'match' : 'matches'}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
