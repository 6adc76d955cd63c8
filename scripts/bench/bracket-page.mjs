/**
 * The bracket's cost on the pages that show it: the JavaScript (gzip) a first visit to a pod page and
 * to a championship page loads, how much of it is the bracket island and its data module, and the
 * route's budget from scripts/size.mjs. Builds the site first when dist/ is missing (a smoke run, which
 * `npm test` makes before the site is built, measures an existing build only and says when there is none).
 *
 *   npm run bench -- bracket-page
 * Exit code 1 when a page is over its budget (but in a smoke run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { collectPageJs } from '../route-js.mjs';
import { budgetOf, EVERY_PAGE_ALLOWANCE } from '../size.mjs';

const smoke = process.argv.includes('--smoke');
const dist = join(process.cwd(), 'dist');
if (!existsSync(join(dist, 'index.html')) && smoke) {
  console.log('SKIP  no built site in dist/: a smoke run does not build one (npm run build, then run this again)');
  process.exit(0);
}
if (!existsSync(join(dist, 'index.html'))) {
  console.log('No built site: building it first.');
  // Astro's command line, wherever its package puts it (its package.json's bin).
  const astro = JSON.parse(readFileSync(join('node_modules', 'astro', 'package.json'), 'utf8')).bin.astro;
  const build = spawnSync(process.execPath, [join('node_modules', 'astro', astro), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const readModule = (sitePath) => {
  const file = join(dist, decodeURIComponent(sitePath));
  return file.startsWith(dist) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const championship = readdirSync(join(dist, 'tournaments')).find((name) => name.startsWith('champions-'));
const routes = ['/pod', ...(championship ? [`/tournaments/${championship}`] : [])];

let failed = false;
for (const route of routes) {
  const htmlPath = `${route}/index.html`;
  const html = readFileSync(join(dist, htmlPath), 'utf8');
  const { files, inline } = collectPageJs(html, htmlPath, readModule);
  const sizeOf = (path) => gzip(readModule(path) ?? '');
  const total = files.reduce((sum, path) => sum + sizeOf(path), 0) + inline.reduce((sum, code) => sum + gzip(code), 0);
  const bracketFiles = files.filter((path) => /bracket/i.test(path));
  const bracket = bracketFiles.reduce((sum, path) => sum + sizeOf(path), 0);
  const budget = (budgetOf(route) ?? Number.POSITIVE_INFINITY) + EVERY_PAGE_ALLOWANCE;
  console.log(`${total <= budget ? 'PASS' : 'OVER'}  ${route}: ${kb(total)} of JavaScript on a first visit (budget ${kb(budget)})`);
  console.log(`  the bracket: ${kb(bracket)} in ${bracketFiles.length} files (${bracketFiles.map((p) => p.split('/').pop()).join(', ')})`);
  if (total > budget && !smoke) failed = true;
}
process.exit(failed ? 1 : 0);
