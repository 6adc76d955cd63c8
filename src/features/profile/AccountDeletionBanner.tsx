/**
 * While the signed-in player's account is scheduled for deletion: a banner with the date and Cancel, on
 * the dashboard (where signing in lands) and the profile. Nothing for anyone else; its data loads only
 * once a signed-in player is known.
 */
import { Suspense } from 'react';
import { useSession } from '@/stores/use-session';
import { withHindiWords } from '@/lib/i18n/island-words';
import { lazyOnDemand } from '@/lib/lazy-on-demand';

// The banner's Hindi words arrive with it: an island hydrated by Astro's own `client:idle` does not wait for them.
const ScheduledDeletionBanner = lazyOnDemand(() => import('./ScheduledDeletionBanner').then(withHindiWords));

export default function AccountDeletionBanner() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <ScheduledDeletionBanner />
    </Suspense>
  );
}
