/**
 * My Earnings' prize money: the balance and its history from the ledger (get_my_earnings), the KYC form
 * before the first withdrawal, the withdraw card (preview with tax, then confirm), the payouts with their
 * statuses and the annual tax statement. The page keeps asking while something is still moving (a KYC
 * check, a payout on its way), so a player sees it settle without reloading.
 */
import { type ReactNode, useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api-answer';
import { downloadCsv } from '@/lib/csv';
import { formatPaiseExact, formatShortDateIST, formatTimeIST } from '@/lib/format';
import { Badge } from '@/components/ui/Badge';
import {
  amountProblem,
  type Earnings,
  financialYearLabel,
  financialYearOf,
  financialYearsUpTo,
  isPayoutMoving,
  type Kyc,
  kycStatusLabel,
  normalisePan,
  normaliseUpiId,
  panProblem,
  type Payout,
  paiseToRupeesText,
  payoutMessage,
  payoutStatusLabel,
  payoutStatusNote,
  payoutStatusTone,
  rupeesTextToPaise,
  statementCsv,
  statementFileName,
  type TaxStatement,
  totalWithheld,
  upiIdProblem,
  WITHDRAW_START,
  withdrawReducer,
} from './payouts';

const api = () => import('./payouts.api');
type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

/** The database's code of a refusal and its words, as one sentence for the player. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return payoutMessage(error.hint, error.message);
  return payoutMessage(null);
}

const POLL_MS = 4000;
/** The first financial year prizes were paid here. */
const FIRST_FINANCIAL_YEAR = 2026;
const when = (iso: string) => `${formatShortDateIST(iso)}, ${formatTimeIST(iso)}`;

function usePolling(active: boolean, poll: () => void) {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(poll, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, poll]);
}

/**
 * `onEarnings` hands the ledger's figures to the page's statistics (their Total Earnings is `won_paise`).
 * Until `signedIn`, the section shows its loading layout and reads nothing: the page keeps its shape while
 * the session arrives, so nothing below it moves.
 */
export default function PrizesSection({ signedIn, onEarnings }: { signedIn: boolean; onEarnings?: (earnings: Earnings | null) => void }) {
  const [earnings, setEarnings] = useState<Load<Earnings>>({ status: 'loading' });
  const [kyc, setKyc] = useState<Load<Kyc>>({ status: 'loading' });
  const [payouts, setPayouts] = useState<Load<Payout[]>>({ status: 'loading' });

  const loadEarnings = useCallback(() => {
    api()
      .then((calls) => Promise.all([calls.fetchMyEarnings(), calls.fetchMyPayouts()]))
      .then(([value, list]) => {
        setEarnings({ status: 'ready', value });
        onEarnings?.(value);
        setPayouts({ status: 'ready', value: list });
      })
      .catch((error: unknown) => {
        setEarnings({ status: 'error', message: messageOf(error) });
        onEarnings?.(null);
        setPayouts({ status: 'error', message: messageOf(error) });
      });
  }, [onEarnings]);
  const loadKyc = useCallback(() => {
    api()
      .then((calls) => calls.fetchMyKyc())
      .then((value) => setKyc({ status: 'ready', value }))
      .catch((error: unknown) => setKyc({ status: 'error', message: messageOf(error) }));
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    loadEarnings();
    loadKyc();
  }, [signedIn, loadEarnings, loadKyc]);

  usePolling(kyc.status === 'ready' && kyc.value.status === 'pending', loadKyc);
  usePolling(payouts.status === 'ready' && payouts.value.some((payout) => isPayoutMoving(payout.status)), loadEarnings);

  const figures = earnings.status === 'ready' ? earnings.value : null;
  return (
    <section aria-labelledby="prizes-heading" className="mt-10" data-prizes>
      <h2 id="prizes-heading" className="section-title mb-4 text-2xl sm:text-3xl">
        Prize money
      </h2>
      {earnings.status === 'error' && (
        <p role="alert" className="card mb-4 px-5 py-4 text-danger break-words">
          {earnings.message}
        </p>
      )}
      <EarningsFigures earnings={figures} loading={earnings.status === 'loading'} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {kyc.status === 'loading' && <Spinner label="Loading your withdrawal details" />}
        {kyc.status === 'error' && <p className="card px-5 py-4 text-danger break-words">{kyc.message}</p>}
        {kyc.status === 'ready' && <KycCard kyc={kyc.value} onSubmitted={loadKyc} />}
        {kyc.status === 'ready' && kyc.value.status === 'verified' && figures && (
          <WithdrawCard balancePaise={figures.balance_paise} upiId={kyc.value.upi_id} onRequested={loadEarnings} />
        )}
      </div>
      <PayoutHistory payouts={payouts} />
      <TaxStatementCard signedIn={signedIn} />
    </section>
  );
}

