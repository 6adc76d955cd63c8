/**
 * A tournament's payout record once its final is confirmed (get_tournament_payouts), read again when its
 * live status moves on (finished, then settled when the prizes are credited). `now` ticks while a prize
 * waits for the end of the challenge window, for its countdown. Null before the final.
 */
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import type { Load } from '@/lib/load-state';
import { useLoad } from '@/lib/use-island-data';
import { useNow } from '@/lib/use-now';
import { anyWaiting, type PayoutRecordRow } from './payout-record';
import { standingsAreFinal } from './standings';

export function usePayoutRecord(tournamentId: string): {
  status: string | undefined;
  record: Load<PayoutRecordRow[]> | null;
  now: number;
} {
  const status = useTournamentStates([tournamentId])[tournamentId]?.status;
  const final = standingsAreFinal(status);
  const [record] = useLoad(
    () => (final ? import('./payout-record.api').then((api) => api.fetchPayoutRecord(tournamentId)) : Promise.resolve([])),
    `${tournamentId}:${status}`,
  );
  const now = useNow(1000, final && record.status === 'ready' && anyWaiting(record.value));
  return { status, record: final ? record : null, now };
}
