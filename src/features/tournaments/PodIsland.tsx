/**
 * The pod page's island: reads the pod id from the URL (`/pod/?id=…`), then shows the pod with the
 * database's status, "2 / 4 players", its times and the same pay panel as every tournament page.
 * An unknown id says so on the page (the shell never 404s). Below: check-in for a player with an entry,
 * and the pod's bracket.
 */
import { useEffect, useState } from 'react';
import PayPanelIsland from '@/features/payments/PayPanelIsland';
import { formatDateIST, formatRupees, formatTimeIST } from '@/lib/format';
import { ROUTES, tournamentHref } from '@/lib/routes';
import StatusPill from './StatusPill';
import { entriesOrPending } from './status';
import { useTournamentStates } from './useTournamentStates';
import type { PodRow } from './pods.api';
import BracketIsland from '@/features/brackets/BracketIsland';
import StandingsIsland from '@/features/standings/StandingsIsland';
import CheckInIsland from '@/features/brackets/CheckInIsland';

type Load = { status: 'loading' } | { status: 'ready'; pod: PodRow } | { status: 'missing' } | { status: 'error' };

export default function PodIsland({ productName, checkoutUrl }: { productName: string; checkoutUrl: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const pod = load.status === 'ready' ? load.pod : null;
  const state = useTournamentStates(pod ? [pod.id] : [])[pod?.id ?? ''];

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id')?.trim();
    if (!id) {
      setLoad({ status: 'missing' });
      return;
    }
    import('./pods.api')
      .then((api) => api.fetchPod(id))
      .then((found) => setLoad(found ? { status: 'ready', pod: found } : { status: 'missing' }))
      .catch(() => setLoad({ status: 'error' }));
  }, []);

  if (load.status === 'missing' || load.status === 'error') {
    return (
      <div className="card p-8 text-center" data-pod-missing>
        <p className="text-lg font-bold">{load.status === 'missing' ? 'No pod has this link.' : 'The pod could not be loaded.'}</p>
        <p className="mt-2 text-mist">
          <a href={ROUTES.tournaments.path} className="underline hover:text-lime">
            See every tournament and its open pod
          </a>
        </p>
      </div>
    );
  }
  if (!pod) {
    return (
      <div className="min-h-64" aria-busy="true">
        <p className="text-mist">Loading the pod…</p>
      </div>
    );
  }
  return (
    <>
      <div className="grid gap-8 md:grid-cols-[1fr_20rem]" data-pod={pod.id}>
        <div>
          <p className="text-sm text-mist">
            <a href={tournamentHref(pod.series_id)} className="hover:text-chalk">
              {pod.format}
            </a>{' '}
            · pod #{pod.pod_number}
          </p>
          <p className="mt-4">
            {state ? <StatusPill tournamentId={pod.id} status={state.status} live /> : <span className="inline-block h-6" />}
          </p>
          <h1 className="section-title mt-3 text-4xl md:text-6xl">{pod.title}</h1>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="rounded-2xl bg-night/60 p-3">
              <dt className="text-xs font-bold tracking-wider text-mist uppercase">Entries</dt>
              <dd className="mt-1 font-bold tabular-nums" data-pod-entries>
                {entriesOrPending(state, pod.max_players)}
              </dd>
            </div>
            <div className="rounded-2xl bg-night/60 p-3">
              <dt className="text-xs font-bold tracking-wider text-mist uppercase">Prize pool</dt>
              <dd className="mt-1 font-bold text-gold">{formatRupees(pod.prize_pool_paise / 100)}</dd>
            </div>
            <div className="rounded-2xl bg-night/60 p-3">
              <dt className="text-xs font-bold tracking-wider text-mist uppercase">Starts</dt>
              <dd className="mt-1 font-bold">
                {state && state.status !== 'open' && state.status !== 'cancelled'
                  ? `${formatDateIST(state.starts_at)}, ${formatTimeIST(state.starts_at)}`
                  : '20 min after it fills'}
              </dd>
            </div>
          </dl>
          {state?.status === 'open' && (
            <p className="mt-4 text-sm text-mist">
              If it is not full by {formatDateIST(state.registration_closes_at)}, {formatTimeIST(state.registration_closes_at)}, the pod is
              cancelled and every entry refunded.
            </p>
          )}
          {state?.status === 'cancelled' && state.cancel_reason && <p className="mt-4 font-semibold">{state.cancel_reason}</p>}
        </div>
        <div>
          <PayPanelIsland
            tournamentId={pod.id}
            tournamentTitle={pod.title}
            entryFeeRupees={pod.entry_fee_paise / 100}
            maxPlayers={pod.max_players}
            initialStatus={state?.status ?? 'scheduled'}
            productName={productName}
            checkoutUrl={checkoutUrl}
          />
          <CheckInIsland tournamentId={pod.id} />
        </div>
      </div>
      <section className="mt-10" aria-labelledby="bracket-heading">
        <h2 id="bracket-heading" className="text-xl font-bold">
          Bracket
        </h2>
        <p className="mt-2 max-w-3xl text-mist">
          Single elimination: lose once and you are out. The draw runs when check-in closes; only checked-in entries are drawn.
        </p>
        <BracketIsland tournamentId={pod.id} drawAt={state?.check_in_closes_at ?? null} />
      </section>
      {(state?.status === 'finished' || state?.status === 'settled') && (
        <section className="mt-10" aria-labelledby="standings-heading">
          <h2 id="standings-heading" className="text-xl font-bold">
            Standings
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-mist">
            Places by the round each player went out in: players out in the same round share a place.
          </p>
          <StandingsIsland tournamentId={pod.id} />
        </section>
      )}
    </>
  );
}
