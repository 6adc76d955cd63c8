/** The referee's last decision on the match with their note, as the players read it (get_match_reports' decision). */
import { useStore } from '@nanostores/react';
import { formatDateTimeIn } from '@/lib/i18n/format';
import { $lang } from '@/stores/lang';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import type { PlayersView } from '../match-view';

export function RefereeNote({ decision }: { decision: PlayersView['decision'] }) {
  const lang = useStore($lang);
  const w = MATCH_PAGE_WORDS[lang].referee;
  if (!decision) return null;
  return (
    <section className="card border border-line p-4 sm:p-5" aria-label={w.label} data-referee-note>
      <h2 className="text-lg font-bold">{w.decisions[decision.action] ?? w.decided}</h2>
      {decision.note && <p className="mt-1 break-words">“{decision.note}”</p>}
      <p className="mt-1 text-sm text-mist">{formatDateTimeIn(lang, decision.at)}</p>
    </section>
  );
}
