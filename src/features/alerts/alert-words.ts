/**
 * The profile's notification and alert settings in both languages (NotificationSettings, AlertSettings, the
 * WhatsApp opt-in and the push notes, shared with the offer after a payment), read through the page's language
 * store; the Hindi words load in a chunk of their own (alert-words-hi.ts, lib/i18n/island-words.ts). The quiet
 * hours and the code's life are the rules' (lib/rules.ts), never typed.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { NotificationKind } from '@/lib/notification-kinds';
import type { Lang } from '@/lib/i18n/lang';
import { type AlertEvent, type PushFailure, quietHours } from './alerts';

/** Why push failed, in `lang`: the sentences load with the first failure a page has to say. */
export async function pushFailureIn(lang: Lang, failure: PushFailure): Promise<string> {
  return lang === 'hi'
    ? (await import('./push-failures-hi')).failureHi(failure)
    : (await import('./push-failures-en')).pushFailureMessage(failure);
}

/**
 * The words that show only once the settings' data has arrived (the kinds' and events' labels) or after an action
 * (its outcome): they load with the data (alert-data-en.ts, alert-data-hi.ts), not with the islands.
 */
export type AlertDataWords = {
  kinds: Record<NotificationKind, string>;
  events: Record<AlertEvent, string>;
  /** The events table (shown with the data). */
  table: { caption: string; event: string; push: string; by: (label: string, channel: 'push' | 'whatsapp') => string };
  devices: (count: number) => string;
  /** Why this browser cannot take push (yet): known with the data, after the page has looked at the browser. */
  support: { homeScreenFirst: (product: string) => string; unsupported: string };
  /** The WhatsApp form's words that show with the player's number (where alerts go, the code sent). */
  whatsapp: {
    goesTo: string;
    stop: string;
    newCode: string;
    codeSentTo: (phone: string, tries: number, minutes: number) => string;
    confirm: string;
  };
  messages: {
    saved: string;
    saveFailed: string;
    deviceSaveFailed: string;
    pushOnDone: string;
    pushOnFailed: string;
    pushOffDone: string;
    pushOffFailed: string;
    phoneInvalid: string;
    codeSent: (phone: string) => string;
    codeSendFailed: string;
    whatsAppOn: string;
    codeWrong: (triesLeft: number) => string;
    codeCheckFailed: string;
    whatsAppOff: string;
    didNotWork: string;
  };
};

/** The data's words in `lang` (see AlertDataWords). */
export async function alertDataWordsIn(lang: Lang): Promise<AlertDataWords> {
  return (await (lang === 'hi' ? import('./alert-data-hi') : import('./alert-data-en'))).default;
}

export type AlertWords = {
  notifications: {
    title: string;
    lead: (quiet: { from: number; until: number }) => string;
    loading: string;
    anyHour: string;
    loadFailed: string;
  };
  alerts: {
    title: string;
    lead: (quiet: { from: number; until: number }) => string;
    pushTitle: string;
    pushOn: string;
    willAsk: string;
    turnOff: string;
    turnOn: string;
    loading: string;
    loadFailed: string;
  };
  whatsapp: {
    number: string;
    sendCode: string;
  };
};

const en: AlertWords = {
  notifications: {
    title: 'Notifications',
    lead: (quiet) => {
      const [from, until] = quietHours(quiet);
      return `Everything appears under the bell. Choose what also comes by e-mail. E-mail that can wait is not sent between ${from} and ${until} IST.`;
    },
    loading: 'Loading…',
    anyHour: '(sent at any hour)',
    loadFailed: 'Your notification settings could not be loaded. Reload the page to try again.',
  },
  alerts: {
    title: 'Alerts on your phone',
    lead: (quiet) => {
      const [from, until] = quietHours(quiet);
      return `Hear about your matches when the site is closed: a push on this device, a WhatsApp message, or both. Alerts that can wait are held between ${from} and ${until} IST; "match ready" comes at any hour.`;
    },
    pushTitle: 'Push on this device',
    pushOn: 'Push is on for this device.',
    willAsk: 'Your browser will ask you to allow notifications.',
    turnOff: 'Turn off push on this device',
    turnOn: 'Turn on push on this device',
    loading: 'Loading…',
    loadFailed: 'Your alert settings could not be loaded. Reload the page to try again.',
  },
  whatsapp: {
    number: 'Indian mobile number on WhatsApp',
    sendCode: 'Send code on WhatsApp',
  },
};

export const ALERT_WORDS = islandWords(en, () => import('./alert-words-hi'));
