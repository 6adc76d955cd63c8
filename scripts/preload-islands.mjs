/**
 * An Astro integration that lets a page fetch what its islands import lazily but need at once together with the
 * islands: a signed-in page's data layer, a Hindi page's Hindi words.
 *
 * Islands import the data layer lazily (the Supabase client, each feature's `*.api` module) to keep it off
 * public pages. On a private page (only a signed-in player reads it) that laziness only costs time: the
 * island loads, then asks for the client, then for the feature's data module, then for the data, one round
 * trip after another. An island's Hindi words are a chunk of their own (src/lib/i18n/island-words.ts), asked for
 * when the island's words module runs, and the island hydrates once they have arrived: on a Hindi page that was
 * two round trips after the island's code (the chunk, then what it imports). After the build, each private page
 * names its data-layer modules, and each Hindi page the Hindi words chunks of its islands (with what they import
 * that the islands do not already) in a `<meta name="golazo:data-layer">`; the `client:painted` directive turns
 * them into `<link rel="modulepreload">` hints right after the first paint, so they arrive with the islands.
 *
 * Not as hints in the <head>: anything fetched before the first paint delays it in Lighthouse's mobile model,
 * and the islands themselves only start loading after it. The islands' own static imports get no hints at all
 * (the browser finds them as soon as an island loads).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtModuleReader, htmlFiles } from './built-site.mjs';
import { DATA_LAYER_META } from '../src/lib/hydration/data-layer.ts';
import { HINDI_WORDS_CHUNK, isHindiPage, moduleGraph, resolveSitePath, routeOfHtmlFile } from './route-js.mjs';

/** Lazily imported modules that a private page needs at once: the Supabase client and the features' data modules. */
const DATA_LAYER = /\/(supabase|[\w-]+\.api)(\.[\w-]+)?\.js$/;

/** An island's directive (`client="painted"`) and its value (`opts="{&quot;value&quot;:&quot;idle&quot;}"`). */
function hydratesAtOnce(islandTag) {
  const directive = /\sclient="([^"]+)"/.exec(islandTag)?.[1];
  const opts = /\sopts="([^"]*)"/.exec(islandTag)?.[1];
  const value = opts ? JSON.parse(opts.replace(/&quot;/g, '"').replace(/&amp;/g, '&')).value : undefined;
  // `client:painted="idle"` and `client:painted="visible"` hydrate later (when idle, when scrolled into view).
  return directive === 'load' || (directive === 'painted' && value !== 'idle' && value !== 'visible');
}

/**
 * The component and renderer URLs of the islands a page hydrates at once (`client:load`, `client:painted`, not
 * `client:painted="idle"` nor `client:painted="visible"`).
 */
export function eagerIslandUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const tag = match[0];
    if (!hydratesAtOnce(tag)) continue;
    for (const name of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
      if (url) urls.add(url);
    }
  }
  return [...urls];
}

/**
 * The page with a meta element naming each module its eager islands import lazily but need at once, before
 * `</head>`: the data layer on a private page, the islands' Hindi words chunks on a Hindi page (`/hi/...`), with
 * what those import that the islands do not; unchanged when there is none.
 */
export function withIslandPreloads(html, pagePath, readModule, { isPrivate = false } = {}) {
  const entries = eagerIslandUrls(html)
    .map((url) => resolveSitePath(url, pagePath))
    .filter(Boolean);
  const eager = new Set(moduleGraph(entries, readModule));
  const hindi = isHindiPage(pagePath);
  const neededAtOnce = (path) => (isPrivate && DATA_LAYER.test(path)) || (hindi && HINDI_WORDS_CHUNK.test(path));
  const modules = moduleGraph(entries, readModule, neededAtOnce).filter((path) => !eager.has(path));
  if (modules.length === 0 || html.includes(`name="${DATA_LAYER_META}"`)) return html;
  return html.replace('</head>', `<meta name="${DATA_LAYER_META}" content="${modules.join(' ')}"></head>`);
}

/** @param {{ privatePaths?: string[] }} [options] `privatePaths`: the routes only a signed-in player reads (the route table's private pages). */
export default function preloadIslands({ privatePaths = [] } = {}) {
  const privateRoutes = new Set(privatePaths);
  return {
    name: 'golazo:preload-islands',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const readModule = builtModuleReader(root);
        let pages = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const relativePath = relative(root, file).replace(/\\/g, '/');
          const preloaded = withIslandPreloads(html, `/${relativePath}`, readModule, {
            isPrivate: privateRoutes.has(routeOfHtmlFile(relativePath)),
          });
          if (preloaded === html) continue;
          writeFileSync(file, preloaded);
          pages++;
        }
        logger.info(`data layer (private pages) and Hindi words (Hindi pages) preloaded on ${pages} page(s)`);
      },
    },
  };
}
