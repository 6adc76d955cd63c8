/**
 * An island's words in the page's language, from the `$lang` store: `useMessages(EARNINGS_WORDS)` where
 * the argument holds one typed dictionary per language (the island's own few words, so an island never
 * carries the whole site's dictionary).
 * The Hindi words of the larger islands load in a chunk of their own (island-words.ts `islandWords`).
 */
import { useStore } from '@nanostores/react';
import { $lang } from '@/stores/lang';
import type { Lang } from './lang';

export function useMessages<T>(dictionaries: Record<Lang, T>): T {
  return dictionaries[useStore($lang)];
}
