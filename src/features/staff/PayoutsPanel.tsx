/**
 * The staff console's payouts section, for admins: the approvals queue (each payout with the player's
 * KYC, where the winnings came from and the tax), Approve / Reject with a reason, the reconciliation's
 * differences with the provider, and the accountant's downloads (the withholding register of a month or
 * a quarter, the certificate figures of a financial year). The database decides who may approve what.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ApiError } from '@/lib/api-answer';
import { downloadCsv } from '@/lib/csv';
import { formatPaiseExact, formatRupees, formatShortDateIST, formatTimeIST } from '@/lib/format';
import { PAYOUT_APPROVAL_ABOVE_PAISE } from '@/lib/rules';
import { Badge } from '@/components/ui/Badge';
import { staffMessage } from './staff';
import StaffDialog from './StaffDialog';
import {
  financialYearLabel,
  financialYearOf,
  financialYearsUpTo,
  kycStatusLabel,
  monthInIndia,
  payoutStatusLabel,
  payoutStatusTone,
} from '@/features/payouts/payouts';
import {
  approvalsNote,
  certificatesCsv,
  certificatesFileName,
  type QueueItem,
  type ReconciliationDifference,
  type ReportPeriod,
  periodDates,
  reconciliationLabel,
  withholdingCsv,
  withholdingFileName,
} from './staff-payouts';

const api = () => import('./staff-payouts.api');
type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };
const when = (iso: string) => `${formatShortDateIST(iso)}, ${formatTimeIST(iso)}`;
const FIRST_FINANCIAL_YEAR = 2026;
const MAX_REJECT_REASON = 500;

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    const known = staffMessage(error.hint);
    return known === staffMessage(null) ? error.message : known;
  }
  return staffMessage(null);
}

type Pending = { kind: 'approve' | 'reject'; item: QueueItem } | null;

export default function PayoutsPanel() {
  const [queue, setQueue] = useState<Load<QueueItem[]>>({ status: 'loading' });
  const [differences, setDifferences] = useState<Load<ReconciliationDifference[]>>({ status: 'loading' });
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    api()
      .then((calls) => Promise.allSettled([calls.fetchPayoutQueue(), calls.fetchReconciliation()]))
      .then(([queued, found]) => {
        setQueue(
          queued.status === 'fulfilled' ? { status: 'ready', value: queued.value } : { status: 'error', message: messageOf(queued.reason) },
        );
        setDifferences(
          found.status === 'fulfilled' ? { status: 'ready', value: found.value } : { status: 'error', message: messageOf(found.reason) },
        );
      })
      .catch((failure: unknown) => setQueue({ status: 'error', message: messageOf(failure) }));
  }, []);
  useEffect(load, [load]);

  function open(kind: 'approve' | 'reject', item: QueueItem) {
    setPending({ kind, item });
    setReason('');
    setError(null);
  }

  async function act() {
    if (!pending || busy) return;
    if (pending.kind === 'reject' && reason.trim().length < 3) {
      setError('Write the reason the player will read.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const calls = await api();
      if (pending.kind === 'approve') await calls.approvePayout(pending.item.payout_id);
      else await calls.rejectPayout(pending.item.payout_id, reason.trim());
      const name = pending.item.legal_name ?? pending.item.in_game_name ?? 'the player';
      setNotice(
        pending.kind === 'approve'
          ? `Approved ${formatPaiseExact(pending.item.net_paise)} for ${name}.`
          : `Rejected the payout of ${name}; the amount is back in their balance.`,
      );
      setPending(null);
      load();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

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
        {notice && (
          <p role="status" className="mt-3 rounded-xl bg-lime/10 p-3 font-semibold text-lime" data-payouts-notice>
            {notice}
          </p>
        )}
        {queue.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
        {queue.status === 'error' && <p className="mt-3 font-semibold text-danger break-words">{queue.message}</p>}
        {queue.status === 'ready' && queue.value.length === 0 && <p className="mt-3 text-mist">No payout is waiting or on its way.</p>}
        {queue.status === 'ready' && queue.value.length > 0 && (
          <ul role="list" aria-label="Payouts awaiting approval or on their way" className="mt-4 grid gap-3 lg:grid-cols-2">
            {queue.value.map((item) => (
              <QueueCard key={item.payout_id} item={item} onApprove={() => open('approve', item)} onReject={() => open('reject', item)} />
            ))}
          </ul>
        )}
      </div>

      <Reconciliation differences={differences} />
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
          busy={busy}
          error={error}
          onConfirm={act}
          onClose={() => setPending(null)}
        >
          {pending.kind === 'reject' && <RejectReason value={reason} onChange={setReason} />}
        </StaffDialog>
      )}
    </section>
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

function QueueCard({ item, onApprove, onReject }: { item: QueueItem; onApprove: () => void; onReject: () => void }) {
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
            <span className="text-mist"> (30% of net winnings {formatPaiseExact(item.net_winnings_paise)})</span>
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
        <dd>{when(item.created_at)}</dd>
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

function Reconciliation({ differences }: { differences: Load<ReconciliationDifference[]> }) {
  const open = differences.status === 'ready' ? differences.value.filter((row) => !row.resolved_at) : [];
  return (
    <section aria-labelledby="reconciliation-heading">
      <h3 id="reconciliation-heading" className="section-title text-2xl">
        Reconciliation
      </h3>
      {differences.status === 'loading' && <p className="mt-2 text-mist">Loading…</p>}
      {differences.status === 'error' && <p className="mt-2 font-semibold text-danger break-words">{differences.message}</p>}
      {differences.status === 'ready' && open.length === 0 && (
        <p className="mt-2 text-mist">The ledger agrees with RazorpayX: no open differences.</p>
      )}
      {open.length > 0 && (
        <div className="card mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-xs uppercase tracking-wider text-mist">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Found
                </th>
                <th scope="col" className="px-3 py-2">
                  Kind
                </th>
                <th scope="col" className="px-3 py-2">
                  Reference
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Ledger
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Provider
                </th>
                <th scope="col" className="px-3 py-2">
                  Note
                </th>
              </tr>
            </thead>
            <tbody>
              {open.map((row) => (
                <tr key={`${row.kind}-${row.reference}-${row.found_at}`} className="border-b border-line/50 last:border-0">
                  <td className="px-3 py-2 whitespace-nowrap">{when(row.found_at)}</td>
                  <td className="px-3 py-2">{reconciliationLabel(row.kind)}</td>
                  <td className="px-3 py-2 font-mono text-xs break-all">{row.reference}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {row.ledger_paise === null ? '—' : formatPaiseExact(row.ledger_paise)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {row.provider_paise === null ? '—' : formatPaiseExact(row.provider_paise)}
                  </td>
                  <td className="px-3 py-2 text-mist">{row.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The periods of a financial year: its quarters, then its months (April to March). */
