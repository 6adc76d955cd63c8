/**
 * The console's disputes queue (nearest staff deadline first), the one opened (?dispute=<match> in the
 * address), and the notice left by the last decision.
 */
import { useState } from 'react';
import { useLoad } from '@/lib/use-island-data';
import { STAFF_MESSAGES } from './staff';
import { useAddressParam } from './use-address-param';

export function useDisputes(onChanged: () => void) {
  const [queue, reload] = useLoad(() => import('./staff.api').then((calls) => calls.fetchOpenDisputes()), null, STAFF_MESSAGES);
  const [openId, open] = useAddressParam('dispute', 'dispute-view');
  const [notice, setNotice] = useState<string | null>(null);

  const list = queue.status === 'ready' ? queue.value : [];
  return {
    queue,
    list,
    openId,
    opened: list.find((dispute) => dispute.match_id === openId) ?? null,
    notice,
    open: (matchId: string) => open(matchId),
    close: () => open(null),
    /** A decision was made: say what happened, close the view and read the queue and the console again. */
    settled: (message: string) => {
      setNotice(message);
      open(null);
      reload();
      onChanged();
    },
  };
}
