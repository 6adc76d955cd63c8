#!/usr/bin/env node
/**
 * `npm run lighthouse`: builds the site, serves it (astro preview) next to the local Supabase
 * stack, and runs Lighthouse (mobile) on every route, signed in where the route is private.
 * Each route is measured several times and the median run is kept; the table is checked
 * against the budgets below and the command exits 1 when a route misses one.
 *
 * It uses the ports of the project's settings (54321 for the stack and 4321 for the site unless
 * SUPABASE_LOCAL_PORT / SITE_PORT say otherwise), like the end-to-end tests, so run it
 * under the same lock:
 *
 *   flock /tmp/golazo-e2e.lock npm run lighthouse
 *   flock /tmp/golazo-e2e.lock npm run lighthouse -- --runs 1 --only /about,/profile --no-build --details
 *   flock /tmp/golazo-e2e.lock npm run lighthouse -- --only match-day     # the match-day pages alone
 *   flock /tmp/golazo-e2e.lock npm run lighthouse -- --only '/match/*,/hi/match/*'   # paths starting so
 *
 * `--save <dir>` also writes each route's median report there (`<route>.json`, open it in the Lighthouse viewer).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { projectAddresses } from './project-env.ts';
import { siteServerArgs, stackServerArgs } from './servers.ts';
import { prepareMatchDay } from './match-day-fixture.mjs';
// The one place the route list comes from; switch this import when the site gets its own route table.
import { hindiRoutes, routes } from '../tests/e2e/routes.ts';

const ADDRESSES = projectAddresses();
const SITE = ADDRESSES.siteUrl;
const STACK = ADDRESSES.stackUrl;
/** The Supabase CLI's well-known local anon key, which the local stack also uses. */
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** A seeded demo player of the local stack: private routes are measured as this player. */
const DEMO_PLAYER = { email: 'demo1@golazo.test', password: 'golazo-demo' };
/** Where supabase-js keeps the session: `sb-<first label of the host>-auth-token`. */
const SESSION_KEY = `sb-${new URL(STACK).hostname.split('.')[0]}-auth-token`;

/** Every route must meet all of these (Lighthouse scores are 0–100, times in ms). */
export const BUDGETS = { performance: 98, lcpMs: 1500, tbtMs: 100, cls: 0.02, accessibility: 100, bestPractices: 100 };
/**
 * The match-day pages load live data (the pod, its bracket, the player's entry) after the first paint:
 * more time allowed, the same stillness (the frame reserves the room of what arrives).
 */
const MATCH_DAY_BUDGETS = { ...BUDGETS, performance: 95, lcpMs: 2000, tbtMs: 150 };

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}
const RUNS = Number(option('--runs', '3'));
const ONLY = option('--only', '').split(',').filter(Boolean);
const BUILD = !process.argv.includes('--no-build');
/** Also print the LCP element, the layout shifts and the busiest scripts of each route's median run. */
const DETAILS = process.argv.includes('--details');
const SAVE_DIR = option('--save', '');

const children = [];

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

/** Starts a long-running server in its own process group so it can be stopped with its children. */
function startServer(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}

