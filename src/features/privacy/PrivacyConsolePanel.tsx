/**
 * The staff console's privacy section, for admins of the whole platform: grievances with their deadlines
 * (acknowledge, resolve), and the list of people whose data of a kind was touched in a time window, for the
 * reports docs/incident-response.md describes.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatDateTimeIST } from '@/lib/format';
import { grievanceStatusText } from './privacy';
import type { StaffGrievance } from './privacy.api';
import { useGrievanceQueue, usePeopleTouched } from './use-privacy-console';

const field = 'mt-1 w-full rounded-lg border border-line bg-pitch-950 px-3 py-2 text-chalk';

export default function PrivacyConsolePanel() {
  return (
    <section aria-labelledby="privacy-heading" className="grid grid-cols-[minmax(0,1fr)] gap-8" data-privacy-panel>
      <div>
        <h2 id="privacy-heading" className="section-title text-3xl">
          Privacy
        </h2>
        <p className="mt-1 text-sm text-mist">
          Grievances about personal data: acknowledge within 48 hours, resolve within 30 days. Every action is audited and e-mailed to the
          filer.
        </p>
      </div>
      <GrievanceQueue />
      <PeopleTouched />
    </section>
  );
}

function GrievanceQueue() {
  const { queue, includeResolved, setIncludeResolved, notice, busy, act } = useGrievanceQueue();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-xl font-bold">Grievances</h3>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-lime"
            checked={includeResolved}
            onChange={(event) => setIncludeResolved(event.target.checked)}
          />
          Show resolved ones
        </label>
      </div>
      {notice && (
        <p role="status" className="mt-3 rounded-xl bg-lime/10 p-3 font-semibold text-lime">
          {notice}
        </p>
      )}
      {queue.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
      {queue.status === 'error' && <p className="mt-3 font-semibold text-danger break-words">{queue.message}</p>}
      {queue.status === 'ready' && queue.value.length === 0 && <p className="mt-3 text-mist">No grievance is waiting.</p>}
      {queue.status === 'ready' && queue.value.length > 0 && (
        <ul role="list" aria-label="Grievances" className="mt-4 grid gap-3 lg:grid-cols-2">
          {queue.value.map((ticket) => (
            <GrievanceCard key={ticket.ticket_id} ticket={ticket} busy={busy === ticket.ticket_id} act={act} />
          ))}
        </ul>
      )}
    </div>
  );
}

function GrievanceCard({
  ticket,
  busy,
  act,
}: {
  ticket: StaffGrievance;
  busy: boolean;
  act: (ticketId: string, action: 'acknowledge' | 'resolve', text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const due = ticket.status === 'open' ? ticket.acknowledge_by : ticket.resolve_by;
  return (
    <li className="card flex flex-col gap-2 p-4" data-grievance={ticket.ticket_id}>
      <p className="font-semibold break-words">
        {ticket.ticket_id}: {ticket.subject}
      </p>
      <p className="text-sm text-mist">
        {grievanceStatusText(ticket.status)} · from {ticket.email}
        {ticket.has_account ? ' (has an account)' : ' (no account)'}
        {ticket.email_confirmed ? '' : ' · address not confirmed: whoever reads it may not be the filer'}
      </p>
      {ticket.status !== 'resolved' && (
        <p className="text-sm font-semibold text-gold">
          {ticket.status === 'open' ? 'Acknowledge by' : 'Resolve by'} {formatDateTimeIST(due)}
        </p>
      )}
      <p className="text-sm whitespace-pre-line break-words">{ticket.body}</p>
      {ticket.acknowledgement && <p className="text-sm text-mist">Note: {ticket.acknowledgement}</p>}
      {ticket.resolution && <p className="text-sm text-mist">Answer: {ticket.resolution}</p>}
      {ticket.status !== 'resolved' && (
        <>
          <label className="text-sm font-semibold">
            {ticket.status === 'open' ? 'Note to the filer, or the answer' : 'Answer to the filer'}
            <textarea className={`${field} min-h-20`} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <div className="flex flex-wrap gap-2">
            {ticket.status === 'open' && (
              <Button
                tone="ghost"
                busy={busy}
                busyLabel="Saving…"
                onClick={() => void act(ticket.ticket_id, 'acknowledge', text).then((ok) => ok && setText(''))}
              >
                Acknowledge
              </Button>
            )}
            <Button
              tone="primary"
              busy={busy}
              busyLabel="Saving…"
              onClick={() => void act(ticket.ticket_id, 'resolve', text).then((ok) => ok && setText(''))}
            >
              Resolve
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** `2027-03-01T10:00` from a datetime-local input, read as IST. */
const istInstant = (local: string) => (local ? `${local}:00+05:30` : '');

function PeopleTouched() {
  const { kinds, result, search } = usePeopleTouched();
  const [kind, setKind] = useState('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <div data-people-touched>
      <h3 className="text-xl font-bold">After an incident: who was touched</h3>
      <p className="mt-1 text-sm text-mist">
        The accounts and e-mail addresses whose data of a kind was written in a time window (IST), for the reports to CERT-In, the Data
        Protection Board and the people affected. Each search is audited.
      </p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void search(kind, istInstant(from), istInstant(to));
        }}
      >
        <label className="text-sm font-semibold">
          Kind of data
          <select className={field} value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="all">all kinds</option>
            {Object.entries(kinds).map(([key, about]) => (
              <option key={key} value={key}>
                {key}: {about}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          From
          <input className={field} type="datetime-local" required value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="text-sm font-semibold">
          To
          <input className={field} type="datetime-local" required value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <Button tone="primary" type="submit" busy={result?.status === 'loading'} busyLabel="Searching…">
          List people
        </Button>
      </form>
      {result?.status === 'error' && <p className="mt-3 font-semibold text-danger break-words">{result.message}</p>}
      {result?.status === 'ready' && (
        <div className="mt-4 overflow-x-auto">
          <p className="text-sm" role="status">
            {result.value.length} {result.value.length === 1 ? 'person' : 'people'}
          </p>
          {result.value.length > 0 && (
            <table className="mt-2 w-full min-w-[40rem] text-left text-sm">
              <thead className="text-mist">
                <tr>
                  <th className="py-1 pr-3">E-mail</th>
                  <th className="py-1 pr-3">In-game name</th>
                  <th className="py-1 pr-3">Kinds</th>
                  <th className="py-1 pr-3">First</th>
                  <th className="py-1 pr-3">Last</th>
                  <th className="py-1">Rows</th>
                </tr>
              </thead>
              <tbody>
                {result.value.map((person) => (
                  <tr key={`${person.user_id ?? ''}-${person.email ?? ''}`} className="border-t border-line">
                    <td className="py-1 pr-3 whitespace-nowrap">{person.email ?? '—'}</td>
                    <td className="py-1 pr-3">{person.in_game_name ?? '—'}</td>
                    <td className="py-1 pr-3">{person.kinds.join(', ')}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatDateTimeIST(person.first_at)}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatDateTimeIST(person.last_at)}</td>
                    <td className="py-1">{person.rows}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
