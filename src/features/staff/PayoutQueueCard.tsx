/** One payout in the approvals queue: who, the amounts and tax, KYC, UPI id, the winnings, and Approve / Reject. */
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { kycStatusLabel, payoutStatusLabel, payoutStatusTone } from '@/features/payouts/payouts';
import { formatDateTimeIST, formatPaiseExact } from '@/lib/format';
import { TAX_RATE_PERCENT } from '@/lib/rules';
import { approvalsNote, type QueueItem } from './staff-payouts';

export default function PayoutQueueCard({ item, onApprove, onReject }: { item: QueueItem; onApprove: () => void; onReject: () => void }) {
  const name = item.legal_name ?? item.in_game_name ?? item.email ?? item.user_id;
  const note = approvalsNote(item);
  return (
    <li className="card flex flex-col gap-3 p-4 text-sm" data-payout-id={item.payout_id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold break-words">{name}</p>
          <p className="text-xs break-all text-mist">{[item.in_game_name, item.email].filter(Boolean).join(' · ')}</p>
        </div>
        <Badge tone={payoutStatusTone(item.status)}>{payoutStatusLabel(item.status)}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-mist">Gross</dt>
        <dd className="tabular-nums">{formatPaiseExact(item.gross_paise)}</dd>
        <dt className="text-mist">Tax</dt>
        <dd className="tabular-nums">
          {formatPaiseExact(item.tax_paise)}
          {item.net_winnings_paise !== null && (
            <span className="text-mist">
              {' '}
              ({TAX_RATE_PERCENT}% of net winnings {formatPaiseExact(item.net_winnings_paise)}: withdrawn this year less entry fees paid,
              the opening balance and what earlier withdrawals counted)
            </span>
          )}
        </dd>
        <dt className="text-mist">Net</dt>
        <dd className="font-bold tabular-nums">{formatPaiseExact(item.net_paise)}</dd>
        <dt className="text-mist">KYC</dt>
        <dd>
          {kycStatusLabel((item.kyc_status ?? 'none') as 'none')} · PAN <span className="font-mono">{item.pan_masked ?? '—'}</span>
        </dd>
        <dt className="text-mist">UPI id</dt>
        <dd className="font-mono break-all">{item.upi_id ?? '—'}</dd>
        <dt className="text-mist">Asked</dt>
        <dd>{formatDateTimeIST(item.created_at)}</dd>
        {item.status === 'awaiting_approval' && item.approval_due_at && (
          <>
            <dt className="text-mist">Approve by</dt>
            <dd data-approval-due>{formatDateTimeIST(item.approval_due_at)}</dd>
          </>
        )}
      </dl>
      {item.winnings.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold">Winnings ({item.winnings.length})</summary>
          <ul role="list" className="mt-2 grid gap-1">
            {item.winnings.map((winning) => (
              <li key={`${winning.tournament_id}-${winning.at ?? winning.amount_paise}`} className="flex justify-between gap-3">
                <span className="break-words">
                  {winning.tournament_title ?? winning.tournament_id}
                  {winning.place && ` (${winning.place})`}
                </span>
                <span className="tabular-nums">{formatPaiseExact(winning.amount_paise)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {note && <p className="text-xs text-gold">{note}</p>}
      {item.status === 'awaiting_approval' && (
        <div className="flex flex-wrap items-center gap-2">
          {item.can_approve ? (
            <Button tone="primary" className="min-h-9 px-3 py-1 text-sm" onClick={onApprove}>
              Approve<span className="sr-only"> payout of {name}</span>
            </Button>
          ) : (
            <p className="text-xs text-mist">Another admin must approve this one (your own payout, or you approved it already).</p>
          )}
          <Button tone="ghost" className="min-h-9 px-3 py-1 text-sm" onClick={onReject}>
            Reject<span className="sr-only"> payout of {name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
