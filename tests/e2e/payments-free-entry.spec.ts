/**
 * The catalog's free Community Cup: a signed-in, eligible player enters with one button (no checkout)
 * and finds the entry in My Tournaments. The test follows the calendar: it enters the free cup that takes
 * entries today.
 */
import { test } from '@playwright/test';
import { expect, signedInPlayer } from './helpers/auth';
import { openFreeCup } from './helpers/catalog';

test('an eligible player enters the free cup with one button and sees it in My Tournaments', async ({ page }) => {
  const CUP = openFreeCup();
  await signedInPlayer(page, 'free-cup', { profile: true });

  await page.goto(`/tournaments/${CUP.id}`);
  const enter = page.getByRole('button', { name: 'Enter for free' });
  await enter.click();
  await expect(page.getByText('You are in! See you at check-in.')).toBeVisible();
  await expect(page.getByText('Entry confirmed')).toBeVisible();

  await page.goto('/my-tournaments');
  await expect(page.getByRole('tab', { name: 'Champions Tour' })).toHaveAttribute('aria-selected', 'true');
  const item = page.getByRole('listitem').filter({ hasText: CUP.title });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link')).toHaveAttribute('href', `/tournaments/${CUP.id}`);
  await expect(item).toContainText('Registered on');
});
