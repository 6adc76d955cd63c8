/** The player's withdrawals, newest first as the database lists them: net, gross less tax, status and when. */
import { Badge } from '@/components/ui/Badge';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTimeIST, formatPaiseExact } from '@/lib/format';
import type { Load } from '@/lib/load-state';
import { type Payout, payoutStatusLabel, payoutStatusNote, payoutStatusTone } from './payouts';

export function PayoutHistory({ payouts }: { payouts: Load<Payout[]> }) {
  return (
    <section aria-labelledby="payouts-heading" className="mt-8">
      <h3 id="payouts-heading" className="section-title mb-3 text-xl sm:text-2xl">
        Withdrawals
      </h3>
      {payouts.status === 'loading' && <Spinner label="Loading your withdrawals" />}
      {payouts.status === 'error' && <p className="card px-5 py-4 text-danger break-words">{payouts.message}</p>}
      {payouts.status === 'ready' && payouts.value.length === 0 && (
        <p className="card px-5 py-6 text-center text-mist">No withdrawals yet.</p>
      )}
      {payouts.status === 'ready' && payouts.value.length > 0 && (
        <ul role="list" className="grid gap-3 md:grid-cols-2" aria-label="Withdrawals">
          {payouts.value.map((payout) => (
            <PayoutItem key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PayoutItem({ payout }: { payout: Payout }) {
  const note = payoutStatusNote(payout);
  return (
    <li className="card flex flex-col gap-2 p-4 text-sm" data-payout={payout.status}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-lg font-bold tabular-nums">{formatPaiseExact(payout.net_paise)}</p>
          <p className="text-xs text-mist">
            {formatPaiseExact(payout.gross_paise)} less {formatPaiseExact(payout.tax_paise)} tax
          </p>
        </div>
        <Badge tone={payoutStatusTone(payout.status)}>{payoutStatusLabel(payout.status)}</Badge>
      </div>
      {note && <p className={`text-xs ${payout.delayed ? 'text-gold' : 'text-mist'}`}>{note}</p>}
      {payout.utr && (
        <p className="text-xs text-mist">
          Bank reference (UTR): <span className="font-mono break-all text-chalk">{payout.utr}</span>
        </p>
      )}
      <p className="flex flex-wrap justify-between gap-2 text-xs text-mist">
        <span>{formatDateTimeIST(payout.created_at)}</span>
        {payout.upi_id && <span className="font-mono break-all">{payout.upi_id}</span>}
      </p>
    </li>
  );
}
