/**
 * The one confirmation a tournament's panel may have open: a check-in by hand, close check-in and draw,
 * postpone (with the new start in IST), or cancel. Each names what it will do; all but the draw take a
 * reason for the public record.
 */
import { formatDateTimeIST } from '@/lib/format';
import StaffDialog, { ReasonField } from './StaffDialog';
import { entryPlayerName } from './staff';
import type { StaffTournament } from './staff.schemas';
import type { PanelDialogState } from './use-tournament-panel';

export default function PanelDialog({ dialog, tournament }: { dialog: PanelDialogState; tournament: StaffTournament }) {
  const open = dialog.open;
  if (!open) return null;
  const common = { busy: dialog.busy, error: dialog.error, onConfirm: () => void dialog.confirm(), onClose: dialog.close };
  const reasonField = <ReasonField value={dialog.reason} onChange={dialog.setReason} problem={dialog.reasonProblem} />;

  switch (open.kind) {
    case 'check-in':
      return (
        <StaffDialog
          {...common}
          title={open.checkIn ? `Check in ${entryPlayerName(open.entry)}` : `Undo the check-in of ${entryPlayerName(open.entry)}`}
          confirmLabel={open.checkIn ? 'Check in' : 'Undo check-in'}
          description={`Slot #${open.entry.slot_number}. The change and its reason appear in the tournament's public record.`}
        >
          {reasonField}
        </StaffDialog>
      );
    case 'close-and-draw':
      return (
        <StaffDialog
          {...common}
          title="Close check-in and run the draw?"
          confirmLabel="Close check-in and draw"
          description="Check-in closes now for everyone. Entries that have not checked in are withdrawn, and the bracket is drawn from the checked-in entries. This cannot be undone."
        />
      );
    case 'postpone':
      return (
        <StaffDialog
          {...common}
          title="Postpone the tournament"
          confirmLabel="Postpone"
          description={`Now starts ${formatDateTimeIST(tournament.starts_at)}. Check-in and registration windows move with the start.`}
        >
          <div className="flex flex-col gap-2">
            <label htmlFor="postpone-start" className="font-semibold">
              New start (IST)
            </label>
            <input
              id="postpone-start"
              type="datetime-local"
              required
              value={dialog.startsAt}
              onChange={(event) => dialog.setStartsAt(event.target.value)}
              aria-invalid={dialog.startProblem ? true : undefined}
              aria-describedby={dialog.startProblem ? 'postpone-start-problem' : undefined}
              className="rounded-xl border-2 border-line bg-night px-3 py-2 text-chalk [color-scheme:dark] focus:border-lime focus:outline-none"
            />
            {dialog.startProblem && (
              <p id="postpone-start-problem" className="text-sm text-danger">
                {dialog.startProblem}
              </p>
            )}
          </div>
          {reasonField}
        </StaffDialog>
      );
    case 'cancel':
      return (
        <StaffDialog
          {...common}
          title="Cancel this tournament?"
          confirmLabel="Cancel tournament and refund"
          danger
          description={
            <>
              <strong className="text-chalk">
                {open.paidEntries === 0
                  ? 'No paid entries: nobody needs a refund.'
                  : `${open.paidEntries} paid ${open.paidEntries === 1 ? 'entry' : 'entries'} will be refunded in full, and every player is e-mailed.`}
              </strong>{' '}
              This cannot be undone.
            </>
          }
        >
          {reasonField}
        </StaffDialog>
      );
  }
}
