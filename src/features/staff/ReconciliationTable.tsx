/** The reconciliation's open differences between the ledger and RazorpayX. */
import { formatDateTimeIST, formatPaiseExact } from '@/lib/format';
import type { Load } from '@/lib/load-state';
import { type ReconciliationDifference, reconciliationLabel } from './staff-payouts';

const amount = (paise: number | null) => (paise === null ? '—' : formatPaiseExact(paise));

export default function ReconciliationTable({ differences }: { differences: Load<ReconciliationDifference[]> }) {
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
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTimeIST(row.found_at)}</td>
                  <td className="px-3 py-2">{reconciliationLabel(row.kind)}</td>
                  <td className="px-3 py-2 font-mono text-xs break-all">{row.reference}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{amount(row.ledger_paise)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{amount(row.provider_paise)}</td>
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
