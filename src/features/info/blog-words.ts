/**
 * The blog index and its "Notify me" form in both languages, rendered at build time (no words in the page's
 * script but the three it is handed in data attributes). The consent sentence a visitor ticks is stored as they
 * read it, in their language. Stories themselves are not written yet; when they are, they stay in the language
 * they were written in. Hindi follows docs/hindi-glossary.md (कम्युनिटी, ई-मेल).
 */
import type { Lang } from '@/lib/i18n/lang';
import { STORY_NEWS_FAILED, STORY_NEWS_SAVED, storyNewsConsent } from './story-news';

export type BlogWords = {
  title: string;
  description: (product: string) => string;
  eyebrow: string;
  intro: string;
  comingSoon: string;
  heading: string;
  lead: string;
  email: string;
  consent: (product: string, supportEmail: string) => string;
  notifyMe: string;
  saving: string;
  saved: string;
  failed: string;
  needsScript: (supportEmail: string) => string;
};

const en: BlogWords = {
  title: 'Player Stories',
  description: (product) =>
    `Stories from the ${product} community: comebacks, last-minute winners and the players behind them. Coming soon.`,
  eyebrow: 'Blog',
  intro: "Comebacks, last-minute winners and the players behind them. Real stories from India's eFootball community.",
  comingSoon: 'Coming Soon',
  heading: 'The first stories are on their way',
  lead: 'We are talking to champions, underdogs and first-time winners. Leave your email and we will tell you when the first story is out.',
  email: 'Email address',
  consent: storyNewsConsent,
  notifyMe: 'Notify Me',
  saving: 'Saving…',
  saved: STORY_NEWS_SAVED,
  failed: STORY_NEWS_FAILED,
  needsScript: (supportEmail) => `Signing up needs JavaScript. You can also e-mail ${supportEmail}.`,
};

const hi: BlogWords = {
  title: 'खिलाड़ियों की कहानियाँ',
  description: (product) => `${product} कम्युनिटी की कहानियाँ: वापसी, आख़िरी पल की जीत और उनके पीछे के खिलाड़ी। जल्द आ रही हैं।`,
  eyebrow: 'ब्लॉग',
  intro: 'वापसी, आख़िरी पल की जीत और उनके पीछे के खिलाड़ी। भारत की eFootball कम्युनिटी की सच्ची कहानियाँ।',
  comingSoon: 'जल्द आ रहा है',
  heading: 'पहली कहानियाँ रास्ते में हैं',
  lead: 'हम चैंपियंस, अंडरडॉग्स और पहली बार जीतने वालों से बात कर रहे हैं। अपना ई-मेल छोड़ें, पहली कहानी आते ही हम आपको बताएँगे।',
  email: 'ई-मेल पता',
  consent: (product, supportEmail) =>
    `मैं सहमत हूँ कि नई कहानियाँ छपने पर ${product} मुझे ई-मेल कर सकता है। मैं कभी भी ${supportEmail} से अपना पता हटाने को कह सकता/सकती हूँ।`,
  notifyMe: 'मुझे बताएँ',
  saving: 'सेव हो रहा है…',
  saved: 'लगभग हो गया: पुष्टि के लिए हमारे ई-मेल किए लिंक को खोलें। तब तक कुछ और नहीं भेजा जाएगा।',
  failed: 'आपका पता सेव नहीं हो सका। अपना कनेक्शन और पता जाँचें, फिर कोशिश करें।',
  needsScript: (supportEmail) => `साइन अप के लिए JavaScript चाहिए। आप ${supportEmail} पर ई-मेल भी कर सकते हैं।`,
};

export const BLOG_WORDS: Record<Lang, BlogWords> = { en, hi };
