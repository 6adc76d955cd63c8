#!/usr/bin/env node
/**
 * `npm run size`: how much JavaScript (gzip) each route of the built site loads on a first
 * visit, against its budget. Reads dist/ (build first); exits 1 when a route is over budget.
 *
 *   npm run size                 # reads ./dist
 *   npm run size -- --dist out   # another build directory
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { builtModuleReader, htmlFiles } from './built-site.mjs';
import { collectPageJs, routeOfHtmlFile } from './route-js.mjs';

const KB = 1024;

/** Tournament detail pages: one per catalog entry, all with the same scripts. */
const TOURNAMENT_PAGE = /^\/tournaments\/[^/]+$/;

/**
 * The one table of budgets, in gzip bytes: a route's own entry, else the first matching
 * pattern. Routes with neither are measured and shown without a budget.
 */
export const BUDGETS = {
  // The landing page: hero and tournament carousels.
  '/': 75 * KB,
  // Info and policy pages are text: no JavaScript beyond the signed-in check.
  '/about': 0,
  // The typing intro's loader; the typing library itself is fetched after the page has painted.
  '/blog': 2 * KB,
  '/our-mission': 0,
  // A "Notify Me" e-mail's link: one button that confirms the address or unsubscribes it (fetch, no supabase-js).
  '/story-news': 2 * KB,
  '/help-center': 0,
  '/help-center/verify-draw': 0,
  '/contact': 0,
  '/privacy-policy': 0,
  // The Hindi notice's first address: a static page that sends the visitor to /hi/privacy-policy/.
  '/privacy-policy-hi': 0,
  '/terms-of-service': 0,
  '/cookies-policy': 0,
  '/cancellation-refund': 0,
  '/shipping-delivery': 0,
  // The list's live status badges and "212 / 300 players" counts: one small script, no supabase-js.
  '/tournaments': 6 * KB,
  // Sign-in pages: React, the session and the sign-in island (Auth loads when a form is sent).
  '/login': 109 * KB,
  '/register': 109 * KB,
  // An extra slot's invitation: React, the session and the invitation island.
  '/invite': 109 * KB,
  // A parent's consent page: React, the consent island and the client it calls without an account (the code,
  // the declaration, the one-click withdrawal). Consent comes from the parent's own signed-in account: the session
  // and its sign-in step, 3 KB more.
  // A Hindi visitor signs in on the Hindi sign-in page (the guard reads the page's language): under 1 KB more.
  '/parental-consent': 81 * KB,
  // The grievance form: React and the form island; its data module (supabase-js) loads with it.
  '/grievance': 109 * KB,
  // Signed-in pages count the data layer they load with the page (scripts/preload-islands.mjs): React DOM
  // (64 KB), zod/mini (9 KB), Supabase's PostgREST client (5 KB; Auth follows when the page is idle), then
  // the page's own island, and the shared hooks that load data and run actions for it (lib/use-island-data.ts,
  // under 1 KB; the error table they word failures from loads only on a failure). With the every-page
  // allowance below, an account page may load 112 KB.
  // Two more: the profile also changes the in-game name under the database's rule (and returns to the page
  // that sent the player); My Tournaments follows check-in, the draw and results live and links each next
  // match (about 2 KB each). My Tournaments and My Earnings also read the statuses of the database's state
  // machines (the generated module) and word a payout's UTR, a withdrawal held by a chargeback and a delayed
  // payout: 1 KB more each. The profile also holds the alerts (push on this device, the WhatsApp opt-in, each
  // event per channel): 4 KB more; its service worker and data module load only when a player uses them. Its
  // Download my data adds its island (about 3 KB; the data module, the HTML copy's writer and the error table
  // load only when pressed). The alerts' WhatsApp form and push notes are shared with the offer after a payment, and
  // a browser that blocks notifications is said up front: 1 KB more. My Tournaments words a quick pod's check-in
  // from the rules module and shows why an entry was withdrawn (a missed pod check-in refunded in full): 1 KB more.
  // My Tournaments also lists the player's waitlist places (position, check-in window, Check in and Leave with its
  // confirmation; the error table loads only for a refusal): 5 KB more.
  // Push that fails says which step failed and what to do (permission, worker, push service, no answer) on the
  // profile: 1 KB more.
  // The guard, the status pill and the refusals in the page's language: 1 KB more.
  // The language messages come in (its own small island, loading its data module when shown), and the profile's card,
  // form and validation in the page's language, the Hindi words in their own chunk: 2 KB more in English, 4 KB on
  // the Hindi page.
  // The notifications, alerts and Your data in the page's language: each island's words in a module (the Hindi ones
  // in a chunk the Hindi page loads before hydrating); the words that show only with the settings' data (the kinds,
  // the events, where alerts go, the outcomes) and the record, the deletion section and the download's summary load
  // with their data, after the page: 1 KB more in English, 2 KB on the Hindi page (measured: 126.9 KB and 129.8 KB).
  // Dates and times in IST written out by hand (lib/format.ts, lib/i18n/format.ts), so no ICU formatter is made as a
  // page loads, carry both languages' month names: 0.4 KB more on the Hindi pages (measured 130.2 KB here).
  '/profile': 130 * KB,
  // The islands speak the page's language (lib/i18n/island-words.ts): each island's English words in a module of
  // its own and the language store, about 1 KB on every page that has them; a Hindi page also loads its islands'
  // Hindi words before they hydrate (a chunk per island, counted on /hi/ pages only), and its budget is its
  // English twin's. My Tournaments: its card, next match and waitlist places, the check-in and the status pill in
  // both languages: 4 KB more in English, 9 KB on the Hindi page.
  // The waitlist places speak the waitlist's own words (loaded with them on the Hindi page): 1 KB more there.
  // The header's notification bell in the page's language (its words' module, and its Hindi chunk on a Hindi
  // page): 0.5 KB more on every page with the bell, 0.8 KB on a Hindi one (measured 133.1 KB on the Hindi page).
  '/my-tournaments': 133 * KB,
  // My Earnings also words every refusal from the one error table, which the privacy, seasons and match-day
  // features grew by about 60 codes: 1 KB more. The balance after tax, the withdrawal's tax in one line from the
  // database's reckoning and the approval time: 1 KB more. The figures' words (the tax lines) in English and Hindi,
  // read from the page's language store: 1 KB more.
  // The prize section (PAN and UPI id, the withdrawal with its tax line, the withdrawals), the figures and the record
  // in the page's language: 2 KB more in English; the Hindi page loads 4 KB of Hindi words (the tax line's reckoning
  // among them).
  // The annual tax statement in the page's language (its words load with the card, after the first paint): 1 KB
  // more on the Hindi page.
  // The reasons the database writes (a refused payment, a withdrawn entry, a refused PAN or UPI id) worded in Hindi
  // from their codes (src/lib/i18n/reasons-hi/): 1.4 KB more on the Hindi page only (measured 124.4 KB).
  // The month names of the hand-written IST dates, as on the profile: 0.4 KB more (measured 125.2 KB on the Hindi page).
  '/my-earnings': 125 * KB,
  '/trade': 111 * KB,
  // The season leaderboard: React, the PostgREST client and the session (for "your rank"), the table, the
  // filters and the points tables. A player's page: React, the PostgREST client and the page (no session).
  '/leaderboard': 97 * KB,
  '/player': 78 * KB,
  // The staff console: the same, plus the one table of error codes (which every refusal of the console's
  // actions is worded from) and the console's panels; disputes, corrections and payouts load when opened. The
  // calendar and privacy panels, and the error table's new codes: 1 KB more. The bracket's line for a quick pod's
  // refunded no-show: 1 KB more. The periodic work's failures and withdrawals waiting for approval on the
  // needs-attention list (a retry for a parked item), and a dispute's disconnection ruling beside it: 1 KB more.
  // The status pill in the page's language: 1 KB more. The notification bell's words' module (the console stays
  // English; the bell is the header's on every page): 0.5 KB more (measured 126.3 KB).
  '/staff': 126 * KB,
  // The embeddable bracket (docs/api.md): framework-free, read by other sites' visitors. The contract's ceiling.
  '/embed/bracket': 4 * KB,
};

