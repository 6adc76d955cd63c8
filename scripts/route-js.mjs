/**
 * What JavaScript a built page makes the browser load on a first visit, read from the HTML
 * and JS files in dist/. Pure functions over strings, so they are easy to test; the
 * command line in size.mjs does the file reading.
 */
import { DATA_LAYER_META } from '../src/lib/hydration/data-layer.ts';

/** Strip HTML comments so commented-out markup never counts. */
function withoutComments(html) {
  return html.replace(/<!--[\s\S]*?-->/g, '');
}

function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? match[3]).replace(/&amp;/g, '&');
}

/** Script types the browser does not execute as JavaScript. */
const DATA_SCRIPT_TYPES = /^(application\/(ld\+)?json|importmap|speculationrules|text\/(template|plain|x-template))$/i;

/**
 * Everything in a page that loads or runs JavaScript:
 * - `urls`: module/classic scripts with src, modulepreload links, the data layer preloaded after the first
 *   paint (a `golazo:data-layer` meta), and the component,
 *   renderer and before-hydration URLs of every <astro-island>;
 * - `inline`: the text of every inline script.
 */
export function pageScripts(html) {
  const source = withoutComments(html);
  const urls = new Set();
  const inline = [];

  for (const match of source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const tag = `<script${match[1]}>`;
    const type = attribute(tag, 'type');
    if (type && DATA_SCRIPT_TYPES.test(type)) continue;
    const src = attribute(tag, 'src');
    if (src) urls.add(src);
    else if (match[2].trim() !== '') inline.push(match[2]);
  }

  for (const match of source.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(match[0], 'rel');
    const href = attribute(match[0], 'href');
    if (rel && href && rel.split(/\s+/).includes('modulepreload')) urls.add(href);
  }

  // The data layer a private page preloads right after its first paint (scripts/preload-islands.mjs).
  for (const match of source.matchAll(/<meta\b[^>]*>/gi)) {
    if (attribute(match[0], 'name') !== DATA_LAYER_META) continue;
    for (const url of (attribute(match[0], 'content') ?? '').split(/\s+/)) if (url) urls.add(url);
  }

  for (const match of source.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attribute(match[0], name);
      if (url) urls.add(url);
    }
  }

  // Inline event handlers run JavaScript too.
  for (const match of source.matchAll(/\son[a-z]+\s*=\s*"([^"]*)"/gi)) inline.push(match[1]);

  return { urls: [...urls], inline };
}

/**
 * Specifiers a module loads before it runs: `import ... from "x"`, `import "x"` and
 * `export ... from "x"`. Dynamic `import("x")` is lazy and not part of a first visit.
 */
export function staticImports(code) {
  const specifiers = new Set();
  const pattern = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g;
  for (const match of code.matchAll(pattern)) specifiers.add(match[1]);
  return [...specifiers];
}

/** Resolve a script URL against the page or module that references it; null for other origins. */
export function resolveSitePath(specifier, fromPath) {
  if (/^(?:[a-z]+:)?\/\//i.test(specifier) && !specifier.startsWith('/')) return null;
  if (/^[a-z]+:/i.test(specifier)) return null;
  const url = new URL(specifier, new URL(fromPath, 'https://site.invalid'));
  if (url.origin !== 'https://site.invalid') return null;
  return url.pathname;
}

/** '/' for index.html, '/about' for about/index.html or about.html, '/404' for 404.html. */
export function routeOfHtmlFile(relativePath) {
  const path = `/${relativePath.replace(/\\/g, '/')}`.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return path === '' ? '/' : path;
}

/** Specifiers of `import("x")` calls (the bundler writes them with a literal path); lazy, not part of a first visit. */
export function dynamicImports(code) {
  return [...code.matchAll(/\bimport\(\s*["'`]([^"'`\n]+)["'`]\s*\)/g)].map((match) => match[1]);
}

/**
 * Every module reached from `entries` (site paths) by static imports, in breadth-first order, and by
 * the dynamic imports `followLazy(path)` accepts; `readModule(path)` answers undefined for a missing file.
 * @param {string[]} entries
 * @param {(path: string) => string | undefined} readModule
 * @param {(path: string) => boolean} [followLazy]
 */
export function moduleGraph(entries, readModule, followLazy = () => false) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    const code = readModule(path);
    if (code === undefined) continue;
    seen.add(path);
    const lazy = dynamicImports(code).filter((specifier) => followLazy(resolveSitePath(specifier, path) ?? ''));
    for (const specifier of [...staticImports(code), ...lazy]) {
      const resolved = resolveSitePath(specifier, path);
      if (resolved && !seen.has(resolved)) queue.push(resolved);
    }
  }
  return [...seen];
}

/** An island's Hindi words chunk (`x-words-hi.<hash>.js`, src/lib/i18n/island-words.ts). */
export const HINDI_WORDS_CHUNK = /(?:^|[/-])words-hi\.[\w-]+\.js$/;

/** Whether a built page (`/hi/...`, or its file `/hi/.../index.html`) is a Hindi one. */
export const isHindiPage = (pagePath) => pagePath === '/hi' || pagePath.startsWith('/hi/');

/**
 * The JS files and inline scripts of one page, following static imports through
 * `readModule(path) -> string | undefined`. A Hindi page (`/hi/...`) also loads its islands' Hindi words before
 * they hydrate (dynamic imports of `*words-hi` chunks): they count on that page only.
 */
export function collectPageJs(html, pagePath, readModule) {
  const { urls, inline } = pageScripts(html);
  const entries = urls.map((url) => resolveSitePath(url, pagePath)).filter(Boolean);
  const followLazy = isHindiPage(pagePath) ? (path) => HINDI_WORDS_CHUNK.test(path) : () => false;
  return { files: moduleGraph(entries, readModule, followLazy), inline };
}
