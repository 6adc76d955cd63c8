/**
 * A championship page hydrates its pay panel over the HTML it was built with, whatever arrived first. The page's
 * own scripts read the database's live row (slots taken, the cap per buyer) and status right after the first
 * paint; the pay panel hydrates when the browser is idle, which on a slow phone (or under Lighthouse) can be after
 * those answers. Its first render must still be the server's, or React throws the panel's markup away (hydration
 * error 418 in the console, best practices 96) and draws it again.
 *
 * It did not: with the live row in the page's store, the first render offered 1 to 10 slots where the HTML (no
 * row yet) offers one, and on a full or drawn championship "Full" where the HTML has the slot picker.
 *
 * The test loads the page as Lighthouse's mobile run does (its phone's user agent and screen, en-US, the machine's
 * time zone) with the pay panel's code held back until the live row and the live count have reached the page, so
 * the race always goes the slow phone's way. Fails -> an island's first render reads a store the page's script
 * filled before it hydrated.
 */
import { type Browser, expect, test } from '@playwright/test';

const TOURNAMENT = 'champions-jan-2027';
/** Lighthouse 12's mobile device (a Moto G Power) as it reports itself. */
const LIGHTHOUSE_PHONE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

async function loadWithPayPanelLate(browser: Browser, path: string): Promise<string[]> {
  const context = await browser.newContext(LIGHTHOUSE_PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The pay panel's module waits until the live row and the header's live count have reached the page.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/PayPanelIsland\.[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const liveRow = page.waitForResponse(/\/rest\/v1\/tournaments\?select=filled_slots/);
  await page.goto(path);
  await liveRow;
  await expect(page.locator(`[data-slots] [data-entries-of="${TOURNAMENT}"]`)).toHaveAttribute('data-live', '', { timeout: 15_000 });
  release();
  // Hydrated, then showing the database's status (the HTML has the build's, which the page's script may not touch).
  const panel = page.locator('[data-pay-panel]');
  await expect(panel.locator(`[data-status-of-island="${TOURNAMENT}"]`)).toHaveAttribute('data-live', '');
  await context.close();
  return errors;
}

test.describe('a championship page under a slow phone’s timing', () => {
  for (const path of [`/tournaments/${TOURNAMENT}`, `/hi/tournaments/${TOURNAMENT}`]) {
    test(`${path} hydrates its pay panel after the live data without a hydration error`, async ({ browser }) => {
      expect(await loadWithPayPanelLate(browser, path)).toEqual([]);
    });
  }
});
