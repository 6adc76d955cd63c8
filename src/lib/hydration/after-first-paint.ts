/**
 * `client:painted`: hydrates an island right after the page's first text is on screen (first-paint.ts);
 * `client:painted="idle"`: after that, once the browser is idle (Astro's own `client:idle` may start
 * loading an island before the first paint, when the browser idles while the page still loads).
 *
 * `client:load` starts fetching and running an island while the page is still being parsed, so the browser
 * may paint the server-rendered text only after React has loaded and hydrated. Waiting for the first paint
 * lets the text show first and costs the player nothing they could notice. The page's data layer starts
 * loading at the same moment (data-layer.ts).
 */
import type { ClientDirective } from 'astro';
import { preloadDataLayer } from './data-layer';
import { afterFirstPaint, afterFirstPaintWhenIdle } from './first-paint';

const hydrateAfterFirstPaint: ClientDirective = (load, options) => {
  const when = options.value === 'idle' ? afterFirstPaintWhenIdle : afterFirstPaint;
  when(async () => {
    preloadDataLayer(document);
    await (await load())();
  });
};

export default hydrateAfterFirstPaint;
