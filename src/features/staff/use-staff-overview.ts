/**
 * The console's lists: what needs attention across tournaments, and the tournaments staff look after.
 * `reload` reads both again after an action anywhere on the console; `retry` queues a given-up outside
 * call again, or releases a parked item of a periodic step for its next run (admins of the whole site), and reads
 * the list again.
 */
import { useCallback } from 'react';
import type { Load } from '@/lib/load-state';
import { useAction, useLoad } from '@/lib/use-island-data';
import { STAFF_MESSAGES } from './staff';
import type { AttentionItem, StaffTournament } from './staff.schemas';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./staff.api'));

/** An outside call the outbox gave up on, or a parked item of a periodic step. */
export type RetryTarget = { jobId: number } | { step: string; item: string | null };

export interface StaffOverview {
  attention: Load<AttentionItem[]>;
  tournaments: Load<StaffTournament[]>;
  reload: () => void;
  retry: { run: (target: RetryTarget) => void; busy: boolean; error: string | null };
}

export function useStaffOverview(): StaffOverview {
  const [attention, reloadAttention] = useLoad(() => api().then((calls) => calls.fetchNeedsAttention()), null, STAFF_MESSAGES);
  const [tournaments, reloadTournaments] = useLoad(() => api().then((calls) => calls.fetchStaffTournaments()), null, STAFF_MESSAGES);
  const reload = useCallback(() => {
    reloadAttention();
    reloadTournaments();
  }, [reloadAttention, reloadTournaments]);
  const action = useAction(STAFF_MESSAGES);
  const { run } = action;
  const retry = useCallback(
    (target: RetryTarget) => {
      void run(() =>
        api()
          .then(
            async (calls): Promise<unknown> =>
              'jobId' in target ? calls.retryOutsideCall(target.jobId) : calls.retryDueWork(target.step, target.item),
          )
          .then(() => true),
      ).then((done) => {
        if (done) reloadAttention();
      });
    },
    [run, reloadAttention],
  );
  return { attention, tournaments, reload, retry: { run: retry, busy: action.busy, error: action.error } };
}
