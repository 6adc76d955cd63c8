/**
 * This device's push subscription: the service worker (public/push-sw.js, shows pushes and opens their link,
 * caches nothing) is registered here, when a player turns push on, and nowhere else, so info and policy pages
 * never load it. The browser asks for permission only after that tap.
 */
import { applicationServerKey } from './alerts';

const WORKER_URL = '/push-sw.js';

export class PushPermissionError extends Error {}

/** The subscription this browser holds for the site, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, registers the worker and subscribes: the subscription JSON to save for the player. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }));
  return subscription.toJSON();
}

/** Unsubscribes this browser; the endpoint it had, for the database to forget. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
