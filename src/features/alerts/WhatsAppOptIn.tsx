/**
 * The WhatsApp opt-in: an Indian mobile number, the six-digit code sent to it, and the consent words agreed to
 * by confirming it; once confirmed, where alerts go (and, on the profile, the one tap that stops them). The
 * profile's alert settings and the offer after a payment show the same forms over one useAlertSettings.
 */
import { useId, useState } from 'react';
import { useMessages } from '@/lib/i18n/use-messages';
import { WHATSAPP_CODE_MINUTES } from '@/lib/rules';
import { ALERT_WORDS } from './alert-words';
import type { AlertSettingsState } from './use-alert-settings';

const input = 'min-h-12 w-full rounded-xl border border-line bg-night px-4 text-base text-chalk focus:border-lime';

export default function WhatsAppOptIn({ state, canStop = true }: { state: AlertSettingsState; canStop?: boolean }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const ids = useId();
  const { busy } = state;
  const whatsapp = state.alerts?.whatsapp;
  const w = useMessages(ALERT_WORDS).whatsapp;
  // The words that show with the player's number arrive with it.
  const d = state.dataWords?.whatsapp;

  if (whatsapp?.phone) {
    return (
      <>
        <p className="mt-2 text-sm">
          {d?.goesTo} <strong data-whatsapp-phone>{whatsapp.phone}</strong>.
        </p>
        {canStop && (
          <button type="button" className="btn btn-ghost mt-3 whitespace-normal" disabled={busy} onClick={() => void state.stopWhatsApp()}>
            {d?.stop}
          </button>
        )}
      </>
    );
  }
  return (
    <>
      <form
        className="mt-2 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void state.sendCode(phone);
        }}
      >
        <label htmlFor={`${ids}-phone`} className="text-sm">
          {w.number}
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
        <p className="text-xs text-mist" data-whatsapp-consent>
          {whatsapp?.consent_text}
        </p>
        <button type="submit" className="btn btn-primary" disabled={busy || phone.trim() === ''}>
          {whatsapp?.pending_phone && d ? d.newCode : w.sendCode}
        </button>
      </form>
      {whatsapp?.pending_phone && d && (
        <form
          className="mt-4 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void state.confirmCode(code);
          }}
        >
          <label htmlFor={`${ids}-code`} className="text-sm">
            {d.codeSentTo(whatsapp.pending_phone, whatsapp.tries_left ?? 0, WHATSAPP_CODE_MINUTES)}
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
            {d.confirm}
          </button>
        </form>
      )}
    </>
  );
}