function EarningsFigures({ earnings, loading }: { earnings: Earnings | null; loading: boolean }) {
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

function Field({
  label,
  value,
  onChange,
  problem,
  hint,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: 'text' | 'decimal';
  maxLength?: number;
  autoCapitalize?: string;
  placeholder?: string;
}) {
  const id = useId();
  const describedBy = [problem ? `${id}-problem` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={false}
        className="rounded-xl border-2 border-line bg-night px-3 py-2 text-chalk focus:border-lime focus:outline-none aria-invalid:border-danger"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-mist">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-danger break-words">
          {problem}
        </p>
      )}
    </div>
  );
}

function KycCard({ kyc, onSubmitted }: { kyc: Kyc; onSubmitted: () => void }) {
  const [pan, setPan] = useState('');
  const [upiId, setUpiId] = useState('');
  const [touched, setTouched] = useState({ pan: false, upi: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cleanPan = normalisePan(pan);
  const cleanUpi = normaliseUpiId(upiId);
  const panCheck = panProblem(cleanPan);
  const upiCheck = upiIdProblem(cleanUpi);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ pan: true, upi: true });
    if (panCheck || upiCheck || busy) return;
    setBusy(true);
    setError(null);
    try {
      await (await api()).submitKyc(cleanPan, cleanUpi);
      onSubmitted();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const tone = kyc.status === 'verified' ? 'green' : kyc.status === 'rejected' ? 'red' : kyc.status === 'pending' ? 'blue' : 'grey';
  const held = kyc.payouts_held_until && new Date(kyc.payouts_held_until).getTime() > Date.now() ? kyc.payouts_held_until : null;
  return (
    <section aria-labelledby="kyc-heading" className="card flex flex-col gap-4 p-5" data-kyc={kyc.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="kyc-heading" className="section-title text-xl">
          PAN and UPI id
        </h3>
        <Badge tone={tone}>{kycStatusLabel(kyc.status)}</Badge>
      </div>
      {kyc.status === 'verified' && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-mist">PAN</dt>
          <dd className="font-mono">{kyc.pan_masked ?? '—'}</dd>
          <dt className="text-mist">UPI id</dt>
          <dd className="font-mono break-all">{kyc.upi_id ?? '—'}</dd>
          {held && (
            <>
              <dt className="text-mist">Withdrawals</dt>
              <dd>Paused until {when(held)} after your UPI id changed</dd>
            </>
          )}
        </dl>
      )}
      {kyc.status === 'pending' && (
        <p className="text-sm text-mist" role="status">
          We are checking your PAN against your legal name and your UPI id with your bank. This usually takes a minute; this page updates by
          itself.
        </p>
      )}
      {(kyc.status === 'none' || kyc.status === 'rejected') && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 text-sm">
          <p className="text-mist">
            Before your first withdrawal the law needs your PAN (tax is withheld against it) and we need the UPI id to pay you. The name on
            your PAN must match your profile’s legal name.
          </p>
          {kyc.status === 'rejected' && (
            <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger break-words" data-kyc-reason>
              {kyc.reason ?? 'We could not verify these details.'} Check them and send them again.
            </p>
          )}
          <Field
            label="PAN"
            value={pan}
            onChange={(value) => {
              setPan(value.toUpperCase());
              if (normalisePan(value).length >= 10) setTouched((was) => ({ ...was, pan: true }));
            }}
            problem={touched.pan ? panCheck : null}
            hint="10 characters, like ABCPE1234F"
            maxLength={12}
            autoCapitalize="characters"
            autoComplete="off"
          />
          <Field
            label="UPI id"
            value={upiId}
            onChange={(value) => {
              setUpiId(value);
              if (/@[a-zA-Z]{2,}/.test(value)) setTouched((was) => ({ ...was, upi: true }));
            }}
            problem={touched.upi ? upiCheck : null}
            hint="As your UPI app shows it, like yourname@okaxis"
            maxLength={321}
            autoCapitalize="none"
            autoComplete="off"
          />
          {error && (
            <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger break-words">
              {error}
            </p>
          )}
          <Button type="submit" tone="primary" busy={busy} busyLabel="Sending…" className="self-start">
            Verify PAN and UPI id
          </Button>
        </form>
      )}
    </section>
  );
}

