/** The banner itself: shown only when get_my_account_deletion answers scheduled. */
import { Button } from '@/components/ui/Button';
import { formatDateTimeIST } from '@/lib/format';
import { useScheduledDeletion } from './use-account-deletion';

export default function ScheduledDeletionBanner() {
  const { eraseAt, busy, error, cancel } = useScheduledDeletion();
  if (!eraseAt) return null;

  return (
    <div
      role="status"
      data-deletion-banner
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-gold/50 bg-gold/10 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm">
        <span className="block font-bold text-gold">Your account will be deleted on {formatDateTimeIST(eraseAt)}.</span>
        <span className="text-mist">Changed your mind? Cancel before then and nothing changes.</span>
        {error && <span className="block font-semibold text-danger">{error}</span>}
      </p>
      <Button tone="primary" onClick={() => void cancel()} busy={busy} busyLabel="Cancelling…">
        Cancel deletion
      </Button>
    </div>
  );
}
