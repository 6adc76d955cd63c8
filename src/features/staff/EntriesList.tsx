/**
 * A tournament's entries for staff: a table on wide screens, one card per entry on a phone (the same
 * facts in the same order). Referees and up get a check-in button per active entry.
 */
import { formatDateTimeIST } from '@/lib/format';
import type { StaffEntry } from './staff.schemas';
import { amountLabel, entryPlayerName, paymentLabel } from './staff';

interface Props {
  entries: StaffEntry[];
  canCheckIn: boolean;
  onCheckIn: (entry: StaffEntry, checkIn: boolean) => void;
}

function CheckInButton({ entry, onCheckIn }: { entry: StaffEntry; onCheckIn: Props['onCheckIn'] }) {
  if (entry.status !== 'active') return null;
  const name = entryPlayerName(entry);
  return entry.checked_in_at ? (
    <button type="button" className="btn btn-ghost min-h-9 px-3 py-1 text-sm" onClick={() => onCheckIn(entry, false)}>
      Undo check-in<span className="sr-only"> of {name}</span>
    </button>
  ) : (
    <button type="button" className="btn btn-primary min-h-9 px-3 py-1 text-sm" onClick={() => onCheckIn(entry, true)}>
      Check in<span className="sr-only"> {name}</span>
    </button>
  );
}

function CheckedIn({ entry }: { entry: StaffEntry }) {
  if (entry.checked_in_at) return <span className="text-lime">✓ {formatDateTimeIST(entry.checked_in_at)}</span>;
  // The draw withdraws entries that did not check in, and says why.
  if (entry.withdraw_reason) return <span className="text-gold">{entry.withdraw_reason}</span>;
  return <span className="text-mist">Not yet</span>;
}

function Payment({ entry }: { entry: StaffEntry }) {
  return (
    <span>
      {paymentLabel(entry.payment_status)}
      {entry.amount_paise ? <span className="text-mist"> · {amountLabel(entry.amount_paise)}</span> : null}
    </span>
  );
}

export default function EntriesList({ entries, canCheckIn, onCheckIn }: Props) {
  if (entries.length === 0) return <p className="card p-6 text-center text-mist">No entries yet.</p>;
  return (
    <>
      <ul role="list" className="grid gap-3 md:hidden" aria-label="Entries">
        {entries.map((entry) => (
          <li key={entry.entry_id} className="card p-4" data-entry={entry.entry_id}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-bold break-words">
                  <span className="text-mist">#{entry.slot_number}</span> {entryPlayerName(entry)}
                </p>
                {entry.player_email && <p className="text-sm break-all text-mist">{entry.player_email}</p>}
              </div>
              <span className="shrink-0 rounded-full bg-pitch-800 px-2.5 py-0.5 text-xs font-bold">{entry.status}</span>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-mist">Bought by</dt>
              <dd className="break-all">{entry.buyer_in_game_name ?? entry.buyer_email ?? '—'}</dd>
              <dt className="text-mist">Payment</dt>
              <dd>
                <Payment entry={entry} />
              </dd>
              <dt className="text-mist">Checked in</dt>
              <dd>
                <CheckedIn entry={entry} />
              </dd>
            </dl>
            {canCheckIn && (
              <div className="mt-3">
                <CheckInButton entry={entry} onCheckIn={onCheckIn} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-line md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Entries</caption>
          <thead className="bg-pitch-900 text-xs tracking-wider text-mist uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Slot
              </th>
              <th scope="col" className="px-3 py-2">
                Player
              </th>
              <th scope="col" className="px-3 py-2">
                Bought by
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Payment
              </th>
              <th scope="col" className="px-3 py-2">
                Checked in
              </th>
              {canCheckIn && (
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Check-in</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.entry_id} data-entry={entry.entry_id}>
                <td className="px-3 py-2 tabular-nums">{entry.slot_number}</td>
                <td className="px-3 py-2">
                  <span className="font-semibold">{entryPlayerName(entry)}</span>
                  {entry.player_email && <span className="block text-xs text-mist">{entry.player_email}</span>}
                </td>
                <td className="px-3 py-2">
                  {entry.buyer_in_game_name ?? '—'}
                  {entry.buyer_email && <span className="block text-xs text-mist">{entry.buyer_email}</span>}
                </td>
                <td className="px-3 py-2">{entry.status}</td>
                <td className="px-3 py-2">
                  <Payment entry={entry} />
                </td>
                <td className="px-3 py-2">
                  <CheckedIn entry={entry} />
                </td>
                {canCheckIn && (
                  <td className="px-3 py-2 text-right">
                    <CheckInButton entry={entry} onCheckIn={onCheckIn} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
