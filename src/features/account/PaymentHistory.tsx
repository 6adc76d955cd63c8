/** My Earnings' entry payments: loading, the failure, none yet, or the list. */
import { Spinner } from '@/components/ui/Spinner';
import type { Load } from '@/lib/load-state';
import { useMessages } from '@/lib/i18n/use-messages';
import type { HistoryRow } from './account';
import PaymentHistoryList from './PaymentHistoryList';
import { RECORD_WORDS } from './record-words';

export function PaymentHistory({ payments }: { payments: Load<HistoryRow[]> }) {
  const w = useMessages(RECORD_WORDS);
  if (payments.status === 'loading') return <Spinner label={w.loadingPayments} />;
  if (payments.status === 'error') return <p className="card px-5 py-6 text-danger">{w.paymentsLoadFailed}</p>;
  if (payments.value.length === 0) return <p className="card px-5 py-8 text-center text-mist">{w.noPayments}</p>;
  return <PaymentHistoryList rows={payments.value} />;
}
