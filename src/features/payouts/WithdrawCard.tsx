/** Withdraw: the amount (up to the balance), then the preview with the tax withheld, then the request's status. */
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { formatPaiseExact } from '@/lib/format';
import { FigureRow } from './FigureRow';
import { FormError } from './FormError';
import { PayoutField } from './PayoutField';
import { paiseToRupeesText, payoutStatusLabel, payoutStatusNote, payoutStatusTone, taxReckoningLine } from './payouts';
import { useWithdraw } from './use-withdraw';

export function WithdrawCard({
  balancePaise,
  holdNote = null,
  upiId,
  onRequested,
}: {
  /** What can be withdrawn now: the balance less what a chargeback holds. */
  balancePaise: number;
  /** Why part of the balance is held, in plain words. */
  holdNote?: string | null;
  upiId: string | null;
  onRequested: () => void;
}) {
  const withdraw = useWithdraw(balancePaise, onRequested);
  const { state } = withdraw;
  return (
    <section aria-labelledby="withdraw-heading" className="card flex flex-col gap-4 p-5" data-withdraw={state.step}>
      <h3 id="withdraw-heading" className="section-title text-xl">
        Withdraw
      </h3>
      {holdNote && (
        <p className="rounded-xl border border-gold/40 bg-gold/10 p-3 text-sm text-chalk" data-withdraw-hold>
          {holdNote}
        </p>
      )}
      {(state.step === 'editing' || state.step === 'previewing') && (
        <form onSubmit={withdraw.preview} noValidate className="flex flex-col gap-4 text-sm">
          <PayoutField
            label="Amount (₹)"
            value={state.amountText}
            onChange={withdraw.edit}
            problem={withdraw.problem}
            hint={
              <>
                {holdNote ? 'Up to' : 'Up to your balance of'} {formatPaiseExact(balancePaise)}.{' '}
                <button
                  type="button"
                  className="font-semibold text-lime underline underline-offset-2"
                  onClick={() => withdraw.edit(paiseToRupeesText(balancePaise))}
                >
                  Withdraw all
                </button>
              </>
            }
            inputMode="decimal"
            autoComplete="off"
            placeholder="500"
          />
          <FormError error={state.step === 'editing' ? state.error : null} />
          <Button
            type="submit"
            tone="primary"
            busy={state.step === 'previewing'}
            busyLabel="Working out the tax…"
            className="self-start"
            disabled={balancePaise <= 0}
          >
            See tax and amount
          </Button>
          {balancePaise <= 0 && (
            <p className="text-mist">Your balance is empty: prizes appear here once a tournament’s results are final.</p>
          )}
        </form>
      )}
      {(state.step === 'confirming' || state.step === 'requesting') && (
        <div className="flex flex-col gap-4 text-sm" data-withdraw-preview>
          <dl>
            <FigureRow label="Withdrawal from your balance" value={formatPaiseExact(state.preview.gross_paise)} testId="preview-gross" />
            <FigureRow
              label={`Tax withheld (${state.preview.tax_rate_percent}% of net winnings)`}
              value={`− ${formatPaiseExact(state.preview.tax_paise)}`}
              testId="preview-tax"
            />
            <FigureRow
              label={`You receive${upiId ? ` on ${upiId}` : ''}`}
              value={formatPaiseExact(state.preview.net_paise)}
              strong
              testId="preview-net"
            />
          </dl>
          <p className="text-xs text-mist" data-tax-reckoning>
            {taxReckoningLine(state.preview)} It is paid to the government against your PAN and shows in your annual statement.
          </p>
          <FormError error={state.step === 'confirming' ? state.error : null} />
          <div className="flex flex-wrap gap-3">
            <Button tone="ghost" onClick={withdraw.back} disabled={state.step === 'requesting'}>
              Change amount
            </Button>
            <Button tone="primary" onClick={withdraw.confirm} busy={state.step === 'requesting'} busyLabel="Sending…">
              Confirm withdrawal
            </Button>
          </div>
        </div>
      )}
      {state.step === 'requested' && (
        <div className="flex flex-col gap-3 text-sm" role="status" data-withdraw-result>
          <p className="font-semibold">
            Withdrawal of {formatPaiseExact(state.result.gross_paise)} requested: you receive {formatPaiseExact(state.result.net_paise)}.
          </p>
          <p>
            <Badge tone={payoutStatusTone(state.result.status)}>{payoutStatusLabel(state.result.status)}</Badge>{' '}
            <span className="text-mist">
              {payoutStatusNote({ status: state.result.status, failure_reason: null, approval_due_at: state.result.approval_due_at })}
            </span>
          </p>
          <Button tone="ghost" className="self-start" onClick={withdraw.back}>
            Make another withdrawal
          </Button>
        </div>
      )}
    </section>
  );
}
