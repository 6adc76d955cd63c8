/**
 * The profile's alert settings: push on this device, WhatsApp opt-in, and each event per channel. Every
 * change saves at once; a failure says so in the server's words (the one error table). The data module and
 * supabase-js load with the section, not with the page.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-answer';
import { describeFailure } from '@/lib/describe-failure';
import { useMessages } from '@/lib/i18n/use-messages';
import { onDemand } from '@/lib/on-demand';
import { useStore } from '@nanostores/react';
import { $lang } from '@/stores/lang';
import { ALERT_WORDS, type AlertDataWords, alertDataWordsIn, pushFailureIn } from './alert-words';
import type { MyAlerts } from './alerts.api';
import { indianMobile, type PushSupport, pushSupport } from './alerts';

const api = onDemand(() => import('./alerts.api'));
const device = onDemand(() => import('./push-device'));

/** The hint of a push failure the hook has already worded in the page's language (see turnPushOn). */
const WORDED = 'push';

/**
 * A refusal in the page's language, from its hint (the error table; Hindi never shows the server's English), a
 * failure the hook worded itself as it is, anything else as `fallback`.
 */
async function explain(error: unknown, fallback: string): Promise<string> {
  if (!(error instanceof ApiError) || error.kind !== 'refused') return fallback;
  return error.hint === WORDED ? error.message : describeFailure(error);
}

export function useAlertSettings(vapidPublicKey: string) {
  const [alerts, setAlerts] = useState<MyAlerts | null>(null);
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [thisDevice, setThisDevice] = useState(false);
  // The browser refuses notifications to the site (the player blocked them): a tap cannot ask again.
  const [pushBlocked, setPushBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // Why turning push on failed, said beside the push button (where the player is looking), until it works.
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  const w = useMessages(ALERT_WORDS).alerts;
  const lang = useStore($lang);
  // What the player reads when the browser refuses notifications to the site (worded once it is known).
  const [pushBlockedMessage, setPushBlockedMessage] = useState<string | null>(null);
  useEffect(() => {
    if (pushBlocked) void pushFailureIn(lang, { step: 'permission', permission: 'denied' }).then(setPushBlockedMessage);
  }, [pushBlocked, lang]);

  // The words that show with the data (the events, where alerts go) and the actions' outcomes: loaded with the data.
  const [dataWords, setDataWords] = useState<AlertDataWords | null>(null);
  const said = useCallback(async () => (await alertDataWordsIn(lang)).messages, [lang]);

  const reload = useCallback(async () => {
    try {
      const [loaded, words] = await Promise.all([api().then((calls) => calls.fetchMyAlerts(lang)), alertDataWordsIn(lang)]);
      setDataWords(words);
      setAlerts(loaded);
    } catch {
      setMessage(w.loadFailed);
    }
  }, [w, lang]);

  useEffect(() => {
    void reload();
    const found = pushSupport({
      userAgent: navigator.userAgent,
      standalone: window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true,
      hasServiceWorker: 'serviceWorker' in navigator,
      hasPushManager: 'PushManager' in window,
      hasNotification: 'Notification' in window,
    });
    setSupport(vapidPublicKey ? found : 'unsupported');
    if (found === 'ready') {
      setPushBlocked(Notification.permission === 'denied');
      void device()
        .then((d) => d.currentSubscription())
        .then((subscription) => setThisDevice(subscription !== null))
        .catch(() => setThisDevice(false));
    }
  }, [reload, vapidPublicKey]);

  type Said = AlertDataWords['messages'];
  async function act(work: () => Promise<void>, done: (m: Said) => string, failed: (m: Said) => string) {
    setBusy(true);
    try {
      await work();
      setMessage(done(await said()));
      await reload();
    } catch (error) {
      setMessage(await explain(error, failed(await said())));
    } finally {
      setBusy(false);
    }
  }

  const turnPushOn = () =>
    act(
      async () => {
        setPushProblem(null);
        const { subscribeThisDevice, PushDeviceError } = await device();
        try {
          await (await api()).savePushSubscription(await subscribeThisDevice(vapidPublicKey));
        } catch (error) {
          const problem =
            error instanceof PushDeviceError
              ? await pushFailureIn(lang, error.failure)
              : await explain(error, (await said()).deviceSaveFailed);
          if (error instanceof PushDeviceError && error.failure.step === 'permission')
            setPushBlocked(error.failure.permission === 'denied');
          setPushProblem(problem);
          throw new ApiError('refused', problem, WORDED);
        }
        setThisDevice(true);
      },
      (m) => m.pushOnDone,
      (m) => m.pushOnFailed,
    );

  const turnPushOff = () =>
    act(
      async () => {
        const endpoint = await (await device()).unsubscribeThisDevice();
        if (endpoint) await (await api()).deletePushSubscription(endpoint);
        setThisDevice(false);
      },
      (m) => m.pushOffDone,
      (m) => m.pushOffFailed,
    );

  async function setEvent(kind: string, channel: 'push' | 'whatsapp', on: boolean) {
    setAlerts((current) => current && { ...current, events: current.events.map((e) => (e.kind === kind ? { ...e, [channel]: on } : e)) });
    try {
      await (await api()).setMyAlert(kind, channel, on);
      setMessage((await said()).saved);
    } catch (error) {
      setAlerts(
        (current) => current && { ...current, events: current.events.map((e) => (e.kind === kind ? { ...e, [channel]: !on } : e)) },
      );
      setMessage(await explain(error, (await said()).saveFailed));
    }
  }

  async function sendCode(typed: string) {
    const phone = indianMobile(typed);
    if (!phone) return setMessage((await said()).phoneInvalid);
    await act(
      async () => (await api()).startWhatsAppOptIn(phone),
      (m) => m.codeSent(phone),
      (m) => m.codeSendFailed,
    );
  }

  async function confirmCode(code: string) {
    setBusy(true);
    try {
      const answer = await (await api()).confirmWhatsAppOptIn(code.trim(), lang);
      const m = await said();
      setMessage(answer.confirmed ? m.whatsAppOn : m.codeWrong(answer.triesLeft ?? 0));
      await reload();
    } catch (error) {
      setMessage(await explain(error, (await said()).codeCheckFailed));
      await reload();
    } finally {
      setBusy(false);
    }
  }

  const stopWhatsApp = () =>
    act(
      async () => (await api()).withdrawWhatsAppConsent(),
      (m) => m.whatsAppOff,
      (m) => m.didNotWork,
    );

  return {
    alerts,
    /** The words that show with the data, in the page's language, once it has arrived. */
    dataWords,
    /** What the player reads when the browser refuses notifications to the site. */
    pushBlockedMessage,
    support,
    thisDevice,
    pushBlocked,
    pushProblem,
    busy,
    message,
    turnPushOn,
    turnPushOff,
    setEvent,
    sendCode,
    confirmCode,
    stopWhatsApp,
  };
}

export type AlertSettingsState = ReturnType<typeof useAlertSettings>;
