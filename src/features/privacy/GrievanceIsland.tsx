/**
 * The grievance form and, for a signed-in player, their tickets with the deadlines. A visitor who is not
 * signed in gives an e-mail address for the answer; a player is answered at their sign-in address unless
 * they give another.
 */
import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { formatDateTimeIn } from '@/lib/i18n/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { $lang } from '@/stores/lang';
import { GRIEVANCE_WORDS } from './grievance-words';
import { GRIEVANCE_LIMITS, grievanceStatusText } from './privacy';
import { useGrievances } from './use-grievances';

const field = 'mt-1 w-full rounded-lg border border-line bg-pitch-950 px-3 py-2 text-chalk';

export default function GrievanceIsland() {
  const { mine, hydrated, form, change, submit, sending, problem, receipt, fileAnother } = useGrievances();
  const signedIn = mine.status === 'ready';
  const w = useMessages(GRIEVANCE_WORDS);
  const lang = useStore($lang);
  const when = (value: string) => formatDateTimeIn(lang, value);

  return (
    <div className="flex flex-col gap-8">
      {receipt ? (
        <section className="card p-5" role="status" aria-labelledby="grievance-receipt">
          <h2 id="grievance-receipt" className="text-lg font-bold text-lime">
            {w.filed(receipt.ticket_id)}
          </h2>
          <p className="mt-2">
            {w.receipt[0]}
            <strong>{when(receipt.acknowledge_by)}</strong>
            {w.receipt[1]}
            <strong>{when(receipt.resolve_by)}</strong>
            {w.receipt[2]}
          </p>
          <Button tone="ghost" className="mt-4" onClick={fileAnother}>
            {w.fileAnother}
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
            {w.formHeading}
          </h2>
          <label className="text-sm font-semibold">
            {w.subject}
            <input
              className={field}
              name="subject"
              maxLength={GRIEVANCE_LIMITS.subject.max}
              value={form.subject}
              onChange={(event) => change('subject', event.target.value)}
            />
          </label>
          <label className="text-sm font-semibold">
            {w.body}
            <textarea
              className={`${field} min-h-40`}
              name="body"
              maxLength={GRIEVANCE_LIMITS.body.max}
              value={form.body}
              onChange={(event) => change('body', event.target.value)}
            />
          </label>
          <label className="text-sm font-semibold">
            {signedIn ? w.emailSignedIn : w.emailVisitor}
            <input
              className={field}
              type="email"
              name="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => change('email', event.target.value)}
            />
          </label>
          <p className="text-xs text-mist">{w.receiptPrivacy}</p>
          <p role="alert" className="min-h-5 text-sm font-semibold text-danger">
            {problem}
          </p>
          <Button tone="primary" type="submit" className="self-start" disabled={!hydrated} busy={sending} busyLabel={w.filing}>
            {w.file}
          </Button>
        </form>
      )}

      {mine.status === 'failed' && <p className="text-sm text-danger">{w.loadFailed(mine.message)}</p>}
      {mine.status === 'ready' && (
        <section aria-labelledby="my-grievances-heading">
          <h2 id="my-grievances-heading" className="text-lg font-bold">
            {w.yours}
          </h2>
          {mine.tickets.length === 0 ? (
            <p className="mt-2 text-sm text-mist">{w.none}</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-3">
              {mine.tickets.map((ticket) => (
                <li key={ticket.ticket_id} className="card p-4" data-ticket={ticket.ticket_id}>
                  <p className="font-semibold">
                    {ticket.ticket_id}: {ticket.subject}
                  </p>
                  <p className="text-sm text-mist">{grievanceStatusText(ticket.status, w.status)}</p>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
                    <dt className="text-mist">{w.filedOn}</dt>
                    <dd>{when(ticket.submitted_at)}</dd>
                    <dt className="text-mist">{w.acknowledgeBy}</dt>
                    <dd>{ticket.acknowledged_at ? w.done(when(ticket.acknowledged_at)) : when(ticket.acknowledge_by)}</dd>
                    <dt className="text-mist">{w.resolveBy}</dt>
                    <dd>{ticket.resolved_at ? w.done(when(ticket.resolved_at)) : when(ticket.resolve_by)}</dd>
                  </dl>
                  {ticket.acknowledgement && <p className="mt-2 text-sm">{w.ourNote(ticket.acknowledgement)}</p>}
                  {ticket.resolution && <p className="mt-2 text-sm">{w.ourAnswer(ticket.resolution)}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
