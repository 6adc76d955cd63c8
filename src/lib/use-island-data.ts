/**
 * The two hooks every data-holding island shares: `useLoad` runs a fetcher and keeps its Load (with a
 * `reload` after an action), `useAction` runs one action at a time and keeps its busy flag and error
 * sentence. Feature hooks (use-<thing>.ts) build on them so islands only render.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeFailure } from './describe-failure';
import { failed, LOADING, type Load, ready } from './load-state';

/**
 * Loads `fetcher()` on mount and whenever `key` changes. `reload()` fetches again and keeps showing the
 * last value meanwhile (no flash back to "loading" after every action). An answer that arrives after a
 * newer load started, or after unmount, is dropped.
 */
export function useLoad<T>(
  fetcher: () => Promise<T>,
  key: unknown = null,
  overrides?: Readonly<Record<string, string>>,
): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>(LOADING);
  const latest = useRef(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const overridesRef = useRef(overrides);
  overridesRef.current = overrides;

  const run = useCallback(() => {
    const ticket = ++latest.current;
    fetcherRef.current().then(
      (value) => ticket === latest.current && setState(ready(value)),
      async (error: unknown) => {
        const message = await describeFailure(error, overridesRef.current);
        if (ticket === latest.current) setState(failed(message));
      },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the caller's signal to load again.
  useEffect(() => {
    setState(LOADING);
    run();
    return () => {
      latest.current++;
    };
  }, [key, run]);

  return [state, run];
}

export type ActionState = {
  busy: boolean;
  /** The sentence for the last failure, cleared when the next action starts. */
  error: string | null;
  /** Runs `action` unless one is already running; answers its value, or undefined when it failed or was skipped. */
  run: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  clearError: () => void;
};

export function useAction(overrides?: Readonly<Record<string, string>>): ActionState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const overridesRef = useRef(overrides);
  overridesRef.current = overrides;

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (failure) {
      setError(await describeFailure(failure, overridesRef.current));
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, run, clearError };
}
