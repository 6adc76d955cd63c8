/**
 * The rows of the payment history on My Earnings: one per payment that took money (or, for a tournament
 * never paid for, its newest checkout), one card per row on phones, the spec's table (Tournament, Payment
 * ID, Amount, Date, Status) on wider screens. Under the status: why, and what happened to the money; the
 * checkouts that charged nothing fold under the row ("2 attempts not charged").
 */
import { formatPaiseExact, formatShortDateIST } from '@/lib/format';
import { foldedLabel, type HistoryRow, isCharged, isDeclined, paymentStatusLabel, paymentStatusTone, type Payment } from './account';
import { Badge } from '@/components/ui/Badge';

/** The badge of a row: its status, or that nothing was charged. */
function statusOf(payment: Payment): { label: string; tone: ReturnType<typeof paymentStatusTone> } {
  if (isDeclined(payment)) return { label: 'Declined', tone: 'red' };
  return { label: paymentStatusLabel(payment.status), tone: paymentStatusTone(payment.status) };
}

export default function PaymentHistoryList({ rows }: { rows: HistoryRow[] }) {
  return (
    <>
      {/* Phones get one card per row; wider screens the table. */}
      <ul role="list" className="flex flex-col gap-3 sm:hidden" data-payment-history>
        {rows.map((row) => (
          <li key={row.payment.id} className="card flex flex-col gap-2 p-4 text-sm" data-payment-row>
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">
                {row.payment.tournament_title ?? row.payment.tournament_id}
                {row.payment.slots > 1 && <span className="block text-xs font-normal text-mist">{row.payment.slots} slots</span>}
              </p>
              <Badge tone={statusOf(row.payment).tone}>{statusOf(row.payment).label}</Badge>
            </div>
            <StatusNote note={row.note} />
            <div className="flex items-baseline justify-between gap-3">
              <Amount payment={row.payment} className="text-lg font-bold" />
              <span className="text-mist">{formatShortDateIST(row.payment.created_at)}</span>
            </div>
            <p className="font-mono text-xs break-all text-mist">
              <span className="sr-only">Payment ID </span>
              {row.payment.razorpay_payment_id ?? '—'}
            </p>
            <Folded attempts={row.folded} />
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
            {rows.map((row) => (
              <tr key={row.payment.id} className="border-b border-line/50 align-top last:border-0">
                <td className="px-4 py-3 font-semibold">
                  {row.payment.tournament_title ?? row.payment.tournament_id}
                  {row.payment.slots > 1 && <span className="block text-xs font-normal text-mist">{row.payment.slots} slots</span>}
                </td>
                <td className="px-4 py-3 font-mono text-xs break-all text-mist">{row.payment.razorpay_payment_id ?? '—'}</td>
                <td className="px-4 py-3 text-right">
                  <Amount payment={row.payment} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatShortDateIST(row.payment.created_at)}</td>
                <td className="px-4 py-3">
                  <Badge tone={statusOf(row.payment).tone}>{statusOf(row.payment).label}</Badge>
                  {/* Capped width: a long reason wraps inside the cell instead of widening the table. */}
                  <StatusNote note={row.note} className="mt-1 max-w-xs" />
                  <Folded attempts={row.folded} className="max-w-xs" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** An amount that was never taken reads as such, so a list of attempts never adds up to money gone. */
function Amount({ payment, className = '' }: { payment: Payment; className?: string }) {
  const charged = isCharged(payment);
  return (
    <span className={`tabular-nums ${className}`}>
      <span className={charged ? '' : 'text-mist line-through'}>{formatPaiseExact(payment.amount_paise)}</span>
      {!charged && <span className="block text-xs font-normal text-mist">not charged</span>}
    </span>
  );
}

function StatusNote({ note, className = '' }: { note: string | null; className?: string }) {
  if (!note) return null;
  return (
    <p className={`text-xs text-mist ${className}`} data-testid="payment-status-reason">
      {note}
    </p>
  );
}

/** The checkouts that charged nothing, folded: "2 attempts not charged", each with its date and why. */
function Folded({ attempts, className = '' }: { attempts: Payment[]; className?: string }) {
  if (attempts.length === 0) return null;
  return (
    <details className={`mt-1 text-xs text-mist ${className}`} data-folded-attempts>
      <summary className="cursor-pointer font-semibold text-chalk/80">{foldedLabel(attempts.length)}</summary>
      <div className="mt-1 flex flex-col gap-1 border-l border-line pl-3">
        {attempts.map((attempt) => (
          <p key={attempt.id}>
            {formatShortDateIST(attempt.created_at)} · {statusOf(attempt).label} · {formatPaiseExact(attempt.amount_paise)} not charged
            {attempt.razorpay_payment_id && <span className="block font-mono break-all">{attempt.razorpay_payment_id}</span>}
          </p>
        ))}
      </div>
    </details>
  );
}
