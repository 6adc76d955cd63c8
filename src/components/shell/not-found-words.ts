/**
 * The not-found page's words in both languages. The host serves one 404.html for every missing address, English
 * or under /hi/, and the page has no script: it says the same in both, the Hindi part marked `lang="hi"`, each
 * with links into its own language.
 */
import type { Lang } from '@/lib/i18n/lang';

export type NotFoundWords = { heading: string; lead: string; home: string; tournaments: string };

/** Above the English heading: the error's number says it for both. */
export const NOT_FOUND_EYEBROW = 'Error 404';

export const NOT_FOUND_WORDS: Record<Lang, NotFoundWords> = {
  en: {
    heading: 'Wide of the post',
    lead: 'The page you were looking for isn’t here. It may have moved, or the link was mistyped.',
    home: 'Back to home',
    tournaments: 'See tournaments',
  },
  hi: {
    heading: 'गोल से बाहर',
    lead: 'जो पेज आप ढूँढ रहे थे, वह यहाँ नहीं है। हो सकता है वह कहीं और चला गया हो, या लिंक गलत लिखा गया हो।',
    home: 'होम पर जाएँ',
    tournaments: 'टूर्नामेंट देखें',
  },
};

/** The page's title and description, both languages in one (the host serves one page for both). */
export const NOT_FOUND_TITLE = 'Page not found · पेज नहीं मिला';
export const NOT_FOUND_DESCRIPTION = 'This page is offside. Head back to the tournaments. · यह पेज ऑफ़साइड है। टूर्नामेंट पर वापस जाएँ।';
