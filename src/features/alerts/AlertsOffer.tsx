/**
 * Alerts offered right after a payment, one tap each: push on this device and WhatsApp messages, so a check-in
 * that opens at any hour (a quick pod's, the moment it fills) does not pass unseen. The profile's logic
 * (useAlertSettings) and forms (WhatsAppOptIn); a browser that refuses push is named on screen.
 */
import { useState } from 'react';
import { useMessages } from '@/lib/i18n/use-messages';
import { QUIET_HOURS_IST } from '@/lib/rules';
import { OFFER_WORDS } from './offer-words';
import { pushOffer } from './alerts';
import { useAlertSettings } from './use-alert-settings';
import PushSupportNote from './PushSupportNote';
import WhatsAppOptIn from './WhatsAppOptIn';
import { VAPID_PUBLIC_KEY } from './vapid-key';

export default function AlertsOffer({ vapidPublicKey = VAPID_PUBLIC_KEY }: { vapidPublicKey?: string }) {
  const state = useAlertSettings(vapidPublicKey);
  const { alerts, support, thisDevice, pushBlocked, pushProblem, busy, message, pushBlockedMessage } = state;
  const w = useMessages(OFFER_WORDS);
  const [whatsAppOpen, setWhatsAppOpen] = useState(false);
  const whatsAppOn = Boolean(alerts?.whatsapp.phone);
  const push = pushOffer({ support, thisDevice, blocked: pushBlocked });

  return (
    <section className="mt-4 rounded-xl border border-line p-3 text-left" aria-labelledby="alerts-offer-heading" data-alerts-offer>
      <h3 id="alerts-offer-heading" className="text-sm font-bold">
        {w.title}
      </h3>
      <p className="mt-1 text-xs text-mist">{w.lead(QUIET_HOURS_IST)}</p>
      <div className="mt-3 flex flex-col gap-2">
        {push === 'on' && (
          <p className="text-sm font-semibold text-lime" data-alerts-offer-push="on">
            {w.pushOn}
          </p>
        )}
        {push === 'blocked' && (
          <p className="text-sm text-danger" data-alerts-offer-push="blocked">
            {pushBlockedMessage}
          </p>
        )}
        {push === 'offer' && (
          <button
            type="button"
            className="btn btn-primary w-full whitespace-normal"
            disabled={busy}
            onClick={() => void state.turnPushOn()}
          >
            {w.turnOn}
          </button>
        )}
        {push === 'offer' && pushProblem && (
          <p className="text-sm font-semibold text-danger" role="alert" data-push-problem>
            {pushProblem}
          </p>
        )}
        <PushSupportNote support={support} words={state.dataWords} />
        {whatsAppOn ? (
          <WhatsAppOptIn state={state} canStop={false} />
        ) : whatsAppOpen ? (
          <WhatsAppOptIn state={state} />
        ) : (
          <button
            type="button"
            className="btn btn-ghost w-full whitespace-normal"
            disabled={alerts === null}
            onClick={() => setWhatsAppOpen(true)}
          >
            {w.getWhatsApp}
          </button>
        )}
      </div>
      <p className="mt-2 min-h-5 text-sm text-mist" role="status">
        {message && message !== pushProblem && !(pushBlocked && message === pushBlockedMessage) ? message : ''}
      </p>
    </section>
  );
}
