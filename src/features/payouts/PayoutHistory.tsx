/** The player's withdrawals, newest first as the database lists them: net, gross less tax, status and when. */
import { Badge } from '@/components/ui/Badge';
import { Spinner } from '@/components/ui/Spinner';
import { useStore } from '@nanostores/react';
import { formatPaiseExact } from '@/lib/format';
import { formatDateTimeIn } from '@/lib/i18n/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { $lang } from '@/stores/lang';
import { PAYOUT_WORDS } from './payout-words';
import type { Load } from '@/lib/load-state';
import { type Payout, payoutStatusTone } from './payouts';

export function PayoutHistory({ payouts }: { payouts: Load<Payout[]> }) {
  const w = useMessages(PAYOUT_WORDS).history;
  return (
    <section aria-labelledby="payouts-heading" className="mt-8">
      <h3 id="payouts-heading" className="section-title mb-3 text-xl sm:text-2xl">
        {w.heading}
      </h3>
      {payouts.status === 'loading' && <Spinner label={w.loading} />}
      {payouts.status === 'error' && <p className="card px-5 py-4 text-danger break-words">{payouts.message}</p>}
      {payouts.status === 'ready' && payouts.value.length === 0 && <p className="card px-5 py-6 text-center text-mist">{w.none}</p>}
      {payouts.status === 'ready' && payouts.value.length > 0 && (
        <ul role="list" className="grid gap-3 md:grid-cols-2" aria-label={w.heading}>
          {payouts.value.map((payout) => (
            <PayoutItem key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PayoutItem({ payout }: { payout: Payout }) {
  const lang = useStore($lang);
  const words = PAYOUT_WORDS[lang];
  const note = words.payoutNote(payout);
  return (
    <li className="card flex flex-col gap-2 p-4 text-sm" data-payout={payout.status}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-lg font-bold tabular-nums">{formatPaiseExact(payout.net_paise)}</p>
          <p className="text-xs text-mist">
            {words.history.less(formatPaiseExact(payout.gross_paise), formatPaiseExact(payout.tax_paise))}
          </p>
        </div>
        <Badge tone={payoutStatusTone(payout.status)}>{words.payoutStatus(payout.status)}</Badge>
      </div>
      {note && <p className={`text-xs ${payout.delayed ? 'text-gold' : 'text-mist'}`}>{note}</p>}
      {payout.utr && (
        <p className="text-xs text-mist">
          {words.history.utr} <span className="font-mono break-all text-chalk">{payout.utr}</span>
        </p>
      )}
      <p className="flex flex-wrap justify-between gap-2 text-xs text-mist">
        <span>{formatDateTimeIn(lang, payout.created_at)}</span>
        {payout.upi_id && <span className="font-mono break-all">{payout.upi_id}</span>}
      </p>
    </li>
  );
}
