/** The status badge inside React islands: the same words and colours as StatusBadge.astro. */
import { STATUS_LOOK, type TournamentStatus } from './status';

export default function StatusPill({ tournamentId, status, live }: { tournamentId: string; status: TournamentStatus; live: boolean }) {
  const look = STATUS_LOOK[status];
  return (
    <span
      className={`status-badge rounded-full px-2.5 py-1 text-xs font-bold tracking-wider uppercase ${look.badgeClass}`}
      data-status-of-island={tournamentId}
      data-status={status}
      data-live={live ? '' : undefined}
    >
      {look.label}
    </span>
  );
}
