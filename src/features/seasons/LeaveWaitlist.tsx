/**
 * "Leave the waitlist": a press, then a confirmation that says what leaving costs or returns, then
 * leave_waitlist. The database decides again (check-in closed, already moved up, already left) and its
 * refusal is shown in the error table's words. Used on the waitlist card, the dashboard, My Tournaments
 * and the account deletion section.
 */
import { Button } from '@/components/ui/Button';
import { useMessages } from '@/lib/i18n/use-messages';
import { useLeaveWaitlist } from './use-my-waitlist-place';
import { WAITLIST_WORDS } from './waitlist-words';

type Props = {
  tournamentId: string;
  /** What the place cost (0 for a free tournament): the confirmation says it comes back. */
  paidPaise: number;
  /** After the place is left, with what is refunded. */
  onLeft: (refundPaise: number) => void;
};

export function LeaveWaitlist({ tournamentId, paidPaise, onLeft }: Props) {
  const { confirming, setConfirming, busy, error, leave } = useLeaveWaitlist(tournamentId, onLeft);
  const w = useMessages(WAITLIST_WORDS);

  return (
    <div className="mt-3" data-leave-waitlist={tournamentId}>
      {confirming ? (
        <div className="rounded-xl border border-gold/40 bg-gold/10 p-3">
          <p className="text-sm">{w.leaveWarning(paidPaise)}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button tone="ghost" className="border-danger/60 text-danger" onClick={() => void leave()} busy={busy} busyLabel={w.leaving}>
              {w.confirmLeave}
            </Button>
            <Button tone="ghost" onClick={() => setConfirming(false)} disabled={busy}>
              {w.keepPlace}
            </Button>
          </div>
        </div>
      ) : (
        <Button tone="ghost" onClick={() => setConfirming(true)}>
          {w.leave}
        </Button>
      )}
      <p className="mt-2 text-sm font-semibold text-danger empty:hidden" role="alert">
        {error}
      </p>
    </div>
  );
}
