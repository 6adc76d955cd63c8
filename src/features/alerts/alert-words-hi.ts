/** The Hindi words of alert-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { AlertWords } from './alert-words';
import { type PushFailure, quietHours } from './alerts';

/** alerts.ts `pushFailureMessage` in Hindi: what happened, and what to do. */
function failureHi(failure: PushFailure): string {
  switch (failure.step) {
    case 'permission':
      return failure.permission === 'denied'
        ? 'इस साइट के लिए नोटिफ़िकेशन ब्लॉक हैं: ब्राउज़र की सेटिंग में इन्हें अनुमति दें, फिर दोबारा कोशिश करें।'
        : 'ब्राउज़र ने नोटिफ़िकेशन की अनुमति पूछी पर जवाब नहीं मिला: बटन फिर से दबाएँ और Allow चुनें।';
    case 'worker':
      return 'यह ब्राउज़र साइट के लिए पुश सेट नहीं कर सका (प्राइवेट विंडो में नहीं होता)। पेज रीलोड करके दोबारा कोशिश करें, या WhatsApp अलर्ट इस्तेमाल करें।';
    case 'push-service':
      return failure.name === 'NotAllowedError'
        ? 'ब्राउज़र ने इस साइट के लिए पुश मना कर दिया: फ़ोन की सेटिंग में ब्राउज़र के नोटिफ़िकेशन चालू करें, फिर दोबारा कोशिश करें। तब तक WhatsApp अलर्ट काम करते हैं।'
        : 'ब्राउज़र की पुश सर्विस ने यह डिवाइस स्वीकार नहीं किया (इसे इंटरनेट चाहिए, और Android पर Google Play services)। कनेक्शन देखें और एक मिनट में दोबारा कोशिश करें; तब तक WhatsApp अलर्ट काम करते हैं।';
    case 'timeout':
      return 'ब्राउज़र की पुश सर्विस ने जवाब नहीं दिया। कनेक्शन देखें और एक मिनट में दोबारा कोशिश करें; तब तक WhatsApp अलर्ट काम करते हैं।';
  }
}

