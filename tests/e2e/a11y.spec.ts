import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { rulesThatCanBeSerious } from './helpers/axe';
import { routes, UNKNOWN_TOURNAMENT } from './routes';

/**
 * An axe-core sweep of every route (WCAG 2.0-2.2 A and AA rules) at desktop and phone width:
 * no serious or critical violation.
 */

const paths = [...routes.map((route) => route.path), UNKNOWN_TOURNAMENT];
const signedInPaths = new Set(routes.filter((route) => route.signedIn).map((route) => route.path));
// Only serious and critical violations fail the sweep, so only the rules that can report one run (helpers/axe.ts).
const SWEEP_RULES = rulesThatCanBeSerious(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);

for (const path of paths) {
  test(`${path} has no serious or critical accessibility violation @phone`, async ({ page }) => {
    // axe walks every node and computes contrast; on a busy two-core machine that takes a while.
    test.setTimeout(90_000);
    const response = await page.goto(path);
    // Every route in the table exists: a missing page is a failure, not a skip.
    expect(response?.status(), `${path} answers`).toBe(path === UNKNOWN_TOURNAMENT ? 404 : 200);
    await page.waitForLoadState('networkidle');
    // Signed-in screens send a signed-out visitor to /login; sweep the page the visitor lands on.
    if (signedInPaths.has(path)) await expect(page).toHaveURL(/\/login/);

    const results = await new AxeBuilder({ page }).withRules(SWEEP_RULES).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
    expect(blocking, `on ${page.url()}`).toEqual([]);
  });
}

test('the open mobile menu has no serious or critical accessibility violation @phone', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // Contrast is only meaningful once the opening transition has finished.
  await menu.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const results = await new AxeBuilder({ page }).include('#site-menu').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
});
