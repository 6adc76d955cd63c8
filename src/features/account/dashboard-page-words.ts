/**
 * The dashboard's static words (dashboard.astro and its news ticker; its tournament cards' and "Connect With Us"'s
 * words are theirs, in tournaments/card-words.ts and components/info/connect-words.ts),
 * rendered at build time in the page's language: kept apart from the islands' words so no browser downloads them.
 */
import type { Lang } from '@/lib/i18n/lang';

export type DashboardPageWords = {
  title: string;
  description: (product: string) => string;
  eyebrow: string;
  welcome: (product: string) => string;
  lead: string;
  newsLabel: string;
  news: readonly string[];
  upcoming: string;
  allTournaments: string;
};

const en: DashboardPageWords = {
  title: 'Dashboard',
  description: (product) =>
    `Your ${product} home: your entries, check-ins and next matches, and the upcoming tournaments with their entry fees and prize pools.`,
  eyebrow: 'Dashboard',
  welcome: (product) => `Welcome to ${product}`,
  lead: 'Your entries, check-ins and next matches, live. The bell at the top tells you when something needs you.',
  newsLabel: 'News',
  news: [
    'Check-in, fixtures, match rooms and results are all here on the site: your next match shows on this page',
    'A new 1v1, Super 4 and Super 8 pod opens the moment the last one fills',
  ],
  upcoming: 'Upcoming Tournaments',
  allTournaments: 'All tournaments',
};

const hi: DashboardPageWords = {
  title: 'डैशबोर्ड',
  description: (product) => `आपका ${product} होम: आपकी एंट्री, चेक-इन और अगले मैच, और आने वाले टूर्नामेंट उनकी एंट्री फ़ीस और प्राइज़ पूल के साथ।`,
  eyebrow: 'डैशबोर्ड',
  welcome: (product) => `${product} में आपका स्वागत है`,
  lead: 'आपकी एंट्री, चेक-इन और अगले मैच, लाइव। जब किसी चीज़ पर आपकी ज़रूरत हो, ऊपर की घंटी बताती है।',
  newsLabel: 'ख़बरें',
  news: [
    'चेक-इन, फ़िक्स्चर, मैच रूम और रिज़ल्ट सब यहीं साइट पर हैं: आपका अगला मैच इसी पेज पर दिखता है',
    'आख़िरी पॉड भरते ही नया 1v1, Super 4 और Super 8 पॉड खुल जाता है',
  ],
  upcoming: 'आने वाले टूर्नामेंट',
  allTournaments: 'सभी टूर्नामेंट',
};

export const DASHBOARD_PAGE_WORDS: Record<Lang, DashboardPageWords> = { en, hi };
