/**
 * `useLoad` for the signed-in player's own data: nothing is read, and the island keeps its loading layout,
 * until `userId` is known; another player (or `key`, say a picked year) reads again.
 */
import type { Load } from './load-state';
import { useLoad } from './use-island-data';

/** What a load waits on before anyone is signed in: it never settles, so the state stays "loading". */
const untilSignedIn = () => new Promise<never>(() => undefined);

export function useSignedInLoad<T>(
  userId: string | null | undefined,
  fetcher: () => Promise<T>,
  options: { key?: string | number; overrides?: Readonly<Record<string, string>> } = {},
): [Load<T>, () => void] {
  const key = userId ? `${userId}|${options.key ?? ''}` : null;
  return useLoad(userId ? fetcher : untilSignedIn, key, options.overrides);
}
