/**
 * `islandWords(en, () => import('./x-words-hi'))` keeps an island's Hindi words in a chunk of their own, so an
 * English page never downloads them: a module that declares its words starts loading the Hindi chunk as it is
 * imported on a Hindi page (and always on the server, which renders both languages), and `hindiWordsReady()`
 * resolves once every chunk asked for has arrived. The islands' hydration waits for it (`client:painted`,
 * src/lib/hydration/after-first-paint.ts) and the layout awaits it before rendering, so React's first render in
 * the browser is the server's Hindi one. No dependencies: the hydration directive is inlined into pages.
 */
import type { Lang } from './lang';

// One set for the whole document: the hydration directive is inlined into pages with its own copy of this
// module, and it must wait for the chunks the islands' copy asked for.
const shared = globalThis as { __hindiWordsPending?: Set<Promise<unknown>> };
shared.__hindiWordsPending ??= new Set();
const pending = shared.__hindiWordsPending;

/** Whether this document (or the server, which renders both languages) needs the Hindi words. */
const needsHindi = (): boolean => typeof document === 'undefined' || document.documentElement.lang === 'hi';

/**
 * The words of one island in both languages; the Hindi ones load on their own (see above). Until they have
 * arrived `hi` reads the English words, which only a render that did not wait for `hindiWordsReady()` sees.
 */
export function islandWords<T>(en: T, loadHindi: () => Promise<{ default: T }>): Record<Lang, T> {
  let hindi: T | undefined;
  if (needsHindi()) {
    const loading = loadHindi().then((module) => {
      hindi = module.default;
    });
    pending.add(loading);
    void loading.finally(() => pending.delete(loading));
  }
  return {
    en,
    get hi() {
      return hindi ?? en;
    },
  };
}

/** Resolves once every Hindi words chunk asked for so far has arrived (at once on an English page). */
export async function hindiWordsReady(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/**
 * `.then(withHindiWords)` on a lazily loaded module whose words module is first imported with it: on a Hindi page
 * the module resolves once its Hindi words have arrived (at once on an English page), so its first render is in Hindi.
 */
export async function withHindiWords<M>(module: M): Promise<M> {
  await hindiWordsReady();
  return module;
}
