/**
 * Admins only: the endpoints other sites registered for the platform's events (a Discord channel, a bot),
 * the form to add one, each endpoint's latest deliveries with every attempt's answer, and turning one off.
 * State and calls live in useWebhooks.
 */
import { useId } from 'react';
import { formatDateTimeIST } from '@/lib/format';
import { useWebhooks } from './use-webhooks';
import { DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from './webhooks';

export default function WebhooksPanel() {
  const { webhooks, form, created, dismissSecret, open, showDeliveries, disable, actionBusy, actionError } = useWebhooks();
  const formId = useId();

  return (
    <section aria-labelledby="webhooks-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="webhooks-heading" className="section-title text-3xl">
        Webhooks
      </h2>
      <p className="text-sm text-mist">
        Other sites learn of draws, results, finished tournaments and prizes. Each delivery is signed (Standard Webhooks) and retried for a
        day; an endpoint that fails for a day is turned off.
      </p>

      <form onSubmit={form.create} noValidate className="card grid grid-cols-[minmax(0,1fr)] gap-3 p-5">
        <div className="flex flex-col gap-1 text-sm font-semibold">
          <label htmlFor={`${formId}-url`}>Endpoint address (https://, or a Discord webhook URL)</label>
          <input
            id={`${formId}-url`}
            type="url"
            inputMode="url"
            value={form.url}
            onChange={(event) => form.setUrl(event.target.value)}
            autoComplete="off"
            placeholder="https://"
            className="rounded-xl border-2 border-line bg-night px-3 py-2 font-normal text-chalk focus:border-lime focus:outline-none"
          />
        </div>
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <legend className="mb-1 font-semibold">Events</legend>
          {WEBHOOK_EVENTS.map((name: WebhookEvent) => (
            <label key={name} className="flex min-h-9 items-center gap-2">
              <input type="checkbox" checked={form.events.includes(name)} onChange={() => form.toggleEvent(name)} />
              {WEBHOOK_EVENT_LABELS[name]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary justify-self-start" disabled={form.busy}>
          Add endpoint
        </button>
        {form.problem && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {form.problem}
          </p>
        )}
      </form>

      {created && (
        <div role="status" className="card grid gap-2 border-lime p-5 text-sm">
          <p className="font-bold">Endpoint added. Its signing secret, shown this once:</p>
          <code className="rounded-lg bg-night p-3 break-all select-all">{created.secret}</code>
          <p className="text-mist">Give it to whoever runs {created.url}: they verify each delivery's signature with it.</p>
          <button type="button" className="btn btn-ghost justify-self-start" onClick={dismissSecret}>
            I have saved it
          </button>
        </div>
      )}

      {actionError && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {actionError}
        </p>
      )}
      {webhooks.status === 'loading' && <p className="text-mist">Loading webhooks…</p>}
      {webhooks.status === 'error' && <p className="font-semibold text-danger">{webhooks.message}</p>}
      {webhooks.status === 'ready' && webhooks.value.length === 0 && <p className="text-mist">No endpoint yet.</p>}
      {webhooks.status === 'ready' && webhooks.value.length > 0 && (
        <ul role="list" className="grid gap-2" aria-label="Webhook endpoints">
          {webhooks.value.map((hook) => (
            <li key={hook.id} className="card grid gap-2 p-4 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-bold break-all">{hook.url}</p>
                  <p className="text-mist">
                    {hook.enabled ? 'On' : `Off since ${formatDateTimeIST(hook.disabled_at ?? hook.created_at)}`}
                    {hook.enabled && hook.failing_since && ` · failing since ${formatDateTimeIST(hook.failing_since)}`}
                    {' · '}
                    {hook.events.map((e) => WEBHOOK_EVENT_LABELS[e as WebhookEvent] ?? e).join(', ')}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-ghost min-h-9 px-3 py-1 text-sm"
                    aria-expanded={open?.id === hook.id}
                    disabled={actionBusy}
                    onClick={() => void showDeliveries(hook.id)}
                  >
                    Deliveries
                  </button>
                  {hook.enabled && (
                    <button
                      type="button"
                      className="btn btn-ghost min-h-9 px-3 py-1 text-sm"
                      disabled={actionBusy}
                      onClick={() => void disable(hook.id)}
                    >
                      Turn off
                    </button>
                  )}
                </div>
              </div>
              {open?.id === hook.id && (
                <table className="w-full text-left text-xs">
                  <caption className="sr-only">Latest deliveries to {hook.url}</caption>
                  <thead className="text-mist">
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col">Attempts</th>
                      <th scope="col">Last answer</th>
                    </tr>
                  </thead>
                  <tbody>
                    {open.deliveries.length === 0 && (
                      <tr>
                        <td colSpan={4}>Nothing sent yet.</td>
                      </tr>
                    )}
                    {open.deliveries.map((d) => (
                      <tr key={d.event_id} className="border-t border-line">
                        <td className="py-1">
                          {d.type}
                          <span className="block text-mist">{formatDateTimeIST(d.created_at)}</span>
                        </td>
                        <td>{DELIVERY_STATUS_LABELS[d.status] ?? d.status}</td>
                        <td>{d.attempts}</td>
                        <td className="break-all">{d.last_status_code ?? d.last_error ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
