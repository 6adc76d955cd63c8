/**
 * An Astro integration that lets the browser fetch an eager island's whole script graph at once.
 *
 * An `<astro-island client="load">` names only its component and renderer; the browser learns of each
 * further chunk when the one importing it has arrived, so a signed-in page waited for four or five
 * round trips of JavaScript before its data was even asked for. After the build, every page gets a
 * `<link rel="modulepreload">` for each file its eager islands import statically (dynamic imports stay
 * lazy). Islands that hydrate on idle or when visible are left to load late, as they asked.
 *
 * Private pages (only a signed-in player reads them) ask for their data at once, so there the data layer
 * that islands import lazily to keep it off public pages is preloaded too: the Supabase client and each
 * feature's `*.api` module an eager island imports.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveSitePath, routeOfHtmlFile, staticImports } from './route-js.mjs';

/** Lazily imported modules that a private page needs at once: the Supabase client and the features' data modules. */
const DATA_LAYER = /\/(supabase|[\w-]+\.api)(\.[\w-]+)?\.js$/;

/** Specifiers of `import("x")` calls (the bundler writes them with a literal path). */
export function dynamicImports(code) {
  return [...code.matchAll(/\bimport\(\s*["'`]([^"'`\n]+)["'`]\s*\)/g)].map((match) => match[1]);
}

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
 * Every module reached from `entries` by static imports, in breadth-first order, and by the dynamic imports
 * `followLazy(path)` accepts; `readModule` answers undefined for a missing file.
 */
/** @param {(path: string) => boolean} [followLazy] */
export function moduleGraph(entries, readModule, followLazy = () => false) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    const code = readModule(path);
    if (code === undefined) continue;
    seen.add(path);
    for (const specifier of staticImports(code)) {
      const resolved = resolveSitePath(specifier, path);
      if (resolved && !seen.has(resolved)) queue.push(resolved);
    }
    for (const specifier of dynamicImports(code)) {
      const resolved = resolveSitePath(specifier, path);
      if (resolved && !seen.has(resolved) && followLazy(resolved)) queue.push(resolved);
    }
  }
  return [...seen];
}

/**
 * The page with one modulepreload link per module of its eager islands' graphs (and, on a private page,
 * their data layer), before `</head>`; unchanged when it has none.
 */
export function withIslandPreloads(html, pagePath, readModule, { isPrivate = false } = {}) {
  const entries = eagerIslandUrls(html)
    .map((url) => resolveSitePath(url, pagePath))
    .filter(Boolean);
  const modules = moduleGraph(entries, readModule, (path) => isPrivate && DATA_LAYER.test(path)).filter(
    (path) => !html.includes(`href="${path}"`),
  );
  if (modules.length === 0) return html;
  const links = modules.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** @param {{ privatePaths?: string[] }} [options] `privatePaths`: the routes only a signed-in player reads (the route table's private pages). */
export default function preloadIslands({ privatePaths = [] } = {}) {
  const privateRoutes = new Set(privatePaths);
  return {
    name: 'golazo:preload-islands',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const modules = new Map();
        const readModule = (path) => {
          if (!modules.has(path)) {
            try {
              modules.set(path, readFileSync(join(root, path), 'utf8'));
            } catch {
              modules.set(path, undefined);
            }
          }
          return modules.get(path);
        };
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
        logger.info(`modulepreload links for the eager islands of ${pages} page(s)`);
      },
    },
  };
}
