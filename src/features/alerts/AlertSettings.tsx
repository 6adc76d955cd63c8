/**
 * The profile's alerts: push on this device (after a tap, never by itself; iPhone and iPad need the site on the
 * home screen first), a WhatsApp number confirmed with a code, and which events come by each. The e-mail
 * settings sit above it; the bell always shows everything.
 */
import { useId, useState } from 'react';
import { ALERT_EVENT_LABELS, type AlertEvent } from './alerts';
import { useAlertSettings } from './use-alert-settings';

const input = 'min-h-12 w-full rounded-xl border border-line bg-night px-4 text-base text-chalk focus:border-lime';

export default function AlertSettings({ vapidPublicKey }: { vapidPublicKey: string }) {
  const state = useAlertSettings(vapidPublicKey);
  const { alerts, support, thisDevice, busy, message } = state;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const ids = useId();
  const whatsapp = alerts?.whatsapp;

  return (
    <section id="alert-settings" className="card mt-6 p-5" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="text-lg font-bold">
        Alerts on your phone
      </h2>
      <p className="mt-1 text-sm text-mist">
        Hear about your matches when the site is closed: a push on this device, a WhatsApp message, or both. Alerts that can wait are held
        between 23:00 and 08:00 IST; "match ready" comes at any hour.
      </p>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-xl border border-line p-4">
          <h3 className="font-bold">Push on this device</h3>
          {support === 'home-screen-first' && (
            <p className="mt-2 text-sm text-mist" data-push-support="home-screen-first">
              On iPhone and iPad, push needs iOS 16.4 or later and the site on your home screen: tap Share, then Add to Home Screen, open
              Golazo from there and come back to this page.
            </p>
          )}
          {support === 'unsupported' && (
            <p className="mt-2 text-sm text-mist" data-push-support="unsupported">
              This browser cannot receive push notifications. Use WhatsApp alerts instead, or open the site in Chrome, Edge, Firefox or
              Safari.
            </p>
          )}
          {support === 'ready' && (
            <>
              <p className="mt-2 text-sm text-mist">
                {thisDevice ? 'Push is on for this device.' : 'Your browser will ask you to allow notifications.'}
                {alerts && alerts.push_devices > 0 && ` Devices with push: ${alerts.push_devices}.`}
              </p>
              <button
                type="button"
                className={`btn mt-3 whitespace-normal ${thisDevice ? 'btn-ghost' : 'btn-primary'}`}
                disabled={busy}
                onClick={() => void (thisDevice ? state.turnPushOff() : state.turnPushOn())}
              >
                {thisDevice ? 'Turn off push on this device' : 'Turn on push on this device'}
              </button>
            </>
          )}
        </div>

        <div className="min-w-0 rounded-xl border border-line p-4">
          <h3 className="font-bold">WhatsApp</h3>
          {whatsapp?.phone ? (
            <>
              <p className="mt-2 text-sm">
                Alerts go to <strong data-whatsapp-phone>{whatsapp.phone}</strong>.
              </p>
              <button
                type="button"
                className="btn btn-ghost mt-3 whitespace-normal"
                disabled={busy}
                onClick={() => void state.stopWhatsApp()}
              >
                Stop WhatsApp alerts
              </button>
            </>
          ) : (
            <form
              className="mt-2 flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void state.sendCode(phone);
              }}
            >
              <label htmlFor={`${ids}-phone`} className="text-sm">
                Indian mobile number on WhatsApp
              </label>
              <input
                id={`${ids}-phone`}
                className={input}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+91 98765 43210"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
              <p className="text-xs text-mist">{whatsapp?.consent_text}</p>
              <button type="submit" className="btn btn-primary" disabled={busy || phone.trim() === ''}>
                {whatsapp?.pending_phone ? 'Send a new code' : 'Send code on WhatsApp'}
              </button>
            </form>
          )}
          {whatsapp?.pending_phone && !whatsapp.phone && (
            <form
              className="mt-4 flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void state.confirmCode(code);
              }}
            >
              <label htmlFor={`${ids}-code`} className="text-sm">
                Code sent to {whatsapp.pending_phone} ({whatsapp.tries_left ?? 0} tries, valid 10 minutes)
              </label>
              <input
                id={`${ids}-code`}
                className={input}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              <button type="submit" className="btn btn-primary" disabled={busy || code.trim().length !== 6}>
                Confirm and agree
              </button>
            </form>
          )}
        </div>
      </div>

      {alerts && (
        <table className="mt-5 w-full text-sm">
          <caption className="sr-only">Which events alert you, by push and by WhatsApp</caption>
          <thead>
            <tr className="text-left text-mist">
              <th scope="col" className="py-2 font-normal">
                Event
              </th>
              <th scope="col" className="w-20 py-2 text-center font-normal">
                Push
              </th>
              <th scope="col" className="w-20 py-2 text-center font-normal">
                WhatsApp
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10">
            {alerts.events.map((event) => {
              const label = ALERT_EVENT_LABELS[event.kind as AlertEvent] ?? event.kind;
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
                        aria-label={`${label} by ${channel === 'push' ? 'push' : 'WhatsApp'}`}
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
        {message ?? (alerts === null ? 'Loading…' : '')}
      </p>
    </section>
  );
}