function periodsOf(financialYear: number): { value: string; label: string; period: ReportPeriod }[] {
  const quarters = ([1, 2, 3, 4] as const).map((quarter) => ({
    value: `q${quarter}`,
    label: `Q${quarter} (${['April–June', 'July–September', 'October–December', 'January–March'][quarter - 1]})`,
    period: { kind: 'quarter', financialYear, quarter } as ReportPeriod,
  }));
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = ((index + 3) % 12) + 1;
    const year = month >= 4 ? financialYear : financialYear + 1;
    return { value: `m${month}`, label: `${MONTHS[month - 1]} ${year}`, period: { kind: 'month', year, month } as ReportPeriod };
  });
  return [...quarters, ...months];
}

function AccountantDownloads() {
  const current = financialYearOf(new Date());
  const years = financialYearsUpTo(current, FIRST_FINANCIAL_YEAR);
  const [year, setYear] = useState(current);
  // The month just running: what the monthly deposit of tax needs first.
  const [periodValue, setPeriodValue] = useState(`m${monthInIndia(new Date())}`);
  const [busy, setBusy] = useState<'register' | 'certificates' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const yearId = useId();
  const periodId = useId();
  const periods = periodsOf(year);
  const chosen = periods.find((option) => option.value === periodValue) ?? periods[0];

  async function download(kind: 'register' | 'certificates') {
    if (!chosen) return;
    setBusy(kind);
    setError(null);
    try {
      const calls = await api();
      if (kind === 'register') {
        const { from, to } = periodDates(chosen.period);
        downloadCsv(withholdingFileName(chosen.period), withholdingCsv(await calls.fetchWithholdingRegister(from, to)));
      } else {
        downloadCsv(certificatesFileName(year), certificatesCsv(year, await calls.fetchTaxCertificates(year)));
      }
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(null);
    }
  }

  const select = 'rounded-xl border-2 border-line bg-night px-3 py-1.5 text-chalk focus:border-lime focus:outline-none';
  return (
    <section aria-labelledby="accountant-heading">
      <h3 id="accountant-heading" className="section-title text-2xl">
        For the accountant
      </h3>
      <p className="mt-1 text-sm text-mist">
        Tax withheld under the Income-tax Act, for the monthly deposit, the quarterly return and the players’ certificates.
      </p>
      <div className="card mt-3 flex flex-wrap items-end gap-4 p-4 text-sm [&>*]:max-w-full">
        <div className="flex flex-col gap-1">
          <label htmlFor={yearId} className="font-semibold">
            Financial year
          </label>
          <select id={yearId} className={select} value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {years.map((option) => (
              <option key={option} value={option}>
                {financialYearLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={periodId} className="font-semibold">
            Period
          </label>
          <select id={periodId} className={select} value={periodValue} onChange={(event) => setPeriodValue(event.target.value)}>
            {periods.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          tone="ghost"
          className="whitespace-normal"
          busy={busy === 'register'}
          busyLabel="Preparing…"
          onClick={() => download('register')}
        >
          Withholding register (CSV)
        </Button>
        <Button
          tone="ghost"
          className="whitespace-normal"
          busy={busy === 'certificates'}
          busyLabel="Preparing…"
          onClick={() => download('certificates')}
        >
          Certificate figures for the year (CSV)
        </Button>
        {error && (
          <p role="alert" className="w-full font-semibold text-danger break-words">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