function stopServers() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** A fresh session of a seeded player, shaped as supabase-js stores it. */
async function sessionOf(player) {
  const response = await fetch(`${STACK}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(player),
  });
  if (!response.ok) throw new Error(`sign-in of ${player.email} failed: ${response.status} ${await response.text()}`);
  const session = await response.json();
  return { ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in };
}

/**
 * Puts the session into the browser's localStorage for the site's origin before the measured
 * load, through the DevTools protocol of the same Chrome Lighthouse drives. Lighthouse keeps
 * storage between runs when `disableStorageReset` is set.
 */
async function seedSession(port, session) {
  await withPageOnSite(port, `localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(session))})`);
}

/** Signed-out routes are measured as a visitor sees them: no session left over from a signed-in route. */
async function clearSession(port) {
  await withPageOnSite(port, `localStorage.removeItem(${JSON.stringify(SESSION_KEY)})`);
}

/** Opens the site's origin in Lighthouse's Chrome, runs `expression` there, and leaves for about:blank. */
async function withPageOnSite(port, expression) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const page = targets.find((target) => target.type === 'page');
  const socket = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const send = (method, params) =>
    new Promise((resolve) => {
      const messageId = ++id;
      const onMessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id === messageId) {
          socket.removeEventListener('message', onMessage);
          resolve(message.result);
        }
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: messageId, method, params }));
    });
  await send('Page.enable', {});
  // A first visit: nothing cached, only the session (Lighthouse skips its own reset to keep it).
  await send('Network.clearBrowserCache', {});
  await send('Page.navigate', { url: `${SITE}/robots.txt` });
  await new Promise((resolve) => setTimeout(resolve, 500));
  await send('Runtime.evaluate', { expression });
  await send('Page.navigate', { url: 'about:blank' });
  socket.close();
}

async function measure(chrome, url, signedIn) {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // Keep the seeded session (signed-in routes); signed-out routes get a cleared profile.
    disableStorageReset: signedIn,
  };
  const { lhr } = await lighthouse(url, flags);
  const score = (name) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
  const audit = (name) => lhr.audits[name]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    // What to look at when a budget is missed (printed with --details).
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    lcpPhases: (lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [])
      .map((item) => `${item.phase} ${Math.round(item.timing)} ms`)
      .join(', '),
    shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => `${item.score?.toFixed(3)} ${item.node?.snippet ?? ''}`),
    busiestScripts: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 3).map((item) => `${Math.round(item.total)} ms ${item.url}`),
    // Main-thread time by kind of work (script evaluation, parsing, style and layout, ...), then the longest tasks.
    mainThread: (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
      .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`)
      .join(', '),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 5)
      .map((item) => `${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms ${item.url ?? ''}`),
    consoleErrors: (lhr.audits['errors-in-console']?.details?.items ?? []).map(
      (item) => `${item.source ?? ''} ${item.description ?? ''} ${item.sourceLocation?.url ?? item.url ?? ''}`,
    ),
    report: lhr,
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          ['accessibility', 'best-practices'].some((c) => lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0)),
      )
      .map((a) => a.id),
  };
}