const hi: AlertWords = {
  notifications: {
    title: 'नोटिफ़िकेशन',
    lead: (quiet) => {
      const [from, until] = quietHours(quiet);
      return `सब कुछ घंटी में दिखता है। चुनें कि क्या ई-मेल से भी आए। जो ई-मेल रुक सकता है, वह ${from} से ${until} IST के बीच नहीं भेजा जाता।`;
    },
    loading: 'लोड हो रहा है…',
    anyHour: '(किसी भी समय भेजा जाता है)',
    kinds: {
      check_in_open: 'चेक-इन खुलता है',
      draw_made: 'ड्रॉ निकलता है (आपका पहला मैच)',
      room_posted: 'आपका विरोधी रूम पोस्ट करता है',
      opponent_ready: 'आपका विरोधी रेडी है',
      opponent_reported: 'आपका विरोधी रिज़ल्ट रिपोर्ट करता है',
      dispute_opened: 'आपके मैच पर विवाद खुलता है',
      dispute_settled: 'विवाद का फ़ैसला होता है',
      next_match: 'आपका अगला मैच तय होता है',
      tournament_finished: 'आपका खेला टूर्नामेंट ख़त्म होता है',
      prize_credited: 'प्राइज़ आपके बैलेंस में जमा होता है',
      payout_sent: 'निकासी आपकी UPI id पर भेजी जाती है',
      payout_failed: 'निकासी नहीं हो पाती और पैसा वापस आता है',
      kyc_result: 'आपका PAN और UPI id जाँचा जाता है',
      payment_receipt: 'हर पेमेंट के बाद आपकी रसीद',
      waitlist_joined: 'आप वेटलिस्ट में जगह लेते हैं (फ़्री टूर्नामेंट; पेड जगह की रसीद आती है)',
      waitlist_promoted: 'आप वेटलिस्ट से टूर्नामेंट में पहुँचते हैं',
      waitlist_not_promoted: 'वेटलिस्ट में आपके लिए जगह ख़ाली नहीं हुई (और आपका रिफ़ंड)',
      pod_check_in_missed: 'आपसे क्विक पॉड का चेक-इन छूट जाता है (और आपका रिफ़ंड)',
    },
    loadFailed: 'आपकी नोटिफ़िकेशन सेटिंग लोड नहीं हो सकीं। दोबारा कोशिश करने के लिए पेज रीलोड करें।',
    saved: 'सेव हो गया।',
    saveFailed: 'यह बदलाव सेव नहीं हो सका। कृपया दोबारा कोशिश करें।',
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
    devices: (count) => ` पुश वाले डिवाइस: ${count}।`,
    turnOff: 'इस डिवाइस पर पुश बंद करें',
    turnOn: 'इस डिवाइस पर पुश चालू करें',
    tableCaption: 'कौन-सी घटनाएँ आपको पुश और WhatsApp से बताई जाती हैं',
    event: 'घटना',
    push: 'पुश',
    by: (label, channel) => `${label}: ${channel === 'push' ? 'पुश' : 'WhatsApp'} से`,
    events: {
      check_in_open: 'चेक-इन खुलता है',
      room_posted: 'मैच रेडी: रूम पोस्ट हो गया',
      opponent_reported: 'आपके विरोधी ने स्कोर रिपोर्ट किया',
      dispute_settled: 'विवाद का फ़ैसला हुआ',
      next_match: 'आपका अगला मैच तय हुआ',
      prize_credited: 'प्राइज़ जमा हुआ',
      payout_sent: 'निकासी का पेमेंट हुआ',
      payout_failed: 'निकासी नहीं हो पाई',
    },
    loading: 'लोड हो रहा है…',
    homeScreenFirst: (product) =>
      `iPhone और iPad पर पुश के लिए iOS 16.4 या नया चाहिए और साइट होम स्क्रीन पर होनी चाहिए: Share दबाएँ, फिर Add to Home Screen, वहाँ से ${product} खोलें और इस पेज पर लौटें।`,
    unsupported: 'यह ब्राउज़र पुश नोटिफ़िकेशन नहीं ले सकता। इसकी जगह WhatsApp अलर्ट लें, या साइट Chrome, Edge, Firefox या Safari में खोलें।',
    failure: failureHi,
    loadFailed: 'आपकी अलर्ट सेटिंग लोड नहीं हो सकीं। दोबारा कोशिश करने के लिए पेज रीलोड करें।',
    saved: 'सेव हो गया।',
    saveFailed: 'यह बदलाव सेव नहीं हो सका। कृपया दोबारा कोशिश करें।',
    deviceSaveFailed: 'यह डिवाइस पुश के लिए सेव नहीं हो सका। कनेक्शन देखें और दोबारा कोशिश करें।',
    pushOnDone: 'इस डिवाइस पर पुश चालू है।',
    pushOnFailed: 'पुश चालू नहीं हो सका। कृपया दोबारा कोशिश करें।',
    pushOffDone: 'इस डिवाइस पर पुश बंद है।',
    pushOffFailed: 'पुश बंद नहीं हो सका। कृपया दोबारा कोशिश करें।',
    phoneInvalid: 'भारत का मोबाइल नंबर डालें: +91 और दस अंक।',
    codeSent: (phone) => `${phone} पर WhatsApp से कोड भेजा गया।`,
    codeSendFailed: 'कोड नहीं भेजा जा सका। कृपया दोबारा कोशिश करें।',
    whatsAppOn: 'WhatsApp अलर्ट चालू हैं।',
    codeWrong: (triesLeft) => `यह कोड सही नहीं है: ${triesLeft} कोशिशें बाकी हैं।`,
    codeCheckFailed: 'कोड जाँचा नहीं जा सका। कृपया दोबारा कोशिश करें।',
    whatsAppOff: 'WhatsApp अलर्ट बंद हैं और आपका नंबर हटा दिया गया है।',
    didNotWork: 'यह नहीं हो सका। कृपया दोबारा कोशिश करें।',
  },
  whatsapp: {
    goesTo: 'अलर्ट यहाँ जाते हैं:',
    stop: 'WhatsApp अलर्ट बंद करें',
    number: 'WhatsApp वाला भारत का मोबाइल नंबर',
    newCode: 'नया कोड भेजें',
    sendCode: 'WhatsApp पर कोड भेजें',
    codeSentTo: (phone, tries, minutes) => `${phone} पर भेजा गया कोड (${tries} कोशिशें, ${minutes} मिनट तक मान्य)`,
    confirm: 'कन्फ़र्म करें और सहमति दें',
  },
  offer: {
    title: 'चेक-इन खुलते ही जानें',
    lead: (quiet) => {
      const [from, until] = quietHours(quiet);
      return `चेक-इन खुलने पर और मैच रेडी होने पर इस फ़ोन पर पुश या WhatsApp मैसेज। जो अलर्ट रुक सकते हैं, वे ${from} से ${until} IST के बीच रोके जाते हैं।`;
    },
    pushOn: 'इस डिवाइस पर पुश चालू है ✓',
    turnOn: 'पुश अलर्ट चालू करें',
    getWhatsApp: 'WhatsApp अलर्ट पाएँ',
  },
};

export default hi;
