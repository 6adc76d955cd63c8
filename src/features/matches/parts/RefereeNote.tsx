/** The referee's last decision on the match with their note, as the players read it (get_match_reports' decision). */
import { formatDateTimeIST } from '@/lib/format';
import type { PlayersView } from '../match-view';

const DECISION_WORDS: Record<string, string> = {
  result_set_by_staff: 'The referee set the result',
  replay_ordered: 'The referee ordered a replay',
  disqualified: 'The referee disqualified a player',
  result_corrected: 'The referee corrected the result',
};

export function RefereeNote({ decision }: { decision: PlayersView['decision'] }) {
  if (!decision) return null;
  return (
    <section className="card border border-line p-4 sm:p-5" aria-label="The referee's decision" data-referee-note>
      <h2 className="text-lg font-bold">{DECISION_WORDS[decision.action] ?? 'The referee decided'}</h2>
      {decision.note && <p className="mt-1 break-words">“{decision.note}”</p>}
      <p className="mt-1 text-sm text-mist">{formatDateTimeIST(decision.at)}</p>
    </section>
  );
}
