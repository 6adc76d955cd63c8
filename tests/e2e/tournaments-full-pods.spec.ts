/**
 * Full quick pods on /tournaments, on a 360 px phone and a 1280 px desktop: a pod whose every place is taken is
 * listed under the quick formats, says it is full and offers its waitlist in the pod page's own words; the button
 * leads to the pod page, where the player joins and pays for the waitlist place.
 * Fails -> a player looking for a match tonight never learns that a full pod still takes waitlisted players.
 */
import { expect, test } from '@playwright/test';
import { signedInPlayer } from './helpers/auth';
import { super4PodWithPaidPlayers } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

test('a full pod is listed with its waitlist, and the player joins it from there', async ({ page }, testInfo) => {
  test.slow(); // four players pay, then a waitlist checkout
  const pod = await super4PodWithPaidPlayers(
    { label: 'fulllist', title: 'Listed Super 4', entryFeePaise: 30000, prizePoolPaise: 120000 },
    4,
  );
  await signedInPlayer(page, 'fulllist-waiter', { profile: true });

  // The pod page's own words for its waitlist, to compare with the list's.
  await page.goto(`/pod/?id=${pod.id}`);
  const onPodPage = page.locator('[data-waitlist="join"]');
  await expect(onPodPage).toBeVisible({ timeout: 15_000 });
  const headline = (await onPodPage.locator('p').first().textContent())?.trim() ?? '';
  const button = (await onPodPage.getByRole('button').textContent())?.trim() ?? '';
  const rule = (await onPodPage.locator('p.text-mist').first().textContent())?.trim() ?? '';
  expect(headline).toMatch(/^Every place is taken\. (One waitlist place is|\d+ waitlist places are) left\.$/);
  expect(button).toBe('Join the waitlist · ₹300');

  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/tournaments');
    const card = page.locator(`[data-full-pod="${pod.id}"]`);
    await expect(card).toBeVisible({ timeout: 15_000 });
    // The database's status (a pod checks in the moment it fills) and its count: every place taken.
    await expect(card.locator(`[data-status-of="${pod.id}"]`)).toHaveAttribute('data-live', '', { timeout: 15_000 });
    await expect(card.locator(`[data-status-of="${pod.id}"]`)).toHaveText(/^(Full|Check-in)$/);
    await expect(card.locator(`[data-entries-of="${pod.id}"]`)).toHaveText('4 / 4 players');
    await expect(card).toContainText(headline);
    await expect(card).toContainText(rule);
    // Listed with the quick formats, before the championships.
    const quick = page.getByRole('region', { name: '1v1, Super 4 and Super 8' });
    await expect(quick.locator(`[data-full-pod="${pod.id}"]`)).toHaveCount(1);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, { path: testInfo.outputPath(`tournaments-full-pods-${viewport.width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }

  await page.locator(`[data-full-pod="${pod.id}"]`).getByRole('link', { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`/pod/\\?id=${pod.id}#waitlist$`));
  const waitlist = page.locator('[data-waitlist]');
  await waitlist.getByRole('button', { name: button }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.locator('[data-waitlist-position="1"]')).toHaveText(
    'You are #1 on the waitlist: the first place that comes free is yours.',
    {
      timeout: 15_000,
    },
  );
});
