/*
 * Golazo Arena's service worker. It does two things only: shows a push (from the outbox worker, encrypted for
 * this device) as a notification, and opens the page the notification links to when it is tapped. It caches
 * nothing and answers no fetch, so every page still comes from the network exactly as without it.
 * Registered from the profile's alert settings only (src/features/alerts/push-device.ts).
 */
'use strict';

/** A site path ('/match/?id=…'), never another origin: a push cannot send a player off the site. */
function sitePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/dashboard';
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const url = sitePath(message.url);
  event.waitUntil(
    self.registration.showNotification(typeof message.title === 'string' && message.title ? message.title : 'Golazo Arena', {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icon-192.png',
      // One notification per page: a second "room posted" for the same match replaces the first.
      tag: url,
      renotify: true,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
      if (ours) return ours.navigate(target).then((client) => (client || ours).focus());
      return self.clients.openWindow(target);
    }),
  );
});
