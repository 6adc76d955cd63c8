/**
 * One tournament in the staff console: its entries with payment and check-in, the organiser's actions
 * (close check-in and draw, postpone, cancel), the refunds after a cancellation, the CSV export and the
 * audit log. State lives in one reducer (tournamentPanel.ts); this component makes the calls.
 */
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import StatusPill from '@/features/tournaments/StatusPill';
import { formatShortDateIST, formatTimeIST } from '@/lib/format';
import { anyTournamentHref } from '@/lib/routes';
import AuditLog from './AuditLog';
import EntriesList from './EntriesList';
import StaffDialog, { ReasonField } from './StaffDialog';
import type { MyStaffRole, RefundProgress, StaffTournament } from './staff.schemas';
import {
  allows,
  entriesCsv,
  entriesCsvFileName,
  entryPlayerName,
  isoToIstInput,
  istInputToIso,
  paidEntryCount,
  postponeProblem,
  refundPercent,
  refundSummary,
  shouldPollRefunds,
} from './staff';
import { initialPanelState, type PanelDialog, panelReducer, reasonProblem } from './tournament-panel-state';

const api = () => import('./staff.api');
// Only for tournaments with results; loaded when such a panel opens.
const CorrectionsPanel = lazy(() => import('./CorrectionsPanel'));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const when = (iso: string) => `${formatShortDateIST(iso)}, ${formatTimeIST(iso)}`;

/** How often the refund bar asks again while refunds are in the queue. */
const REFUND_POLL_MS = 2000;

/** Before the draw an organiser may still move or close things; afterwards only a cancellation is left. */
const BEFORE_START = new Set(['scheduled', 'open', 'full', 'check-in']);
const STILL_RUNNING = new Set(['scheduled', 'open', 'full', 'check-in', 'live']);
/** Results exist to correct once matches are played (the database refuses after the prizes are credited). */
const RESULTS_EXIST = new Set(['live', 'finished', 'settled']);

interface Props {
  tournament: StaffTournament;
  roles: MyStaffRole[];
  /** The tournament list and the attention list read the new state after an action. */
  onChanged: () => void;
}

