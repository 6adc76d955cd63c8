/** The opponent never pressed Ready: the ready player claims the walkover. */
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { MatchActionButton } from './MatchActionButton';

export function ClaimWalkover({ matchId, opponent, onChanged }: { matchId: string; opponent: string; onChanged: () => void }) {
  const w = useMessages(MATCH_WORDS).walkover;
  return (
    <section className="card border border-lime p-4 sm:p-5" data-walkover>
      <h2 className="text-lg font-bold">{w.claimTitle(opponent)}</h2>
      <p className="mt-1 text-mist">{w.claimLead(opponent)}</p>
      <MatchActionButton className="mt-3" busyLabel={w.claiming} call={(matches) => matches.claimWalkover(matchId)} onChanged={onChanged}>
        {w.claim}
      </MatchActionButton>
    </section>
  );
}
