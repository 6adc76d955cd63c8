/**
 * An Astro integration that lets a signed-in page fetch its data layer together with its islands.
 *
 * Islands import the data layer lazily (the Supabase client, each feature's `*.api` module) to keep it off
 * public pages. On a private page (only a signed-in player reads it) that laziness only costs time: the
 * island loads, then asks for the client, then for the feature's data module, then for the data, one round
 * trip after another. After the build, each private page gets a `<link rel="modulepreload">` for those
 * modules (and what they import that the islands do not already), so they arrive with the islands.
 *
 * The islands' own static imports get no hints: the browser finds them while the page paints, and hints for
 * them were measured to delay the first paint of text in Lighthouse's mobile model (LCP +0.4 to 0.7 s).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtModuleReader, htmlFiles } from './built-site.mjs';
import { moduleGraph, resolveSitePath, routeOfHtmlFile } from './route-js.mjs';

/** Lazily imported modules that a private page needs at once: the Supabase client and the features' data modules. */
const DATA_LAYER = /\/(supabase|[\w-]+\.api)(\.[\w-]+)?\.js$/;

/** The component and renderer URLs of a page's `client:load` islands. */
export function eagerIslandUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\sclient="load"/.test(tag)) continue;
    for (const name of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
      if (url) urls.add(url);
    }
  }
  return [...urls];
}

/**
 * The page with one modulepreload link per module of the data layer its eager islands import lazily (on a
 * private page only), before `</head>`; unchanged when there is none.
 */
export function withIslandPreloads(html, pagePath, readModule, { isPrivate = false } = {}) {
  const entries = eagerIslandUrls(html)
    .map((url) => resolveSitePath(url, pagePath))
    .filter(Boolean);
  const eager = new Set(moduleGraph(entries, readModule));
  const modules = moduleGraph(entries, readModule, (path) => isPrivate && DATA_LAYER.test(path)).filter(
    (path) => !eager.has(path) && !html.includes(`href="${path}"`),
  );
  if (modules.length === 0) return html;
  const links = modules.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
  return html.replace('</head>', `${links}</head>`);
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
        logger.info(`data layer preloaded on ${pages} private page(s)`);
      },
    },
  };
}
