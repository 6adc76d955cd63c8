/** React.lazy over a module loaded on demand (lib/on-demand): the Suspense fallback stays while it retries. */
import { type ComponentType, lazy } from 'react';
import { loadOnDemand } from './on-demand';

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props.
export function lazyOnDemand<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy(() => loadOnDemand(load));
}
