/** No match has this link, or it could not be loaded: say so, and where to go instead. */
import { ROUTES } from '@/lib/routes';

export function MatchMissing({ problem }: { problem: string | null }) {
  return (
    <div className="card p-6 text-center sm:p-8" data-match-missing>
      <h1 className="section-title text-3xl">Match</h1>
      <p className="mt-3 text-lg font-bold" role="alert">
        {problem === null ? 'No match has this link.' : `The match could not be loaded: ${problem}`}
      </p>
      <p className="mt-2 text-mist">
        <a href={ROUTES.tournaments.path} className="underline hover:text-lime">
          See every tournament
        </a>
      </p>
    </div>
  );
}
