/**
 * The words of a page in its language: `messages(lang)` at build time in .astro files (static pages ship
 * no JavaScript for them). Islands read theirs through the `$lang` store (src/stores/lang.ts).
 */
import { en, type Messages } from './en';
import { hi } from './hi';
import type { Lang } from './lang';

const DICTIONARIES: Record<Lang, Messages> = { en, hi };

export function messages(lang: Lang): Messages {
  return DICTIONARIES[lang];
}

export type { Messages };
