/**
 * The two hooks every data-holding island shares: `useLoad` runs a fetcher and keeps its Load (with a
 * `reload` after an action), `useAction` runs one action at a time and keeps its busy flag and error
 * sentence. Feature hooks (use-<thing>.ts) build on them so islands only render.
 */
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * A value read by `read()` and read again whenever `watch` reports a change (a Realtime row change), for as
 * long as `key` holds; null while `enabled` is false. A failed read keeps the last value: the islands
 * using this have another place that says what is known (the pay panel). The setter lets an action show its
 * effect before the next read confirms it.
 */
export function useWatchedValue<T>(
  enabled: boolean,
  read: () => Promise<T>,
  watch: (onChange: () => void) => Promise<() => void>,
  key: readonly unknown[],
): [T | null, Dispatch<SetStateAction<T | null>>] {
  const [value, setValue] = useState<T | null>(null);
  const readRef = useRef(read);
  readRef.current = read;
  const watchRef = useRef(watch);
  watchRef.current = watch;

  // `key` is the caller's signal to read again; `read` and `watch` are read through refs, so a new closure each render reads nothing twice.
  useEffect(() => {
    if (!enabled) {
      setValue(null); // signed out, say: nothing of the last player's stays on screen
      return;
    }
    let cancelled = false;
    let stop = () => {};
    const load = () =>
      readRef.current().then(
        (found) => {
          if (!cancelled) setValue(found);
        },
        () => {},
      );
    void load();
    void watchRef
      .current(() => void load())
      .then((unwatch) => {
        if (cancelled) unwatch();
        else stop = unwatch;
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [enabled, ...key]);

  return [value, setValue];
}
