/**
 * The state of one tournament's panel in the staff console: its entries and audit log as they load, and
 * the one dialog (check-in change, close and draw, postpone, cancel) that may be open with its busy flag
 * and error. One reducer, so every transition is unit-tested; use-tournament-panel.ts makes the calls.
 */
import { LOADING, type Load, ready } from '@/lib/load-state';
import type { AuditRow, StaffEntry } from './staff.schemas';

export type PanelDialog =
  | { kind: 'check-in'; entry: StaffEntry; checkIn: boolean }
  | { kind: 'close-and-draw' }
  | { kind: 'postpone' }
  | { kind: 'cancel'; paidEntries: number };

export type PanelState = {
  entries: Load<StaffEntry[]>;
  audit: Load<AuditRow[]>;
  dialog: PanelDialog | null;
  busy: boolean;
  /** Why the open dialog's action failed (the dialog stays open so the reason typed is not lost). */
  dialogError: string | null;
  /** What the last action did, for the live region under the panel's heading. */
  notice: string | null;
};

export const initialPanelState: PanelState = {
  entries: LOADING,
  audit: LOADING,
  dialog: null,
  busy: false,
  dialogError: null,
  notice: null,
};

export type PanelAction =
  | { type: 'entriesLoaded'; entries: Load<StaffEntry[]> }
  | { type: 'auditLoaded'; audit: Load<AuditRow[]> }
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
      return { ...state, entries: action.entries };
    case 'auditLoaded':
      return { ...state, audit: action.audit };
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
      return { ...state, entries: ready(value) };
    }
    case 'noticeShown':
      return { ...state, notice: action.notice };
  }
}
