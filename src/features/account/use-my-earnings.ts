/**
 * My Earnings' data: the player's stats (get_my_stats) and entry payments (get_my_payments, newest first),
 * each with a toast when it cannot be read, and the prize money (usePrizes, shared with its section).
 */
import { usePrizes } from '@/features/payouts/use-prizes';
import { useSignedInLoad } from '@/lib/use-signed-in-load';
import { ACCOUNT_MESSAGES } from './account';
import { useToastOnError } from './use-toast-on-error';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./account.api'));

export function useMyEarnings(userId: string | undefined) {
  const [stats] = useSignedInLoad(userId, () => api().then((calls) => calls.fetchMyStats()));
  // One row per entry or payout: the attempts that charged nothing fold under it, a withdrawn entry says why.
  const [payments] = useSignedInLoad(userId, () =>
    Promise.all([api(), import('./payment-history')]).then(([calls, { historyRows }]) =>
      Promise.all([calls.fetchMyPayments(), calls.fetchMyEntryOutcomes().catch(() => [])]).then(([rows, outcomes]) =>
        historyRows(rows, outcomes),
      ),
    ),
  );
  useToastOnError(stats, ACCOUNT_MESSAGES.statsLoadFailed);
  useToastOnError(payments, ACCOUNT_MESSAGES.paymentsLoadFailed);
  const prizes = usePrizes(userId);
  return { stats, payments, prizes };
}
