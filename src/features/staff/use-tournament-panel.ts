/**
 * One tournament in the staff console: its entries and audit log, the refunds after a cancellation, the
 * organiser's actions (a check-in by hand, close check-in and draw, postpone, cancel) through one dialog
 * at a time with its reason, and the entries' CSV. The state's transitions live in tournament-panel-state.ts.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { downloadCsv } from '@/lib/csv';
import { failed, ready } from '@/lib/load-state';
import { errorText } from '@/lib/error-text';
import { formatDateTimeIST } from '@/lib/format';
import {
  allows,
  entriesCsv,
  entriesCsvFileName,
  entryPlayerName,
  isoToIstInput,
  istInputToIso,
  postponeProblem,
  reasonProblem,
  STAFF_MESSAGES,
} from './staff';
import type { MyStaffRole, StaffTournament } from './staff.schemas';
import { initialPanelState, type PanelDialog, panelReducer } from './tournament-panel-state';
import { useRefundProgress } from './use-refund-progress';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./staff.api'));

type DialogOutcome = { notice: string; checkedIn?: { entryId: string; at: string | null } };

/** What the dialog's action sends, and the notice it leaves; throws the call's failure. */
async function runDialogAction(dialog: PanelDialog, tournamentId: string, reason: string, newStart: string): Promise<DialogOutcome> {
  const calls = await api();
  if (dialog.kind === 'check-in') {
    const changed = await calls.setCheckIn(dialog.entry.entry_id, dialog.checkIn, reason);
    return {
      checkedIn: { entryId: dialog.entry.entry_id, at: changed.checked_in_at },
      notice: `${entryPlayerName(dialog.entry)} is ${changed.checked_in_at ? 'checked in' : 'no longer checked in'}.`,
    };
  }
  if (dialog.kind === 'close-and-draw') {
    const drawn = await calls.closeCheckInAndDraw(tournamentId);
    return { notice: `Check-in closed. The draw placed ${drawn.entries} entries in a bracket of ${drawn.bracket_size ?? drawn.entries}.` };
  }
  if (dialog.kind === 'postpone') {
    const moved = await calls.postponeTournament(tournamentId, newStart, reason);
    return { notice: `The tournament now starts ${formatDateTimeIST(moved.starts_at)}.` };
  }
  const cancelled = await calls.cancelTournament(tournamentId, reason);
  return { notice: `Tournament cancelled. ${cancelled.refunds_queued} ${cancelled.refunds_queued === 1 ? 'refund' : 'refunds'} queued.` };
}

export function useTournamentPanel(tournament: StaffTournament, roles: MyStaffRole[], onChanged: () => void) {
  const id = tournament.id;
  const [state, dispatch] = useReducer(panelReducer, initialPanelState);
  const [reason, setReason] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [attempted, setAttempted] = useState(false);

  const loadEntries = useCallback(async () => {
    try {
      dispatch({ type: 'entriesLoaded', entries: ready(await (await api()).fetchEntries(id)) });
    } catch (error) {
      dispatch({ type: 'entriesLoaded', entries: failed(errorText(error, STAFF_MESSAGES)) });
    }
  }, [id]);
  const loadAudit = useCallback(async () => {
    try {
      dispatch({ type: 'auditLoaded', audit: ready(await (await api()).fetchAudit(id)) });
    } catch (error) {
      dispatch({ type: 'auditLoaded', audit: failed(errorText(error, STAFF_MESSAGES)) });
    }
  }, [id]);
  useEffect(() => {
    void loadEntries();
    void loadAudit();
  }, [loadEntries, loadAudit]);

  const refunds = useRefundProgress(id, () => {
    void loadEntries();
    void loadAudit();
  });

  function open(dialog: PanelDialog) {
    setReason('');
    setAttempted(false);
    if (dialog.kind === 'postpone') setStartsAt(isoToIstInput(tournament.starts_at));
    dispatch({ type: 'dialogOpened', dialog });
  }

  const dialog = state.dialog;

  async function confirm() {
    if (!dialog) return;
    setAttempted(true);
    const needsReason = dialog.kind !== 'close-and-draw';
    if (needsReason && reasonProblem(reason)) return;
    const newStart = istInputToIso(startsAt);
    if (dialog.kind === 'postpone' && (newStart === null || postponeProblem(startsAt, tournament.starts_at))) return;
    dispatch({ type: 'submitted' });
    try {
      const done = await runDialogAction(dialog, id, reason.trim(), newStart ?? '');
      if (done.checkedIn) {
        dispatch({ type: 'entryChanged', entryId: done.checkedIn.entryId, checkedInAt: done.checkedIn.at });
      }
      dispatch({ type: 'succeeded', notice: done.notice });
      void loadEntries();
      void loadAudit();
      void refunds.reload();
      onChanged();
    } catch (error) {
      dispatch({ type: 'failed', message: errorText(error, STAFF_MESSAGES) });
    }
  }

  async function retryRefunds() {
    dispatch({ type: 'noticeShown', notice: await refunds.retry() });
    void loadAudit();
  }

  const entries = state.entries.status === 'ready' ? state.entries.value : null;

  return {
    entries: state.entries,
    audit: state.audit,
    notice: state.notice,
    refunds: refunds.progress,
    retryingRefunds: refunds.retrying,
    retryRefunds,
    canReferee: allows(roles, 'referee', id),
    canOrganise: allows(roles, 'organiser', id),
    dialog: {
      open: dialog,
      busy: state.busy,
      error: state.dialogError,
      reason,
      setReason,
      reasonProblem: attempted ? reasonProblem(reason) : null,
      startsAt,
      setStartsAt,
      startProblem: attempted && dialog?.kind === 'postpone' ? postponeProblem(startsAt, tournament.starts_at) : null,
      confirm,
      close: () => dispatch({ type: 'dialogClosed' }),
    },
    open,
    exportEntries: () => {
      if (entries) downloadCsv(entriesCsvFileName(id), entriesCsv(entries));
    },
    /** After a correction: the audit log and the console's lists read the new state. */
    afterCorrection: () => {
      void loadAudit();
      onChanged();
    },
  };
}

export type PanelDialogState = ReturnType<typeof useTournamentPanel>['dialog'];
