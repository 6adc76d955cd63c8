/**
 * The dashboard's signed-in home: the check-ins due now, the next match in each drawn tournament and the
 * player's live entries, all following the database live. Shows nothing to a signed-out visitor (the
 * dashboard is public); its data and modules load only when signed in.
 */
import { Suspense } from 'react';
import { useSession } from '@/stores/use-session';
import { lazyOnDemand } from '@/lib/lazy-on-demand';
import { useMessages } from '@/lib/i18n/use-messages';
import { HOME_WORDS } from './home-words';

// Loaded once a signed-in player is known: a visitor's page never downloads it.
const SignedInHome = lazyOnDemand(() => import('./SignedInHome'));

export default function DashboardHomeIsland() {
  const session = useSession();
  const w = useMessages(HOME_WORDS);
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={<p className="mt-8 text-mist">{w.loadingTournaments}</p>}>
      <SignedInHome userId={session.user.id} />
    </Suspense>
  );
}
