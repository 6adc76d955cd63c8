/**
 * The ledger's five figures: balance (with what it pays out after tax), won, tax, paid out, pending; "…" while
 * loading, "—" when unread. Tax of a payout that is not processed yet reads "to be withheld": nothing has
 * reached the Income Tax Department.
 */
import { formatPaiseExact } from '@/lib/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { EARNINGS_WORDS } from './earnings-words';
import { type Earnings, type Payout, taxTile } from './payouts';

export function EarningsFigures({
  earnings,
  loading,
  payouts = [],
}: {
  earnings: Earnings | null;
  loading: boolean;
  payouts?: readonly Pick<Payout, 'status' | 'tax_paise'>[];
}) {
  const w = useMessages(EARNINGS_WORDS);
  const show = (paise: number | undefined) => (paise === undefined ? (loading ? '…' : '—') : formatPaiseExact(paise));
  const tax = earnings ? taxTile(earnings, payouts) : null;
  const taxCard =
    tax && tax.toBeWithheldPaise > 0 && tax.withheldPaise === 0
      ? { id: 'tax', label: w.taxToBeWithheld, paise: tax.toBeWithheldPaise, note: w.withheldWhenProcessed, accent: '' }
      : {
          id: 'tax',
          label: w.taxWithheld,
          paise: tax?.withheldPaise,
          note: tax && tax.toBeWithheldPaise > 0 ? w.paidAndMoreToWithhold(formatPaiseExact(tax.toBeWithheldPaise)) : w.paidToDepartment,
          accent: '',
        };
  // The balance with what withdrawing all of it would pay out now (get_my_earnings' balance_after_tax_paise).
  const afterTax =
    earnings && earnings.balance_paise > 0 ? w.afterTax(formatPaiseExact(earnings.balance_after_tax_paise)) : w.yoursToWithdraw;
  const cards = [
    { id: 'balance', label: w.balance, paise: earnings?.balance_paise, note: afterTax, accent: 'text-lime' },
    { id: 'won', label: w.won, paise: earnings?.won_paise, note: w.prizesCredited, accent: 'text-gold' },
    taxCard,
    { id: 'paid-out', label: w.paidOut, paise: earnings?.paid_out_paise, note: w.sentToUpi, accent: '' },
    { id: 'pending', label: w.pending, paise: earnings?.pending_paise, note: w.pendingNote, accent: '' },
  ];
  return (
    <ul role="list" className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-busy={loading}>
      {cards.map((card) => (
        <li
          key={card.id}
          className={`card flex flex-col gap-1 p-4 ${card.id === 'balance' ? 'col-span-2 md:col-span-1' : ''}`}
          data-figure={card.id}
        >
          <h3 className="text-xs font-bold uppercase tracking-wider text-mist">{card.label}</h3>
          <p className={`font-display text-2xl break-words tabular-nums sm:text-3xl ${card.accent}`}>{show(card.paise)}</p>
          <p
            className={
              card.id === 'balance' && earnings && earnings.balance_paise > 0 ? 'text-sm font-semibold text-chalk' : 'text-xs text-mist'
            }
          >
            {card.note}
          </p>
        </li>
      ))}
    </ul>
  );
}
