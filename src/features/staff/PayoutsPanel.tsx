/**
 * The staff console's payouts section, for admins: the approvals queue with Approve / Reject, the
 * reconciliation's differences with the provider, and the accountant's downloads. Data and actions come
 * from usePayoutApprovals and useAccountantDownloads.
 */
import { useId } from 'react';
import { Badge } from '@/components/ui/Badge';
import { payoutStatusLabel, payoutStatusTone } from '@/features/payouts/payouts';
import { formatDateTimeIST, formatPaiseExact, formatRupees } from '@/lib/format';
import type { Load } from '@/lib/load-state';
import { PAYOUT_APPROVAL_ABOVE_PAISE } from '@/lib/rules';
import AccountantDownloads from './AccountantDownloads';
import PayoutQueueCard from './PayoutQueueCard';
import ReconciliationTable from './ReconciliationTable';
import type { EndedPayout } from './staff-payouts';
import StaffDialog from './StaffDialog';
import { usePayoutApprovals } from './use-payout-approvals';

const MAX_REJECT_REASON = 500;

export default function PayoutsPanel() {
  const approvals = usePayoutApprovals();
  const { queue, pending } = approvals;

  return (
    <section aria-labelledby="payouts-heading" className="grid grid-cols-[minmax(0,1fr)] gap-8" data-payouts-panel>
      <div>
        <h2 id="payouts-heading" className="section-title text-3xl">
          Payouts
        </h2>
        <p className="mt-1 text-sm text-mist">
          A player’s first payout and any above {formatRupees(PAYOUT_APPROVAL_ABOVE_PAISE / 100)} wait here; approved ones stay listed until
          RazorpayX has paid them. Check the PAN, the UPI id and where the winnings came from.
        </p>
        {approvals.notice && (
          <p role="status" className="mt-3 rounded-xl bg-lime/10 p-3 font-semibold text-lime" data-payouts-notice>
            {approvals.notice}
          </p>
        )}
        {queue.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
        {queue.status === 'error' && <p className="mt-3 font-semibold text-danger break-words">{queue.message}</p>}
        {queue.status === 'ready' && queue.value.length === 0 && <p className="mt-3 text-mist">No payout is waiting or on its way.</p>}
        {queue.status === 'ready' && queue.value.length > 0 && (
          <ul role="list" aria-label="Payouts awaiting approval or on their way" className="mt-4 grid gap-3 lg:grid-cols-2">
            {queue.value.map((item) => (
              <PayoutQueueCard
                key={item.payout_id}
                item={item}
                onApprove={() => approvals.approve(item)}
                onReject={() => approvals.reject(item)}
              />
            ))}
          </ul>
        )}
      </div>

      <EndedPayouts ended={approvals.ended} />
      <ReconciliationTable differences={approvals.differences} />
      <AccountantDownloads />

      {pending && (
        <StaffDialog
          title={pending.kind === 'approve' ? 'Approve this payout?' : 'Reject this payout?'}
          description={
            pending.kind === 'approve'
              ? `${formatPaiseExact(pending.item.net_paise)} goes to ${pending.item.upi_id ?? 'the player’s UPI id'} (${formatPaiseExact(pending.item.tax_paise)} tax withheld).`
              : 'The amount and its tax go back to the player’s balance; they read your reason.'
          }
          confirmLabel={pending.kind === 'approve' ? 'Approve payout' : 'Reject payout'}
          danger={pending.kind === 'reject'}
          busy={approvals.busy}
          error={approvals.error}
          onConfirm={() => void approvals.confirm()}
          onClose={approvals.close}
        >
          {pending.kind === 'reject' && <RejectReason value={approvals.reason} onChange={approvals.setReason} />}
        </StaffDialog>
      )}
    </section>
  );
}

/** Payouts that ended in the last 30 days: the bank's reference (UTR) of each one sent, for a player who asks. */
function EndedPayouts({ ended }: { ended: Load<EndedPayout[]> }) {
  return (
    <div>
      <h3 className="section-title text-2xl">Ended in the last 30 days</h3>
      {ended.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
      {ended.status === 'error' && <p className="mt-3 font-semibold text-danger break-words">{ended.message}</p>}
      {ended.status === 'ready' && ended.value.length === 0 && <p className="mt-3 text-mist">No payout ended in the last 30 days.</p>}
      {ended.status === 'ready' && ended.value.length > 0 && (
        <ul role="list" aria-label="Payouts that ended in the last 30 days" className="mt-3 grid gap-2 lg:grid-cols-2">
          {ended.value.map((payout) => (
            <li key={payout.payout_id} className="card flex flex-col gap-1 p-3 text-sm" data-ended-payout={payout.status}>
              <p className="flex items-start justify-between gap-2">
                <span className="font-bold break-words">
                  {payout.name} · {formatPaiseExact(payout.net_paise)}
                </span>
                <Badge tone={payoutStatusTone(payout.status)}>{payoutStatusLabel(payout.status)}</Badge>
              </p>
              <p className="text-xs text-mist">
                {formatDateTimeIST(payout.updated_at)}
                {payout.upi_id && <span className="font-mono break-all"> · {payout.upi_id}</span>}
              </p>
              {payout.utr ? (
                <p className="text-xs text-mist">
                  UTR <span className="font-mono break-all text-chalk">{payout.utr}</span>
                </p>
              ) : (
                payout.failure_reason && <p className="text-xs text-mist break-words">{payout.failure_reason}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RejectReason({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        Reason (the player reads it)
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MAX_REJECT_REASON}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-xl border-2 border-line bg-night px-3 py-2 text-chalk focus:border-lime focus:outline-none"
      />
    </div>
  );
}
