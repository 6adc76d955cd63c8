/** The Hindi words of offer-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import { quietHours } from './alerts';
import type { OfferWords } from './offer-words';

const hi: OfferWords = {
  title: 'चेक-इन खुलते ही जानें',
  lead: (quiet) => {
    const [from, until] = quietHours(quiet);
    return `चेक-इन खुलने पर और मैच रेडी होने पर इस फ़ोन पर पुश या WhatsApp मैसेज। जो अलर्ट रुक सकते हैं, वे ${from} से ${until} IST के बीच रोके जाते हैं।`;
  },
  pushOn: 'इस डिवाइस पर पुश चालू है ✓',
  turnOn: 'पुश अलर्ट चालू करें',
  getWhatsApp: 'WhatsApp अलर्ट पाएँ',
};

export default hi;
