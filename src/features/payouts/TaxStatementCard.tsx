/**
 * The annual tax statement of a financial year: who it is for (name, masked PAN) and the deductor's TAN,
 * its totals (tax listed once: withheld, or to be withheld while a payout waits), the year's withdrawals
 * with their bank reference (UTR), a CSV download and a printable version (the browser's Save as PDF).
 * Printing shows the statement alone, on white paper (global.css, `[data-statement]`). Its words are the page's
 * language (payout-words.ts `statement`); the CSV stays English, the language the return is filed in.
 */
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useStore } from '@nanostores/react';
import { formatPaiseExact } from '@/lib/format';
import { formatShortDateIn } from '@/lib/i18n/format';
import { TAX_RATE_PERCENT } from '@/lib/rules';
import { $lang } from '@/stores/lang';
import { FigureRow } from './FigureRow';
import { PAYOUT_WORDS } from './payout-words';
import { STATEMENT_WORDS } from './statement-words';
import { financialYearLabel, statementFileName, statementNetWinningsPaise, statementTax, type TaxStatement } from './payouts';

import { useTaxStatement } from './use-tax-statement';

export default function TaxStatementCard({ userId }: { userId: string | null | undefined }) {
  const { years, year, setYear, statement } = useTaxStatement(userId);
  const selectId = useId();
  const w = STATEMENT_WORDS[useStore($lang)];
  return (
    <section aria-labelledby="statement-heading" className="card mt-8 flex flex-col gap-4 p-5" data-statement>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="statement-heading" className="section-title text-xl sm:text-2xl">
          {w.heading}
        </h3>
        <div className="flex items-center gap-2 text-sm" data-no-print>
          <label htmlFor={selectId} className="font-semibold">
            {w.financialYear}
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
      {statement.status === 'loading' && <Spinner label={w.loading} />}
      {statement.status === 'error' && <p className="text-danger break-words">{w.loadFailed(statement.message)}</p>}
      {statement.status === 'ready' && <Statement value={statement.value} />}
    </section>
  );
}

/** The spreadsheet and the download, loaded on the click. */
async function downloadStatement(value: TaxStatement) {
  const [{ statementCsv }, { downloadCsv }] = await Promise.all([import('./statement-csv'), import('@/lib/csv')]);
  downloadCsv(statementFileName(value.financial_year), statementCsv(value));
}

function Statement({ value }: { value: TaxStatement }) {
  const lang = useStore($lang);
  const words = PAYOUT_WORDS[lang];
  const w = STATEMENT_WORDS[lang];
  const tax = statementTax(value);
  const year = financialYearLabel(value.financial_year);
  return (
    <>
      <p className="text-sm text-mist">{w.period(year)}</p>
      <dl className="grid gap-x-8 text-sm sm:grid-cols-2">
        <FigureRow label={w.name} value={value.legal_name ?? '—'} testId="statement-name" />
        <FigureRow label={w.pan} value={value.pan_masked ?? w.panNotGiven} testId="statement-pan" />
        <FigureRow label={w.tan} value={value.deductor_tan ?? w.tanNotSet} testId="statement-tan" />
      </dl>
      <dl className="grid gap-x-8 text-sm sm:grid-cols-2">
        <FigureRow label={w.opening} value={formatPaiseExact(value.opening_balance_paise)} testId="statement-opening" />
        <FigureRow label={w.winnings} value={formatPaiseExact(value.winnings_paise)} testId="statement-winnings" />
        <FigureRow label={w.entryFees} value={formatPaiseExact(value.entry_fees_paise ?? 0)} testId="statement-entry-fees" />
        <FigureRow label={w.netTaxed} value={formatPaiseExact(statementNetWinningsPaise(value))} testId="statement-net-winnings" />
        <FigureRow label={w.taxWithheld} value={formatPaiseExact(tax.withheldPaise)} testId="statement-tax" />
        {tax.toBeWithheldPaise > 0 && (
          <FigureRow label={w.taxToBeWithheld} value={formatPaiseExact(tax.toBeWithheldPaise)} testId="statement-tax-pending" />
        )}
        <FigureRow label={w.closing} value={formatPaiseExact(value.closing_balance_paise)} testId="statement-closing" />
      </dl>
      <p className="text-xs text-mist" data-statement-rule>
        {w.rule(TAX_RATE_PERCENT)}
      </p>
      {value.payouts.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{w.caption(year)}</caption>
            <thead className="border-b border-line text-xs uppercase tracking-wider text-mist">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {w.columns.date}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {w.columns.gross}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {w.columns.tax}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {w.columns.net}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {w.columns.status}
                </th>
                <th scope="col" className="py-2">
                  {w.columns.utr}
                </th>
              </tr>
            </thead>
            <tbody>
              {value.payouts.map((payout, index) => (
                <tr key={payout.payout_id ?? index} className="border-b border-line/50 last:border-0">
                  <td className="py-2 pr-3 whitespace-nowrap">{payout.at ? formatShortDateIn(lang, payout.at) : '—'}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPaiseExact(payout.gross_paise)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPaiseExact(payout.tax_paise)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPaiseExact(payout.net_paise)}</td>
                  <td className="py-2 pr-3">{words.payoutStatus(payout.status)}</td>
                  <td className="py-2 font-mono text-xs break-all">{payout.utr ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-3" data-no-print>
        <Button tone="ghost" onClick={() => void downloadStatement(value)}>
          {w.download}
        </Button>
        <Button tone="ghost" onClick={() => window.print()} data-print-statement>
          {w.print}
        </Button>
      </div>
    </>
  );
}
