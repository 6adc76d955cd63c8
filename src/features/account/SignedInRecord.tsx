/**
 * "Your record" of the signed-in player with its data (usePlayerRecord): the frame (title, the link to My Earnings,
 * the public player page) and the figures. Loaded lazily by PlayerStatsIsland once a player is signed in, so a
 * visitor's page carries neither the record nor its data layer.
 */
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { playerHref, ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import PlayerRecord from './PlayerRecord';
import { RECORD_WORDS } from './record-words';
import { usePlayerRecord } from './use-player-record';

export default function SignedInRecord({ userId }: { userId: string }) {
  const { stats, wonPaise, playerPageId } = usePlayerRecord(userId);
  const lang = useStore($lang);
  const w = RECORD_WORDS[lang].frame;
  return (
    <section aria-labelledby="player-record-heading" className="mt-10" data-player-stats>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="player-record-heading" className="section-title text-3xl md:text-4xl">
          {w.title}
        </h2>
        <a href={localePath(ROUTES.myEarnings.path, lang)} className="font-semibold text-lime underline-offset-4 hover:underline">
          {w.earnings}
        </a>
      </div>
      <p className="mt-1 text-sm text-mist">{w.lead}</p>
      <div className="mt-4">
        <PlayerRecord stats={stats} wonPaise={wonPaise} />
        {playerPageId && (
          <p className="mt-3 text-sm">
            <a href={localePath(playerHref(playerPageId), lang)} className="font-semibold text-lime underline" data-my-player-page>
              {w.publicPage}
            </a>{' '}
            <span className="text-mist">{w.publicPageNote}</span>
          </p>
        )}
      </div>
    </section>
  );
}
