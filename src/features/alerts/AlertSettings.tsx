/**
 * The profile's alerts: push on this device (after a tap, never by itself; iPhone and iPad need the site on the
 * home screen first), a WhatsApp number confirmed with a code, and which events come by each. The e-mail
 * settings sit above it; the bell always shows everything.
 */
import { useEffect, useId, useRef } from 'react';
import { useMessages } from '@/lib/i18n/use-messages';
import { QUIET_HOURS_IST } from '@/lib/rules';
import { ALERT_WORDS } from './alert-words';
import type { AlertEvent } from './alerts';
import { useAlertSettings } from './use-alert-settings';
import PushSupportNote from './PushSupportNote';
import WhatsAppOptIn from './WhatsAppOptIn';

export default function AlertSettings({ vapidPublicKey }: { vapidPublicKey: string }) {
  const state = useAlertSettings(vapidPublicKey);
  const { alerts, dataWords, support, thisDevice, busy, message, pushProblem, pushBlocked, pushBlockedMessage } = state;
  const w = useMessages(ALERT_WORDS).alerts;
  // A browser that refuses push says why beside the button, from the first look (blocked) or after a tap.
  const pushWords = pushProblem ?? (pushBlocked && !thisDevice ? pushBlockedMessage : null);
  const ids = useId();
  // The page can grow above the section while the player waits for the browser: bring the answer to where they look.
  const problemLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (pushProblem) problemLine.current?.scrollIntoView({ block: 'nearest' });
  }, [pushProblem]);

  return (
    <section id="alert-settings" className="card mt-6 p-5" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="text-lg font-bold">
        {w.title}
      </h2>
      <p className="mt-1 text-sm text-mist">{w.lead(QUIET_HOURS_IST)}</p>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-xl border border-line p-4">
          <h3 className="font-bold">{w.pushTitle}</h3>
          <PushSupportNote support={support} words={state.dataWords} />
          {support === 'ready' && (
            <>
              <p className="mt-2 text-sm text-mist">
                {thisDevice ? w.pushOn : w.willAsk}
                {alerts && dataWords && alerts.push_devices > 0 && dataWords.devices(alerts.push_devices)}
              </p>
              <button
                type="button"
                className={`btn mt-3 whitespace-normal ${thisDevice ? 'btn-ghost' : 'btn-primary'}`}
                disabled={busy}
                onClick={() => void (thisDevice ? state.turnPushOff() : state.turnPushOn())}
              >
                {thisDevice ? w.turnOff : w.turnOn}
              </button>
              <p ref={problemLine} className="mt-2 text-sm font-semibold text-danger empty:hidden" role="alert" data-push-problem>
                {pushWords}
              </p>
            </>
          )}
        </div>

        <div className="min-w-0 rounded-xl border border-line p-4">
          <h3 className="font-bold">WhatsApp</h3>
          <WhatsAppOptIn state={state} />
        </div>
      </div>

      {alerts && dataWords && (
        <table className="mt-5 w-full text-sm">
          <caption className="sr-only">{dataWords.table.caption}</caption>
          <thead>
            <tr className="text-left text-mist">
              <th scope="col" className="py-2 font-normal">
                {dataWords.table.event}
              </th>
              <th scope="col" className="w-20 py-2 text-center font-normal">
                {dataWords.table.push}
              </th>
              <th scope="col" className="w-20 py-2 text-center font-normal">
                WhatsApp
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10">
            {alerts.events.map((event) => {
              const label = dataWords.events[event.kind as AlertEvent] ?? event.kind;
              return (
                <tr key={event.kind}>
                  <th scope="row" className="py-2 text-left font-normal">
                    {label}
                  </th>
                  {(['push', 'whatsapp'] as const).map((channel) => (
                    <td key={channel} className="py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-5 accent-lime"
                        aria-label={dataWords.table.by(label, channel)}
                        checked={event[channel]}
                        onChange={(change) => void state.setEvent(event.kind, channel, change.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="mt-2 min-h-5 text-sm text-mist" role="status">
        {message === pushWords ? '' : (message ?? (alerts === null ? w.loading : ''))}
      </p>
    </section>
  );
}
