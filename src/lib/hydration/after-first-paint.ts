/**
 * `client:painted`: hydrates an island right after the page's first text is on screen (first-paint.ts);
 * `client:painted="idle"`: after that, once the browser is idle (Astro's own `client:idle` may start
 * loading an island before the first paint, when the browser idles while the page still loads);
 * `client:painted="visible"`: after that, once the island scrolls into view (as Astro's `client:visible`).
 *
 * `client:load` starts fetching and running an island while the page is still being parsed, so the browser
 * may paint the server-rendered text only after React has loaded and hydrated. Waiting for the first paint
 * lets the text show first and costs the player nothing they could notice. The page's data layer starts
 * loading at the same moment (data-layer.ts). On a Hindi page the island's Hindi words load in their own chunk
 * (lib/i18n/island-words.ts islandWords): hydration waits for them, so React's first render matches the page.
 * They are preloaded with the data layer, so they arrive with the island's code, not a round trip after it.
 */
import type { ClientDirective } from 'astro';
import { hindiWordsReady } from '@/lib/i18n/island-words';
import { preloadDataLayer } from './data-layer';
import { afterFirstPaint, afterFirstPaintWhenIdle } from './first-paint';

/** Runs `start` once any child of the island's element is on screen. */
function whenVisible(element: HTMLElement, start: () => void): void {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    start();
  });
  for (const child of element.children.length > 0 ? [...element.children] : [element]) observer.observe(child);
}

const hydrateAfterFirstPaint: ClientDirective = (load, options, element) => {
  const when = options.value === 'idle' ? afterFirstPaintWhenIdle : afterFirstPaint;
  when(() => {
    preloadDataLayer(document);
    const hydrate = async () => {
      const run = await load();
      await hindiWordsReady();
      await run();
    };
    if (options.value === 'visible') whenVisible(element, () => void hydrate());
    else void hydrate();
  });
};

export default hydrateAfterFirstPaint;
