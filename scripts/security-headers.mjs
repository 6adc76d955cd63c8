/**
 * An Astro integration that writes the site's security headers for the static hosts once the build is done
 * (src/lib/security-headers.ts is their source): `dist/_headers` (Netlify, Cloudflare Pages) and
 * `dist/vercel.json` (Vercel, deploying `dist/`). SECURITY_HEADERS_REPORT_ONLY=1 writes the policy as
 * report-only, for the first production deploy (docs/deploy.md).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderHeadersFile, renderVercelConfig } from '../src/lib/security-headers.ts';
import { htmlFiles } from './built-site.mjs';

const META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
/** Inline scripts a browser runs (JSON data blocks are not run, so the policy ignores them). */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Adds to a page's meta policy the hashes of the inline scripts and styles Astro leaves out of it
 * (`define:vars` scripts, `set:html` styles), so every inline block the page ships runs and nothing else.
 * Answers the page unchanged when it has no meta policy.
 * @param {string} html
 */
export function withAllInlineHashes(html) {
  const meta = META.exec(html);
  if (!meta) return html;
  const scripts = [...html.matchAll(INLINE_SCRIPT)].filter((m) => !/type="application\/(ld\+)?json"/i.test(m[1])).map((m) => sha256(m[2]));
  const styles = [...html.matchAll(INLINE_STYLE)].map((m) => sha256(m[1]));
  const policy = meta[2]
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0];
      const add = name === 'script-src' ? scripts : name === 'style-src' ? styles : [];
      const missing = [...new Set(add)].filter((hash) => !directive.includes(hash));
      return missing.length ? `${directive.trimEnd()} ${missing.join(' ')}` : directive;
    })
    .join(';');
  return html.replace(META, `$1${policy}$3`);
}

/**
 * The paths of the built pages, by top level: `/` and each root page file, and `/<folder>` with `/<folder>/*`
 * for each folder holding a page. Few enough for any host's rule limit, and no path matches two of them.
 * @param {string} dist
 */
export function topLevelPagePaths(dist) {
  const holdsPage = (dir) =>
    readdirSync(dir).some((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? holdsPage(path) : name.endsWith('.html');
    });
  const paths = [];
  for (const name of readdirSync(dist).sort()) {
    const path = join(dist, name);
    if (statSync(path).isDirectory()) {
      if (holdsPage(path)) paths.push(`/${name}`, `/${name}/*`);
    } else if (name.endsWith('.html')) {
      paths.push(name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`, `/${name}`);
    }
  }
  return paths;
}

/** @param {import('../src/lib/security-headers.ts').PolicyInputs} inputs */
export default function securityHeaders(inputs) {
  return {
    name: 'golazo:security-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        for (const file of htmlFiles(dist)) {
          const html = readFileSync(file, 'utf8');
          const hashed = withAllInlineHashes(html);
          if (hashed !== html) writeFileSync(file, hashed);
        }
        const options = { reportOnly: process.env.SECURITY_HEADERS_REPORT_ONLY === '1' };
        writeFileSync(join(dist, '_headers'), renderHeadersFile(inputs, topLevelPagePaths(dist), options));
        writeFileSync(join(dist, 'vercel.json'), renderVercelConfig(inputs, options));
        logger.info(`security headers written to _headers and vercel.json${options.reportOnly ? ' (report-only)' : ''}`);
      },
    },
  };
}
