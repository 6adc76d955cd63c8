/** A confirmed or void match: who went through and how, and the way on to the next match and the tournament. */
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { matchHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import type { MatchView } from '../match-view';

export function MatchOutcome({ view }: { view: MatchView }) {
  const lang = useStore($lang);
  const words = MATCH_PAGE_WORDS[lang];
  const w = words.outcome;
  const { match: m, score, side, viewerWon, next } = view;
  const isVoid = m.status === 'void';
  const tournamentHref = localePath(view.tournamentHref, lang);
  // Only where a draw stands (groups, Swiss) is a match confirmed with a score and no winner.
  const isDraw = !isVoid && m.winner_entry_id === null && score !== null;
  if (isDraw) {
    return (
      <section className="card border-lime/60 p-5" aria-labelledby="match-outcome" data-match-outcome>
        <h2 id="match-outcome" className="text-lg font-bold">
          {w.confirmed}
        </h2>
        <p className="mt-1" data-match-result>
          {w.drew(view.names.a, view.names.b, score)}
        </p>
        <p className="mt-3 flex flex-wrap gap-3">
          {next && (
            <a className="btn btn-primary" href={localePath(matchHref(next.match.id), lang)} data-next-match>
              {next.mine ? w.nextMatch(words.round(next.roundName)) : w.follow(words.round(next.roundName))}
            </a>
          )}
          <a className="btn btn-ghost" href={tournamentHref}>
            {w.tournament}
          </a>
        </p>
      </section>
    );
  }
  const winner = view.result?.winner ?? view.winnerName ?? w.winnerFallback;
  return (
    <section className="card border-lime/60 p-5" aria-labelledby="match-outcome" data-match-outcome>
      <h2 id="match-outcome" className="text-lg font-bold">
        {isVoid ? w.voidTitle : w.confirmed}
      </h2>
      {isVoid ? (
        <p className="mt-1 text-mist">{w.voidBody}</p>
      ) : (
        <p className="mt-1" data-match-result>
          <strong data-match-winner>{winner}</strong>
          {w.after(winner, view.result, !score && m.walkover_entry_id !== null)}
          {side !== null && (viewerWon ? w.wellPlayed : w.thanks)}
        </p>
      )}
      <p className="mt-3 flex flex-wrap gap-3">
        {next && (
          <a className="btn btn-primary" href={localePath(matchHref(next.match.id), lang)} data-next-match>
            {side !== null && !next.mine ? w.follow(words.round(next.roundName)) : w.nextMatch(words.round(next.roundName))}
          </a>
        )}
        <a className="btn btn-ghost" href={tournamentHref}>
          {w.tournament}
        </a>
      </p>
    </section>
  );
}
