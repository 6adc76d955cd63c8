/**
 * The rows of the payment history on My Earnings: one per payment that took money (or, for a tournament
 * never paid for, its newest checkout), one card per row on phones, the spec's table (Tournament, Payment
 * ID, Amount, Date, Status) on wider screens. Under the status: why, and what happened to the money; the
 * checkouts that charged nothing fold under the row ("2 attempts not charged"). Words in the page's language
 * (record-words.ts `payments`).
 */
import { useStore } from '@nanostores/react';
import { formatPaiseExact } from '@/lib/format';
import { formatShortDateIn } from '@/lib/i18n/format';
import { $lang } from '@/stores/lang';
import { type HistoryRow, isCharged, isDeclined, paymentStatusTone, type Payment } from './account';
import { RECORD_WORDS, type PaymentRowWords } from './record-words';
import { Badge } from '@/components/ui/Badge';

/** The badge of a row: its status, or that nothing was charged. */
function statusOf(payment: Payment, w: PaymentRowWords): { label: string; tone: ReturnType<typeof paymentStatusTone> } {
  if (isDeclined(payment)) return { label: w.declined, tone: 'red' };
  return { label: w.status(payment.status), tone: paymentStatusTone(payment.status) };
}

export default function PaymentHistoryList({ rows }: { rows: HistoryRow[] }) {
  const lang = useStore($lang);
  const w = RECORD_WORDS[lang].payments;
  const date = (at: string) => formatShortDateIn(lang, at);
  return (
    <>
      {/* Phones get one card per row; wider screens the table. */}
      <ul role="list" className="flex flex-col gap-3 sm:hidden" data-payment-history>
        {rows.map((row) => (
          <li key={row.payment.id} className="card flex flex-col gap-2 p-4 text-sm" data-payment-row>
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">
                {row.payment.tournament_title ?? row.payment.tournament_id}
                {row.payment.slots > 1 && <span className="block text-xs font-normal text-mist">{w.slots(row.payment.slots)}</span>}
              </p>
              <Badge tone={statusOf(row.payment, w).tone}>{statusOf(row.payment, w).label}</Badge>
            </div>
            <StatusNote note={w.note(row)} />
            <div className="flex items-baseline justify-between gap-3">
              <Amount w={w} payment={row.payment} className="text-lg font-bold" />
              <span className="text-mist">{date(row.payment.created_at)}</span>
            </div>
            <p className="font-mono text-xs break-all text-mist">
              <span className="sr-only">{w.columns.paymentId} </span>
              {row.payment.razorpay_payment_id ?? '—'}
            </p>
            <Folded w={w} date={date} attempts={row.folded} />
          </li>
        ))}
      </ul>
      <div className="card hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase tracking-wider text-mist">
            <tr>
              <th scope="col" className="px-4 py-3">
                {w.columns.tournament}
              </th>
              <th scope="col" className="px-4 py-3">
                {w.columns.paymentId}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {w.columns.amount}
              </th>
              <th scope="col" className="px-4 py-3">
                {w.columns.date}
              </th>
              <th scope="col" className="px-4 py-3">
                {w.columns.status}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.payment.id} className="border-b border-line/50 align-top last:border-0">
                <td className="px-4 py-3 font-semibold">
                  {row.payment.tournament_title ?? row.payment.tournament_id}
                  {row.payment.slots > 1 && <span className="block text-xs font-normal text-mist">{w.slots(row.payment.slots)}</span>}
                </td>
                <td className="px-4 py-3 font-mono text-xs break-all text-mist">{row.payment.razorpay_payment_id ?? '—'}</td>
                <td className="px-4 py-3 text-right">
                  <Amount w={w} payment={row.payment} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{date(row.payment.created_at)}</td>
                <td className="px-4 py-3">
                  <Badge tone={statusOf(row.payment, w).tone}>{statusOf(row.payment, w).label}</Badge>
                  {/* Capped width: a long reason wraps inside the cell instead of widening the table. */}
                  <StatusNote note={w.note(row)} className="mt-1 max-w-xs" />
                  <Folded w={w} date={date} attempts={row.folded} className="max-w-xs" />
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
function Amount({ w, payment, className = '' }: { w: PaymentRowWords; payment: Payment; className?: string }) {
  const charged = isCharged(payment);
  return (
    <span className={`tabular-nums ${className}`}>
      <span className={charged ? '' : 'text-mist line-through'}>{formatPaiseExact(payment.amount_paise)}</span>
      {!charged && <span className="block text-xs font-normal text-mist">{w.notCharged}</span>}
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
function Folded({
  w,
  date,
  attempts,
  className = '',
}: {
  w: PaymentRowWords;
  date: (at: string) => string;
  attempts: Payment[];
  className?: string;
}) {
  if (attempts.length === 0) return null;
  return (
    <details className={`mt-1 text-xs text-mist ${className}`} data-folded-attempts>
      <summary className="cursor-pointer font-semibold text-chalk/80">{w.folded(attempts.length)}</summary>
      <div className="mt-1 flex flex-col gap-1 border-l border-line pl-3">
        {attempts.map((attempt) => (
          <p key={attempt.id}>
            {date(attempt.created_at)} · {statusOf(attempt, w).label} · {w.attemptNotCharged(formatPaiseExact(attempt.amount_paise))}
            {attempt.razorpay_payment_id && <span className="block font-mono break-all">{attempt.razorpay_payment_id}</span>}
          </p>
        ))}
      </div>
    </details>
  );
}
