/**
 * The signed-in pages: My Tournaments, My Earnings & Statistics and the Trade Center, empty and
 * filled (a paid registration seeded with the service role, as the payment confirmation writes it).
 */
import AxeBuilder from '@axe-core/playwright';
import { test } from '@playwright/test';
import { expect, seedPaidRegistration, seedRefundedPayment, signedInPlayer } from './helpers/auth';
import { REFUND_REASONS } from '../../src/lib/rules.ts';
import { openChampionship } from './helpers/catalog';

/** What the payment confirmation stores when a tournament fills up before a payment is confirmed. */
const FILLED_UP_REASON = REFUND_REASONS.tournament_full;

// Each test signs a player in against the local stack first: allow for a busy machine.
test.describe.configure({ timeout: 60_000 });

test.describe('My Tournaments', () => {
  test('a new player sees the empty state under tabs named after the series', async ({ page }) => {
    await signedInPlayer(page, 'tournaments-empty');
    await page.goto('/my-tournaments');
    await expect(page.getByRole('heading', { name: 'My Tournaments' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Champions Tour', '1v1 & Super 4/8']);
    await expect(page.getByRole('tab', { name: 'Champions Tour' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText("You haven't registered for any tournaments yet")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse available tournaments' })).toHaveAttribute('href', '/tournaments');

    await page.getByRole('tab', { name: '1v1 & Super 4/8' }).click();
    await expect(page.getByRole('tab', { name: '1v1 & Super 4/8' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText("You haven't registered for any tournaments yet");
  });

  // Fails -> My Tournaments shows a status other pages contradict.
  test("lists a registration with its date, its entries and the tournament's own status", async ({ page }) => {
    const session = await signedInPlayer(page, 'tournaments-filled');
    const { id } = openChampionship();
    await seedPaidRegistration(session.user.id, { tournamentId: id, slots: 3, amountPaise: 30_000 });
    await page.goto('/my-tournaments');
    const item = page.getByRole('listitem').filter({ hasText: 'Registered on' });
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('link')).toHaveAttribute('href', `/tournaments/${id}`);
    const today = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(),
    );
    await expect(item).toContainText(`Registered on ${today}`);
    await expect(item).toContainText('3 entries');
    // The same words as its page and every list.
    await expect(item.locator(`[data-status-of-island="${id}"]`)).toHaveText('Registration open', { timeout: 15_000 });

    // A championship entry belongs to the Champions Tour tab, not to the quick formats'.
    await expect(page.getByRole('tab', { name: 'Champions Tour' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: '1v1 & Super 4/8' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No 1v1 & Super 4/8 entries yet');
    await expect(item).toHaveCount(0);
  });

  test("says 'Failed to load your tournaments' when the call fails", async ({ page }) => {
    await signedInPlayer(page, 'tournaments-fail');
    // The database refuses the call (as PostgREST reports a failing function).
    await page.route('**/rest/v1/rpc/get_my_registrations', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'P0001', message: 'registrations unavailable', details: null, hint: null }),
      }),
    );
    await page.goto('/my-tournaments');
    await expect(page.getByTestId('toast')).toHaveText(/Failed to load your tournaments/);
    await expect(page.getByRole('tabpanel')).toContainText('Failed to load your tournaments');
  });
});

test.describe('My Earnings & Statistics', () => {
  test('a new player sees zeros, no payments and an empty record', async ({ page }) => {
    await signedInPlayer(page, 'earnings-empty');
    await page.goto('/my-earnings');
    const cards = page.getByTestId('stat-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText('Total Earnings');
    await expect(cards.nth(0)).toContainText('₹0.00');
    await expect(cards.nth(1)).toContainText('Matches Played0');
    // No matches yet: no win rate or average to show.
    await expect(cards.nth(2)).toContainText('No matches yet');
    await expect(cards.nth(3)).toContainText('No matches yet');
    await expect(page.getByText('No payments found.')).toBeVisible();
    const record = page.locator('[data-player-record]');
    await expect(record.locator('[data-stat="matches"]')).toContainText('0No matches yet');
    await expect(record.locator('[data-stat="win-rate"] [data-stat-figure]')).toHaveText('—');
    await expect(record.locator('[data-stat="titles"] [data-stat-figure]')).toHaveText('0');
  });

  test('shows a paid entry fee in the payment history', async ({ page }) => {
    const session = await signedInPlayer(page, 'earnings-filled');
    const { razorpayPaymentId } = await seedPaidRegistration(session.user.id, { slots: 2, amountPaise: 30_000 });
    await page.goto('/my-earnings');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Tournament', 'Payment ID', 'Amount', 'Date', 'Status']);
    const row = table.getByRole('row').filter({ hasText: razorpayPaymentId });
    await expect(row).toContainText('Champions Tour December 2026');
    await expect(row).toContainText('₹300.00');
    const status = row.getByText('Paid', { exact: true });
    await expect(status).toHaveAttribute('data-tone', 'green');
    await expect(row.getByTestId('payment-status-reason')).toHaveCount(0);
  });

  test('says why a refunded payment bought no entry, under its status', async ({ page }) => {
    const session = await signedInPlayer(page, 'earnings-refunded');
    const { razorpayPaymentId } = await seedRefundedPayment(session.user.id, { reason: FILLED_UP_REASON });
    await page.goto('/my-earnings');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: razorpayPaymentId });
    const statusCell = row.getByRole('cell').last();
    await expect(statusCell.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(statusCell.getByText(FILLED_UP_REASON)).toBeVisible();
  });
});

test.describe('Trade Center', () => {
  test('shows a spinner, then the placeholder cards without prices and no promise of trading', async ({ page }) => {
    await signedInPlayer(page, 'trade');
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await page.goto('/trade');
    // The page arrives with the spinner; the market replaces it about 500 ms later.
    expect(await response?.text()).toContain('Loading the Trade Center');
    const cards = page.getByTestId('player-card');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toContainText('Player Card');
    // A placeholder: no price, no value, no trend, no buying or selling.
    await expect(page.getByRole('main')).not.toContainText(/₹|\$|%|\bbuy\b|\bsell\b/i);
    await expect(page.getByRole('main')).toContainText('never traded for money');
    await expect(cards.first().getByRole('button', { name: 'Coming Soon' })).toBeDisabled();

    await page.getByRole('tab', { name: 'My cards' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    // The market laid out under the spinner hydrates as it was rendered: no mismatch, no error.
    expect(consoleErrors).toEqual([]);
  });
});

test('on a phone the payment history reads as cards, without sideways scrolling @phone', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only');
  const session = await signedInPlayer(page, 'earnings-phone');
  const { razorpayPaymentId } = await seedPaidRegistration(session.user.id, { slots: 1, amountPaise: 15_000 });
  const refunded = await seedRefundedPayment(session.user.id, { reason: FILLED_UP_REASON });
  await page.goto('/my-earnings');
  const card = page.getByRole('listitem').filter({ hasText: razorpayPaymentId });
  await expect(card).toContainText('₹150.00');
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  const refundedCard = page.getByRole('listitem').filter({ hasText: refunded.razorpayPaymentId });
  await expect(refundedCard.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(refundedCard.getByText(FILLED_UP_REASON)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the signed-in pages pass an accessibility check', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signedInPlayer(page, 'a11y');
  await seedPaidRegistration(session.user.id, { slots: 1, amountPaise: 15_000 });
  // The muted reason line under a refunded payment must be as readable as the rest of the table.
  await seedRefundedPayment(session.user.id, { reason: FILLED_UP_REASON });
  for (const [path, ready] of [
    ['/my-tournaments', 'Registered on'],
    ['/my-earnings', 'Payment History'],
    ['/trade', 'Player Card'],
    ['/profile', 'Player details'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
});
