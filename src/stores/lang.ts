/**
 * The page's language, for islands: 'hi' on the Hindi pages (/hi/...), else 'en'. BaseLayout sets it while
 * the page renders at build time; in the browser it starts from <html lang>, so the islands' first render
 * matches the page they hydrate into.
 */
import { atom } from 'nanostores';
import type { Lang } from '@/lib/i18n/lang';

const fromDocument = (): Lang => (typeof document !== 'undefined' && document.documentElement.lang === 'hi' ? 'hi' : 'en');

export const $lang = atom<Lang>(fromDocument());
