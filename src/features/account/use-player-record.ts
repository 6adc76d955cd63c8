/**
 * "Your record" on the dashboard and the profile: the player's stats (get_my_stats) and the prize money
 * won (get_my_earnings, read by the payouts area). The record shows once both are in, so its figures
 * arrive together; winnings that cannot be read show as "—".
 */
import type { Load } from '@/lib/load-state';
import { useSignedInLoad } from '@/lib/use-signed-in-load';
import type { PlayerStats } from './account';

export function usePlayerRecord(userId: string): { stats: Load<PlayerStats>; wonPaise: number | null; playerPageId: string | null } {
  const [stats] = useSignedInLoad(userId, () => import('./account.api').then((calls) => calls.fetchMyStats()));
  const [earnings] = useSignedInLoad(userId, () => import('@/features/payouts/payouts.api').then((calls) => calls.fetchMyEarnings()));
  // The public page other players see (rating, record), named by its public id.
  const [playerId] = useSignedInLoad(userId, () => import('@/features/seasons/seasons.api').then((calls) => calls.fetchMyPlayerId()));
  const playerPageId = playerId.status === 'ready' ? playerId.value : null;
  if (earnings.status === 'loading') return { stats: earnings, wonPaise: null, playerPageId };
  return { stats, wonPaise: earnings.status === 'ready' ? earnings.value.won_paise : null, playerPageId };
}
