/** The Hindi words of alert-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { AlertWords } from './alert-words';
import { quietHours } from './alerts';

const hi: AlertWords = {
  notifications: {
    title: 'नोटिफ़िकेशन',
    lead: (quiet) => {
      const [from, until] = quietHours(quiet);
      return `सब कुछ घंटी में दिखता है। चुनें कि क्या ई-मेल से भी आए। जो ई-मेल रुक सकता है, वह ${from} से ${until} IST के बीच नहीं भेजा जाता।`;
    },
    loading: 'लोड हो रहा है…',
    anyHour: '(किसी भी समय भेजा जाता है)',
    loadFailed: 'आपकी नोटिफ़िकेशन सेटिंग लोड नहीं हो सकीं। दोबारा कोशिश करने के लिए पेज रीलोड करें।',
  },
  alerts: {
    title: 'आपके फ़ोन पर अलर्ट',
    lead: (quiet) => {
      const [from, until] = quietHours(quiet);
      return `साइट बंद होने पर भी अपने मैच की ख़बर पाएँ: इस डिवाइस पर पुश, WhatsApp मैसेज, या दोनों। जो अलर्ट रुक सकते हैं, वे ${from} से ${until} IST के बीच रोके जाते हैं; "मैच रेडी" किसी भी समय आता है।`;
    },
    pushTitle: 'इस डिवाइस पर पुश',
    pushOn: 'इस डिवाइस पर पुश चालू है।',
    willAsk: 'आपका ब्राउज़र नोटिफ़िकेशन की अनुमति माँगेगा।',
    turnOff: 'इस डिवाइस पर पुश बंद करें',
    turnOn: 'इस डिवाइस पर पुश चालू करें',
    loading: 'लोड हो रहा है…',
    loadFailed: 'आपकी अलर्ट सेटिंग लोड नहीं हो सकीं। दोबारा कोशिश करने के लिए पेज रीलोड करें।',
  },
  whatsapp: {
    number: 'WhatsApp वाला भारत का मोबाइल नंबर',
    sendCode: 'WhatsApp पर कोड भेजें',
  },
};

export default hi;
