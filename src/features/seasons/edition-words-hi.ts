/** The Hindi words of edition-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { EditionWords } from './edition-words';

const hi: EditionWords = {
  loading: 'एडिशन लोड हो रहा है…',
  missingHeading: 'ऐसा कोई एडिशन नहीं',
  missing: (id) => (id ? `"${id}" नाम का कोई एडिशन नहीं है।` : 'यह लिंक किसी एडिशन का नाम नहीं बताता।'),
  seeAll: 'सभी टूर्नामेंट देखें',
  fullPage: 'एडिशन का पूरा पेज खोलें',
  starts: 'शुरुआत',
  entry: 'एंट्री',
  prizePool: 'प्राइज़ पूल',
  status: 'स्थिति',
  players: (entries, capacity) => `${entries} / ${capacity} खिलाड़ी`,
  rules: 'नियम',
  end: '।',
  title: 'एडिशन',
  pageDescription: (product) => `${product} की मंथली सीरीज़ का एक एडिशन: उसकी तारीख़, एंट्री, प्राइज़ और नियम।`,
  needsScript: 'एडिशन दिखाने के लिए इस पेज को JavaScript चाहिए।',
  noLink:
    'एडिशन का पेज किसी मंथली सीरीज़ का एक एडिशन दिखाता है: वही जिसका नाम उसके लिंक में है। अभी खुले सभी एडिशन, उनकी तारीख़, एंट्री फ़ीस, प्राइज़ और नियमों के साथ, टूर्नामेंट के पेज पर हैं: ',
};

export default hi;
