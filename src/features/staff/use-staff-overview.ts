/**
 * The console's lists: what needs attention across tournaments, and the tournaments staff look after.
 * `reload` reads both again after an action anywhere on the console; `retry` queues a given-up outside
 * call again (admins of the whole site) and reads the list again.
 */
import { useCallback } from 'react';
import type { Load } from '@/lib/load-state';
import { useAction, useLoad } from '@/lib/use-island-data';
import { STAFF_MESSAGES } from './staff';
import type { AttentionItem, StaffTournament } from './staff.schemas';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./staff.api'));

export interface StaffOverview {
  attention: Load<AttentionItem[]>;
  tournaments: Load<StaffTournament[]>;
  reload: () => void;
  retry: { run: (jobId: number) => void; busy: boolean; error: string | null };
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
    (jobId: number) => {
      void run(() => api().then((calls) => calls.retryOutsideCall(jobId))).then((done) => {
        if (done) reloadAttention();
      });
    },
    [run, reloadAttention],
  );
  return { attention, tournaments, reload, retry: { run: retry, busy: action.busy, error: action.error } };
}
