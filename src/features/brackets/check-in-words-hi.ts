/** The Hindi words of check-in-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import { POD_CHECK_IN_MINUTES } from '@/lib/rules';
import { reasonIn } from '@/lib/i18n/reason-lookup';
import { WITHDRAW_REASONS_HI } from '@/lib/i18n/reasons-hi/withdraw';
import type { CheckInWords } from './check-in-words';

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
  // The database's reason by its code (its sentence is English); a code this page does not know says only what happened.
  withdrawnBecause: (_reason, code) => {
    const why = reasonIn(WITHDRAW_REASONS_HI, code);
    return why ? `आपकी एंट्री वापस ले ली गई: ${why}` : 'आपकी एंट्री वापस ले ली गई।';
  },
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

export default hi;
