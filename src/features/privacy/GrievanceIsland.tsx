/**
 * The grievance form and, for a signed-in player, their tickets with the deadlines. A visitor who is not
 * signed in gives an e-mail address for the answer; a player is answered at their sign-in address unless
 * they give another.
 */
import { Button } from '@/components/ui/Button';
import { formatDateTimeIST } from '@/lib/format';
import { GRIEVANCE_LIMITS, grievanceStatusText } from './privacy';
import { useGrievances } from './use-grievances';

const field = 'mt-1 w-full rounded-lg border border-line bg-pitch-950 px-3 py-2 text-chalk';

export default function GrievanceIsland() {
  const { mine, hydrated, form, change, submit, sending, problem, receipt, fileAnother } = useGrievances();
  const signedIn = mine.status === 'ready';

  return (
    <div className="flex flex-col gap-8">
      {receipt ? (
        <section className="card p-5" role="status" aria-labelledby="grievance-receipt">
          <h2 id="grievance-receipt" className="text-lg font-bold text-lime">
            Grievance {receipt.ticket_id} filed
          </h2>
          <p className="mt-2">
            We acknowledge it by <strong>{formatDateTimeIST(receipt.acknowledge_by)}</strong> and resolve it by{' '}
            <strong>{formatDateTimeIST(receipt.resolve_by)}</strong>. A receipt is on its way by e-mail.
          </p>
          <Button tone="ghost" className="mt-4" onClick={fileAnother}>
            File another grievance
          </Button>
        </section>
      ) : (
        <form
          className="card flex flex-col gap-4 p-5"
          aria-labelledby="grievance-form-heading"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id="grievance-form-heading" className="text-lg font-bold">
            File a grievance
          </h2>
          <label className="text-sm font-semibold">
            Subject
            <input
              className={field}
              name="subject"
              maxLength={GRIEVANCE_LIMITS.subject.max}
              value={form.subject}
              onChange={(event) => change('subject', event.target.value)}
            />
          </label>
          <label className="text-sm font-semibold">
            What happened, and what you want us to do
            <textarea
              className={`${field} min-h-40`}
              name="body"
              maxLength={GRIEVANCE_LIMITS.body.max}
              value={form.body}
              onChange={(event) => change('body', event.target.value)}
            />
          </label>
          <label className="text-sm font-semibold">
            {signedIn ? 'E-mail for the answer (optional: we use your sign-in address)' : 'Your e-mail address (for the answer)'}
            <input
              className={field}
              type="email"
              name="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => change('email', event.target.value)}
            />
          </label>
          <p className="text-xs text-mist">
            The receipt repeats your subject only to your own confirmed sign-in address; any other address receives the ticket number and
            deadlines alone.
          </p>
          <p role="alert" className="min-h-5 text-sm font-semibold text-danger">
            {problem}
          </p>
          <Button tone="primary" type="submit" className="self-start" disabled={!hydrated} busy={sending} busyLabel="Filing…">
            File grievance
          </Button>
        </form>
      )}

      {mine.status === 'failed' && <p className="text-sm text-danger">Your earlier grievances could not be loaded: {mine.message}</p>}
      {mine.status === 'ready' && (
        <section aria-labelledby="my-grievances-heading">
          <h2 id="my-grievances-heading" className="text-lg font-bold">
            Your grievances
          </h2>
          {mine.tickets.length === 0 ? (
            <p className="mt-2 text-sm text-mist">You have not filed any.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-3">
              {mine.tickets.map((ticket) => (
                <li key={ticket.ticket_id} className="card p-4" data-ticket={ticket.ticket_id}>
                  <p className="font-semibold">
                    {ticket.ticket_id}: {ticket.subject}
                  </p>
                  <p className="text-sm text-mist">{grievanceStatusText(ticket.status)}</p>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
                    <dt className="text-mist">Filed</dt>
                    <dd>{formatDateTimeIST(ticket.submitted_at)}</dd>
                    <dt className="text-mist">Acknowledge by</dt>
                    <dd>
                      {ticket.acknowledged_at
                        ? `Done ${formatDateTimeIST(ticket.acknowledged_at)}`
                        : formatDateTimeIST(ticket.acknowledge_by)}
                    </dd>
                    <dt className="text-mist">Resolve by</dt>
                    <dd>{ticket.resolved_at ? `Done ${formatDateTimeIST(ticket.resolved_at)}` : formatDateTimeIST(ticket.resolve_by)}</dd>
                  </dl>
                  {ticket.acknowledgement && <p className="mt-2 text-sm">Our note: {ticket.acknowledgement}</p>}
                  {ticket.resolution && <p className="mt-2 text-sm">Our answer: {ticket.resolution}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
