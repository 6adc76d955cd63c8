/**
 * `client:painted`: hydrates an island right after the page's first text is on screen.
 *
 * `client:load` starts fetching and running an island while the page is still being parsed, so the browser
 * may paint the server-rendered text only after React has loaded and hydrated. Waiting for the first
 * contentful paint lets the text show first and costs the player nothing they could notice. Browsers
 * without paint timing, and hidden tabs (which paint nothing), hydrate after a short timer instead.
 * The page's data layer starts loading at the same moment (data-layer.ts).
 */
import type { ClientDirective } from 'astro';
import { preloadDataLayer } from './data-layer';

/** The longest an island waits for the first paint. */
const PAINT_WAIT_LIMIT_MS = 250;

function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    // A task, not a microtask: the browser finishes presenting the frame before the island's work starts.
    setTimeout(run, 0);
  };
  let observer: PerformanceObserver | undefined;
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

const hydrateAfterFirstPaint: ClientDirective = (load) => {
  afterFirstPaint(async () => {
    preloadDataLayer(document);
    await (await load())();
  });
};

export default hydrateAfterFirstPaint;
