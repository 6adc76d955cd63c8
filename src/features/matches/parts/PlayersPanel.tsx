/** The two players side by side, the score (or "vs") between them; blank cards while loading. */
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import type { MatchView } from '../match-view';
import { PlayerCard } from './PlayerCard';

export function PlayersPanel({ view }: { view: MatchView | null }) {
  const m = view?.match;
  const w = useMessages(MATCH_PAGE_WORDS);
  const won = (entry: string | null | undefined) => m !== undefined && m.winner_entry_id !== null && m.winner_entry_id === entry;
  return (
    <section aria-label={w.players.label} className="card grid grid-cols-[1fr_auto_1fr] items-stretch gap-2 p-4 sm:p-6">
      <PlayerCard name={view?.names.a ?? null} host you={view?.side === 'a'} winner={won(m?.entry_a)} />
      <div className="flex items-center justify-center text-center">
        {view?.score ? (
          <p className="font-display text-3xl tabular-nums sm:text-4xl" data-match-score>
            {view.score}
          </p>
        ) : (
          <p className="text-sm font-bold text-mist">{w.header.vs}</p>
        )}
      </div>
      <PlayerCard name={view?.names.b ?? null} you={view?.side === 'b'} winner={won(m?.entry_b)} />
    </section>
  );
}
