/**
 * Modules loaded on demand (dialogs, islands' later parts, the api modules) that recover from a dropped
 * connection. Chromium remembers a module whose fetch failed: importing the same address again fails at
 * once, without a request, until the page reloads. So a retry imports the same file under a fresh address
 * (`?retry=<n>`), which the browser treats as a module it has not seen.
 */
import { dismissToast, showToast } from '@/stores/toast';

/** Waits between the attempts after the first: the connection gets a few seconds to come back. */
export const RETRY_DELAYS_MS = [400, 1500, 4000] as const;

export const RETRYING_MESSAGE = 'The connection dropped: loading this part of the page again…';

/** The address of the module named in a failed dynamic import's message, or null when none is named. */
export function failedModuleAddress(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?(?=$|[\s'"])/.exec(message);
  return match ? match[1] : null;
}

let retryCount = 0;

/** A fresh address for the same file, so the browser fetches it again. */
export function freshAddress(address: string): string {
  retryCount += 1;
  return `${address}?retry=${Date.now().toString(36)}${retryCount}`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Options {
  /** Told once, before the first retry; what it returns is called when the retries end, either way. The
   * default shows a toast saying the part loads again, for as long as it does. */
  onRetry?: () => () => void;
  delaysMs?: readonly number[];
  importFresh?: (address: string) => Promise<unknown>;
}

function showRetrying(): () => void {
  const id = showToast(RETRYING_MESSAGE, 'info', 0);
  return () => dismissToast(id);
}

const importAddress = (address: string) => import(/* @vite-ignore */ address);

/**
 * Loads a module, and after a failed fetch loads it again under fresh addresses a few times before giving
 * up with the first error (so callers keep their own message for a connection that stays down).
 */
export async function loadOnDemand<T>(load: () => Promise<T>, options: Options = {}): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const address = failedModuleAddress(error);
    if (!address) throw error;
    const done = (options.onRetry ?? showRetrying)();
    const importFresh = options.importFresh ?? importAddress;
    try {
      for (const delay of options.delaysMs ?? RETRY_DELAYS_MS) {
        await wait(delay);
        try {
          return (await importFresh(freshAddress(address))) as T;
        } catch {
          // Still offline: the next attempt waits longer.
        }
      }
      throw error;
    } finally {
      done();
    }
  }
}

/** `() => import('./x')` that recovers: the same function, each call retrying as loadOnDemand does. */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  return () => loadOnDemand(load);
}
