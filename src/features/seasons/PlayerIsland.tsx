/**
 * A player's public page (`/player/?id=<public id>`): in-game name, rating after the last completed week
 * (with its range and history), this season's points and every finished tournament with the place reached.
 * Never a legal name, e-mail or age: the database answers only what is public. Rendered on the server in its
 * loading state, the page's frame before JavaScript.
 */
import { anyTournamentHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { LEADERBOARD_HREF, PLAYER_FRAME_WORDS, type PlayerWords } from './player-words';
import { chartPoints, formatRating, isProvisional, type PlayerPage, type RatingPoint, ratingRange, seasonLabel } from './seasons';
import { usePlayer } from './use-player';

export default function PlayerIsland() {
  const state = usePlayer();
  // The frame's words; the rest arrive with the data (use-player.ts). The page's language is fixed for its life.
  const frame = PLAYER_FRAME_WORDS[$lang.get()];
  if (state.status === 'ready') return <Player w={state.words} page={state.page} />;
  return (
    <div className="card p-6 sm:p-8" aria-busy={state.status === 'loading'} data-player-state={state.status}>
      <h1 className="section-title text-3xl">{frame.heading}</h1>
      {state.status === 'loading' ? (
        <p className="mt-3 text-mist">{frame.loading}</p>
      ) : (
        <p className="mt-3 text-lg font-bold" role="alert">
          {state.status === 'missing' ? state.words.missing : state.words.failed(state.message)}
        </p>
      )}
      <p className="mt-2 text-mist">
        <a href={LEADERBOARD_HREF[$lang.get()]} className="underline hover:text-lime">
          {frame.seeLeaderboard}
        </a>
      </p>
    </div>
  );
}

function Player({ w, page }: { w: PlayerWords; page: PlayerPage }) {
  const provisional = isProvisional(page);
  return (
    <article className="flex flex-col gap-6" data-player={page.player_id}>
      <header>
        <p className="eyebrow">{PLAYER_FRAME_WORDS[$lang.get()].heading}</p>
        <h1 className="section-title mt-2 text-4xl break-all sm:text-5xl">{page.in_game_name}</h1>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="card p-4">
          <dt className="text-xs tracking-wider text-mist uppercase">{w.rating}</dt>
          <dd className="mt-1 font-display text-3xl text-lime" data-player-rating>
            {formatRating(page.rating)}
          </dd>
          <dd className="text-xs text-mist">{provisional ? w.provisional : w.likely(...ratingRange(page.rating, page.deviation))}</dd>
        </div>
        <div className="card p-4">
          <dt className="text-xs tracking-wider text-mist uppercase">{w.seasonPoints}</dt>
          <dd className="mt-1 font-display text-3xl text-gold" data-player-points>
            {page.season_points}
          </dd>
          <dd className="text-xs text-mist">{seasonLabel(page.season, w.months)}</dd>
        </div>
        <div className="card col-span-2 p-4 sm:col-span-1">
          <dt className="text-xs tracking-wider text-mist uppercase">{w.ratedThrough}</dt>
          <dd className="mt-1 font-semibold">
            {page.rated_through ? w.weekTo(w.date(new Date(new Date(page.rated_through).getTime() - 1))) : w.noWeekYet}
          </dd>
          <dd className="text-xs text-mist">{w.ratingsMove}</dd>
        </div>
      </dl>

      <section aria-labelledby="rating-history">
        <h2 id="rating-history" className="text-xl font-bold">
          {w.historyHeading}
        </h2>
        {page.history.length === 0 ? (
          <p className="card mt-3 p-4 text-sm text-mist">{w.noHistory}</p>
        ) : (
          <RatingHistory w={w} history={page.history} />
        )}
      </section>

      <section aria-labelledby="player-results">
        <h2 id="player-results" className="text-xl font-bold">
          {w.resultsHeading}
        </h2>
        {page.results.length === 0 ? (
          <p className="card mt-3 p-4 text-sm text-mist">{w.noResults}</p>
        ) : (
          <ul role="list" className="mt-3 flex flex-col gap-2">
            {page.results.map((result) => (
              <li key={result.tournament_id} className="card flex items-center justify-between gap-3 p-4 text-sm" data-player-result>
                <span className="min-w-0">
                  <a
                    href={w.href(anyTournamentHref(result.tournament_id))}
                    className="block truncate font-semibold hover:text-lime hover:underline"
                  >
                    {result.title}
                  </a>
                  <span className="text-mist">{w.shortDate(result.finished_at)}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-display text-xl leading-none text-gold">{w.place(result.place)}</span>
                  <span className="text-xs text-mist">{w.points(result.points)}</span>
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

function RatingHistory({ w, history }: { w: PlayerWords; history: RatingPoint[] }) {
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
          aria-label={w.chartLabel(history.length, last ? formatRating(last.rating) : '')}
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
            <span className="text-mist">{w.weekOf(w.shortDate(point.period_starts_at))}</span>
            <span className="tabular-nums">
              <span className="font-semibold">{formatRating(point.rating)}</span>
              <span className="text-mist"> · {w.matches(point.games)}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
