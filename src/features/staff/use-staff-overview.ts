/**
 * The console's lists: what needs attention across tournaments, and the tournaments staff look after.
 * `reload` reads both again after an action anywhere on the console.
 */
import { useCallback } from 'react';
import type { Load } from '@/lib/load-state';
import { useLoad } from '@/lib/use-island-data';
import { STAFF_MESSAGES } from './staff';
import type { AttentionItem, StaffTournament } from './staff.schemas';

const api = () => import('./staff.api');

export function useStaffOverview(): { attention: Load<AttentionItem[]>; tournaments: Load<StaffTournament[]>; reload: () => void } {
  const [attention, reloadAttention] = useLoad(() => api().then((calls) => calls.fetchNeedsAttention()), null, STAFF_MESSAGES);
  const [tournaments, reloadTournaments] = useLoad(() => api().then((calls) => calls.fetchStaffTournaments()), null, STAFF_MESSAGES);
  const reload = useCallback(() => {
    reloadAttention();
    reloadTournaments();
  }, [reloadAttention, reloadTournaments]);
  return { attention, tournaments, reload };
}
