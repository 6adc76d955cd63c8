/**
 * The state of one tournament's panel in the staff console: its entries, audit log and refund progress as
 * they load, and the one dialog (check-in change, close and draw, postpone, cancel) that may be open with
 * its busy flag and error. One reducer, so every transition is unit-tested and the island only makes calls.
 */
import type { AuditRow, RefundProgress, StaffEntry } from './staff.schemas';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

export type PanelDialog =
  | { kind: 'check-in'; entry: StaffEntry; checkIn: boolean }
  | { kind: 'close-and-draw' }
  | { kind: 'postpone' }
  | { kind: 'cancel'; paidEntries: number };

export type PanelState = {
  entries: Load<StaffEntry[]>;
  audit: Load<AuditRow[]>;
  refunds: RefundProgress | null;
  dialog: PanelDialog | null;
  busy: boolean;
  /** Why the open dialog's action failed (the dialog stays open so the reason typed is not lost). */
  dialogError: string | null;
  /** What the last action did, for the live region under the panel's heading. */
  notice: string | null;
};

export const initialPanelState: PanelState = {
  entries: { status: 'loading' },
  audit: { status: 'loading' },
  refunds: null,
  dialog: null,
  busy: false,
  dialogError: null,
  notice: null,
};

export type PanelAction =
  | { type: 'entriesLoaded'; entries: StaffEntry[] }
  | { type: 'entriesFailed'; message: string }
  | { type: 'auditLoaded'; audit: AuditRow[] }
  | { type: 'auditFailed'; message: string }
  | { type: 'refundsLoaded'; progress: RefundProgress }
  | { type: 'dialogOpened'; dialog: PanelDialog }
  | { type: 'dialogClosed' }
  | { type: 'submitted' }
  | { type: 'failed'; message: string }
  | { type: 'succeeded'; notice: string }
  | { type: 'entryChanged'; entryId: string; checkedInAt: string | null }
  | { type: 'noticeShown'; notice: string };

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'entriesLoaded':
      return { ...state, entries: { status: 'ready', value: action.entries } };
    case 'entriesFailed':
      return { ...state, entries: { status: 'error', message: action.message } };
    case 'auditLoaded':
      return { ...state, audit: { status: 'ready', value: action.audit } };
    case 'auditFailed':
      return { ...state, audit: { status: 'error', message: action.message } };
    case 'refundsLoaded':
      return { ...state, refunds: action.progress };
    case 'dialogOpened':
      // One action at a time: a dialog cannot replace another while its call is running.
      if (state.busy) return state;
      return { ...state, dialog: action.dialog, dialogError: null };
    case 'dialogClosed':
      if (state.busy) return state;
      return { ...state, dialog: null, dialogError: null };
    case 'submitted':
      if (state.busy || !state.dialog) return state;
      return { ...state, busy: true, dialogError: null };
    case 'failed':
      return { ...state, busy: false, dialogError: action.message };
    case 'succeeded':
      return { ...state, busy: false, dialog: null, dialogError: null, notice: action.notice };
    case 'entryChanged': {
      if (state.entries.status !== 'ready') return state;
      const value = state.entries.value.map((entry) =>
        entry.entry_id === action.entryId ? { ...entry, checked_in_at: action.checkedInAt } : entry,
      );
      return { ...state, entries: { status: 'ready', value } };
    }
    case 'noticeShown':
      return { ...state, notice: action.notice };
  }
}

/** A reason is what players read in the public record: as the database asks (private.require_reason). */
export const MIN_REASON_LENGTH = 3;
export const MAX_REASON_LENGTH = 500;

export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed.length === 0) return 'Write a reason: players see it in the public record.';
  if (trimmed.length < MIN_REASON_LENGTH) return `Write at least ${MIN_REASON_LENGTH} characters so players understand why.`;
  if (reason.length > MAX_REASON_LENGTH) return `Keep the reason under ${MAX_REASON_LENGTH} characters.`;
  return null;
}
