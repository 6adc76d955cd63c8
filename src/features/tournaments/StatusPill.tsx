/** The status badge inside React islands: the same words and colours as StatusBadge.astro. */
import { useStore } from '@nanostores/react';
import { $lang } from '@/stores/lang';
import { STATUS_LOOK, type TournamentStatus } from './status';
import { statusLabelIn } from './status-words';

export default function StatusPill({ tournamentId, status, live }: { tournamentId: string; status: TournamentStatus; live: boolean }) {
  const look = STATUS_LOOK[status];
  const lang = useStore($lang);
  return (
    <span
      className={`status-badge rounded-full px-2.5 py-1 text-xs font-bold tracking-wider uppercase ${look.badgeClass}`}
      data-status-of-island={tournamentId}
      data-status={status}
      data-live={live ? '' : undefined}
    >
      {statusLabelIn(lang, status)}
    </span>
  );
}
