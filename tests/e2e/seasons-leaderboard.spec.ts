/**
 * The season leaderboard and a player's page on a phone, with the demo data's two finished Super 4s (the
 * season opener nine days ago, rated in a completed week, and the finished cup): the ranking with season
 * points, rating and events, the points tables from the database, the signed-in player's own rank, the
 * player page with rating history and results, and the empty state of a season without results.
 * Fails -> players cannot see where they stand in the season or what a rival has won.
 */
import { type Page, test } from '@playwright/test';
import { signInWithPassword } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { screenshot } from './helpers/screenshots';

/** The page fits the project's viewport (360 px on the phone project, 1280 px on the desktop one). */
const fitsWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
const width = (page: Page) => page.viewportSize()?.width ?? 0;

test('the leaderboard ranks the season and links each player page @phone', async ({ page }, testInfo) => {
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  const table = page.locator('[data-leaderboard-table]');
  await expect(table.getByRole('link', { name: 'Rival1' })).toBeVisible();
  // The season's points count from the one SQL table: the opener's winner has at least a pod's 1st place.
  const first = table.locator('[data-leaderboard-row="1"]');
  await expect(first).toBeVisible();
  expect(Number(await first.locator('td').nth(2).textContent())).toBeGreaterThanOrEqual(10);
  await expect(page.locator('[data-points-table="championship"]')).toContainText('1st');
  await expect(page.locator('[data-points-table="championship"]')).toContainText('100');
  await expect(page.locator('[data-points-table="pod"]')).toContainText('Checked in and played');
  // Nothing overflows the screen's width.
  await fitsWidth(page);
  await screenshot(page, { path: testInfo.outputPath(`leaderboard-${width(page)}.png`), fullPage: true });

  // Championships only: the demo seasons have none finished, so the empty state says so.
  await page.getByRole('button', { name: 'Championships' }).click();
  await expect(page.locator('[data-leaderboard-empty]')).toContainText('No results yet');

  await page.getByRole('button', { name: 'All series' }).click();
  await table.getByRole('link', { name: 'Rival1' }).click();
  await expect(page).toHaveURL(/\/player\/\?id=[0-9a-f]{16}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rival1' })).toBeVisible();
  await expect(page.locator('[data-player-rating]')).toHaveText(/^\d{3,4}$/);
  await expect(page.getByRole('heading', { name: 'Rating history' })).toBeVisible();
  await expect(page.getByText(/Week of/).first()).toBeVisible();
  await expect(page.locator('[data-player-result]').filter({ hasText: 'Demo Season Opener' })).toBeVisible();
  await expect(page.locator('[data-player-result]').filter({ hasText: 'Demo Finished Cup' })).toBeVisible();
  await fitsWidth(page);
  await screenshot(page, { path: testInfo.outputPath(`player-${width(page)}.png`), fullPage: true });
});

test('a signed-in player sees their own rank @phone', async ({ page }) => {
  const session = await signInWithPassword(stack, 'rival5@golazo.test', 'golazo-demo');
  await storeSession(page, session);
  await page.goto('/leaderboard');
  await expect(page.locator('[data-my-rank]')).toContainText(/Your rank: #\d+/);
  await page.locator('[data-my-rank]').getByRole('link', { name: 'Your player page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rival5' })).toBeVisible();
});

test('a player link nobody has says so @phone', async ({ page }) => {
  await page.goto('/player/?id=0000000000000000');
  await expect(page.getByRole('alert')).toHaveText('No player has this link.');
  await page.goto('/player/');
  await expect(page.getByRole('alert')).toHaveText('No player has this link.');
});
