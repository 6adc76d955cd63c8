/**
 * The Hindi words of my-tournaments-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts).
 * Follows docs/hindi-glossary.md.
 */
import { roundHi } from '@/features/brackets/bracket-words-hi';
import type { MyTournamentsWords } from './my-tournaments-words';

const hi: MyTournamentsWords = {
  eyebrow: 'आपके गेम',
  title: 'मेरे टूर्नामेंट',
  description: 'जिन टूर्नामेंट के लिए आपने रजिस्टर किया है, और उनकी स्थिति।',
  lead: 'हर टूर्नामेंट जिसके लिए आपने रजिस्टर किया है, उसकी स्थिति के साथ। चेक-इन खुलने पर यहीं चेक-इन करें, फिर अपना ड्रॉ, अपने मैच और अपना स्थान देखें।',
  tabs: { championship: 'चैंपियंस टूर', quick: '1v1 और Super 4/8' },
  tabsLabel: 'टूर्नामेंट सीरीज़',
  loading: 'आपके टूर्नामेंट लोड हो रहे हैं',
  loadFailed: 'आपके टूर्नामेंट लोड नहीं हो सके',
  tryAgain: 'फिर से कोशिश करें',
  noRegistrations: 'आपने अभी तक किसी टूर्नामेंट के लिए रजिस्टर नहीं किया है',
  noneInSeries: (series) => `${series} में अभी कोई एंट्री नहीं`,
  browse: 'उपलब्ध टूर्नामेंट देखें',
  registeredOn: (date) => `${date} को रजिस्टर किया`,
  fromInvitation: 'इनविटेशन से मिली आपकी जगह',
  entries: (count) => `${count} एंट्री`,
  refundOnWay: (amount) => `${amount} का रिफ़ंड रास्ते में है`,
  refunded: (amount) => `${amount} रिफ़ंड हो गए`,
  yourPlace: 'आपका स्थान:',
  cancelled: 'रद्द',
  nextMatch: 'आपका अगला मैच',
  nextMatchLine: (round, opponent) => `${round}: ${opponent ?? 'दूसरे मैच का विजेता (अभी तय नहीं)'} के ख़िलाफ़`,
  openMatch: 'मैच खोलें',
  round: roundHi,
  place: (label) => label.replace(/(\d+)(?:st|nd|rd|th)/g, '$1'),
};

export default hi;
