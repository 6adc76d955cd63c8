/**
 * A quick pod's check-in that cannot eat the fee, on a 360 px phone and a 1280 px desktop: before paying, the pod's
 * pay panel says check-in opens the moment the pod fills and lasts 10 minutes, that a missed one is refunded in full,
 * and what a pod one short pays; right after paying, it offers push and WhatsApp alerts in one tap each and says so
 * when the browser blocks notifications; the player then misses check-in and the pod page says the fee is refunded.
 * Fails -> a player pays for a pod without knowing when its check-in opens, hears nothing of it, or loses the fee.
 */
import { expect, test } from '@playwright/test';
import { payPanelPromises } from '../../src/features/tournaments/promises.ts';
import { signedInPlayer, stack } from './helpers/auth';
import { drawPod, super4PodWithPaidPlayers } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

test('a pod states its check-in and refund, offers alerts after paying, and refunds a missed check-in', async ({ page }, testInfo) => {
  test.slow(); // three players pay first, then a checkout, the draw and the refund
  const pod = await super4PodWithPaidPlayers(
    { label: 'podcheckin', title: 'Check-in Super 4', entryFeePaise: 30000, prizePoolPaise: 120000 },
    3,
  );
  await page.setViewportSize({ width: 360, height: 780 });
  const session = await signedInPlayer(page, 'podcheckin-late', { profile: true });
  await page.goto(`/pod/?id=${pod.id}`);

  const panel = page.locator('[data-pay-panel]');
  const pay = panel.getByRole('button', { name: /^Pay ₹300 & Register 1 Slot$/ });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  const promises = payPanelPromises({ series: 'quick', entryFeeRupees: 300, prizePoolRupees: 1200, maxPlayers: 4 });
  await expect(panel.locator('[data-promise="check-in"]')).toHaveText(
    'Check-in opens the moment the pod fills and lasts 10 minutes; if you miss it you get your ₹300 back in full',
  );
  await expect(panel.locator('[data-promise="short-pod"]')).toHaveText(promises.find((line) => line.key === 'short-pod')?.text ?? '');
  await expect(panel.locator('[data-promise="short-pod"]')).toContainText('the winner takes ₹900 instead of ₹1,200');
  await screenshot(panel, { path: testInfo.outputPath('pod-pay-panel-360.png') });
  await screenshot(page, { path: testInfo.outputPath('pod-page-360.png'), fullPage: true });

  await pay.click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(panel.getByRole('button', { name: 'Registered' })).toBeDisabled();

  // Alerts, one tap each: the headless browser refuses notifications, and the panel says so.
  const offer = panel.locator('[data-alerts-offer]');
  await expect(offer.getByRole('heading', { name: 'Hear when check-in opens' })).toBeVisible();
  await offer.getByRole('button', { name: 'Turn on push alerts' }).click();
  await expect(offer).toContainText('Notifications are blocked for this site: allow them in the browser settings, then try again.');
  await offer.getByRole('button', { name: 'Get WhatsApp alerts' }).click();
  await expect(offer.getByLabel('Indian mobile number on WhatsApp')).toBeVisible();
  await screenshot(offer, { path: testInfo.outputPath('pod-alerts-offer-360.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, { path: testInfo.outputPath('pod-paid-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: testInfo.outputPath('pod-paid-1280.png'), fullPage: true });

  // The other three check in; this player sleeps through the pod's check-in, and the draw refunds them in full.
  for (const player of pod.players) await stack.call('check_in', { p_tournament_id: pod.id }, player);
  await drawPod(pod.id);
  await page.reload();
  await expect(page.locator('[data-check-in="withdrawn"]')).toHaveText(
    'You were withdrawn: not checked in before check-in closed. Your entry fee is refunded in full.',
    { timeout: 15_000 },
  );
  await screenshot(page, { path: testInfo.outputPath('pod-missed-check-in-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await screenshot(page, { path: testInfo.outputPath('pod-missed-check-in-360.png'), fullPage: true });
  // The series page says the same before anyone opens a pod.
  await page.goto('/tournaments/super_4');
  await expect(page.getByText('Miss the check-in and your fee is refunded in full')).toBeVisible();
  await screenshot(page, { path: testInfo.outputPath('series-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: testInfo.outputPath('series-1280.png'), fullPage: true });
  const payments = await stack.call<{ tournament_id: string; status: string; status_reason: string | null }[]>(
    'get_my_payments',
    {},
    session,
  );
  expect(payments.find((payment) => payment.tournament_id === pod.id)).toMatchObject({
    status: expect.stringMatching(/^refund(_pending|ed)$/),
    status_reason: "You did not check in during the pod's check-in. Your payment has been refunded in full.",
  });
});
