/**
 * "Connect With Us" (ConnectWithUs.astro, on the dashboard and the tournaments list), rendered at build time in
 * the page's language. What the community links lead to, and the link hub's name, are the dictionaries' (en.ts /
 * hi.ts `shell.communityLinks`, `shell.allLinks`), shared with the footer.
 */
import type { Lang } from '@/lib/i18n/lang';

export type ConnectWords = {
  heading: string;
  /** The sentence around the dashboard's link: before it, the link's words, after it. */
  lead: readonly [string, string, string];
};

export const CONNECT_WORDS: Record<Lang, ConnectWords> = {
  en: {
    heading: 'Connect With Us',
    lead: [
      'Our communities are for chat with other players. Fixtures, match rooms and results are here on the site: your next match is on your ',
      'dashboard',
      '.',
    ],
  },
  hi: {
    heading: 'हमसे जुड़ें',
    lead: ['हमारी कम्युनिटी दूसरे खिलाड़ियों से चैट के लिए है। फ़िक्स्चर, मैच रूम और रिज़ल्ट यहीं साइट पर हैं: आपका अगला मैच आपके ', 'डैशबोर्ड', ' पर है।'],
  },
};