function Figure({ label, value, strong = false, testId }: { label: ReactNode; value: string; strong?: boolean; testId: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1.5 ${strong ? 'border-t border-line pt-2 text-base font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-mist'}>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function WithdrawCard({ balancePaise, upiId, onRequested }: { balancePaise: number; upiId: string | null; onRequested: () => void }) {
  const [state, dispatch] = useReducer(withdrawReducer, WITHDRAW_START);
  const [touched, setTouched] = useState(false);
  const sending = useRef(false);
  const amountPaise = state.step === 'editing' ? rupeesTextToPaise(state.amountText) : null;
  const problem = state.step === 'editing' ? amountProblem(amountPaise, balancePaise) : null;

  async function preview(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (state.step !== 'editing' || problem || amountPaise === null) return;
    dispatch({ type: 'preview', amountPaise });
    try {
      const answer = await (await api()).previewPayout(amountPaise);
      dispatch({ type: 'preview-ok', preview: answer, key: crypto.randomUUID() });
    } catch (failure) {
      dispatch({ type: 'preview-failed', message: messageOf(failure) });
    }
  }

  async function confirm() {
    // The reducer ignores a second click; the ref keeps a second call from leaving before React re-renders.
    if (state.step !== 'confirming' || sending.current) return;
    sending.current = true;
    const { preview: shown, key } = state;
    dispatch({ type: 'confirm' });
    try {
      const result = await (await api()).requestPayout(shown.gross_paise, key);
      dispatch({ type: 'request-ok', result });
      onRequested();
    } catch (failure) {
      dispatch({ type: 'request-failed', message: messageOf(failure) });
    } finally {
      sending.current = false;
    }
  }

  return (
    <section aria-labelledby="withdraw-heading" className="card flex flex-col gap-4 p-5" data-withdraw={state.step}>
      <h3 id="withdraw-heading" className="section-title text-xl">
        Withdraw
      </h3>
      {(state.step === 'editing' || state.step === 'previewing') && (
        <form onSubmit={preview} noValidate className="flex flex-col gap-4 text-sm">
          <Field
            label="Amount (₹)"
            value={state.amountText}
            onChange={(value) => dispatch({ type: 'edit', amountText: value })}
            problem={touched || state.amountText !== '' ? problem : null}
            hint={
              <>
                Up to your balance of {formatPaiseExact(balancePaise)}.{' '}
                <button
                  type="button"
                  className="font-semibold text-lime underline underline-offset-2"
                  onClick={() => dispatch({ type: 'edit', amountText: paiseToRupeesText(balancePaise) })}
                >
                  Withdraw all
                </button>
              </>
            }
            inputMode="decimal"
            autoComplete="off"
            placeholder="500"
          />
          {state.step === 'editing' && state.error && (
            <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger break-words">
              {state.error}
            </p>
          )}
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
            <Figure label="Withdrawal from your balance" value={formatPaiseExact(state.preview.gross_paise)} testId="preview-gross" />
            <Figure
              label="Tax withheld (30% of net winnings)"
              value={`− ${formatPaiseExact(state.preview.tax_paise)}`}
              testId="preview-tax"
            />
            <Figure
              label={`You receive${upiId ? ` on ${upiId}` : ''}`}
              value={formatPaiseExact(state.preview.net_paise)}
              strong
              testId="preview-net"
            />
          </dl>
          <p className="text-xs text-mist">
            The Income-tax Act withholds 30% of your net winnings this financial year (winnings withdrawn, less what was already taxed), so
            the tax can be less than 30% of this amount. It is paid to the government against your PAN and shows in your annual statement.
          </p>
          {state.step === 'confirming' && state.error && (
            <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger break-words">
              {state.error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button tone="ghost" onClick={() => dispatch({ type: 'back' })} disabled={state.step === 'requesting'}>
              Change amount
            </Button>
            <Button tone="primary" onClick={confirm} busy={state.step === 'requesting'} busyLabel="Sending…">
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
            <span className="text-mist">{payoutStatusNote({ status: state.result.status, failure_reason: null })}</span>
          </p>
          <Button tone="ghost" className="self-start" onClick={() => dispatch({ type: 'back' })}>
            Make another withdrawal
          </Button>
        </div>
      )}
    </section>
  );
}

function PayoutHistory({ payouts }: { payouts: Load<Payout[]> }) {
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
          {payouts.value.map((payout) => {
            const note = payoutStatusNote(payout);
            return (
              <li key={payout.id} className="card flex flex-col gap-2 p-4 text-sm" data-payout={payout.status}>
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="text-lg font-bold tabular-nums">{formatPaiseExact(payout.net_paise)}</p>
                    <p className="text-xs text-mist">
                      {formatPaiseExact(payout.gross_paise)} less {formatPaiseExact(payout.tax_paise)} tax
                    </p>
                  </div>
                  <Badge tone={payoutStatusTone(payout.status)}>{payoutStatusLabel(payout.status)}</Badge>
                </div>
                {note && <p className="text-xs text-mist">{note}</p>}
                <p className="flex flex-wrap justify-between gap-2 text-xs text-mist">
                  <span>{when(payout.created_at)}</span>
                  {payout.upi_id && <span className="font-mono break-all">{payout.upi_id}</span>}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function TaxStatementCard({ signedIn }: { signedIn: boolean }) {
  const current = financialYearOf(new Date());
  const years = financialYearsUpTo(current, FIRST_FINANCIAL_YEAR);
  const [year, setYear] = useState(current);
  const [statement, setStatement] = useState<Load<TaxStatement>>({ status: 'loading' });
  const selectId = useId();

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    setStatement({ status: 'loading' });
    api()
      .then((calls) => calls.fetchMyTaxStatement(year))
      .then((value) => !cancelled && setStatement({ status: 'ready', value }))
      .catch((error: unknown) => !cancelled && setStatement({ status: 'error', message: messageOf(error) }));
    return () => {
      cancelled = true;
    };
  }, [signedIn, year]);

  const value = statement.status === 'ready' ? statement.value : null;
  return (
    <section aria-labelledby="statement-heading" className="card mt-8 flex flex-col gap-4 p-5" data-statement>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="statement-heading" className="section-title text-xl sm:text-2xl">
          Annual tax statement
        </h3>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={selectId} className="font-semibold">
            Financial year
          </label>
          <select
            id={selectId}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            className="rounded-xl border-2 border-line bg-night px-3 py-1.5 text-chalk focus:border-lime focus:outline-none"
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {financialYearLabel(option)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {statement.status === 'loading' && <Spinner label="Loading your statement" />}
      {statement.status === 'error' && <p className="text-danger break-words">{statement.message}</p>}
      {value && (
        <>
          <dl className="grid gap-x-8 text-sm sm:grid-cols-2">
            <Figure label="Opening balance (1 April)" value={formatPaiseExact(value.opening_balance_paise)} testId="statement-opening" />
            <Figure label="Winnings" value={formatPaiseExact(value.winnings_paise)} testId="statement-winnings" />
            <Figure label="Tax withheld" value={formatPaiseExact(totalWithheld(value))} testId="statement-tax" />
            <Figure label="Closing balance" value={formatPaiseExact(value.closing_balance_paise)} testId="statement-closing" />
          </dl>
          {value.payouts.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Withdrawals in FY {financialYearLabel(value.financial_year)}</caption>
                <thead className="border-b border-line text-xs uppercase tracking-wider text-mist">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Gross
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Tax
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Net
                    </th>
                    <th scope="col" className="py-2">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {value.payouts.map((payout, index) => (
                    <tr key={payout.payout_id ?? index} className="border-b border-line/50 last:border-0">
                      <td className="py-2 pr-3 whitespace-nowrap">{payout.at ? formatShortDateIST(payout.at) : '—'}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatPaiseExact(payout.gross_paise)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatPaiseExact(payout.tax_paise)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatPaiseExact(payout.net_paise)}</td>
                      <td className="py-2">{payoutStatusLabel(payout.status)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Button
            tone="ghost"
            className="self-start"
            onClick={() => downloadCsv(statementFileName(value.financial_year), statementCsv(value))}
          >
            Download statement (CSV)
          </Button>
        </>
      )}
    </section>
  );
}
