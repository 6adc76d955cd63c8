#!/usr/bin/env node
/**
 * `npm run screenshots`: PNGs of the main screens at a 360 px phone and a 1280 px desktop, into
 * docs/screenshots/ (listed in docs/screenshots.md). It builds nothing: build the site first
 * (`npx astro build`). It starts the local stack (a fresh temporary database with the demo players)
 * and `astro preview` the way the end-to-end tests do (scripts/servers.ts), on the ports of the
 * project's settings, so run it under the same lock:
 *
 *   npx astro build && flock /tmp/golazo-e2e.lock npm run screenshots
 *
 * The dashboard and My Tournaments are taken signed in as the demo player demo1@golazo.test, who is
 * given one championship entry first so My Tournaments shows a real row.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../supabase/local/keys.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { PROJECT_ROOT, projectAddresses } from './project-env.ts';
import { siteServerArgs, stackServerArgs } from './servers.ts';

const ADDRESSES = projectAddresses();
const OUT_DIR = path.join(PROJECT_ROOT, 'docs', 'screenshots');
const DEMO_PLAYER = { email: 'demo1@golazo.test', password: 'golazo-demo' };
/** The championship shown on its detail page and entered by the demo player. */
const CHAMPIONSHIP = 'champions-dec-2026';
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * Each screen, and what shows that its data has arrived (no fixed waits): the status pills and
 * entry counts replace their build-time placeholders once the database answers.
 */
const SCREENS = [
  { name: 'landing', path: '/', signedIn: false, ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  // The Hindi twins of the landing page and the tournaments list (the switch in the header leads between them).
  { name: 'landing-hi', path: '/hi/', signedIn: false, ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  {
    name: 'tournaments-hi',
    path: '/hi/tournaments',
    signedIn: false,
    ready: (page) => page.locator('[data-entries-of]').first().filter({ hasNotText: '–' }).waitFor(),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    ready: (page) => page.locator('[data-entries-of]').first().filter({ hasNotText: '–' }).waitFor(),
  },
  {
    name: 'tournaments',
    path: '/tournaments',
    signedIn: false,
    ready: (page) => page.locator('[data-entries-of]').first().filter({ hasNotText: '–' }).waitFor(),
  },
  {
    name: 'championship',
    path: `/tournaments/${CHAMPIONSHIP}`,
    signedIn: false,
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'leaderboard',
    path: '/leaderboard',
    signedIn: false,
    ready: (page) => page.locator('[data-leaderboard-table]').waitFor(),
  },
  // Its Hindi twin: the season's months and the points tables' places read in Hindi.
  {
    name: 'leaderboard-hi',
    path: '/hi/leaderboard',
    signedIn: false,
    ready: (page) => page.locator('[data-leaderboard-table]').waitFor(),
  },
  {
    name: 'profile',
    path: '/profile',
    signedIn: true,
    ready: (page) => page.getByLabel('Legal Name').waitFor(),
  },
  {
    name: 'my-tournaments',
    path: '/my-tournaments',
    signedIn: true,
    ready: (page) => page.getByRole('listitem').filter({ hasText: 'Registered on' }).first().waitFor(),
  },
];

const children = [];

/** A long-running server in its own process group, so stopping it stops its children too. */
function startServer(command, args) {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
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

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function api(pathname, { key = ANON_KEY, body } = {}) {
  // The service role's rows are fixtures (a paid payment written directly): the local stack lets it declare them.
  const fixture = key === SERVICE_ROLE_KEY ? { 'x-golazo-fixture': '1' } : {};
  const response = await fetch(`${ADDRESSES.stackUrl}${pathname}`, {
    method: 'POST',
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...fixture,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The demo player's session, shaped as supabase-js stores it. */
async function demoSession() {
  const session = await api('/auth/v1/token?grant_type=password', { body: DEMO_PLAYER });
  return { ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in };
}

/** One paid championship entry for the demo player, written as the payment confirmation would. */
async function giveDemoPlayerAnEntry(userId) {
  const suffix = Math.random().toString(36).slice(2, 12);
  const [payment] = await api('/rest/v1/payments', {
    key: SERVICE_ROLE_KEY,
    body: {
      user_id: userId,
      tournament_id: CHAMPIONSHIP,
      razorpay_order_id: `order_shot${suffix}`,
      razorpay_payment_id: `pay_shot${suffix}`,
      amount_paise: 15_000,
      slots: 1,
      status: 'paid',
      paid_at: new Date().toISOString(),
    },
  });
  await api('/rest/v1/tournament_registrations', {
    key: SERVICE_ROLE_KEY,
    body: { user_id: userId, tournament_id: CHAMPIONSHIP, slots: 1, payment_id: payment.id },
  });
}

async function main() {
  if (!existsSync(path.join(PROJECT_ROOT, 'dist', 'index.html'))) {
    throw new Error('No built site in dist/: run `npx astro build` first (this command builds nothing).');
  }
  for (const [what, url] of [
    ['the local stack', `${ADDRESSES.stackUrl}/auth/v1/health`],
    ['a site', `${ADDRESSES.siteUrl}/`],
  ]) {
    if (await answers(url)) {
      throw new Error(`${what} already answers at ${url}: stop it, or set SITE_PORT / SUPABASE_LOCAL_PORT for this run.`);
    }
  }

  startServer(process.execPath, stackServerArgs(ADDRESSES));
  startServer('npx', siteServerArgs(ADDRESSES));
  await waitFor(`${ADDRESSES.stackUrl}/auth/v1/health`, 240_000);
  await waitFor(`${ADDRESSES.siteUrl}/`, 60_000);

  const session = await demoSession();
  await giveDemoPlayerAnEntry(session.user.id);
  const sessionKey = `sb-${new URL(ADDRESSES.stackUrl).hostname.split('.')[0]}-auth-token`;

  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const viewport of VIEWPORTS) {
      for (const signedIn of [false, true]) {
        const context = await browser.newContext({
          baseURL: ADDRESSES.siteUrl,
          viewport: { width: viewport.width, height: viewport.height },
          reducedMotion: 'reduce',
        });
        if (signedIn) {
          await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [sessionKey, JSON.stringify(session)]);
        }
        const page = await context.newPage();
        for (const screen of SCREENS.filter((s) => s.signedIn === signedIn)) {
          await page.goto(screen.path, { waitUntil: 'networkidle' });
          await screen.ready(page);
          const file = path.join(OUT_DIR, `${screen.name}-${viewport.width}.png`);
          await page.screenshot({ path: file, animations: 'disabled' });
          console.log(`${path.relative(PROJECT_ROOT, file)}  ${screen.path}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

process.on('SIGINT', () => {
  stopServers();
  process.exit(130);
});

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stopServers();
}
