/**
 * The calendar on the site: the tournaments list names each recurring series and lists the editions it
 * holds today, and the edition page (the shell for editions the database makes after the build) shows an
 * edition from the database with the same pay panel as its pre-rendered page. If this fails, a player cannot
 * find or enter next month's championship.
 */
import { expect, test } from '@playwright/test';
import { catalog } from './helpers/catalog';

/** The latest edition a recurring series holds today (a paid championship): the build and the stack both have it. */
const generated = catalog.filter((t) => /^championship-\d{4}-\d{2}$/.test(t.id)).sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];

test('the tournaments list names each recurring series and lists its editions', async ({ page }) => {
  await page.goto('/tournaments');
  const series = page.locator('[data-recurring-series="championship"]');
  await expect(series).toContainText('The first Saturday of every month at 18:00 IST');
  await expect(page.locator('[data-recurring-series="community-cup"]')).toContainText('The third Saturday of every month at 18:00 IST');
  if (!generated) throw new Error('The recurring championship holds no edition today: check src/content/tournaments/recurring.');
  await expect(page.locator(`[data-catalog-link="${generated.id}"]`)).toContainText(generated.title);
});

test('the edition page loads an edition from the database and takes entries like its own page', async ({ page }) => {
  if (!generated) throw new Error('The recurring championship holds no edition today.');
  await page.goto(`/edition/?id=${generated.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(generated.title);
  await expect(page.locator(`[data-edition-status="${generated.id}"]`)).toContainText('Registration open');
  await expect(page.getByRole('button', { name: /Pay ₹150 & Register 1 Slot/ })).toBeVisible();
  await expect(page.getByRole('link', { name: "Open the edition's full page" })).toHaveAttribute('href', `/tournaments/${generated.id}`);
});

test('an unknown edition says so on the page instead of a 404', async ({ page }) => {
  await page.goto('/edition/?id=nothing-2031-01');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such edition');
  await expect(page.getByText('There is no edition "nothing-2031-01".')).toBeVisible();
});
