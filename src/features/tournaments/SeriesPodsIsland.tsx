/**
 * A series page's live part: its open pod (entries so far, a link to enter) and its recent pods, each with
 * the database's status in the same words as every other page.
 */
import { podHref } from '@/lib/routes';
import StatusPill from './StatusPill';
import { entriesLabel, entriesOrPending, pendingEntriesLabel } from './status';
import { useTournamentStates } from './use-tournament-states';
import { usePodsOfSeries } from './use-pods';
import { POD_START_DELAY_MINUTES } from '@/lib/rules';

export default function SeriesPodsIsland({ seriesId, capacity }: { seriesId: string; capacity: number }) {
  const load = usePodsOfSeries(seriesId);
  const states = useTournamentStates(load.status === 'ready' ? load.pods.map((p) => p.id) : []);

  if (load.status === 'error') {
    return <p className="card p-5 text-mist">The pods could not be loaded. Reload the page to try again.</p>;
  }
  const pods = load.status === 'ready' ? load.pods : [];
  const open = pods.find((pod) => states[pod.id]?.status === 'open');
  const recent = pods.filter((pod) => pod !== open);

  return (
    <div className="grid gap-6 md:grid-cols-2" data-series-pods={seriesId}>
      <section className="card p-5" aria-labelledby="open-pod-heading">
        <h2 id="open-pod-heading" className="text-xl font-bold">
          Open pod
        </h2>
        {open ? (
          <div className="mt-3" data-open-pod={open.id}>
            <div className="flex items-center justify-between gap-2">
              <a href={podHref(open.id)} className="text-lg font-bold hover:text-lime">
                {open.title}
              </a>
              <StatusPill tournamentId={open.id} status="open" live />
            </div>
            <p className="mt-2 tabular-nums text-mist">
              {entriesLabel(states[open.id]?.entries ?? 0, states[open.id]?.capacity ?? open.max_players)}
            </p>
            <p className="mt-1 text-sm text-mist">It starts {POD_START_DELAY_MINUTES} minutes after the last place is taken.</p>
            <a href={podHref(open.id)} className="btn btn-primary mt-4 w-full">
              Enter this pod
            </a>
          </div>
        ) : (
          // Same height as a loaded pod: nothing jumps when it arrives.
          <div className="mt-3 min-h-36" aria-busy={load.status === 'loading'}>
            <p className="tabular-nums text-mist">
              {load.status === 'loading' ? pendingEntriesLabel(capacity) : 'No pod is open right now.'}
            </p>
          </div>
        )}
      </section>
      <section className="card p-5" aria-labelledby="recent-pods-heading">
        <h2 id="recent-pods-heading" className="text-xl font-bold">
          Recent pods
        </h2>
        {recent.length === 0 ? (
          <p className="mt-3 text-mist">{load.status === 'loading' ? '…' : 'No earlier pods yet.'}</p>
        ) : (
          <ul role="list" className="mt-3 divide-y divide-line">
            {recent.map((pod) => (
              <li key={pod.id} className="flex items-center justify-between gap-3 py-2">
                <a href={podHref(pod.id)} className="font-semibold hover:text-lime">
                  {pod.title}
                </a>
                <span className="flex items-center gap-3">
                  <span className="text-sm tabular-nums text-mist">{entriesOrPending(states[pod.id], pod.max_players)}</span>
                  {states[pod.id] && <StatusPill tournamentId={pod.id} status={states[pod.id]?.status ?? 'open'} live />}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
