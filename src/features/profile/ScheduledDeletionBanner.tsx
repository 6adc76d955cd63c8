/** The banner itself: shown only when get_my_account_deletion answers scheduled. */
import { useEffect } from 'react';
import { Button } from '@/components/ui/Button';
import { formatDateTimeIST } from '@/lib/format';
import { useAction, useLoad } from '@/lib/use-island-data';
import { showToast } from '@/stores/toast';
import { DELETION_CHANGED_EVENT } from './account-deletion';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./profile.api'));

export default function ScheduledDeletionBanner() {
  const [state, reload] = useLoad(() => api().then((calls) => calls.fetchMyAccountDeletion()));
  const action = useAction();

  useEffect(() => {
    window.addEventListener(DELETION_CHANGED_EVENT, reload);
    return () => window.removeEventListener(DELETION_CHANGED_EVENT, reload);
  }, [reload]);

  if (state.status !== 'ready' || state.value.status !== 'scheduled') return null;
  const eraseAt = state.value.erase_at;

  async function cancel() {
    const done = await action.run(async () => {
      await (await api()).cancelAccountDeletion();
      return true;
    });
    if (!done) return;
    window.dispatchEvent(new Event(DELETION_CHANGED_EVENT));
    showToast('Deletion cancelled. Your account stays.', 'success');
  }

  return (
    <div
      role="status"
      data-deletion-banner
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-gold/50 bg-gold/10 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm">
        <span className="block font-bold text-gold">Your account will be deleted on {formatDateTimeIST(eraseAt)}.</span>
        <span className="text-mist">Changed your mind? Cancel before then and nothing changes.</span>
        {action.error && <span className="block font-semibold text-danger">{action.error}</span>}
      </p>
      <Button tone="primary" onClick={() => void cancel()} busy={action.busy} busyLabel="Cancelling…">
        Cancel deletion
      </Button>
    </div>
  );
}
