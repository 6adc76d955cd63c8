/**
 * The story news page's words (story-news.astro) in both languages, rendered at build time: the page's script
 * gets the few it shows after a click in one data attribute, so it carries no dictionary. The outcome of a link
 * (`link`) is worded here, never the database's English on a Hindi page. Hindi follows docs/hindi-glossary.md.
 */
import type { Lang } from '@/lib/i18n/lang';
import { STORY_NEWS_LINK_EN, type StoryNewsLinkWords } from './story-news';

export type StoryNewsWords = {
  title: string;
  description: string;
  /** Before the script reads the link (or when the page has none). */
  noLink: string;
  needsScript: (supportEmail: string) => string;
  intro: { confirm: string; unsubscribe: string };
  button: { confirm: string; unsubscribe: string };
  link: StoryNewsLinkWords;
};

const en: StoryNewsWords = {
  title: 'Story news',
  description: 'Confirm or stop the e-mails about new player stories.',
  noLink: 'This page needs the link from a story news e-mail. Open the link from the e-mail again.',
  needsScript: (supportEmail) => `This needs JavaScript. You can also e-mail ${supportEmail}.`,
  intro: {
    confirm: 'Confirm that you want an e-mail when new player stories are published on Golazo Arena.',
    unsubscribe: 'Stop the e-mails about new player stories: your address is removed from the list.',
  },
  button: { confirm: 'Confirm my address', unsubscribe: 'Unsubscribe' },
  link: STORY_NEWS_LINK_EN,
};

const hi: StoryNewsWords = {
  title: 'कहानियों की ख़बरें',
  description: 'खिलाड़ियों की नई कहानियों के ई-मेल की पुष्टि करें या उन्हें बंद करें।',
  noLink: 'इस पेज के लिए कहानियों की ख़बरों वाले ई-मेल का लिंक चाहिए। ई-मेल से लिंक फिर से खोलें।',
  needsScript: (supportEmail) => `इसके लिए JavaScript चाहिए। आप ${supportEmail} पर ई-मेल भी कर सकते हैं।`,
  intro: {
    confirm: 'पुष्टि करें कि Golazo Arena पर खिलाड़ियों की नई कहानियाँ छपने पर आप ई-मेल पाना चाहते हैं।',
    unsubscribe: 'खिलाड़ियों की नई कहानियों के ई-मेल बंद करें: आपका पता लिस्ट से हटा दिया जाएगा।',
  },
  button: { confirm: 'मेरे पते की पुष्टि करें', unsubscribe: 'ई-मेल बंद करें' },
  link: {
    confirmed: 'पुष्टि हो गई। खिलाड़ियों की नई कहानियाँ छपने पर हम आपको ई-मेल करेंगे; हर ई-मेल में उन्हें बंद करने का लिंक होता है।',
    unsubscribed: 'हो गया: आपका पता हटा दिया गया, अब आपको कहानियों की कोई ख़बर नहीं मिलेगी।',
    failed: 'यह नहीं हो सका। अपना कनेक्शन जाँचें और फिर कोशिश करें।',
    invalid: 'यह लिंक सही नहीं है: शायद इसका इस्तेमाल हो चुका है, या साइन-अप हटा दिया गया।',
  },
};

export const STORY_NEWS_WORDS: Record<Lang, StoryNewsWords> = { en, hi };
