/**
 * "Your record" on the dashboard and the profile: the prize money won (get_my_earnings) and the signed-in
 * player's stats from get_my_stats. Shows
 * nothing to a signed-out visitor (the dashboard is public); the data module loads only when signed in.
 */
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/stores/use-session';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { StatsLoad } from './PlayerRecord';

// Loaded once a signed-in player is known: a visitor's page never downloads it.
const PlayerRecord = lazy(() => import('./PlayerRecord'));

export default function PlayerStatsIsland({ title = 'Your record' }: { title?: string }) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const [stats, setStats] = useState<StatsLoad>({ status: 'loading' });
  // undefined while loading, null when the ledger could not be read.
  const [wonPaise, setWonPaise] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const api = import('./account.api');
    api
      .then((calls) => calls.fetchMyStats())
      .then((value) => !cancelled && setStats({ status: 'ready', value }))
      .catch(() => !cancelled && setStats({ status: 'error' }));
    api
      .then((calls) => calls.fetchMyWinnings())
      .then((value) => !cancelled && setWonPaise(value))
      .catch(() => !cancelled && setWonPaise(null));
    return () => {
      cancelled = true;
    };
  }, [userId]);

  if (!userId) return null;
  return (
    <section aria-labelledby="player-record-heading" className="mt-10" data-player-stats>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="player-record-heading" className="section-title text-3xl md:text-4xl">
          {title}
        </h2>
        <a href={ROUTES.myEarnings.path} className="font-semibold text-lime underline-offset-4 hover:underline">
          Earnings & payments
        </a>
      </div>
      <p className="mt-1 text-sm text-mist">Prize money credited to you and your confirmed matches in every tournament.</p>
      <div className="mt-4">
        <Suspense fallback={<p className="text-mist">Loading…</p>}>
          <PlayerRecord stats={wonPaise === undefined ? { status: 'loading' } : stats} wonPaise={wonPaise ?? null} />
        </Suspense>
      </div>
    </section>
  );
}
