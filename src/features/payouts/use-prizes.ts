/**
 * My Earnings' prize money: the ledger's figures with the payouts (read together, as one answer), and the
 * KYC record. Asks again every few seconds while something is still moving (a KYC check, a payout on its
 * way), so the player sees it settle without reloading. Refusals are worded by PAYOUT_MESSAGES first.
 */
import type { Load } from '@/lib/load-state';
import { usePolling } from '@/lib/use-polling';
import { useSignedInLoad } from '@/lib/use-signed-in-load';
import { type Earnings, isPayoutMoving, type Kyc, PAYOUT_MESSAGES, type Payout, type WithdrawalHolds } from './payouts';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./payouts.api'));

export interface Prizes {
  earnings: Load<Earnings>;
  payouts: Load<Payout[]>;
  /** What open chargebacks hold of the balance, read with the figures. */
  holds: Load<WithdrawalHolds>;
  kyc: Load<Kyc>;
  /** Reads the figures and payouts again (after a withdrawal). */
  reloadEarnings: () => void;
  /** Reads the KYC record again (after the form is sent). */
  reloadKyc: () => void;
}

const part = <T, P>(load: Load<T>, pick: (value: T) => P): Load<P> =>
  load.status === 'ready' ? { status: 'ready', value: pick(load.value) } : load;

/** Until `userId` is known nothing is read: the section keeps its loading layout while the session arrives. */
export function usePrizes(userId: string | null | undefined): Prizes {
  const [ledger, reloadEarnings] = useSignedInLoad(
    userId,
    () => api().then((calls) => Promise.all([calls.fetchMyEarnings(), calls.fetchMyPayouts(), calls.fetchMyWithdrawalHolds()])),
    { overrides: PAYOUT_MESSAGES },
  );
  const [kyc, reloadKyc] = useSignedInLoad(userId, () => api().then((calls) => calls.fetchMyKyc()), { overrides: PAYOUT_MESSAGES });
  const payouts = part(ledger, ([, list]) => list);

  usePolling(kyc.status === 'ready' && kyc.value.status === 'pending', reloadKyc);
  usePolling(payouts.status === 'ready' && payouts.value.some((payout) => isPayoutMoving(payout.status)), reloadEarnings);

  return {
    earnings: part(ledger, ([figures]) => figures),
    payouts,
    holds: part(ledger, ([, , holds]) => holds),
    kyc,
    reloadEarnings,
    reloadKyc,
  };
}
