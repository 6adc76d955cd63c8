/**
 * The money journey's words on a 360 px phone: before paying, the pay panel says what each place wins,
 * the tax and what the winner receives, when and how prizes are paid and who may pay; after paying, a
 * receipt arrives in the bell, and My Earnings shows the entry as one row with the checkouts that charged
 * nothing folded under it.
 */
import { expect, test } from '@playwright/test';
import { payPanelPromises } from '../../src/features/tournaments/promises.ts';
import { formatPaiseExact, formatRupees, rupeesToPaise } from '../../src/lib/format.ts';
import { signedInPlayer, stack } from './helpers/auth';
import { type CatalogEntry, openChampionship } from './helpers/catalog';
import { screenshot } from './helpers/screenshots';

let todaysEdition: CatalogEntry | undefined;
const edition = () => (todaysEdition ??= openChampionship());
const feePaise = () => rupeesToPaise(edition().entryFeeRupees);

test.beforeAll(async () => {
  // However long the local database lives, this edition takes entries for the whole run.
  await stack.rest(`/rest/v1/tournaments?id=eq.${edition().id}`, {
    method: 'PATCH',
    body: { starts_at: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(), registration_closes_at: null },
  });
});

test('before paying, the pay panel states the prizes, the tax with the winner’s amount, the payout and who may pay @phone', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a 360 px phone');
  await signedInPlayer(page, 'promises-panel', { profile: true });
  await page.goto(`/tournaments/${edition().id}`);
  const panel = page.locator('[data-pay-panel]');
  await expect(panel.getByRole('button', { name: /^Pay ₹\S+ & Register 1 Slot$/ })).toBeEnabled({ timeout: 15_000 });
  const lines = panel.locator('[data-pay-promises] li');
  await expect(lines).toHaveText(payPanelPromises(edition()).map((line) => line.text));
  await expect(panel.locator('[data-promise="tax"]')).toHaveText(
    '30% tax on net winnings (what you withdraw less the entry fees you paid this financial year) is withheld by law: you would receive at least ₹14,045 if you win it all',
  );
  await expect(panel.locator('[data-promise="prizes"]')).toContainText('3rd–4th');
  await expect(panel.locator('[data-promise="pool"]')).toContainText('guaranteed');
  await expect(panel.locator('[data-promise="payout"]')).toHaveText(
    'Paid by UPI after the challenge window (24 hours after the final) and a one-time PAN check',
  );
  await expect(panel.locator('[data-promise="eligibility"]')).toHaveText('For players 18+ living in India');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(panel, { path: testInfo.outputPath('pay-panel-360.png') });
});

test('after paying: a receipt in the bell, and one history row with the checkouts that charged nothing folded @phone', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a 360 px phone');
  test.slow(); // a checkout, the bell and My Earnings
  const session = await signedInPlayer(page, 'promises-receipt', { profile: true });
  // Two earlier checkouts for the same edition that took no money: one timed out, one the bank declined.
  const earlier = (minutesAgo: number, extra: Record<string, unknown>) =>
    stack.request('/rest/v1/payments', {
      as: 'service_role',
      // Test rows put in a state directly (the local stack's fixture header).
      headers: { 'x-golazo-fixture': '1' },
      body: {
        user_id: session.user.id,
        tournament_id: edition().id,
        razorpay_order_id: `order_pp${Math.random().toString(36).slice(2, 12)}`,
        amount_paise: feePaise(),
        slots: 1,
        created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        expires_at: new Date(Date.now() - (minutesAgo - 20) * 60_000).toISOString(),
        ...extra,
      },
    });
  expect((await earlier(90, { status: 'created' })).ok).toBe(true);
  const declinedId = `pay_declined${Math.random().toString(36).slice(2, 10)}`;
  expect(
    (
      await earlier(60, {
        status: 'failed',
        razorpay_payment_id: declinedId,
        failure_reason: 'Your payment could not be completed as the bank declined it.',
      })
    ).ok,
  ).toBe(true);

  await page.goto(`/tournaments/${edition().id}`);
  const panel = page.locator('[data-pay-panel]');
  const pay = panel.getByRole('button', { name: `Pay ${formatRupees(edition().entryFeeRupees)} & Register 1 Slot` });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await pay.click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(panel.locator('[data-pay-message]')).toHaveText('Payment successful! You are now registered for the tournament.');

  // The receipt: amount, tournament, entry, payment id and what happens next.
  const amount = `₹${(feePaise() / 100).toFixed(2)}`;
  await page.goto('/my-earnings');
  await page.locator('[data-notification-bell]').click();
  const receipt = page.locator('#notification-panel li').filter({ hasText: `Payment received: ${amount} for ${edition().title}` });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(receipt).toContainText('1 entry');
  await expect(receipt).toContainText(/payment id pay_\w+/);
  await expect(receipt).toContainText('Next: check in on the tournament page');
  await expect(receipt.getByRole('link')).toHaveAttribute('href', `/tournaments/${edition().id}`);
  await page.locator('[data-notification-bell]').click();

  // One row for the entry; the two attempts that charged nothing fold under it.
  const rows = page.locator('[data-payment-history] [data-payment-row]').filter({ hasText: edition().title });
  await expect(rows).toHaveCount(1, { timeout: 15_000 });
  const row = rows.first();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row).toContainText(formatPaiseExact(feePaise()));
  const folded = row.locator('[data-folded-attempts]');
  await expect(folded.locator('summary')).toHaveText('2 attempts not charged');
  await folded.locator('summary').click();
  await expect(folded).toContainText(`Declined · ${formatPaiseExact(feePaise())} not charged`);
  await expect(folded).toContainText(declinedId);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, { path: testInfo.outputPath('my-earnings-360.png'), fullPage: true });
});
