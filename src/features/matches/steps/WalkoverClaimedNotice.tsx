/** The player claimed a walkover: the opponent's time to contest it, then they go through. */
import { formatTimeIST } from '@/lib/format';
import { countdown } from '../match-steps';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { Notice } from './Notice';

export function WalkoverClaimedNotice({ opponent, contestUntil, now }: { opponent: string; contestUntil: number | null; now: number }) {
  const words = useMessages(MATCH_WORDS);
  return (
    <Notice title={words.walkover.claimedTitle} data="walkover-claimed">
      {words.walkover.claimed(
        opponent,
        contestUntil ? `${formatTimeIST(new Date(contestUntil))} (${countdown(contestUntil, now, words.countdown)})` : null,
      )}
    </Notice>
  );
}
