/** The Hindi words shown with a player's data (player-words.ts): loaded with the data on a Hindi page only. */
import { formatDateIn, formatShortDateIn } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/lang';
import type { PlayerWords } from './player-words';

const hi: PlayerWords = {
  missing: 'इस लिंक का कोई खिलाड़ी नहीं है।',
  failed: (reason) => `खिलाड़ी लोड नहीं हो सका: ${reason}`,
  rating: 'रेटिंग',
  provisional: 'नया खिलाड़ी: अभी कोई रेटेड मैच नहीं',
  likely: (low, high) => `शायद ${low} से ${high} के बीच`,
  seasonPoints: 'सीज़न पॉइंट',
  months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
  ratedThrough: 'रेटिंग कब तक की',
  weekTo: (date) => `${date} तक का हफ़्ता`,
  noWeekYet: 'अभी कोई हफ़्ता रेट नहीं हुआ',
  ratingsMove: 'रेटिंग हफ़्ते में एक बार, सोमवार (IST) को, उस हफ़्ते के कन्फ़र्म मैचों से बदलती है।',
  historyHeading: 'रेटिंग हिस्ट्री',
  noHistory: 'अभी कोई रेटेड हफ़्ता नहीं: पहला, खेले गए मैच के बाद वाले सोमवार को आता है।',
  resultsHeading: 'रिज़ल्ट',
  noResults: 'अभी कोई टूर्नामेंट ख़त्म नहीं हुआ।',
  // "1st" → "नंबर 1", "3rd–4th" → "नंबर 3–4": a place needs no gender this way (glossary).
  place: (label) => `नंबर ${label.replace(/(\d+)(?:st|nd|rd|th)/g, '$1')}`,
  points: (points) => `${points} पॉइंट`,
  chartLabel: (weeks, now) => `${weeks} रेटेड हफ़्तों की रेटिंग, अभी ${now}`,
  weekOf: (date) => `${date} वाला हफ़्ता`,
  matches: (games) => `${games} मैच`,
  date: (value) => formatDateIn('hi', value),
  shortDate: (value) => formatShortDateIn('hi', value),
  href: (path) => localePath(path, 'hi'),
};

export default hi;
