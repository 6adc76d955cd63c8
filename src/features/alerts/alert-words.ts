/**
 * The profile's notification and alert settings in both languages (NotificationSettings, AlertSettings, the
 * WhatsApp opt-in and the push notes, shared with the offer after a payment), read through the page's language
 * store; the Hindi words load in a chunk of their own (alert-words-hi.ts, lib/i18n/island-words.ts). The quiet
 * hours and the code's life are the rules' (lib/rules.ts), never typed.
 */
import { islandWords } from '@/lib/i18n/island-words';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@/features/notifications/notifications';
import { ALERT_EVENT_LABELS, type AlertEvent, type PushFailure, pushFailureMessage, quietHours } from './alerts';

export type AlertWords = {
  notifications: {
    title: string;
    lead: (quiet: { from: number; until: number }) => string;
    loading: string;
    anyHour: string;
    kinds: Record<NotificationKind, string>;
    loadFailed: string;
    saved: string;
    saveFailed: string;
  };
  alerts: {
    title: string;
    lead: (quiet: { from: number; until: number }) => string;
    pushTitle: string;
    pushOn: string;
    willAsk: string;
    devices: (count: number) => string;
    turnOff: string;
    turnOn: string;
    tableCaption: string;
    event: string;
    push: string;
    by: (label: string, channel: 'push' | 'whatsapp') => string;
    events: Record<AlertEvent, string>;
    loading: string;
    homeScreenFirst: (product: string) => string;
    unsupported: string;
    failure: (failure: PushFailure) => string;
    loadFailed: string;
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
  whatsapp: {
    goesTo: string;
    stop: string;
    number: string;
    newCode: string;
    sendCode: string;
    codeSentTo: (phone: string, tries: number, minutes: number) => string;
    confirm: string;
  };
  offer: {
    title: string;
    lead: (quiet: { from: number; until: number }) => string;
    pushOn: string;
    turnOn: string;
    getWhatsApp: string;
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
    kinds: NOTIFICATION_KIND_LABELS,
    loadFailed: 'Your notification settings could not be loaded. Reload the page to try again.',
    saved: 'Saved.',
    saveFailed: 'That change could not be saved. Please try again.',
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
    devices: (count) => ` Devices with push: ${count}.`,
    turnOff: 'Turn off push on this device',
    turnOn: 'Turn on push on this device',
    tableCaption: 'Which events alert you, by push and by WhatsApp',
    event: 'Event',
    push: 'Push',
    by: (label, channel) => `${label} by ${channel === 'push' ? 'push' : 'WhatsApp'}`,
    events: ALERT_EVENT_LABELS,
    loading: 'Loading…',
    homeScreenFirst: (product) =>
      `On iPhone and iPad, push needs iOS 16.4 or later and the site on your home screen: tap Share, then Add to Home Screen, open ${product} from there and come back to this page.`,
    unsupported:
      'This browser cannot receive push notifications. Use WhatsApp alerts instead, or open the site in Chrome, Edge, Firefox or Safari.',
    failure: pushFailureMessage,
    loadFailed: 'Your alert settings could not be loaded. Reload the page to try again.',
    saved: 'Saved.',
    saveFailed: 'That change could not be saved. Please try again.',
    deviceSaveFailed: 'This device could not be saved for push. Check your connection and try again.',
    pushOnDone: 'Push is on for this device.',
    pushOnFailed: 'Push could not be turned on. Please try again.',
    pushOffDone: 'Push is off for this device.',
    pushOffFailed: 'Push could not be turned off. Please try again.',
    phoneInvalid: 'Enter an Indian mobile number: +91 and ten digits.',
    codeSent: (phone) => `Code sent on WhatsApp to ${phone}.`,
    codeSendFailed: 'The code could not be sent. Please try again.',
    whatsAppOn: 'WhatsApp alerts are on.',
    codeWrong: (triesLeft) => `That code is not right: ${triesLeft} tries left.`,
    codeCheckFailed: 'The code could not be checked. Please try again.',
    whatsAppOff: 'WhatsApp alerts are off and your number is removed.',
    didNotWork: 'That did not work. Please try again.',
  },
  whatsapp: {
    goesTo: 'Alerts go to',
    stop: 'Stop WhatsApp alerts',
    number: 'Indian mobile number on WhatsApp',
    newCode: 'Send a new code',
    sendCode: 'Send code on WhatsApp',
    codeSentTo: (phone, tries, minutes) => `Code sent to ${phone} (${tries} tries, valid ${minutes} minutes)`,
    confirm: 'Confirm and agree',
  },
  offer: {
    title: 'Hear when check-in opens',
    lead: (quiet) => {
      const [from, until] = quietHours(quiet);
      return `A push on this phone or a WhatsApp message when check-in opens and when your match is ready. Alerts that can wait are held between ${from} and ${until} IST.`;
    },
    pushOn: 'Push is on for this device ✓',
    turnOn: 'Turn on push alerts',
    getWhatsApp: 'Get WhatsApp alerts',
  },
};

export const ALERT_WORDS = islandWords(en, () => import('./alert-words-hi'));
