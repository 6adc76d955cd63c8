/**
 * The Hindi words of pod-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts).
 * The promises above the Pay button are promises-hi.ts's, from the same numbers as the English ones.
 */
import { formatIntroHi } from '@/features/brackets/formats/intro';
import { payPanelPromisesHi } from '@/features/tournaments/promises-hi';
import { entriesLabelIn } from '@/features/tournaments/status-words';
import { POD_START_DELAY_MINUTES } from '@/lib/rules';
import { reasonIn } from '@/lib/i18n/reason-lookup';
import { formatNameIn } from '@/features/tournaments/format-names';
import { formatRupees } from '@/lib/format';
import { CANCEL_REASONS_HI } from '@/lib/i18n/reasons-hi/cancel';
import type { PodWords } from './pod-words';

const hi: PodWords = {
  missing: 'इस लिंक का कोई पॉड नहीं है।',
  loadFailed: 'पॉड लोड नहीं हो सका।',
  seeAll: 'हर टूर्नामेंट और उसका खुला पॉड देखें',
  pod: (n) => ` · पॉड #${n}`,
  title: 'पॉड',
  lead: (isPod) => `${isPod ? 'एक क्विक-फ़ॉर्मेट टूर्नामेंट' : 'एक टूर्नामेंट'}: कौन खेल रहा है, कब शुरू होगा, चेक-इन, ड्रॉ और हर मैच, सब कुछ लाइव।`,
  entries: 'एंट्री',
  entriesValue: (state, capacity) => entriesLabelIn('hi', state ? state.entries : null, state ? state.capacity : capacity),
  prizePool: 'प्राइज़ पूल',
  prizePoolValue: (rupees) => (rupees === 0 ? 'कैश प्राइज़ नहीं' : formatRupees(rupees)),
  formatName: (format) => formatNameIn('hi', format),
  starts: 'शुरुआत',
  afterItFills: `भरने के ${POD_START_DELAY_MINUTES} मिनट बाद`,
  notFullBy: (when) => `अगर ${when} तक यह नहीं भरा, तो पॉड रद्द होगा और हर एंट्री रिफ़ंड होगी।`,
  cancelled: 'यह पॉड रद्द हुआ और हर एंट्री रिफ़ंड हो गई।',
  // The database's sentence is English: its code's words, else what happened.
  cancelledBecause: (_reason, code) => reasonIn(CANCEL_REASONS_HI, code) ?? 'यह पॉड रद्द हुआ और हर एंट्री रिफ़ंड हो गई।',
  bracket: 'ब्रैकेट',
  format: formatIntroHi,
  drawRuns: 'ड्रॉ चेक-इन बंद होने पर निकलता है; सिर्फ़ चेक-इन की हुई एंट्री ड्रॉ में आती हैं।',
  loadingBracket: 'ब्रैकेट लोड हो रहा है…',
  standings: 'स्टैंडिंग',
  standingsLead: 'हर खिलाड़ी का स्थान उस राउंड से, जिसमें वह बाहर हुआ: एक ही राउंड में बाहर हुए खिलाड़ी एक स्थान साझा करते हैं।',
  promises: payPanelPromisesHi,
  pageDescription: (product) => `${product} पर एक क्विक-फ़ॉर्मेट पॉड: आख़िरी जगह भरने के ${POD_START_DELAY_MINUTES} मिनट बाद शुरू होता है।`,
  needsScript: 'पॉड के खिलाड़ी और स्थिति दिखाने के लिए इस पेज को JavaScript चाहिए।',
  seeAllTournaments: 'सभी टूर्नामेंट देखें',
};

export default hi;
