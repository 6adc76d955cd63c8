/** The opponent claims a walkover against the player: contest it while its window is open (staff decide). */
import { formatTimeIST } from '@/lib/format';
import { countdown } from '../match-steps';
import { CONTEST_WALKOVER_DETAILS } from '../dispute-reasons';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { MatchActionButton } from './MatchActionButton';

export function ContestWalkover({
  matchId,
  contestUntil: until,
  now,
  onChanged,
}: {
  matchId: string;
  contestUntil: number | null;
  now: number;
  onChanged: () => void;
}) {
  const open = until !== null && until > now;
  const words = useMessages(MATCH_WORDS);
  const w = words.walkover;
  return (
    <section className="card border border-gold p-4 sm:p-5" data-contest-walkover>
      <h2 className="text-lg font-bold">{w.contestTitle}</h2>
      <p className="mt-1 text-mist">
        {w.contestLead} {open ? w.contestUntil(formatTimeIST(new Date(until)), countdown(until, now, words.countdown)) : w.contestPassed}
      </p>
      <MatchActionButton
        show={open}
        className="mt-3"
        busyLabel={w.contesting}
        call={(matches) => matches.disputeMatch(matchId, 'no_show', CONTEST_WALKOVER_DETAILS)}
        onChanged={onChanged}
      >
        {w.contest}
      </MatchActionButton>
    </section>
  );
}
