import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { projectAddresses } from './scripts/project-env.ts';
import { siteServerCommand, stackServerCommand } from './scripts/servers.ts';

// SITE_PORT / SUPABASE_LOCAL_PORT / PUBLIC_SUPABASE_URL move the site and the stack (src/lib/local-addresses.ts).
const addresses = projectAddresses();

/** End-to-end tests drive Debian's Chromium (scripts/chromium.mjs) against the built site served by `astro preview`. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // PLAYWRIGHT_JSON_OUTPUT_NAME=<file> adds the JSON report too: per-test durations (docs/testing.md, Measuring).
  reporter: [[process.env.CI ? 'line' : 'list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
  timeout: 30_000,
  // Islands read the database after supabase-js loads: on a busy 2-core runner that can pass 5 seconds.
  expect: { timeout: 10_000 },
  use: {
    baseURL: addresses.siteUrl,
    // A trace records every action's page and screen; kept only for a failure, it still costs every passing test
    // the recording (about a sixth of the browser lane's CPU). A CI run records the retry of a failed test, which
    // is the failure to read (a test that passes on its retry is reported flaky, with the retry's trace); a run
    // on your machine (no retries) keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Motion is decoration on this site (src/styles/global.css stops it for players who ask): without it a page
    // draws no frames while a test waits (spinners, the news ticker, the marquee) and actions need not wait for
    // transitions to settle. The tests about motion ask for it back with `test.use({ reducedMotion: 'no-preference' })`
    // (landing, the typed intros and policy titles, the ticker); see docs/testing.md.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, channel: undefined }, grep: /@phone/ },
  ],
  webServer: [
    // The embedded local Supabase the built site talks to (its default URL): a fresh temporary
    // database for every run (--ephemeral), with the demo players seeded; removed when it stops.
    {
      command: stackServerCommand(addresses),
      url: `${addresses.stackUrl}/auth/v1/health`,
      reuseExistingServer: !process.env.CI,
      // A fresh database runs every migration: allow for a slow, busy machine.
      timeout: 240_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      // --ignore-lock: Astro allows one tracked preview server per project, so a preview left
      // running on another port would otherwise stop the test run from starting its own.
      command: siteServerCommand(addresses),
      url: `${addresses.siteUrl}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
