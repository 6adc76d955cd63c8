/**
 * The rows of the payment history on My Earnings: one card per payment on phones, the spec's table
 * (Tournament, Payment ID, Amount, Date, Status) on wider screens. A payment that bought no entry
 * carries its reason under the status, so the player sees why and not only that it failed.
 */
import { formatPaiseExact, formatShortDateIST } from '@/lib/format';
import { paymentStatusLabel, paymentStatusReason, paymentStatusTone, type Payment } from './account';
import { Badge } from '@/components/ui/Badge';

export default function PaymentHistoryList({ payments }: { payments: Payment[] }) {
  return (
    <>
      {/* Phones get one card per payment; wider screens the table. */}
      <ul role="list" className="flex flex-col gap-3 sm:hidden">
        {payments.map((payment) => (
          <li key={payment.id} className="card flex flex-col gap-2 p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">
                {payment.tournament_title ?? payment.tournament_id}
                {payment.slots > 1 && <span className="block text-xs font-normal text-mist">{payment.slots} slots</span>}
              </p>
              <Badge tone={paymentStatusTone(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
            </div>
            <StatusReason payment={payment} />
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-lg font-bold tabular-nums">{formatPaiseExact(payment.amount_paise)}</span>
              <span className="text-mist">{formatShortDateIST(payment.created_at)}</span>
            </div>
            <p className="font-mono text-xs break-all text-mist">
              <span className="sr-only">Payment ID </span>
              {payment.razorpay_payment_id ?? '—'}
            </p>
          </li>
        ))}
      </ul>
      <div className="card hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase tracking-wider text-mist">
            <tr>
              <th scope="col" className="px-4 py-3">
                Tournament
              </th>
              <th scope="col" className="px-4 py-3">
                Payment ID
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Amount
              </th>
              <th scope="col" className="px-4 py-3">
                Date
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id} className="border-b border-line/50 last:border-0">
                <td className="px-4 py-3 font-semibold">
                  {payment.tournament_title ?? payment.tournament_id}
                  {payment.slots > 1 && <span className="block text-xs font-normal text-mist">{payment.slots} slots</span>}
                </td>
                <td className="px-4 py-3 font-mono text-xs break-all text-mist">{payment.razorpay_payment_id ?? '—'}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatPaiseExact(payment.amount_paise)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatShortDateIST(payment.created_at)}</td>
                <td className="px-4 py-3">
                  <Badge tone={paymentStatusTone(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
                  {/* Capped width: a long reason wraps inside the cell instead of widening the table. */}
                  <StatusReason payment={payment} className="mt-1 max-w-xs" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function StatusReason({ payment, className = '' }: { payment: Payment; className?: string }) {
  const reason = paymentStatusReason(payment);
  if (!reason) return null;
  return (
    <p className={`text-xs text-mist ${className}`} data-testid="payment-status-reason">
      {reason}
    </p>
  );
}
