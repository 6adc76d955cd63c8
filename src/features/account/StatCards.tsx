/** My Earnings' four figure cards: prize money won (the ledger), matches played and won, goals scored. */
import { formatPaiseExact } from '@/lib/format';
import type { Load } from '@/lib/load-state';
import { useMessages } from '@/lib/i18n/use-messages';
import { averageGoalsPerMatch, type PlayerStats } from './account';
import { RECORD_WORDS } from './record-words';

/** `wonPaise`: undefined while the ledger loads, null when it could not be read. */
export function StatCards({ stats, wonPaise }: { stats: Load<PlayerStats>; wonPaise: number | null | undefined }) {
  const w = useMessages(RECORD_WORDS);
  const value = stats.status === 'ready' ? stats.value : null;
  const placeholder = stats.status === 'loading' ? '…' : '—';
  const winRate = value && value.matches_played > 0 ? value.win_rate_percent : null;
  const average = value ? averageGoalsPerMatch(value.goals_scored, value.matches_played) : null;
  const cards = [
    {
      label: w.totalEarnings,
      figure: typeof wonPaise === 'number' ? formatPaiseExact(wonPaise) : wonPaise === undefined ? '…' : '—',
      note: w.prizeMoneyWon,
      accent: 'text-gold',
    },
    { label: w.matchesPlayed, figure: value ? String(value.matches_played) : placeholder, note: w.acrossAll, accent: '' },
    {
      label: w.matchesWon,
      figure: value ? String(value.matches_won) : placeholder,
      note: winRate === null ? w.noMatches : w.winRate(winRate),
      accent: '',
    },
    {
      label: w.goalsScored,
      figure: value ? String(value.goals_scored) : placeholder,
      note: average === null ? w.noMatches : w.perMatch(String(average)),
      accent: '',
    },
  ];
  return (
    <ul role="list" className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.status === 'loading'}>
      {cards.map((card) => (
        <li key={card.label} className="card flex flex-col gap-1 p-4 sm:p-5" data-testid="stat-card">
          <h2 className="text-xs font-bold uppercase tracking-wider text-mist sm:text-sm">{card.label}</h2>
          <p className={`font-display text-3xl break-words sm:text-4xl ${card.accent}`}>{card.figure}</p>
          <p className="text-xs text-mist sm:text-sm">{card.note}</p>
        </li>
      ))}
    </ul>
  );
}
