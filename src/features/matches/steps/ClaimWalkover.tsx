/** The opponent never pressed Ready: the ready player claims the walkover. */
import { MatchActionButton } from './MatchActionButton';

export function ClaimWalkover({ matchId, opponent, onChanged }: { matchId: string; opponent: string; onChanged: () => void }) {
  return (
    <section className="card border border-lime p-4 sm:p-5" data-walkover>
      <h2 className="text-lg font-bold">{opponent} did not press Ready</h2>
      <p className="mt-1 text-mist">
        You were ready and it is more than 10 minutes past the match time: claim a walkover. {opponent} then has 5 minutes to contest it
        (staff decide); if they do not, you go through.
      </p>
      <MatchActionButton className="mt-3" busyLabel="Claiming" call={(matches) => matches.claimWalkover(matchId)} onChanged={onChanged}>
        Claim the walkover
      </MatchActionButton>
    </section>
  );
}
