/**
 * The Hindi words of pay-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts).
 * Follows docs/hindi-glossary.md.
 */
import { formatRupees } from '@/lib/format';
import type { PayWords } from './pay-words';

const hi: PayWords = {
  full: 'सभी स्लॉट भर गए',
  fee: (rupees) => (rupees === 0 ? 'फ़्री' : formatRupees(rupees)),
  signInToEnter: 'एंट्री के लिए साइन इन करें',
  entry: 'एंट्री',
  entryFeePerSlot: 'हर स्लॉट की एंट्री फ़ीस',
  registered: 'रजिस्टर्ड',
  entryConfirmed: 'एंट्री पक्की हो गई',
  paymentCompleted: 'पेमेंट पूरा हुआ',
  youHold: (slots) => `आपके पास ${slots} स्लॉट हैं।`,
  moreFrom: (date, time) => `और स्लॉट ${date}, ${time} से ले सकते हैं।`,
  addMoreBelow: 'नीचे और जोड़ें।',
  goToMyTournaments: 'मेरे टूर्नामेंट पर जाएँ',
  chooseSlots: 'कितने स्लॉट चाहिए, चुनें',
  slotOption: (slots, fee) => `${slots} स्लॉट - ${formatRupees(fee * slots)}`,
  payButton: (slots, fee) => `${formatRupees(fee * slots)} पे करें और ${slots} स्लॉट रजिस्टर करें`,
  perBuyer: (perBuyer) => `इस टूर्नामेंट में एक खिलाड़ी ज़्यादा से ज़्यादा ${perBuyer} स्लॉट ले सकता है।`,
  processing: 'प्रोसेस हो रहा है...',
  entering: 'एंट्री हो रही है...',
  enterFree: 'फ़्री में एंट्री लें',
  enteredFree: 'आपकी एंट्री हो गई! चेक-इन पर मिलते हैं।',
  blocks: {
    paid_entry_disabled: { label: 'इस साइट पर पेड एंट्री बंद है', note: 'फ़्री टूर्नामेंट खुले रहते हैं।' },
    profile_incomplete: { label: 'एंट्री के लिए अपनी प्रोफ़ाइल पूरी करें', note: 'आपकी eFootball यूज़र ID और जन्मतिथि चाहिए।' },
    too_young_for_paid_entry: {
      label: 'पेड एंट्री 18 साल और उससे ज़्यादा के खिलाड़ियों के लिए है',
      note: 'माता-पिता की सहमति से फ़्री टूर्नामेंट आपके लिए खुले हैं।',
    },
    residence_required: { label: 'एंट्री के लिए पुष्टि करें कि आप भारत में रहते हैं', note: 'पेड एंट्री भारत के निवासियों के लिए है।' },
    parental_consent_required: {
      label: 'एंट्री के लिए माता-पिता से सहमति माँगें',
      note: '18 से कम उम्र के खिलाड़ियों को माता-पिता की सहमति चाहिए, जो ई-मेल से दी जाती है।',
    },
  },
  messages: {
    loginRequired: 'आगे बढ़ने के लिए लॉग इन करें',
    success: 'पेमेंट सफल! आप टूर्नामेंट के लिए रजिस्टर हो गए हैं।',
    alreadyRegistered: 'आप इस टूर्नामेंट के लिए पहले से रजिस्टर्ड हैं!',
    cancelled: 'आपने पेमेंट रद्द कर दिया',
    abandoned: 'चेकआउट छूट गया: पेमेंट का समय ख़त्म हो गया। कोई पैसा नहीं कटा; रजिस्टर करने के लिए फिर से शुरू करें।',
    registrationFailed: 'रजिस्ट्रेशन नहीं हो सका। फिर से कोशिश करें।',
    createOrderFailed: (reason) => (reason ? `पेमेंट ऑर्डर नहीं बन सका: ${reason}` : 'पेमेंट ऑर्डर नहीं बन सका। फिर से कोशिश करें।'),
    verificationFailed: (reason) => (reason ? `पेमेंट की पुष्टि नहीं हो सकी: ${reason}` : 'पेमेंट की पुष्टि नहीं हो सकी'),
    processingFailed: () => 'पेमेंट प्रोसेस नहीं हो सका। फिर से कोशिश करें।',
    checkoutFailed: () =>
      'पेमेंट नहीं हो सका। कोई पैसा नहीं लिया गया: अगर आपके बैंक में डेबिट दिखे, तो वह अपने आप वापस हो जाएगा। आप फिर से कोशिश कर सकते हैं।',
  },
};

export default hi;
