/**
 * Every link a built page carries lands: a page of the route table (or a tournament's page) that the build
 * wrote, or a file the build wrote (images, icons, feeds). Reads `dist/` when a build is there (npm test
 * builds before the end-to-end tests), so it costs nothing without one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalisePath, routeFor } from './routes';

const DIST = join(process.cwd(), 'dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file));
}

/** The build wrote something at this path: a page (`x/index.html`, `x.html`) or a file. */
function built(path: string): boolean {
  const bare = path.replace(/^\//, '');
  return [bare, join(bare, 'index.html'), `${bare}.html`].some((candidate) => candidate !== '' && existsSync(join(DIST, candidate)));
}

describe.skipIf(!existsSync(join(DIST, 'index.html')))('links in the built pages', () => {
  it('land on a page of the route table or a file of the build', () => {
    const missing: string[] = [];
    for (const file of htmlFiles(DIST)) {
      const html = readFileSync(file, 'utf8').replace(/<script[\s\S]*?<\/script>/g, '');
      for (const [, href] of html.matchAll(/\shref="(\/[^"#?]*)[^"]*"/g)) {
        if (!href || href.startsWith('//')) continue;
        const path = normalisePath(decodeURI(href));
        const isPage = routeFor(path) !== undefined || /^(\/hi)?\/tournaments\/[A-Za-z0-9_-]+$/.test(path);
        const lands = path === '/' ? built('index.html') : built(path);
        if (!lands || (!isPage && !/\.[a-z0-9]+$/i.test(path))) missing.push(`${href} (in ${file.slice(DIST.length)})`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