/** The run with the median performance score (Lighthouse's own advice for picking one run). */
function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Each budget the result misses, with the budget: `perf 91 < 95`. */
function misses(result, budgets) {
  const missed = [];
  if (result.performance < budgets.performance) missed.push(`perf ${result.performance} < ${budgets.performance}`);
  if (result.lcpMs > budgets.lcpMs) missed.push(`LCP ${seconds(result.lcpMs)} > ${seconds(budgets.lcpMs)}`);
  if (result.tbtMs > budgets.tbtMs) missed.push(`TBT ${Math.round(result.tbtMs)} > ${budgets.tbtMs} ms`);
  if (result.cls > budgets.cls) missed.push(`CLS ${result.cls.toFixed(3)} > ${budgets.cls}`);
  if (result.accessibility < budgets.accessibility) missed.push(`a11y ${result.accessibility}`);
  if (result.bestPractices < budgets.bestPractices) missed.push(`BP ${result.bestPractices}`);
  return missed;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const budgetLine = (budgets) =>
  `perf >= ${budgets.performance}, LCP <= ${seconds(budgets.lcpMs)}, TBT <= ${budgets.tbtMs} ms, CLS <= ${budgets.cls}, a11y ${budgets.accessibility}, best practices ${budgets.bestPractices}`;

/**
 * What to measure: every route of the site (as the demo player where private), its Hindi twin under /hi/ with
 * the same budgets, then the match-day pages in both languages. `--only` takes paths, `hindi` for every /hi/
 * page, or `match-day` for all of the match-day pages.
 */
async function pagesToMeasure() {
  // `/match/*` (a trailing star) names every page whose path starts so: the match-day pages' ids change with every stack.
  const wants = (path) =>
    ONLY.length === 0 ||
    ONLY.includes(path) ||
    (ONLY.includes('hindi') && path.startsWith('/hi/')) ||
    ONLY.some((only) => only.endsWith('*') && path.startsWith(only.slice(0, -1)));
  const signedIn = new Set(routes.filter((route) => route.signedIn).map((route) => route.path));
  const everyRoute = [...routes.map((route) => route.path), ...hindiRoutes.map((route) => route.path)];
  const englishOf = new Map(hindiRoutes.map((route) => [route.path, route.english]));
  const site = everyRoute
    .filter(wants)
    .map((path) => ({ path, label: path, player: signedIn.has(englishOf.get(path) ?? path) ? DEMO_PLAYER : null, budgets: BUDGETS }));
  const matchDayWanted =
    ONLY.length === 0 ||
    ONLY.includes('match-day') ||
    ONLY.includes('hindi') ||
    ONLY.some((path) => /^(\/hi)?\/(pod|match|tournaments)\//.test(path));
  if (!matchDayWanted) return site;
  const prepared = await prepareMatchDay(STACK);
  // Each match-day page's Hindi twin, as the same player sees it.
  const bothLanguages = prepared.flatMap((page) => [page, { ...page, path: `/hi${page.path}`, label: `/hi${page.label}` }]);
  const matchDay = bothLanguages
    .filter(
      (page) => ONLY.length === 0 || ONLY.includes('match-day') || wants(page.path.split('#')[0]) || ONLY.includes(page.path.split('#')[0]),
    )
    .map((page) => ({ ...page, budgets: MATCH_DAY_BUDGETS }));
  return [...site, ...matchDay];
}

async function main() {
  if (BUILD) await run('npx', ['astro', 'build']);
  startServer('node', stackServerArgs(ADDRESSES));
  startServer('npx', siteServerArgs(ADDRESSES));
  await waitFor(`${STACK}/auth/v1/health`, 240_000);
  await waitFor(`${SITE}/`, 60_000);

  const profile = mkdtempSync(join(tmpdir(), 'golazo-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: profile,
  });

  const rows = [];
  try {
    for (const page of await pagesToMeasure()) {
      const results = [];
      for (let i = 0; i < RUNS; i++) {
        if (page.player) await seedSession(chrome.port, await sessionOf(page.player));
        else await clearSession(chrome.port);
        results.push(await measure(chrome, `${SITE}${page.path}`, page.player !== null));
      }
      const result = median(results);
      const missed = misses(result, page.budgets);
      if (SAVE_DIR) {
        mkdirSync(SAVE_DIR, { recursive: true });
        writeFileSync(
          join(SAVE_DIR, `${page.label.replace(/^\//, '').replace(/[^\w.-]+/g, '_') || 'index'}.json`),
          JSON.stringify(result.report),
        );
      }
      const { report: _report, ...figures } = result;
      rows.push({ route: page.label, ...figures, missed, budgets: page.budgets });
      console.error(
        `${page.label}: perf ${result.performance}, LCP ${Math.round(result.lcpMs)} ms, CLS ${result.cls.toFixed(3)}${missed.length ? ` (misses ${missed.join(', ')})` : ''}${result.failing.length ? ` [${result.failing.join(' ')}]` : ''}`,
      );
      if (DETAILS) {
        console.error(`  LCP element: ${result.lcpElement ?? '-'}`);
        if (result.lcpPhases) console.error(`  LCP phases: ${result.lcpPhases}`);
        for (const shift of result.shifts) console.error(`  shift: ${shift}`);
        for (const script of result.busiestScripts) console.error(`  script: ${script}`);
        if (result.mainThread) console.error(`  main thread: ${result.mainThread}`);
        for (const task of result.longTasks) console.error(`  long task: ${task}`);
        for (const error of result.consoleErrors) console.error(`  console: ${error}`);
      }
    }
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
    stopServers();
  }

  const lines = [
    ['Route', 'Perf', 'LCP', 'TBT', 'CLS', 'A11y', 'Best pr.', 'Result'],
    ...rows.map((row) => [
      row.route,
      String(row.performance),
      seconds(row.lcpMs),
      `${Math.round(row.tbtMs)} ms`,
      row.cls.toFixed(3),
      String(row.accessibility),
      String(row.bestPractices),
      row.missed.length === 0 ? 'PASS' : `FAIL (${row.missed.join('; ')})`,
    ]),
  ];
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const format = (line) => `| ${line.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(format(lines[0]));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines.slice(1)) console.log(format(line));
  const failures = rows.filter((row) => row.missed.length > 0).length;
  console.log(`\nBudgets: site routes ${budgetLine(BUDGETS)}; match-day pages ${budgetLine(MATCH_DAY_BUDGETS)}.`);
  console.log(
    failures === 0 ? `Every page meets its budgets (median of ${RUNS}).` : `${failures} page(s) miss a budget (median of ${RUNS}).`,
  );
  process.exitCode = failures === 0 ? 0 : 1;
}

process.on('SIGINT', () => {
  stopServers();
  process.exit(130);
});

main().catch((error) => {
  console.error(error);
  stopServers();
  process.exit(2);
});
