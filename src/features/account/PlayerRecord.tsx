/**
 * A player's record from get_my_stats: matches, wins (and losses), win rate, goals for and against, and
 * titles. Shared by the dashboard, the profile and My Earnings; while loading each figure reads "…".
 */
import type { Load } from '@/lib/load-state';
import { useMessages } from '@/lib/i18n/use-messages';
import { EMPTY_STATS, type PlayerStats, statFigures } from './account';
import { RECORD_WORDS } from './record-words';

export default function PlayerRecord({
  stats,
  headingLevel = 'h3',
  wonPaise,
}: {
  stats: Load<PlayerStats>;
  headingLevel?: 'h2' | 'h3';
  /** The prize money won (get_my_earnings), shown first when given; null when it could not be read. */
  wonPaise?: number | null;
}) {
  const w = useMessages(RECORD_WORDS);
  const figures = statFigures(stats.status === 'ready' ? stats.value : EMPTY_STATS, wonPaise, w.record);
  // An odd number of cards: the last one spans the phone's two columns.
  const lastSpan = figures.length % 2 === 1 ? 'last:col-span-2 sm:last:col-span-1' : '';
  const Heading = headingLevel;
  if (stats.status === 'error') return <p className="card px-5 py-6 text-danger">{w.statsLoadFailed}</p>;
  return (
    <ul
      role="list"
      className={`grid grid-cols-2 gap-3 sm:grid-cols-3 ${figures.length > 5 ? 'lg:grid-cols-6' : 'lg:grid-cols-5'}`}
      aria-busy={stats.status === 'loading'}
      data-player-record
    >
      {figures.map((card) => (
        <li key={card.key} className={`card flex min-w-0 flex-col gap-1 p-4 ${lastSpan}`} data-stat={card.key}>
          <Heading className="text-xs font-bold tracking-wider text-mist uppercase">{card.label}</Heading>
          <p
            className={`font-display text-3xl break-words ${card.key === 'titles' && stats.status === 'ready' && stats.value.titles > 0 ? 'text-gold' : ''}`}
            data-stat-figure
          >
            {stats.status === 'loading' ? '…' : card.figure}
          </p>
          <p className="text-xs text-mist">{stats.status === 'loading' ? '\u00a0' : card.note}</p>
        </li>
      ))}
    </ul>
  );
}
