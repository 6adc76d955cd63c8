/**
 * Pages paint their text before their islands load: `client:painted` islands (and a private page's data
 * layer) are fetched only after the first contentful paint, and still become interactive.
 */
import { type Page, test } from '@playwright/test';
import { expect, signedInPlayer } from './helpers/auth';

test.describe.configure({ timeout: 60_000 });

/** When the first contentful paint happened and when each script of the page started loading (ms since navigation). */
function paintAndScripts(page: Page) {
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
}

test('the sign-in page paints before its form loads, then the form works', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/valid e-mail/i)).toBeVisible();

  const { firstPaint, scripts } = await paintAndScripts(page);
  expect(firstPaint).toBeGreaterThan(0);
  const island = scripts.find((script) => script.path.includes('SignInIsland'));
  expect(island, 'the sign-in island was loaded').toBeDefined();
  expect(island?.startTime).toBeGreaterThanOrEqual(firstPaint as number);
});

test('a private page loads its data layer after the first paint and shows the player their data', async ({ page }) => {
  const session = await signedInPlayer(page, 'first-paint');
  await page.goto('/profile');
  await expect(page.getByText(session.user.email as string).first()).toBeVisible();

  const { firstPaint, scripts } = await paintAndScripts(page);
  const dataLayer = scripts.filter((script) => /\/(supabase|profile\.api)\.[\w-]+\.js$/.test(script.path));
  expect(dataLayer.map((script) => script.path.split('/').pop()?.split('.')[0]).sort()).toEqual(['profile', 'supabase']);
  // The loader runs in the frame that paints: the paint entry is stamped when that frame is presented, which on a
  // busy machine can come a few milliseconds after the loader's first fetch began. One frame (16.7 ms) of
  // difference is still "after the first paint"; a data layer fetched with the page's own scripts starts far
  // earlier than that.
  const ONE_FRAME_MS = 1000 / 60;
  for (const script of dataLayer) expect(script.startTime).toBeGreaterThanOrEqual((firstPaint as number) - ONE_FRAME_MS);
  await expect(page.locator('meta[name="golazo:data-layer"]')).toHaveCount(0);
  await expect(page.locator('link[rel="modulepreload"][href*="/supabase."]')).toHaveCount(1);
});
