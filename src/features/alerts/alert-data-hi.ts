/**
 * The Hindi words of alert-words.ts `AlertDataWords`: the labels of the notification kinds and alert events and
 * the outcome of each action, loaded with the settings' data on a Hindi page (alertDataWordsIn), never up front.
 */
import type { AlertDataWords } from './alert-words';

const hi: AlertDataWords = {
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
  table: {
    caption: 'कौन-सी घटनाएँ आपको पुश और WhatsApp से बताई जाती हैं',
    event: 'घटना',
    push: 'पुश',
    by: (label, channel) => `${label}: ${channel === 'push' ? 'पुश' : 'WhatsApp'} से`,
  },
  devices: (count) => ` पुश वाले डिवाइस: ${count}।`,
  support: {
    homeScreenFirst: (product) =>
      `iPhone और iPad पर पुश के लिए iOS 16.4 या नया चाहिए और साइट होम स्क्रीन पर होनी चाहिए: Share दबाएँ, फिर Add to Home Screen, वहाँ से ${product} खोलें और इस पेज पर लौटें।`,
    unsupported: 'यह ब्राउज़र पुश नोटिफ़िकेशन नहीं ले सकता। इसकी जगह WhatsApp अलर्ट लें, या साइट Chrome, Edge, Firefox या Safari में खोलें।',
  },
  whatsapp: {
    goesTo: 'अलर्ट यहाँ जाते हैं:',
    stop: 'WhatsApp अलर्ट बंद करें',
    newCode: 'नया कोड भेजें',
    codeSentTo: (phone, tries, minutes) => `${phone} पर भेजा गया कोड (${tries} कोशिशें, ${minutes} मिनट तक मान्य)`,
    confirm: 'कन्फ़र्म करें और सहमति दें',
  },
  messages: {
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
};

export default hi;
