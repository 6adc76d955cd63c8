/**
 * "Your record" on the dashboard and the profile: the prize money won and the signed-in player's stats.
 * Shows nothing to a signed-out visitor (the dashboard is public); the record with its frame, its words and its
 * data load only when signed in (SignedInRecord), below the fold on both pages.
 */
import { Suspense } from 'react';
import { withHindiWords } from '@/lib/i18n/island-words';
import { lazyOnDemand } from '@/lib/lazy-on-demand';
import { useSession } from '@/stores/use-session';

// Loaded once a signed-in player is known: a visitor's page never downloads it. On a Hindi page it waits for the
// record's Hindi words, so it never shows English first.
const SignedInRecord = lazyOnDemand(() => import('./SignedInRecord').then(withHindiWords));

export default function PlayerStatsIsland() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    // The space the record takes while it loads, so the page below it does not jump.
    <Suspense fallback={<div className="mt-10 min-h-64" aria-hidden="true" />}>
      <SignedInRecord userId={session.user.id} />
    </Suspense>
  );
}
