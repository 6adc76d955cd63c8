/**
 * The dashboard's signed-in home: the check-ins due now, the next match in each drawn tournament and the
 * player's live entries, all following the database live. Shows nothing to a signed-out visitor (the
 * dashboard is public); its data and modules load only when signed in.
 */
import { Suspense } from 'react';
import { useSession } from '@/stores/use-session';
import { lazyOnDemand } from '@/lib/lazy-on-demand';

// Loaded once a signed-in player is known: a visitor's page never downloads it.
const SignedInHome = lazyOnDemand(() => import('./SignedInHome'));

export default function DashboardHomeIsland() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={<p className="mt-8 text-mist">Loading your tournaments…</p>}>
      <SignedInHome userId={session.user.id} />
    </Suspense>
  );
}
