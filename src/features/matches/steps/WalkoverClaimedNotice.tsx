/** The player claimed a walkover: the opponent's time to contest it, then they go through. */
import { formatTimeIST } from '@/lib/format';
import { countdown } from '../match-steps';
import { Notice } from './Notice';

export function WalkoverClaimedNotice({ opponent, contestUntil, now }: { opponent: string; contestUntil: number | null; now: number }) {
  return (
    <Notice title="Walkover claimed" data="walkover-claimed">
      {opponent} has until {contestUntil ? `${formatTimeIST(new Date(contestUntil))} (${countdown(contestUntil, now)})` : 'a few minutes'}{' '}
      to contest it. If they do not, you go through.
    </Notice>
  );
}
