/** The ledger's five figures: balance, won, tax withheld, paid out, pending; "…" while loading, "—" when unread. */
import { formatPaiseExact } from '@/lib/format';
import type { Earnings } from './payouts';

export function EarningsFigures({ earnings, loading }: { earnings: Earnings | null; loading: boolean }) {
  const show = (paise: number | undefined) => (paise === undefined ? (loading ? '…' : '—') : formatPaiseExact(paise));
  const cards = [
    { id: 'balance', label: 'Balance', paise: earnings?.balance_paise, note: 'Yours to withdraw', accent: 'text-lime' },
    { id: 'won', label: 'Won', paise: earnings?.won_paise, note: 'Prizes credited', accent: 'text-gold' },
    { id: 'tax', label: 'Tax withheld', paise: earnings?.tax_withheld_paise, note: 'Paid to the Income Tax Department', accent: '' },
    { id: 'paid-out', label: 'Paid out', paise: earnings?.paid_out_paise, note: 'Sent to your UPI id', accent: '' },
    { id: 'pending', label: 'Pending', paise: earnings?.pending_paise, note: 'Prizes being confirmed, payouts on their way', accent: '' },
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
          <p className="text-xs text-mist">{card.note}</p>
        </li>
      ))}
    </ul>
  );
}
