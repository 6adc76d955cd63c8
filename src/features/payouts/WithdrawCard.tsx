/** Withdraw: the amount (up to the balance), then the preview with the tax withheld, then the request's status. */
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { formatPaiseExact } from '@/lib/format';
import { FigureRow } from './FigureRow';
import { FormError } from './FormError';
import { PayoutField } from './PayoutField';
import { useMessages } from '@/lib/i18n/use-messages';
import { PAYOUT_WORDS } from './payout-words';
import { paiseToRupeesText, payoutStatusTone } from './payouts';
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
  const words = useMessages(PAYOUT_WORDS);
  const w = words.withdraw;
  return (
    <section aria-labelledby="withdraw-heading" className="card flex flex-col gap-4 p-5" data-withdraw={state.step}>
      <h3 id="withdraw-heading" className="section-title text-xl">
        {w.heading}
      </h3>
      {holdNote && (
        <p className="rounded-xl border border-gold/40 bg-gold/10 p-3 text-sm text-chalk" data-withdraw-hold>
          {holdNote}
        </p>
      )}
      {(state.step === 'editing' || state.step === 'previewing') && (
        <form onSubmit={withdraw.preview} noValidate className="flex flex-col gap-4 text-sm">
          <PayoutField
            label={w.amount}
            value={state.amountText}
            onChange={withdraw.edit}
            problem={words.problem(withdraw.problem)}
            hint={
              <>
                {w.upTo(formatPaiseExact(balancePaise), Boolean(holdNote))}{' '}
                <button
                  type="button"
                  className="font-semibold text-lime underline underline-offset-2"
                  onClick={() => withdraw.edit(paiseToRupeesText(balancePaise))}
                >
                  {w.all}
                </button>
              </>
            }
            inputMode="decimal"
            autoComplete="off"
            placeholder="500"
          />
          <FormError error={state.step === 'editing' ? words.problem(state.error) : null} />
          <Button
            type="submit"
            tone="primary"
            busy={state.step === 'previewing'}
            busyLabel={w.workingOut}
            className="self-start"
            disabled={balancePaise <= 0}
          >
            {w.seeTax}
          </Button>
          {balancePaise <= 0 && <p className="text-mist">{w.empty}</p>}
        </form>
      )}
      {(state.step === 'confirming' || state.step === 'requesting') && (
        <div className="flex flex-col gap-4 text-sm" data-withdraw-preview>
          <dl>
            <FigureRow label={w.fromBalance} value={formatPaiseExact(state.preview.gross_paise)} testId="preview-gross" />
            <FigureRow
              label={w.taxWithheld(state.preview.tax_rate_percent)}
              value={`− ${formatPaiseExact(state.preview.tax_paise)}`}
              testId="preview-tax"
            />
            <FigureRow label={w.youReceive(upiId)} value={formatPaiseExact(state.preview.net_paise)} strong testId="preview-net" />
          </dl>
          <p className="text-xs text-mist" data-tax-reckoning>
            {w.reckoning(state.preview)} {w.paidToGovernment}
          </p>
          <FormError error={state.step === 'confirming' ? words.problem(state.error) : null} />
          <div className="flex flex-wrap gap-3">
            <Button tone="ghost" onClick={withdraw.back} disabled={state.step === 'requesting'}>
              {w.change}
            </Button>
            <Button tone="primary" onClick={withdraw.confirm} busy={state.step === 'requesting'} busyLabel={w.sending}>
              {w.confirm}
            </Button>
          </div>
        </div>
      )}
      {state.step === 'requested' && (
        <div className="flex flex-col gap-3 text-sm" role="status" data-withdraw-result>
          <p className="font-semibold">
            {w.requested(formatPaiseExact(state.result.gross_paise), formatPaiseExact(state.result.net_paise))}
          </p>
          <p>
            <Badge tone={payoutStatusTone(state.result.status)}>{words.payoutStatus(state.result.status)}</Badge>{' '}
            <span className="text-mist">
              {words.payoutNote({ status: state.result.status, failure_reason: null, approval_due_at: state.result.approval_due_at })}
            </span>
          </p>
          <Button tone="ghost" className="self-start" onClick={withdraw.back}>
            {w.another}
          </Button>
        </div>
      )}
    </section>
  );
}
