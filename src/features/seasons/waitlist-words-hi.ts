/**
 * The Hindi words of waitlist-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts).
 * Follows docs/hindi-glossary.md.
 */
import { formatPaiseExact, formatRupees } from '@/lib/format';
import type { WaitlistWords } from './waitlist-words';

const HINDI_ERRORS: Record<string, string> = {
  waitlist_full: 'आपसे ठीक पहले वेटलिस्ट भर गई। अगर आपने पेमेंट किया था, तो वह पूरा रिफ़ंड होगा।',
  waitlist_closed: 'वेटलिस्ट बंद हो चुकी है: चेक-इन ख़त्म हो गया।',
  not_full: 'एक जगह ख़ाली है: इसकी जगह सीधे टूर्नामेंट में एंट्री लें।',
  already_on_waitlist: 'आप पहले से इस वेटलिस्ट पर हैं।',
  already_registered: 'इस टूर्नामेंट में आपकी जगह पहले से है।',
  check_in_closed: 'चेक-इन बंद हो चुका है।',
};

const hi: WaitlistWords = {
  region: 'वेटलिस्ट',
  joinHeadline: (view) =>
    `सभी जगहें भर चुकी हैं। वेटलिस्ट में ${view.left === 1 ? 'एक जगह' : `${view.left} जगहें`} बाकी ${view.left === 1 ? 'है' : 'हैं'}।`,
  joinButton: (view, fee) => (view.free ? 'वेटलिस्ट में जुड़ें' : `वेटलिस्ट में जुड़ें · ${formatRupees(fee / 100)}`),
  joinRule: (view, closesAt) => {
    const money = view.free ? '' : ' अगर आपके लिए कोई जगह ख़ाली नहीं हुई, तो आपका पेमेंट पूरा रिफ़ंड होगा।';
    const checkIn = view.checkInOpen ? 'फिर चेक-इन करें' : 'चेक-इन खुलने पर चेक-इन करें';
    return `${checkIn}: ${closesAt} पर हर ख़ाली जगह, क्रम से, चेक-इन किए हुए वेटलिस्ट खिलाड़ियों को मिलती है।${money}`;
  },
  joining: 'जुड़ रहे हैं…',
  full: (capacity) => `वेटलिस्ट भर चुकी है (${capacity === 1 ? 'इसकी एक जगह भर गई है' : `सभी ${capacity} जगहें भर गई हैं`})।`,
  position: (position) =>
    position === 1
      ? 'आप वेटलिस्ट में #1 हैं: ख़ाली होने वाली पहली जगह आपकी है।'
      : `आप वेटलिस्ट में #${position} हैं: आपसे आगे ${position - 1} खिलाड़ी ${position === 2 ? 'है' : 'हैं'}।`,
  checkIn: 'चेक-इन करें',
  checkingIn: 'चेक-इन हो रहा है…',
  checkedIn: 'चेक-इन हो गया ✓',
  checkInFrom: (opensAt) => `${opensAt} से चेक-इन करें: सिर्फ़ चेक-इन किए हुए खिलाड़ी आगे आते हैं।`,
  checkInMissed: 'आपके बिना चेक-इन बंद हो गया: आप आगे नहीं आ सकते।',
  placesGoAt: (closesAt) => `${closesAt} पर हर ख़ाली जगह, क्रम से, चेक-इन किए हुए वेटलिस्ट खिलाड़ियों को मिलती है।`,
  left: (refund) =>
    refund > 0
      ? `आपने वेटलिस्ट छोड़ दी। आपके ${formatPaiseExact(refund)} उसी तरीके से पूरे रिफ़ंड हो रहे हैं जिससे आपने पेमेंट किया था।`
      : 'आपने वेटलिस्ट छोड़ दी।',
  movedUp: 'आप वेटलिस्ट से आगे आ गए',
  movedUpNote: 'एक जगह ख़ाली हुई: आप ड्रॉ में हैं। आपके मैच नीचे ब्रैकेट में हैं।',
  noPlace: 'आपके लिए कोई जगह ख़ाली नहीं हुई।',
  refunded: 'आपका वेटलिस्ट पेमेंट पूरा रिफ़ंड होगा।',
  joinNext: 'अगले टूर्नामेंट में जुड़ें।',
  leave: 'वेटलिस्ट छोड़ें',
  leaving: 'छोड़ रहे हैं…',
  confirmLeave: 'हाँ, वेटलिस्ट छोड़ें',
  keepPlace: 'मेरी जगह रहने दें',
  leaveWarning: (paid) =>
    `आप लाइन में अपनी जगह खो देंगे और इस वेटलिस्ट में दोबारा नहीं जुड़ सकेंगे।${paid > 0 ? ` आपके ${formatPaiseExact(paid)} पूरे रिफ़ंड होंगे।` : ''}`,
  signInToJoin: 'वेटलिस्ट में जुड़ने के लिए साइन इन करें।',
  onWaitlist: 'वेटलिस्ट पर',
  waitlistLine: ({ position, checkedIn, closed, open, from, closesAt, until }) => {
    const head = `वेटलिस्ट #${position}`;
    if (checkedIn) return `${head} · चेक-इन हो गया: जगह ख़ाली हुई तो आप ${until} पर आगे आएँगे`;
    if (closed) return `${head} · चेक-इन बंद हो चुका है`;
    if (open) return `${head} · जगह ख़ाली होने पर आगे आने के लिए ${closesAt} तक चेक-इन करें`;
    return `${head} · जगह ख़ाली होने पर आगे आने के लिए ${from} से ${closesAt} के बीच चेक-इन करें`;
  },
  error: (hint) => (hint && HINDI_ERRORS[hint]) || 'कुछ गड़बड़ हो गई। फिर से कोशिश करें।',
};

export default hi;
