/**
 * The admins' payout approvals: the queue (each payout with the player's KYC, where the winnings came
 * from and the tax), the reconciliation's differences with the provider, and Approve / Reject through a
 * confirmation (a rejection carries the reason the player reads). The database decides who may approve.
 */
import { useState } from 'react';
import { formatPaiseExact } from '@/lib/format';
import { useAction, useLoad } from '@/lib/use-island-data';
import { STAFF_MESSAGES } from './staff';
import type { QueueItem } from './staff-payouts';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./staff-payouts.api'));
const MIN_REJECT_REASON = 3;

type Pending = { kind: 'approve' | 'reject'; item: QueueItem };

export function usePayoutApprovals() {
  const [queue, reloadQueue] = useLoad(() => api().then((calls) => calls.fetchPayoutQueue()), null, STAFF_MESSAGES);
  const [differences, reloadDifferences] = useLoad(() => api().then((calls) => calls.fetchReconciliation()), null, STAFF_MESSAGES);
  const [ended] = useLoad(() => api().then((calls) => calls.fetchRecentPayouts()), null, STAFF_MESSAGES);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction(STAFF_MESSAGES);

  function open(kind: Pending['kind'], item: QueueItem) {
    setPending({ kind, item });
    setReason('');
    setProblem(null);
    action.clearError();
  }

  async function confirm() {
    if (!pending || action.busy) return;
    if (pending.kind === 'reject' && reason.trim().length < MIN_REJECT_REASON) {
      setProblem('Write the reason the player will read.');
      return;
    }
    setProblem(null);
    const { kind, item } = pending;
    const done = await action.run(async () => {
      const calls = await api();
      if (kind === 'approve') await calls.approvePayout(item.payout_id);
      else await calls.rejectPayout(item.payout_id, reason.trim());
      return true;
    });
    if (!done) return;
    const name = item.legal_name ?? item.in_game_name ?? 'the player';
    setNotice(
      kind === 'approve'
        ? `Approved ${formatPaiseExact(item.net_paise)} for ${name}.`
        : `Rejected the payout of ${name}; the amount is back in their balance.`,
    );
    setPending(null);
    reloadQueue();
    reloadDifferences();
  }

  return {
    queue,
    differences,
    ended,
    notice,
    pending,
    reason,
    setReason,
    busy: action.busy,
    error: problem ?? action.error,
    approve: (item: QueueItem) => open('approve', item),
    reject: (item: QueueItem) => open('reject', item),
    confirm,
    close: () => setPending(null),
  };
}
