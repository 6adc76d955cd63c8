/**
 * One tournament in the staff console: its summary and the organiser's actions, the refunds after a
 * cancellation, the corrections of confirmed results, its entries with payment and check-in, and the
 * audit log. Data and actions come from useTournamentPanel.
 */
import { staffChecksInNow } from './staff';
import { Suspense } from 'react';
import AuditLog from './AuditLog';
import EntriesList from './EntriesList';
import PanelDialog from './PanelDialog';
import RefundBar from './RefundBar';
import type { MyStaffRole, StaffTournament } from './staff.schemas';
import TournamentSummary from './TournamentSummary';
import { useTournamentPanel } from './use-tournament-panel';
import { lazyOnDemand } from '@/lib/lazy-on-demand';

// Only for tournaments with results; loaded when such a panel opens.
const CorrectionsPanel = lazyOnDemand(() => import('./CorrectionsPanel'));

/** Results exist to correct once matches are played (the database refuses after the prizes are credited). */
const RESULTS_EXIST = new Set(['live', 'finished', 'settled']);

interface Props {
  tournament: StaffTournament;
  roles: MyStaffRole[];
  /** The tournament list and the attention list read the new state after an action. */
  onChanged: () => void;
}

export default function TournamentPanel({ tournament, roles, onChanged }: Props) {
  const panel = useTournamentPanel(tournament, roles, onChanged);
  const entries = panel.entries.status === 'ready' ? panel.entries.value : null;

  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-5" aria-labelledby="panel-heading" data-tournament-panel={tournament.id}>
      <TournamentSummary
        tournament={tournament}
        notice={panel.notice}
        canOrganise={panel.canOrganise}
        entries={entries}
        onOpen={panel.open}
        onExport={panel.exportEntries}
      />

      {panel.refunds && panel.refunds.total > 0 && (
        <RefundBar
          progress={panel.refunds}
          canRetry={panel.canOrganise}
          onRetry={() => void panel.retryRefunds()}
          retrying={panel.retryingRefunds}
        />
      )}

      {panel.canReferee && RESULTS_EXIST.has(tournament.status) && (
        <Suspense fallback={<p className="text-mist">Loading the corrections…</p>}>
          <CorrectionsPanel tournamentId={tournament.id} onApplied={panel.afterCorrection} />
        </Suspense>
      )}

      <section aria-labelledby="entries-heading">
        <h3 id="entries-heading" className="mb-3 text-xl font-bold">
          Entries
        </h3>
        {panel.entries.status === 'loading' && <p className="text-mist">Loading entries…</p>}
        {panel.entries.status === 'error' && <p className="font-semibold text-danger">{panel.entries.message}</p>}
        {entries && (
          <EntriesList
            entries={entries}
            canCheckIn={panel.canReferee && staffChecksInNow(tournament.status)}
            onCheckIn={(entry, checkIn) => panel.open({ kind: 'check-in', entry, checkIn })}
          />
        )}
      </section>

      <section aria-labelledby="audit-heading">
        <h3 id="audit-heading" className="mb-3 text-xl font-bold">
          Audit log
        </h3>
        {panel.audit.status === 'loading' && <p className="text-mist">Loading the audit log…</p>}
        {panel.audit.status === 'error' && <p className="font-semibold text-danger">{panel.audit.message}</p>}
        {panel.audit.status === 'ready' && <AuditLog rows={panel.audit.value} />}
      </section>

      <PanelDialog dialog={panel.dialog} tournament={tournament} />
    </section>
  );
}
