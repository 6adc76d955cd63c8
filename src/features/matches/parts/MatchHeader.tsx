/** The tournament and the round above the heading "A vs B"; while loading, the heading "Match" in the same place. */
import type { MatchView } from '../match-view';

export function MatchHeader({ view }: { view: MatchView | null }) {
  return (
    <header>
      <p className="text-sm text-mist">
        {view ? (
          <>
            <a href={view.tournamentHref} className="underline-offset-2 hover:text-chalk hover:underline">
              {view.title ?? 'Tournament'}
            </a>{' '}
            · <span data-round-name>{view.roundName}</span>
          </>
        ) : (
          // Holds the line's height, so the heading does not move when the names arrive.
          <span className="invisible">Tournament · Round</span>
        )}
      </p>
      <h1 className="section-title mt-2 text-3xl break-words normal-case sm:text-5xl">
        {view ? (
          <>
            {view.names.a} <span className="text-mist">vs</span> {view.names.b}
          </>
        ) : (
          'Match'
        )}
      </h1>
    </header>
  );
}
