/**
 * The record of the signed-in player with its data (usePlayerRecord). Loaded lazily by PlayerStatsIsland
 * once a player is signed in, so a visitor's page carries neither the record nor its data layer.
 */
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { playerHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { HOME_WORDS } from './home-words';
import PlayerRecord from './PlayerRecord';
import { usePlayerRecord } from './use-player-record';

export default function SignedInRecord({ userId }: { userId: string }) {
  const { stats, wonPaise, playerPageId } = usePlayerRecord(userId);
  const lang = useStore($lang);
  const w = HOME_WORDS[lang].record;
  return (
    <>
      <PlayerRecord stats={stats} wonPaise={wonPaise} />
      {playerPageId && (
        <p className="mt-3 text-sm">
          <a href={localePath(playerHref(playerPageId), lang)} className="font-semibold text-lime underline" data-my-player-page>
            {w.publicPage}
          </a>{' '}
          <span className="text-mist">{w.publicPageNote}</span>
        </p>
      )}
    </>
  );
}
