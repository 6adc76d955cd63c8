/**
 * Runs work right after the page's first text is on screen: what a page's scripts and islands start
 * (fetching modules, reading data) then no longer holds back its first paint, and the player notices
 * no delay. Browsers without paint timing, and hidden tabs (which paint nothing), run it after a short
 * timer instead.
 */

/** The longest the work waits for the first paint. */
const PAINT_WAIT_LIMIT_MS = 250;

let firstPaint: Promise<void> | undefined;

/** Settles once the page's first contentful paint has happened (or the wait limit passed); one watcher per page. */
function whenFirstPainted(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_LIMIT_MS);
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the timer decides.
    }
  });
  return firstPaint;
}

export function afterFirstPaint(run: () => unknown): void {
  // A task, not a microtask: the browser finishes presenting the frame before the work starts.
  void whenFirstPainted().then(() => setTimeout(run, 0));
}

/** Runs `task` when the browser has a moment (a timeout where requestIdleCallback is missing). */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 200);
}

/** After the first paint, then when the browser is next idle: for work below the fold or secondary on the page. */
export function afterFirstPaintWhenIdle(run: () => unknown): void {
  afterFirstPaint(() => whenIdle(() => void run()));
}
