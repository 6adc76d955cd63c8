/**
 * Runs work right after the page's first text is on screen: what a page's scripts and islands start
 * (fetching modules, reading data) then no longer holds back its first paint, and the player notices
 * no delay. Browsers without paint timing, and hidden tabs (which paint nothing), run it after a short
 * timer instead.
 */

/** The longest the work waits for the first paint. */
const PAINT_WAIT_LIMIT_MS = 250;

/** After the first paint, then when the browser is next idle: for work below the fold or secondary on the page. */
export function afterFirstPaintWhenIdle(run: () => unknown): void {
  const whenIdle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
  afterFirstPaint(() => whenIdle(() => void run()));
}

export function afterFirstPaint(run: () => unknown): void {
  let observer: PerformanceObserver | undefined;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    // A task, not a microtask: the browser finishes presenting the frame before the work starts.
    setTimeout(run, 0);
  };
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the timer below decides.
  }
  setTimeout(once, PAINT_WAIT_LIMIT_MS);
}