/** Budgets shared by every route a pattern matches. */
export const PATTERN_BUDGETS = [
  // The pay panel, check-in, waitlist, bracket, standings and prizes-paid record in the page's language: 1 KB
  // more in English for the words' modules and the language store; the Hindi page loads 7 KB of Hindi words (measured: 130 KB in English, 137 KB in Hindi).
  // A live bracket patches itself from the rows that changed (live-bracket.ts) instead of reading the whole bracket
  // again after every result (212 KB raw at 300 entries), and renders only what the screen shows (progressive.ts):
  // 1.5 KB more.
  // A withdrawn entry's reason in Hindi from its code (reasons-hi/withdraw.ts, with the check-in's Hindi words): 0.4 KB
  // more on the Hindi page only (measured 140.4 KB; the English page 132.9 KB).
  // The month names of the hand-written IST dates, as on the profile: 0.4 KB more (measured 141.3 KB on the Hindi page).
  { pattern: TOURNAMENT_PAGE, budget: 141 * KB },
  // A pod's page: the same tournament view, its id read from the URL. Its own words in both languages: 1 KB more
  // in English; the Hindi page also loads the Hindi promises above the Pay button (promises-hi.ts, built in the
  // browser from the pod's numbers): 9 KB of Hindi in all.
  // The live bracket's patcher and progressive rendering as above, and the match-day words: 3 KB more on the Hindi page.
  // A withdrawn entry's and a called-off pod's reasons in Hindi from their codes: 0.8 KB more on the Hindi page only
  // (measured 145.8 KB). The header's notification bell in the page's language: 0.5 KB more (measured 146.3 KB).
  // The month names of the hand-written IST dates, as on the tournament page: 0.4 KB more (measured 147.0 KB on the
  // Hindi page, a few bytes either side of the former budget from one build to the next).
  { pattern: /^\/pod$/, budget: 146.4 * KB },
  // An edition made after the build: the same pay panel and check-in as a championship's page, its row read from the URL.
  { pattern: /^\/edition$/, budget: 130 * KB },
];

