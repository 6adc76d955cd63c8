/** Calls `poll` every `intervalMs` while `active`: a screen that waits for something still moving (a check, a payout). */
import { useEffect } from 'react';

export function usePolling(active: boolean, poll: () => void, intervalMs = 4000): void {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(poll, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, poll, intervalMs]);
}
