/**
 * A bracket renders what the screen shows first and the rest after: a phone gets the round tabs and not the
 * tree its CSS would hide (a pod's tree is every match again), a wide screen the tree and not the tabs, and a
 * long round (the 256 first-round matches of a 300-entry championship) its first cards at once and the rest
 * in slices while the browser is idle, so no task at load runs long enough to delay a tap.
 */
import { useEffect, useState } from 'react';

/** Tailwind's `md`: where the tree replaces the round tabs. */
const WIDE = '(min-width: 48rem)';

/** Whether the screen is wide enough for the tree; follows a rotated phone or a resized window. */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}

/** Cards rendered with the round: more than a phone's screen holds. */
export const FIRST_CARDS = 12;
/** Cards added in each idle moment after that. */
export const CARDS_PER_SLICE = 24;

/** How many of `total` cards to render after `shown`: the next slice, never more than there are. */
export const nextShown = (shown: number, total: number): number => Math.min(total, shown + CARDS_PER_SLICE);

/**
 * How many of a list's `total` items to render: FIRST_CARDS at once, then a slice each time the browser is
 * idle, until all are there. `key` starts over (another round picked).
 */
export function useShownCount(total: number, key: string | number): number {
  const [state, setState] = useState({ key, shown: Math.min(total, FIRST_CARDS) });
  const shown = state.key === key ? Math.min(state.shown, total) : Math.min(total, FIRST_CARDS);
  useEffect(() => {
    if (shown >= total) return;
    const next = () => setState({ key, shown: nextShown(shown, total) });
    // Safari has no requestIdleCallback: a timer then. The timeout keeps a busy page from waiting forever.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(next, 16);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(next, { timeout: 200 });
    return () => window.cancelIdleCallback(handle);
  }, [key, shown, total]);
  return shown;
}
