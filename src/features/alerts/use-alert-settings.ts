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
import { ALERT_WORDS } from './alert-words';
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

  const reload = useCallback(async () => {
    try {
      setAlerts(await (await api()).fetchMyAlerts());
    } catch {
      setMessage(w.loadFailed);
    }
  }, [w]);

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

  async function act(work: () => Promise<void>, done: string, failed: string) {
    setBusy(true);
    try {
      await work();
      setMessage(done);
      await reload();
    } catch (error) {
      setMessage(await explain(error, failed));
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
          const problem = error instanceof PushDeviceError ? w.failure(error.failure) : await explain(error, w.deviceSaveFailed);
          if (error instanceof PushDeviceError && error.failure.step === 'permission')
            setPushBlocked(error.failure.permission === 'denied');
          setPushProblem(problem);
          throw new ApiError('refused', problem, WORDED);
        }
        setThisDevice(true);
      },
      w.pushOnDone,
      w.pushOnFailed,
    );

  const turnPushOff = () =>
    act(
      async () => {
        const endpoint = await (await device()).unsubscribeThisDevice();
        if (endpoint) await (await api()).deletePushSubscription(endpoint);
        setThisDevice(false);
      },
      w.pushOffDone,
      w.pushOffFailed,
    );

  async function setEvent(kind: string, channel: 'push' | 'whatsapp', on: boolean) {
    setAlerts((current) => current && { ...current, events: current.events.map((e) => (e.kind === kind ? { ...e, [channel]: on } : e)) });
    try {
      await (await api()).setMyAlert(kind, channel, on);
      setMessage(w.saved);
    } catch (error) {
      setAlerts(
        (current) => current && { ...current, events: current.events.map((e) => (e.kind === kind ? { ...e, [channel]: !on } : e)) },
      );
      setMessage(await explain(error, w.saveFailed));
    }
  }

  async function sendCode(typed: string) {
    const phone = indianMobile(typed);
    if (!phone) return setMessage(w.phoneInvalid);
    await act(async () => (await api()).startWhatsAppOptIn(phone), w.codeSent(phone), w.codeSendFailed);
  }

  async function confirmCode(code: string) {
    setBusy(true);
    try {
      const answer = await (await api()).confirmWhatsAppOptIn(code.trim());
      setMessage(answer.confirmed ? w.whatsAppOn : w.codeWrong(answer.triesLeft ?? 0));
      await reload();
    } catch (error) {
      setMessage(await explain(error, w.codeCheckFailed));
      await reload();
    } finally {
      setBusy(false);
    }
  }

  const stopWhatsApp = () => act(async () => (await api()).withdrawWhatsAppConsent(), w.whatsAppOff, w.didNotWork);

  return {
    alerts,
    /** What the player reads when the browser refuses notifications to the site. */
    pushBlockedMessage: w.failure({ step: 'permission', permission: 'denied' }),
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
