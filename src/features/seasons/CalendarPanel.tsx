/**
 * The staff console's calendar: the editions the recurring series create next (and when each is made),
 * and the overrides of single editions now in the catalog. Read-only: both are changed in the catalog
 * (src/content/tournaments/recurring and overrides) and reach the database with the catalog sync.
 */
import { formatDateTimeIST, formatRupees } from '@/lib/format';
import { useStaffCalendar } from './use-calendar';

export default function CalendarPanel() {
  const calendar = useStaffCalendar();

  return (
    <section aria-labelledby="staff-calendar" data-staff-calendar>
      <h2 id="staff-calendar" className="section-title text-2xl">
        Calendar
      </h2>
      <p className="mt-1 text-sm text-mist">Editions the recurring series create next, and the overrides of single editions.</p>
      {calendar.status === 'loading' && <p className="mt-4 text-mist">Loading the calendar…</p>}
      {calendar.status === 'error' && <p className="mt-4 text-danger">{calendar.message}</p>}
      {calendar.status === 'ready' && (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <div className="card p-4">
            <h3 className="font-bold">Next to be created</h3>
            {calendar.value.next.length === 0 ? (
              <p className="mt-2 text-sm text-mist">Nothing planned: every series is stopped or past its last month.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm" data-calendar-next>
                {calendar.value.next.map((edition) => (
                  <li key={edition.id} className="py-2" data-planned-edition={edition.id}>
                    <span className="block font-semibold">{edition.title}</span>
                    <span className="block text-mist">
                      Starts {formatDateTimeIST(edition.starts_at)} · created {formatDateTimeIST(edition.creates_at)} ·{' '}
                      {edition.entry_fee_paise === 0 ? 'free' : formatRupees(edition.entry_fee_paise / 100)} · {edition.max_players} players
                    </span>
                    {edition.cancel_reason && <span className="block text-gold">Not created: cancelled by an override.</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="card p-4">
            <h3 className="font-bold">Overrides</h3>
            {calendar.value.overrides.length === 0 ? (
              <p className="mt-2 text-sm text-mist">No edition is overridden. Add one in src/content/tournaments/overrides.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm" data-calendar-overrides>
                {calendar.value.overrides.map((override) => (
                  <li key={override.edition_id} className="py-2" data-override={override.edition_id}>
                    <span className="block font-semibold">
                      {override.edition_id} <span className="font-normal text-mist">({override.note})</span>
                    </span>
                    <span className="block text-mist">
                      {[
                        override.cancel_reason && `Cancelled: ${override.cancel_reason}`,
                        override.starts_at && `Moved to ${formatDateTimeIST(override.starts_at)}`,
                        override.title && `Renamed "${override.title}"`,
                        override.max_players !== null && `${override.max_players} players`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                      {override.exists ? ' · edition exists' : ' · not created yet'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
