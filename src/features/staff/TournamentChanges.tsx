/**
 * "Changes" on a tournament's page and a pod's page: what staff (or the clock) changed and why, newest
 * first, from the public part of the audit log. Shows nothing at all while there is nothing to show, so
 * an ordinary tournament's page looks as before. On the pod page the id comes from `?id=`.
 */
import { useEffect, useState } from 'react';
import { formatShortDateIST, formatTimeIST } from '@/lib/format';
import type { TournamentChange } from './staff.schemas';

export default function TournamentChanges({ tournamentId }: { tournamentId?: string }) {
  const [changes, setChanges] = useState<TournamentChange[]>([]);

  useEffect(() => {
    const id = tournamentId ?? new URLSearchParams(window.location.search).get('id')?.trim();
    if (!id) return;
    let cancelled = false;
    import('./changes.api')
      .then((api) => api.fetchTournamentChanges(id))
      .then((rows) => {
        if (!cancelled) setChanges(rows);
      })
      .catch((error: unknown) => {
        // The record is extra information on the page: a failure leaves the rest of the page as it is.
        console.warn('Could not load the changes of this tournament', error);
      });
    return () => {
      cancelled = true;
    };
  }, [tournamentId]);

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
            <p className="font-semibold">{change.summary}</p>
            {change.reason && <p className="mt-1">Reason: {change.reason}</p>}
            <p className="mt-1 text-sm text-mist">
              {change.actor} ·{' '}
              <time dateTime={change.at}>
                {formatShortDateIST(change.at)}, {formatTimeIST(change.at)}
              </time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
