/**
 * The time now, in ms, moving on every `intervalMs` while `ticking`: countdowns and windows that open and
 * close by the clock (Ready, the report, a walkover's contest time) follow it without a reload.
 */
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 1000, ticking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, ticking]);
  return now;
}