function downloadCsv(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function RefundBar({
  progress,
  canRetry,
  onRetry,
  retrying,
}: {
  progress: RefundProgress;
  canRetry: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  const percent = refundPercent(progress);
  const finished = progress.pending === 0 && progress.failed === 0;
  return (
    <section className="card p-4" aria-labelledby="refunds-heading" data-refunds={finished ? 'done' : 'pending'}>
      <h3 id="refunds-heading" className="font-bold">
        Refunds {finished && <span className="text-lime">· done</span>}
      </h3>
      <div
        role="progressbar"
        aria-label="Refunds finished"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-3 overflow-hidden rounded-full bg-pitch-800"
      >
        <div
          className={`h-full rounded-full ${progress.failed > 0 ? 'bg-gold' : 'bg-lime'} transition-[width]`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-mist" aria-live="polite">
        {refundSummary(progress)}
      </p>
      {progress.failed > 0 && canRetry && (
        <button type="button" className="btn btn-ghost mt-3" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry failed refunds'}
        </button>
      )}
    </section>
  );
}

export default function TournamentPanel({ tournament, roles, onChanged }: Props) {
  const id = tournament.id;
  const [state, dispatch] = useReducer(panelReducer, initialPanelState);
  const [reason, setReason] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const canReferee = allows(roles, 'referee', id);
  const canOrganise = allows(roles, 'organiser', id);

  const loadEntries = useCallback(async () => {
    try {
      dispatch({ type: 'entriesLoaded', entries: await (await api()).fetchEntries(id) });
    } catch (error) {
      dispatch({ type: 'entriesFailed', message: messageOf(error) });
    }
  }, [id]);
  const loadAudit = useCallback(async () => {
    try {
      dispatch({ type: 'auditLoaded', audit: await (await api()).fetchAudit(id) });
    } catch (error) {
      dispatch({ type: 'auditFailed', message: messageOf(error) });
    }
  }, [id]);
  const loadRefunds = useCallback(async () => {
    try {
      dispatch({ type: 'refundsLoaded', progress: await (await api()).fetchRefundProgress(id) });
    } catch (error) {
      // The bar is extra information: the entries' payment column still says where each refund is.
      console.error('Refund progress could not be read', error);
    }
  }, [id]);

  useEffect(() => {
    void loadEntries();
    void loadAudit();
    void loadRefunds();
  }, [loadEntries, loadAudit, loadRefunds]);

  // While refunds are queued, ask again every couple of seconds; stop once none is pending.
  const polling = shouldPollRefunds(state.refunds);
  useEffect(() => {
    if (!polling) return;
    const timer = window.setInterval(() => void loadRefunds(), REFUND_POLL_MS);
    return () => window.clearInterval(timer);
  }, [polling, loadRefunds]);
  // When the last refund leaves the queue, the entries' payment column and the audit log catch up.
  const wasPolling = useRef(false);
  useEffect(() => {
    if (wasPolling.current && !polling) {
      void loadEntries();
      void loadAudit();
    }
    wasPolling.current = polling;
  }, [polling, loadEntries, loadAudit]);

  function open(dialog: PanelDialog) {
    setReason('');
    setAttempted(false);
    if (dialog.kind === 'postpone') setStartsAt(isoToIstInput(tournament.starts_at));
    dispatch({ type: 'dialogOpened', dialog });
  }

  const dialog = state.dialog;
  const problem = attempted ? reasonProblem(reason) : null;
  const startProblem = attempted && dialog?.kind === 'postpone' ? postponeProblem(startsAt, tournament.starts_at) : null;

  async function confirm() {
    if (!dialog) return;
    setAttempted(true);
    const needsReason = dialog.kind !== 'close-and-draw';
    if (needsReason && reasonProblem(reason)) return;
    const newStart = istInputToIso(startsAt);
    if (dialog.kind === 'postpone' && (newStart === null || postponeProblem(startsAt, tournament.starts_at))) return;
    dispatch({ type: 'submitted' });
    try {
      const calls = await api();
      let notice = '';
      if (dialog.kind === 'check-in') {
        const changed = await calls.setCheckIn(dialog.entry.entry_id, dialog.checkIn, reason.trim());
        dispatch({ type: 'entryChanged', entryId: dialog.entry.entry_id, checkedInAt: changed.checked_in_at });
        notice = `${entryPlayerName(dialog.entry)} is ${changed.checked_in_at ? 'checked in' : 'no longer checked in'}.`;
      } else if (dialog.kind === 'close-and-draw') {
        const drawn = await calls.closeCheckInAndDraw(id);
        notice = `Check-in closed. The draw placed ${drawn.entries} entries in a bracket of ${drawn.bracket_size ?? drawn.entries}.`;
      } else if (dialog.kind === 'postpone') {
        const moved = await calls.postponeTournament(id, newStart ?? '', reason.trim());
        notice = `The tournament now starts ${when(moved.starts_at)}.`;
      } else {
        const cancelled = await calls.cancelTournament(id, reason.trim());
        notice = `Tournament cancelled. ${cancelled.refunds_queued} ${cancelled.refunds_queued === 1 ? 'refund' : 'refunds'} queued.`;
      }
      dispatch({ type: 'succeeded', notice });
      void loadEntries();
      void loadAudit();
      void loadRefunds();
      onChanged();
    } catch (error) {
      dispatch({ type: 'failed', message: messageOf(error) });
    }
  }

  async function retry() {
    setRetrying(true);
    try {
      const { retried } = await (await api()).retryRefunds(id);
      dispatch({ type: 'noticeShown', notice: `${retried} failed ${retried === 1 ? 'refund is' : 'refunds are'} back in the queue.` });
      await loadRefunds();
      void loadAudit();
    } catch (error) {
      dispatch({ type: 'noticeShown', notice: messageOf(error) });
    } finally {
      setRetrying(false);
    }
  }

  const entries = state.entries.status === 'ready' ? state.entries.value : null;
  const beforeStart = BEFORE_START.has(tournament.status);

  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-5" aria-labelledby="panel-heading" data-tournament-panel={id}>
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
            <dd className="font-semibold">{when(tournament.starts_at)}</dd>
          </div>
          {tournament.check_in_opens_at && (
            <div>
              <dt className="text-mist">Check-in opens</dt>
              <dd className="font-semibold">{when(tournament.check_in_opens_at)}</dd>
            </div>
          )}
          {tournament.check_in_closes_at && (
            <div>
              <dt className="text-mist">Check-in closes</dt>
              <dd className="font-semibold">{when(tournament.check_in_closes_at)}</dd>
            </div>
          )}
        </dl>
        <p className="text-sm">
          <a href={anyTournamentHref(id)} className="text-lime underline-offset-4 hover:underline">
            Open the public page
          </a>
        </p>
        <p role="status" className="min-h-5 text-sm font-semibold text-lime" data-panel-notice>
          {state.notice}
        </p>
        <div className="flex flex-wrap gap-2">
          {canOrganise && tournament.status === 'check-in' && (
            <button type="button" className="btn btn-primary" onClick={() => open({ kind: 'close-and-draw' })}>
              Close check-in and run the draw
            </button>
          )}
          {canOrganise && beforeStart && (
            <button type="button" className="btn btn-ghost" onClick={() => open({ kind: 'postpone' })}>
              Postpone
            </button>
          )}
          {canOrganise && STILL_RUNNING.has(tournament.status) && (
            <button
              type="button"
              className="btn btn-ghost border-danger/60 text-danger"
              disabled={!entries}
              onClick={() => open({ kind: 'cancel', paidEntries: paidEntryCount(entries ?? []) })}
            >
              Cancel tournament
            </button>
          )}
          <button
            type="button"
            className="btn btn-ghost"
            disabled={!entries}
            onClick={() => entries && downloadCsv(entriesCsvFileName(id), entriesCsv(entries))}
          >
            Export entries (CSV)
          </button>
        </div>
      </header>

      {state.refunds && state.refunds.total > 0 && (
        <RefundBar progress={state.refunds} canRetry={canOrganise} onRetry={() => void retry()} retrying={retrying} />
      )}

      {canReferee && RESULTS_EXIST.has(tournament.status) && (
        <Suspense fallback={<p className="text-mist">Loading the corrections…</p>}>
          <CorrectionsPanel
            tournamentId={id}
            onApplied={() => {
              void loadAudit();
              onChanged();
            }}
          />
        </Suspense>
      )}

      <section aria-labelledby="entries-heading">
        <h3 id="entries-heading" className="mb-3 text-xl font-bold">
          Entries
        </h3>
        {state.entries.status === 'loading' && <p className="text-mist">Loading entries…</p>}
        {state.entries.status === 'error' && <p className="font-semibold text-danger">{state.entries.message}</p>}
        {entries && (
          <EntriesList
            entries={entries}
            canCheckIn={canReferee}
            onCheckIn={(entry, checkIn) => open({ kind: 'check-in', entry, checkIn })}
          />
        )}
      </section>

      <section aria-labelledby="audit-heading">
        <h3 id="audit-heading" className="mb-3 text-xl font-bold">
          Audit log
        </h3>
        {state.audit.status === 'loading' && <p className="text-mist">Loading the audit log…</p>}
        {state.audit.status === 'error' && <p className="font-semibold text-danger">{state.audit.message}</p>}
        {state.audit.status === 'ready' && <AuditLog rows={state.audit.value} />}
      </section>

      {dialog?.kind === 'check-in' && (
        <StaffDialog
          title={dialog.checkIn ? `Check in ${entryPlayerName(dialog.entry)}` : `Undo the check-in of ${entryPlayerName(dialog.entry)}`}
          confirmLabel={dialog.checkIn ? 'Check in' : 'Undo check-in'}
          busy={state.busy}
          error={state.dialogError}
          onConfirm={() => void confirm()}
          onClose={() => dispatch({ type: 'dialogClosed' })}
          description={`Slot #${dialog.entry.slot_number}. The change and its reason appear in the tournament's public record.`}
        >
          <ReasonField value={reason} onChange={setReason} problem={problem} />
        </StaffDialog>
      )}
      {dialog?.kind === 'close-and-draw' && (
        <StaffDialog
          title="Close check-in and run the draw?"
          confirmLabel="Close check-in and draw"
          busy={state.busy}
          error={state.dialogError}
          onConfirm={() => void confirm()}
          onClose={() => dispatch({ type: 'dialogClosed' })}
          description="Check-in closes now for everyone. Entries that have not checked in are withdrawn, and the bracket is drawn from the checked-in entries. This cannot be undone."
        />
      )}
      {dialog?.kind === 'postpone' && (
        <StaffDialog
          title="Postpone the tournament"
          confirmLabel="Postpone"
          busy={state.busy}
          error={state.dialogError}
          onConfirm={() => void confirm()}
          onClose={() => dispatch({ type: 'dialogClosed' })}
          description={`Now starts ${when(tournament.starts_at)}. Check-in and registration windows move with the start.`}
        >
          <div className="flex flex-col gap-2">
            <label htmlFor="postpone-start" className="font-semibold">
              New start (IST)
            </label>
            <input
              id="postpone-start"
              type="datetime-local"
              required
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
              aria-invalid={startProblem ? true : undefined}
              aria-describedby={startProblem ? 'postpone-start-problem' : undefined}
              className="rounded-xl border-2 border-line bg-night px-3 py-2 text-chalk [color-scheme:dark] focus:border-lime focus:outline-none"
            />
            {startProblem && (
              <p id="postpone-start-problem" className="text-sm text-danger">
                {startProblem}
              </p>
            )}
          </div>
          <ReasonField value={reason} onChange={setReason} problem={problem} />
        </StaffDialog>
      )}
      {dialog?.kind === 'cancel' && (
        <StaffDialog
          title="Cancel this tournament?"
          confirmLabel="Cancel tournament and refund"
          danger
          busy={state.busy}
          error={state.dialogError}
          onConfirm={() => void confirm()}
          onClose={() => dispatch({ type: 'dialogClosed' })}
          description={
            <>
              <strong className="text-chalk">
                {dialog.paidEntries === 0
                  ? 'No paid entries: nobody needs a refund.'
                  : `${dialog.paidEntries} paid ${dialog.paidEntries === 1 ? 'entry' : 'entries'} will be refunded in full, and every player is e-mailed.`}
              </strong>{' '}
              This cannot be undone.
            </>
          }
        >
          <ReasonField value={reason} onChange={setReason} problem={problem} />
        </StaffDialog>
      )}
    </section>
  );
}
