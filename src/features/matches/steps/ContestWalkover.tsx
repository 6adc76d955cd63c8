/** The opponent claims a walkover against the player: contest it while its window is open (staff decide). */
import { formatTimeIST } from '@/lib/format';
import { countdown } from '../match-steps';
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
  return (
    <section className="card border border-gold p-4 sm:p-5" data-contest-walkover>
      <h2 className="text-lg font-bold">Your opponent claims a walkover</h2>
      <p className="mt-1 text-mist">
        They say you did not press Ready in time.{' '}
        {open
          ? `You can contest it until ${formatTimeIST(new Date(until))} (${countdown(until, now)}): staff then decide.`
          : 'The time to contest it has passed.'}
      </p>
      <MatchActionButton
        show={open}
        className="mt-3"
        busyLabel="Contesting"
        call={(matches) => matches.disputeMatch(matchId, 'no_show', 'I contest the walkover: I was there.')}
        onChanged={onChanged}
      >
        Contest the walkover
      </MatchActionButton>
    </section>
  );
}
