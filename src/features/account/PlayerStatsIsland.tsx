/**
 * "Your record" on the dashboard and the profile: the prize money won and the signed-in player's stats.
 * Shows nothing to a signed-out visitor (the dashboard is public); the record, its data and their modules
 * load only when signed in.
 */
import { Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { useSession } from '@/stores/use-session';
import { lazyOnDemand } from '@/lib/lazy-on-demand';
import { HOME_WORDS } from './home-words';

// Loaded once a signed-in player is known: a visitor's page never downloads it.
const SignedInRecord = lazyOnDemand(() => import('./SignedInRecord'));

export default function PlayerStatsIsland({ title }: { title?: string }) {
  const session = useSession();
  const lang = useStore($lang);
  const w = HOME_WORDS[lang].record;
  if (session.status !== 'signed-in') return null;
  return (
    <section aria-labelledby="player-record-heading" className="mt-10" data-player-stats>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="player-record-heading" className="section-title text-3xl md:text-4xl">
          {title ?? w.title}
        </h2>
        <a href={localePath(ROUTES.myEarnings.path, lang)} className="font-semibold text-lime underline-offset-4 hover:underline">
          {w.earnings}
        </a>
      </div>
      <p className="mt-1 text-sm text-mist">{w.lead}</p>
      <div className="mt-4">
        <Suspense fallback={<p className="text-mist">{w.loading}</p>}>
          <SignedInRecord userId={session.user.id} />
        </Suspense>
      </div>
    </section>
  );
}
