/**
 * Why turning push on failed, in English (alerts.ts PushFailure). Loaded only when a page has a push failure to say
 * (alert-words.ts `pushFailureIn`; push-failures-hi.ts in Hindi): most players never meet one.
 */
import type { PushFailure } from './alerts';

/** What the player reads for each failure: what happened, in plain words, and what to do. */
export function pushFailureMessage(failure: PushFailure): string {
  switch (failure.step) {
    case 'permission':
      return failure.permission === 'denied'
        ? 'Notifications are blocked for this site: allow them in the browser settings, then try again.'
        : 'The browser asked whether to allow notifications and got no answer: tap the button again and choose Allow.';
    case 'worker':
      return 'This browser could not set up push for the site (a private window cannot). Reload the page and try again, or use WhatsApp alerts.';
    case 'push-service':
      return failure.name === 'NotAllowedError'
        ? "The browser refused push for this site: turn on notifications for the browser in your phone's settings, then try again. WhatsApp alerts work meanwhile."
        : "The browser's push service did not accept this device (it needs the internet, and on Android Google Play services). Check your connection and try again in a minute; WhatsApp alerts work meanwhile.";
    case 'timeout':
      return "The browser's push service did not answer. Check your connection and try again in a minute; WhatsApp alerts work meanwhile.";
  }
}
