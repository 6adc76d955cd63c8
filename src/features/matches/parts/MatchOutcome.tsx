/** A confirmed or void match: who went through and how, and the way on to the next match and the tournament. */
import { matchHref } from '@/lib/routes';
import { resultSentence } from '@/lib/score';
import type { MatchView } from '../match-view';

export function MatchOutcome({ view }: { view: MatchView }) {
  const { match: m, score, side, viewerWon, next } = view;
  const isVoid = m.status === 'void';
  // Only where a draw stands (groups, Swiss) is a match confirmed with a score and no winner.
  const isDraw = !isVoid && m.winner_entry_id === null && score !== null;
  if (isDraw) {
    return (
      <section className="card border-lime/60 p-5" aria-labelledby="match-outcome" data-match-outcome>
        <h2 id="match-outcome" className="text-lg font-bold">
          Result confirmed
        </h2>
        <p className="mt-1" data-match-result>
          {view.names.a} and {view.names.b} drew {score}: one point each.
        </p>
        <p className="mt-3 flex flex-wrap gap-3">
          {next && (
            <a className="btn btn-primary" href={matchHref(next.match.id)} data-next-match>
              {next.mine ? 'Next match:' : 'Follow the'} {next.roundName}
            </a>
          )}
          <a className="btn btn-ghost" href={view.tournamentHref}>
            The tournament
          </a>
        </p>
      </section>
    );
  }
  const winner = view.result?.winner ?? view.winnerName ?? 'The winner';
  // Winner first: "PlayerA won 2–0", "PlayerA drew 2–2, won on penalties" (lib/score).
  const sentence = view.result ? resultSentence({ ...view.result, loser: null }) : `${winner} went through`;
  return (
    <section className="card border-lime/60 p-5" aria-labelledby="match-outcome" data-match-outcome>
      <h2 id="match-outcome" className="text-lg font-bold">
        {isVoid ? 'Match void' : 'Result confirmed'}
      </h2>
      {isVoid ? (
        <p className="mt-1 text-mist">Neither player was ready in time, so both are out.</p>
      ) : (
        <p className="mt-1" data-match-result>
          <strong data-match-winner>{winner}</strong>
          {sentence.slice(winner.length)}
          {!score && m.walkover_entry_id ? ' on a walkover' : ''}.{side !== null && (viewerWon ? ' Well played!' : ' Thanks for playing.')}
        </p>
      )}
      <p className="mt-3 flex flex-wrap gap-3">
        {next && (
          <a className="btn btn-primary" href={matchHref(next.match.id)} data-next-match>
            {side !== null && !next.mine ? 'Follow the' : 'Next match:'} {next.roundName}
          </a>
        )}
        <a className="btn btn-ghost" href={view.tournamentHref}>
          The tournament
        </a>
      </p>
    </section>
  );
}
