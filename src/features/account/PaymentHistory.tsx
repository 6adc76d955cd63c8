/** My Earnings' entry payments: loading, the failure, none yet, or the list. */
import { Spinner } from '@/components/ui/Spinner';
import type { Load } from '@/lib/load-state';
import { ACCOUNT_MESSAGES, type HistoryRow } from './account';
import PaymentHistoryList from './PaymentHistoryList';

export function PaymentHistory({ payments }: { payments: Load<HistoryRow[]> }) {
  if (payments.status === 'loading') return <Spinner label="Loading your payments" />;
  if (payments.status === 'error') return <p className="card px-5 py-6 text-danger">{ACCOUNT_MESSAGES.paymentsLoadFailed}</p>;
  if (payments.value.length === 0) return <p className="card px-5 py-8 text-center text-mist">{ACCOUNT_MESSAGES.noPayments}</p>;
  return <PaymentHistoryList rows={payments.value} />;
}
