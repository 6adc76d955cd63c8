/**
 * The head of a tournament's panel: its status, entries and times, the link to its public page, the notice
 * of the last action, and the organiser's buttons. Before the draw an organiser may still move or close
 * things; afterwards only a cancellation is left.
 */
import { staffStartsLabel } from './staff';
import StatusPill from '@/features/tournaments/StatusPill';
import { formatDateTimeIST } from '@/lib/format';
import { anyTournamentHref } from '@/lib/routes';
import { paidEntryCount } from './staff';
import type { StaffEntry, StaffTournament } from './staff.schemas';
import type { PanelDialog } from './tournament-panel-state';

const BEFORE_START = new Set(['scheduled', 'open', 'full', 'check-in']);
const STILL_RUNNING = new Set(['scheduled', 'open', 'full', 'check-in', 'live']);

interface Props {
  tournament: StaffTournament;
  notice: string | null;
  canOrganise: boolean;
  /** Null until the entries have loaded: cancelling names the paid entries, the export needs them. */
  entries: StaffEntry[] | null;
  onOpen: (dialog: PanelDialog) => void;
  onExport: () => void;
}

export default function TournamentSummary({ tournament, notice, canOrganise, entries, onOpen, onExport }: Props) {
  const id = tournament.id;
  // An open pod has no times of its own yet: it starts 20 minutes after it fills.
  const openPod = tournament.is_pod && tournament.status === 'open';
  return (
    <header className="card grid gap-3 p-5">
      <div className="flex flex-wrap items-center gap-3">
        <StatusPill tournamentId={id} status={tournament.status} live={false} />
        <span className="text-sm text-mist tabular-nums">
          {tournament.entries} / {tournament.capacity} entries
        </span>
      </div>
      <h2 id="panel-heading" className="section-title text-3xl break-words">
        {tournament.title}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-mist">Starts</dt>
          <dd className="font-semibold">{staffStartsLabel(tournament, formatDateTimeIST)}</dd>
        </div>
        {openPod && tournament.registration_closes_at && (
          <div>
            <dt className="text-mist">Cancelled unless full by</dt>
            <dd className="font-semibold">{formatDateTimeIST(tournament.registration_closes_at)}</dd>
          </div>
        )}
        {!openPod && tournament.check_in_opens_at && (
          <div>
            <dt className="text-mist">Check-in opens</dt>
            <dd className="font-semibold">{formatDateTimeIST(tournament.check_in_opens_at)}</dd>
          </div>
        )}
        {!openPod && tournament.check_in_closes_at && (
          <div>
            <dt className="text-mist">Check-in closes</dt>
            <dd className="font-semibold">{formatDateTimeIST(tournament.check_in_closes_at)}</dd>
          </div>
        )}
      </dl>
      <p className="text-sm">
        <a href={anyTournamentHref(id)} className="text-lime underline-offset-4 hover:underline">
          Open the public page
        </a>
      </p>
      <p role="status" className="min-h-5 text-sm font-semibold text-lime" data-panel-notice>
        {notice}
      </p>
      <div className="flex flex-wrap gap-2">
        {canOrganise && tournament.status === 'check-in' && (
          <button type="button" className="btn btn-primary" onClick={() => onOpen({ kind: 'close-and-draw' })}>
            Close check-in and run the draw
          </button>
        )}
        {canOrganise && BEFORE_START.has(tournament.status) && (
          <button type="button" className="btn btn-ghost" onClick={() => onOpen({ kind: 'postpone' })}>
            Postpone
          </button>
        )}
        {canOrganise && STILL_RUNNING.has(tournament.status) && (
          <button
            type="button"
            className="btn btn-ghost border-danger/60 text-danger"
            disabled={!entries}
            onClick={() => onOpen({ kind: 'cancel', paidEntries: paidEntryCount(entries ?? []) })}
          >
            Cancel tournament
          </button>
        )}
        <button type="button" className="btn btn-ghost" disabled={!entries} onClick={onExport}>
          Export entries (CSV)
        </button>
      </div>
    </header>
  );
}
