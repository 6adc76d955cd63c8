/**
 * The profile's alert settings: push on this device, WhatsApp opt-in, and each event per channel. Every
 * change saves at once; a failure says so in the server's words (the one error table). The data module and
 * supabase-js load with the section, not with the page.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-answer';
import type { MyAlerts } from './alerts.api';
import { indianMobile, pushFailureMessage, type PushSupport, pushSupport } from './alerts';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./alerts.api'));
const device = onDemand(() => import('./push-device'));

/** What the player reads when the browser refuses notifications to the site. */
export const PUSH_BLOCKED_MESSAGE = pushFailureMessage({ step: 'permission', permission: 'denied' });

const explain = (error: unknown, fallback: string) => (error instanceof ApiError && error.kind === 'refused' ? error.message : fallback);

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

  const reload = useCallback(async () => {
    try {
      setAlerts(await (await api()).fetchMyAlerts());
    } catch {
      setMessage('Your alert settings could not be loaded. Reload the page to try again.');
    }
  }, []);

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
      setMessage(explain(error, failed));
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
              ? pushFailureMessage(error.failure)
              : explain(error, 'This device could not be saved for push. Check your connection and try again.');
          if (error instanceof PushDeviceError && error.failure.step === 'permission')
            setPushBlocked(error.failure.permission === 'denied');
          setPushProblem(problem);
          throw new ApiError('refused', problem, 'push');
        }
        setThisDevice(true);
      },
      'Push is on for this device.',
      'Push could not be turned on. Please try again.',
    );

  const turnPushOff = () =>
    act(
      async () => {
        const endpoint = await (await device()).unsubscribeThisDevice();
        if (endpoint) await (await api()).deletePushSubscription(endpoint);
        setThisDevice(false);
      },
      'Push is off for this device.',
      'Push could not be turned off. Please try again.',
    );

  async function setEvent(kind: string, channel: 'push' | 'whatsapp', on: boolean) {
    setAlerts((current) => current && { ...current, events: current.events.map((e) => (e.kind === kind ? { ...e, [channel]: on } : e)) });
    try {
      await (await api()).setMyAlert(kind, channel, on);
      setMessage('Saved.');
    } catch (error) {
      setAlerts(
        (current) => current && { ...current, events: current.events.map((e) => (e.kind === kind ? { ...e, [channel]: !on } : e)) },
      );
      setMessage(explain(error, 'That change could not be saved. Please try again.'));
    }
  }

  async function sendCode(typed: string) {
    const phone = indianMobile(typed);
    if (!phone) return setMessage('Enter an Indian mobile number: +91 and ten digits.');
    await act(
      async () => (await api()).startWhatsAppOptIn(phone),
      `Code sent on WhatsApp to ${phone}.`,
      'The code could not be sent. Please try again.',
    );
  }

  async function confirmCode(code: string) {
    setBusy(true);
    try {
      const answer = await (await api()).confirmWhatsAppOptIn(code.trim());
      setMessage(answer.confirmed ? 'WhatsApp alerts are on.' : `That code is not right: ${answer.triesLeft ?? 0} tries left.`);
      await reload();
    } catch (error) {
      setMessage(explain(error, 'The code could not be checked. Please try again.'));
      await reload();
    } finally {
      setBusy(false);
    }
  }

  const stopWhatsApp = () =>
    act(
      async () => (await api()).withdrawWhatsAppConsent(),
      'WhatsApp alerts are off and your number is removed.',
      'That did not work. Please try again.',
    );

  return {
    alerts,
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
