/**
 * push-failures-en.ts `pushFailureMessage` in Hindi. Loaded only when a Hindi page has a push failure to say (alert-words.ts
 * `pushFailureIn`): most players never meet one, so no page pays for these sentences up front.
 */
import type { PushFailure } from './alerts';

/** push-failures-en.ts `pushFailureMessage` in Hindi: what happened, and what to do. */
export function failureHi(failure: PushFailure): string {
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
