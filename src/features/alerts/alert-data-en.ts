/** The English words of alert-words.ts `AlertDataWords`, loaded with the settings' data (alertDataWordsIn). */
import { NOTIFICATION_KIND_LABELS } from '@/lib/notification-kinds';
import type { AlertDataWords } from './alert-words';
import { ALERT_EVENT_LABELS } from './alerts';

const en: AlertDataWords = {
  kinds: NOTIFICATION_KIND_LABELS,
  events: ALERT_EVENT_LABELS,
  table: {
    caption: 'Which events alert you, by push and by WhatsApp',
    event: 'Event',
    push: 'Push',
    by: (label, channel) => `${label} by ${channel === 'push' ? 'push' : 'WhatsApp'}`,
  },
  devices: (count) => ` Devices with push: ${count}.`,
  support: {
    homeScreenFirst: (product) =>
      `On iPhone and iPad, push needs iOS 16.4 or later and the site on your home screen: tap Share, then Add to Home Screen, open ${product} from there and come back to this page.`,
    unsupported:
      'This browser cannot receive push notifications. Use WhatsApp alerts instead, or open the site in Chrome, Edge, Firefox or Safari.',
  },
  whatsapp: {
    goesTo: 'Alerts go to',
    stop: 'Stop WhatsApp alerts',
    newCode: 'Send a new code',
    codeSentTo: (phone, tries, minutes) => `Code sent to ${phone} (${tries} tries, valid ${minutes} minutes)`,
    confirm: 'Confirm and agree',
  },
  messages: {
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
};

export default en;
