/**
 * The check-in card's words in both languages (before the window, a pod's check-in when full, the button with
 * its countdown, checked in, withdrawn) and the refusals of check-in, invitations and acceptances by their
 * hint, read through the page's language store (lib/i18n/use-messages). Times arrive formatted (IST, the
 * date in the page's language); the pod's check-in length comes from the rules module, never typed.
 * Hindi follows docs/hindi-glossary.md (चेक-इन, ड्रॉ, एंट्री).
 */
import { POD_CHECK_IN_MINUTES } from '@/lib/rules';

export type EntryErrorHint =
  | 'not_signed_in'
  | 'not_entered'
  | 'check_in_closed'
  | 'entry_withdrawn'
  | 'tournament_cancelled'
  | 'invalid_email'
  | 'tournament_not_found'
  | 'not_your_entry'
  | 'entry_taken'
  | 'invitation_not_found'
  | 'invitation_used'
  | 'already_entered';

export type EntryErrorWords = Record<EntryErrorHint, string> & {
  checkInNotOpen: string;
  checkInOpensAt: (when: string) => string;
  /** A refusal with no hint we know: English shows the server's sentence, Hindi this one. */
  generic: string;
};

export type CheckInWords = {
  region: string;
  opensAt: (when: string) => string;
  closesAt: (when: string) => string;
  opensWhenFull: string;
  podLasts: string;
  checkIn: string;
  checkingIn: string;
  closesIn: string;
  checkedIn: string;
  drawAt: (when: string) => string;
  closed: string;
  /** `reason`: the database's own English words for why (shown on English pages only). */
  withdrawnBecause: (reason: string) => string;
  withdrawnMissed: (when: string) => string;
  /** Countdown parts: "2 h 05 min", "3 days". */
  hoursMinutes: (hours: number, minutes: string) => string;
  days: (days: number) => string;
  errors: EntryErrorWords;
};

export const ENTRY_ERRORS_EN: EntryErrorWords = {
  not_signed_in: 'Please log in to continue.',
  not_entered: 'You have no entry in this tournament to check in.',
  checkInNotOpen: 'Check-in is not open yet.',
  checkInOpensAt: (when) => `Check-in opens at ${when}.`,
  check_in_closed: 'Check-in for this tournament has closed.',
  entry_withdrawn: 'Your entry was withdrawn: it was not checked in before check-in closed.',
  tournament_cancelled: 'This tournament was cancelled.',
  invalid_email: 'Enter a valid e-mail address.',
  tournament_not_found: 'This tournament does not exist.',
  not_your_entry: 'Only the player who bought this slot can invite someone to it.',
  entry_taken: 'Someone has already taken this place.',
  invitation_not_found: 'This invitation link is not valid. Ask the player who sent it for a new one.',
  invitation_used: 'This invitation has already been accepted.',
  already_entered: 'You already have a place in this tournament.',
  generic: 'Something went wrong. Please try again.',
};

const en: CheckInWords = {
  region: 'Check-in',
  opensAt: (when) => `Check-in opens at ${when}.`,
  closesAt: (when) => `It closes at ${when}; an entry not checked in by then is withdrawn.`,
  opensWhenFull: 'Check-in opens the moment the pod is full.',
  podLasts: `It lasts ${POD_CHECK_IN_MINUTES} minutes: check in then. If you miss it, your entry is withdrawn and its fee refunded in full.`,
  checkIn: 'Check in',
  checkingIn: 'Checking in…',
  closesIn: 'Check-in closes in',
  checkedIn: 'Checked in ✓',
  drawAt: (when) => `The draw runs at ${when}.`,
  closed: 'Check-in has closed.',
  withdrawnBecause: (reason) => `You were withdrawn: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  withdrawnMissed: (when) => `You were withdrawn: you did not check in by ${when}.`,
  hoursMinutes: (hours, minutes) => `${hours} h ${minutes} min`,
  days: (days) => `${days} ${days === 1 ? 'day' : 'days'}`,
  errors: ENTRY_ERRORS_EN,
};

const hi: CheckInWords = {
  region: 'चेक-इन',
  opensAt: (when) => `चेक-इन ${when} पर खुलेगा।`,
  closesAt: (when) => `यह ${when} पर बंद होगा; तब तक चेक-इन न करने वाली एंट्री वापस ले ली जाती है।`,
  opensWhenFull: 'पॉड भरते ही चेक-इन खुल जाता है।',
  podLasts: `यह ${POD_CHECK_IN_MINUTES} मिनट तक खुला रहता है: तभी चेक-इन करें। चूक गए तो आपकी एंट्री वापस ले ली जाएगी और उसकी पूरी फ़ीस रिफ़ंड होगी।`,
  checkIn: 'चेक-इन करें',
  checkingIn: 'चेक-इन हो रहा है…',
  closesIn: 'चेक-इन बंद होने में बाकी',
  checkedIn: 'चेक-इन हो गया ✓',
  drawAt: (when) => `ड्रॉ ${when} पर निकलेगा।`,
  closed: 'चेक-इन बंद हो चुका है।',
  // The database words its reason in English: the Hindi page says what happened without it.
  withdrawnBecause: () => 'आपकी एंट्री वापस ले ली गई।',
  withdrawnMissed: (when) => `आपकी एंट्री वापस ले ली गई: आपने ${when} तक चेक-इन नहीं किया।`,
  hoursMinutes: (hours, minutes) => `${hours} घंटे ${minutes} मिनट`,
  days: (days) => `${days} दिन`,
  errors: {
    not_signed_in: 'आगे बढ़ने के लिए लॉग इन करें।',
    not_entered: 'इस टूर्नामेंट में चेक-इन के लिए आपकी कोई एंट्री नहीं है।',
    checkInNotOpen: 'चेक-इन अभी नहीं खुला है।',
    checkInOpensAt: (when) => `चेक-इन ${when} पर खुलेगा।`,
    check_in_closed: 'इस टूर्नामेंट का चेक-इन बंद हो चुका है।',
    entry_withdrawn: 'आपकी एंट्री वापस ले ली गई: चेक-इन बंद होने से पहले चेक-इन नहीं हुआ।',
    tournament_cancelled: 'यह टूर्नामेंट रद्द कर दिया गया।',
    invalid_email: 'सही ई-मेल पता डालें।',
    tournament_not_found: 'यह टूर्नामेंट मौजूद नहीं है।',
    not_your_entry: 'इस स्लॉट पर सिर्फ़ इसे ख़रीदने वाला खिलाड़ी ही किसी को बुला सकता है।',
    entry_taken: 'यह जगह कोई और ले चुका है।',
    invitation_not_found: 'यह इनविटेशन लिंक सही नहीं है। भेजने वाले खिलाड़ी से नया लिंक माँगें।',
    invitation_used: 'यह इनविटेशन पहले ही स्वीकार हो चुका है।',
    already_entered: 'इस टूर्नामेंट में आपकी जगह पहले से है।',
    generic: 'कुछ गड़बड़ हो गई। फिर से कोशिश करें।',
  },
};

export const CHECK_IN_WORDS: Record<'en' | 'hi', CheckInWords> = { en, hi };
