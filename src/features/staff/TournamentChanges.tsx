/**
 * "Changes" on a tournament's page and a pod's page: what staff (or the clock) changed and why, newest
 * first, from the public part of the audit log. Shows nothing at all while there is nothing to show, so
 * an ordinary tournament's page looks as before. On the pod page the id comes from `?id=`.
 */
import { formatDateTimeIST } from '@/lib/format';
import { changeSummary } from './changes';
import { useTournamentChanges } from './use-tournament-changes';

export default function TournamentChanges({ tournamentId }: { tournamentId?: string }) {
  const changes = useTournamentChanges(tournamentId);

  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="changes-heading" className="mx-auto w-full max-w-6xl px-4 py-8" data-tournament-changes>
      <h2 id="changes-heading" className="text-xl font-bold">
        Changes
      </h2>
      <p className="mt-1 text-sm text-mist">What the organisers changed and why. All times are IST.</p>
      <ol role="list" className="mt-4 grid gap-3">
        {changes.map((change) => (
          <li key={`${change.at}-${change.action}-${change.summary}`} className="card p-4">
            <p className="font-semibold">{changeSummary(change)}</p>
            {change.reason && <p className="mt-1">Reason: {change.reason}</p>}
            <p className="mt-1 text-sm text-mist">
              {change.actor} · <time dateTime={change.at}>{formatDateTimeIST(change.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
