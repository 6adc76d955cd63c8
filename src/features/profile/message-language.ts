/**
 * The profile's "language for messages" words, in both languages (the page's language picks the words; the
 * player's choice picks the language of their notifications, e-mails, push and WhatsApp messages). Each
 * language's name is written in itself, so a player finds their own whatever page they are on.
 */
import type { Lang } from '@/lib/i18n/lang';

export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', hi: 'हिन्दी' };

export type MessageLanguageWords = {
  heading: string;
  intro: string;
  loading: string;
  saved: (language: Lang) => string;
  failed: string;
  loadFailed: string;
};

export const MESSAGE_LANGUAGE_WORDS: Record<Lang, MessageLanguageWords> = {
  en: {
    heading: 'Language for messages',
    intro: 'Notifications, e-mails, push alerts and WhatsApp messages come in this language. Dates and times are in IST.',
    loading: 'Loading…',
    saved: (language) => `Saved: your messages now come in ${language === 'hi' ? 'Hindi' : 'English'}.`,
    failed: 'Your language could not be saved. Please try again.',
    loadFailed: 'Your language could not be loaded. Reload the page to try again.',
  },
  hi: {
    heading: 'संदेशों की भाषा',
    intro: 'नोटिफ़िकेशन, ई-मेल, पुश अलर्ट और WhatsApp संदेश इसी भाषा में आते हैं। तारीख़ और समय IST में होते हैं।',
    loading: 'लोड हो रहा है…',
    saved: (language) => `सेव हो गया: अब आपके संदेश ${language === 'hi' ? 'हिन्दी' : 'अंग्रेज़ी'} में आएँगे।`,
    failed: 'आपकी भाषा सेव नहीं हो सकी। फिर से कोशिश करें।',
    loadFailed: 'आपकी भाषा लोड नहीं हो सकी। फिर से कोशिश करने के लिए पेज रीलोड करें।',
  },
};
