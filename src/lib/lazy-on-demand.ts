/** React.lazy over a module loaded on demand (lib/on-demand): the Suspense fallback stays while it retries. */
import { type ComponentType, lazy } from 'react';
import { hindiWordsReady } from './i18n/island-words';
import { loadOnDemand } from './on-demand';

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props.
export function lazyOnDemand<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy(() => loadOnDemand(load));
}

/**
 * `.then(withHindiWords)` on a lazy module whose words module is first imported with it: on a Hindi page the module
 * resolves once its Hindi words have arrived (at once on an English page), so its first render is in Hindi.
 */
export async function withHindiWords<M>(module: M): Promise<M> {
  await hindiWordsReady();
  return module;
}