/** The budget of `route` (before the every-page allowance), or undefined when it has none; a Hindi page (/hi/...) has its English twin's. */
export function budgetOf(route) {
  if (route === '/hi' || route.startsWith('/hi/')) return budgetOf(route.slice(3) || '/');
  if (route in BUDGETS) return BUDGETS[route];
  return PATTERN_BUDGETS.find(({ pattern }) => pattern.test(route))?.budget;
}

/**
 * Added to every budget above: the signed-in header's small inline script, which every
 * page carries so it can swap 'Register Here' for account links without loading supabase-js.
 */
export const EVERY_PAGE_ALLOWANCE = 1 * KB;

/** Pages without the site's shell (the embeds): their budget is all they may load, with no allowance. */
const WITHOUT_SHELL = /^\/embed\//;

/** The budget a route is held to, the every-page allowance included where the page carries the header. */
export function fullBudgetOf(route) {
  const own = budgetOf(route);
  return own === undefined ? undefined : own + (WITHOUT_SHELL.test(route) ? 0 : EVERY_PAGE_ALLOWANCE);
}

function argument(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function gzipBytes(text) {
  return text.length === 0 ? 0 : gzipSync(text).length;
}

function formatBytes(bytes) {
  return bytes < KB ? `${bytes} B` : `${(bytes / KB).toFixed(1)} KB`;
}

function main() {
  const dist = resolve(argument('--dist') ?? 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No built site in ${dist}. Run \`npm run build\` first.`);
    process.exit(2);
  }

  const readModule = builtModuleReader(dist);
  const gzipOfFile = new Map();
  const fileGzip = (sitePath) => {
    if (!gzipOfFile.has(sitePath)) gzipOfFile.set(sitePath, gzipBytes(readModule(sitePath) ?? ''));
    return gzipOfFile.get(sitePath);
  };

  const rows = htmlFiles(dist)
    .map((file) => {
      const relativePath = relative(dist, file);
      const route = routeOfHtmlFile(relativePath);
      const html = readFileSync(file, 'utf8');
      const { files, inline } = collectPageJs(html, `/${relativePath.replace(/\\/g, '/')}`, readModule);
      const bytes = files.reduce((sum, path) => sum + fileGzip(path), 0) + inline.reduce((sum, code) => sum + gzipBytes(code), 0);
      return { route, bytes, files: files.length, inline: inline.length };
    })
    .sort((a, b) => a.route.localeCompare(b.route));

  const built = new Set(rows.map((row) => row.route));
  let failures = 0;
  const lines = [['Route', 'JS gzip', 'Files', 'Inline', 'Budget', 'Result']];
  for (const row of rows) {
    const budget = fullBudgetOf(row.route);
    const result = budget === undefined ? '' : row.bytes <= budget ? 'PASS' : 'FAIL';
    if (result === 'FAIL') failures++;
    lines.push([
      row.route,
      formatBytes(row.bytes),
      String(row.files),
      String(row.inline),
      budget === undefined ? '-' : formatBytes(budget),
      result,
    ]);
  }
  for (const route of Object.keys(BUDGETS).filter((route) => !built.has(route))) {
    failures++;
    lines.push([route, 'not built', '', '', formatBytes(fullBudgetOf(route)), 'FAIL']);
  }

  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  for (const line of lines)
    console.log(
      line
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
  console.log(failures === 0 ? '\nEvery budgeted route is within budget.' : `\n${failures} route(s) over budget.`);
  process.exit(failures === 0 ? 0 : 1);
}

// Run only as a command, so tests can import the budget table.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
