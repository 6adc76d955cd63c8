/**
 * "Prizes paid": the public payout record of a tournament, the proof that its prizes are really paid.
 * Every prize with its place, the player, the amount and its status (waiting with a countdown to the end
 * of the challenge window, held, forfeited, credited, paid with the date). Cards on a phone, a table on
 * wider screens; before the final it says when the record appears.
 */
import { Badge } from '@/components/ui/Badge';
import { useStore } from '@nanostores/react';
import { formatPaiseExact } from '@/lib/format';
import { whenIn } from '@/lib/i18n/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { $lang } from '@/stores/lang';
import { type PayoutRecordRow, payoutStatusTone } from './payout-record';
import { STANDINGS_WORDS } from './standings-words';
import { usePayoutRecord } from './use-payout-record';

export default function PayoutRecordIsland({ tournamentId }: { tournamentId: string }) {
  const { status, record, now } = usePayoutRecord(tournamentId);
  const lang = useStore($lang);
  const w = STANDINGS_WORDS[lang];
  const when = (at: string) => whenIn(lang, at, new Date(now));

  return (
    <section className="mt-10" aria-labelledby={`payouts-${tournamentId}`} data-payout-record>
      <h2 id={`payouts-${tournamentId}`} className="text-xl font-bold">
        {w.prizesPaid}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-mist">{w.prizesLead}</p>
      {!record ? (
        <p className="card mt-4 p-5 text-mist" data-payout-record-state="empty">
          {status === 'cancelled' ? w.prizesCancelled : w.prizesLater}
        </p>
      ) : record.status === 'loading' ? (
        <p className="mt-4 text-mist">{w.loadingPrizes}</p>
      ) : record.status === 'error' ? (
        <p role="alert" className="card mt-4 p-5 font-semibold text-danger break-words">
          {record.message}
        </p>
      ) : record.value.length === 0 ? (
        <p className="card mt-4 p-5 text-mist" data-payout-record-state="none">
          {w.noCashPrizes}
        </p>
      ) : (
        <PayoutRows rows={record.value} now={now} when={when} />
      )}
    </section>
  );
}

function PayoutRows({ rows, now, when }: { rows: PayoutRecordRow[]; now: number; when: (at: string) => string }) {
  const keyOf = (row: PayoutRecordRow, index: number) => `${row.place}-${row.in_game_name ?? ''}-${index}`;
  const w = useMessages(STANDINGS_WORDS);
  return (
    <>
      {/* Phones get one card per prize; wider screens the table. */}
      <ul role="list" className="mt-4 flex flex-col gap-3 sm:hidden" data-payout-record-state="cards">
        {rows.map((row, index) => (
          <li key={keyOf(row, index)} className="card flex flex-col gap-2 p-4 text-sm" data-payout-row={row.status}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0">
                <span className="font-display text-xl leading-none text-gold">{w.place(row.place)}</span>
                <span className="mt-1 block font-semibold break-all">{row.in_game_name ?? w.aPlayer}</span>
              </p>
              <Badge tone={payoutStatusTone(row.status)}>{w.status(row.status)}</Badge>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <span className={`text-lg font-bold tabular-nums ${row.status === 'forfeited' ? 'text-mist line-through' : ''}`}>
                {formatPaiseExact(row.prize_paise)}
              </span>
            </div>
            <p className="text-mist">{w.detail(row, now, when)}</p>
          </li>
        ))}
      </ul>
      <div className="card mt-4 hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm" data-payout-record-state="table">
          <thead className="border-b border-line text-xs tracking-wider text-mist uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                {w.columns.place}
              </th>
              <th scope="col" className="px-4 py-3">
                {w.columns.player}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {w.columns.prize}
              </th>
              <th scope="col" className="px-4 py-3">
                {w.columns.status}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={keyOf(row, index)} className="border-b border-line/50 last:border-0" data-payout-row={row.status}>
                <td className="px-4 py-3 font-bold whitespace-nowrap text-gold">{w.place(row.place)}</td>
                <td className="px-4 py-3 font-semibold break-all">{row.in_game_name ?? w.aPlayer}</td>
                <td
                  className={`px-4 py-3 text-right whitespace-nowrap tabular-nums ${row.status === 'forfeited' ? 'text-mist line-through' : ''}`}
                >
                  {formatPaiseExact(row.prize_paise)}
                </td>
                <td className="px-4 py-3">
                  <Badge tone={payoutStatusTone(row.status)}>{w.status(row.status)}</Badge>
                  <span className="mt-1 block max-w-sm text-xs text-mist">{w.detail(row, now, when)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
