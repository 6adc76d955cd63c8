/**
 * This device's push subscription: the service worker (public/push-sw.js, shows pushes and opens their link,
 * caches nothing) is registered here, when a player turns push on, and nowhere else, so info and policy pages
 * never load it. The browser asks for permission only after that tap. Each step that can fail says which it
 * was (PushDeviceError), so the player reads what happened and what to do, never nothing.
 */
import { applicationServerKey, type PushFailure } from './alerts';

const WORKER_URL = '/push-sw.js';
/** A worker that never activates or a push service that never answers leaves `ready` or `subscribe` pending for ever. */
const STEP_TIMEOUT_MS = 20_000;

export class PushDeviceError extends Error {
  constructor(readonly failure: PushFailure) {
    super(failure.step);
  }
}

function withinTime<T>(work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushDeviceError({ step: 'timeout' })), STEP_TIMEOUT_MS);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The subscription this browser holds for the site, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, registers the worker and subscribes: the subscription JSON to save for the player. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeviceError({ step: 'permission', permission });
  let registration: ServiceWorkerRegistration;
  try {
    await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
    registration = await withinTime(navigator.serviceWorker.ready);
  } catch (error) {
    throw error instanceof PushDeviceError ? error : new PushDeviceError({ step: 'worker' });
  }
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await withinTime(
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }),
      ));
    return subscription.toJSON();
  } catch (error) {
    if (error instanceof PushDeviceError) throw error;
    throw new PushDeviceError({ step: 'push-service', name: error instanceof Error ? error.name : 'Error' });
  }
}

/** Unsubscribes this browser; the endpoint it had, for the database to forget. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
