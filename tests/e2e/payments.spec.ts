/**
 * Paying for a tournament end to end: the built site, the local Supabase stack, the edge
 * functions under Deno and the Razorpay test double (its checkout stand-in offers Pay, Fail
 * and Close, and it sends signed webhooks like Razorpay).
 */
import { expect, test, type Page } from '@playwright/test';
import { formatPaiseExact, formatRupees, rupeesToPaise } from '../../src/lib/format.ts';
import { completeProfile, newPlayer } from '../support/players.ts';
import { seedPaidRegistration, signedInPlayer, stack } from './helpers/auth';
import { type CatalogEntry, openChampionship, spareChampionship } from './helpers/catalog';
import { screenshot } from './helpers/screenshots';

/**
 * The championship edition that takes entries today (the calendar moves on; the tests follow it). Read
 * when a test runs, so a calendar with no open edition fails these tests with a clear message instead of
 * stopping the whole run.
 */
let todaysEdition: CatalogEntry | undefined;
const edition = () => (todaysEdition ??= openChampionship());
const editionPage = () => `/tournaments/${edition().id}`;
/** What `slots` places cost, as buttons and the checkout write it ("₹450"), and in exact paise. */
const price = (slots: number) => formatRupees(slots * edition().entryFeeRupees);
const pricePaise = (slots: number) => rupeesToPaise(slots * edition().entryFeeRupees);

/**
 * Nothing past its registration close takes money: however long the local database lives, the run moves
 * this edition's start a month ahead (as the service role, like the catalog sync) before anyone pays, so
 * it cannot close in the middle of a run.
 */
test.beforeAll(async () => {
  await stack.rest(`/rest/v1/tournaments?id=eq.${edition().id}`, {
    method: 'PATCH',
    body: { starts_at: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(), registration_closes_at: null },
  });
});

/** The header's live entries ("212 / 300 players") once the page has read them from the database. */
async function filledSlots(page: Page): Promise<number> {
  const entries = page.locator(`[data-slots] [data-entries-of="${edition().id}"][data-live]`);
  return Number((await entries.textContent())?.split(' / ')[0]);
}

async function openCheckout(page: Page, slots: number, totalLabel: string) {
  const panel = page.locator('[data-pay-panel]');
  // The button turns enabled once the island has hydrated and knows the session: choose after that.
  await expect(panel.getByRole('button', { name: /^Pay ₹\S+ & Register 1 Slot$/ })).toBeEnabled({ timeout: 15_000 });
  if (slots !== 1) await panel.getByLabel('Select Number of Slots').selectOption(String(slots));
  const pay = panel.getByRole('button', { name: `Pay ${totalLabel} & Register ${slots} ${slots === 1 ? 'Slot' : 'Slots'}` });
  await expect(pay).toBeEnabled();
  await pay.click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 }); // the first order may start the function's Deno process
  return { panel, checkout };
}

test.describe('paying for a tournament', () => {
  test('a player pays for 3 slots and is registered once, everywhere at once', async ({ page }) => {
    test.slow(); // four pages and a payment
    const session = await signedInPlayer(page, 'payer', { profile: true });
    await page.goto(editionPage());

    const panel = page.locator('[data-pay-panel]');
    const select = panel.getByLabel('Select Number of Slots');
    await expect(select.locator('option')).toHaveText(
      Array.from({ length: 10 }, (_, i) => `${i + 1} ${i === 0 ? 'Slot' : 'Slots'} - ${price(i + 1)}`),
    );
    await expect(panel.getByRole('button', { name: `Pay ${price(1)} & Register 1 Slot` })).toBeVisible();

    const { checkout } = await openCheckout(page, 3, price(3));
    // The checkout shows the server's amount and the player's e-mail.
    await expect(checkout).toContainText(price(3));
    await expect(checkout).toContainText(session.user.email);
    await expect(panel.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    // Entering is this site's flow only: no outside form opens after paying.
    let popups = 0;
    page.on('popup', () => popups++);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect(panel.locator('[data-pay-message]')).toHaveText('Payment successful! You are now registered for the tournament.');
    await expect(panel.getByRole('button', { name: 'Registered' })).toBeDisabled();
    await expect(panel.getByText('Payment completed')).toBeVisible();
    expect(popups).toBe(0);

    // Registered exactly once, for 3 slots, whatever the webhook and the verify call raced to do.
    await expect.poll(async () => stack.call<unknown[]>('get_my_registrations', {}, session)).toHaveLength(1);
    const [registration] = (await stack.call('get_my_registrations', {}, session)) as {
      tournament_id: string;
      slots: number;
    }[];
    expect(registration).toMatchObject({ tournament_id: edition().id, slots: 3 });

    // The participants tab counts the new entries (other tests may be registering at the same time).
    await page.getByRole('tab', { name: 'Participants' }).click();
    await expect.poll(async () => filledSlots(page)).toBeGreaterThanOrEqual(3);
    await expect(page.locator('[data-participants-list]')).toContainText('3 entries');
    await expect(page.locator('[data-participants-list] [data-participant]').first()).toContainText('Confirmed');

    await page.goto('/my-tournaments');
    await expect(page.getByText(edition().title)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Registered on/)).toBeVisible();

    await page.goto('/my-earnings');
    const history = page.getByRole('table');
    await expect(history.getByRole('row', { name: new RegExp(edition().title) })).toContainText(formatPaiseExact(pricePaise(3)), {
      timeout: 15_000,
    });
    await expect(history.getByRole('row', { name: new RegExp(edition().title) })).toContainText('Paid');

    // Back on the page: the registration is known on load.
    await page.goto(editionPage());
    await expect(panel.getByRole('button', { name: 'Registered' })).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText('You are already registered for this tournament!')).toBeVisible();
  });

  test('a failed payment says so and lets the player try again @phone', async ({ page }) => {
    await signedInPlayer(page, 'declined', { profile: true });
    await page.goto(editionPage());
    const { panel, checkout } = await openCheckout(page, 1, price(1));
    await checkout.getByRole('button', { name: 'Fail' }).click();
    await expect(panel.locator('[data-pay-message]')).toHaveText(
      'Payment processing failed: Your payment could not be completed as the bank declined it. No money was taken: if your bank shows a debit, it reverses it by itself. You can try again.',
    );
    await expect(panel.getByRole('button', { name: `Pay ${price(1)} & Register 1 Slot` })).toBeEnabled();
  });

  test('closing the checkout cancels without registering', async ({ page }) => {
    const session = await signedInPlayer(page, 'closer', { profile: true });
    await page.goto(editionPage());
    const { panel, checkout } = await openCheckout(page, 2, price(2));
    await checkout.getByRole('button', { name: 'Close' }).click();
    await expect(checkout).toBeHidden();
    await expect(panel.locator('[data-pay-message]')).toHaveText('Payment cancelled by user');
    await expect(panel.getByRole('button', { name: `Pay ${price(2)} & Register 2 Slots` })).toBeEnabled();
    const registrations = await stack.call('get_my_registrations', {}, session);
    expect(registrations).toEqual([]);
  });

  test('an already registered player is told so and pointed to My Tournaments, never to an outside form', async ({ page }) => {
    const session = await signedInPlayer(page, 'registered', { profile: true });
    await seedPaidRegistration(session.user.id, { tournamentId: edition().id, slots: 2, amountPaise: pricePaise(2) });
    await page.goto(editionPage());
    const panel = page.locator('[data-pay-panel]');
    await expect(panel.getByRole('button', { name: 'Registered' })).toBeDisabled({ timeout: 15_000 });
    await expect(panel.getByText('You are already registered for this tournament!')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open the registration form' })).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Go to My Tournaments' })).toHaveAttribute('href', '/my-tournaments');
    await expect(panel.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  });

  // The button says why before any checkout opens: a player sent into Razorpay only to be refused (or a
  // 17-year-old paying) is what this guards against.
  test('the pay button says why a player cannot pay, and leads to the profile', async ({ page }) => {
    const newcomer = await signedInPlayer(page, 'no-profile');
    await page.goto(editionPage());
    const panel = page.locator('[data-pay-panel]');
    const blocked = panel.getByRole('link', { name: 'Complete your profile to enter' });
    // The profile brings the player back to this tournament once saved.
    await expect(blocked).toHaveAttribute('href', `/profile?next=${encodeURIComponent(editionPage())}`, {
      timeout: 15_000,
    });
    await expect(panel.getByRole('button', { name: /^Pay / })).toHaveCount(0);

    await completeProfile(stack, newcomer, { dateOfBirth: '2010-01-01' });
    await page.reload();
    await expect(panel.getByRole('link', { name: 'Paid entry is for players 18 and over' })).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  });

  test('a signed-out visitor is sent to log in and brought back', async ({ page }) => {
    await page.goto(editionPage());
    const pay = page.locator('[data-pay-panel]').getByRole('button', { name: `Pay ${price(1)} & Register 1 Slot` });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(editionPage())}`);
    await expect(page.getByTestId('toast')).toHaveText(/Please log in to continue/);
  });

  // Fails -> one buyer takes both places of a 1v1 pod (a bracket of their own entries), or the panel offers more than the database takes.
  test('a 1v1 pod offers one slot, and says one player holds at most one of its places', async ({ page }, testInfo) => {
    await signedInPlayer(page, 'onevone', { profile: true });
    const [pod] = await stack.rest<{ id: string; max_slots_per_buyer: number }[]>(
      '/rest/v1/tournaments?series_id=eq.1v1&pod_number=not.is.null&drawn_at=is.null&order=pod_number.desc&limit=1&select=id,max_slots_per_buyer',
    );
    expect(pod?.max_slots_per_buyer).toBe(1);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/pod/?id=${pod?.id}`);
    const panel = page.locator('[data-pay-panel]');
    await expect(panel.locator('[data-per-buyer="1"]')).toHaveText('One player can hold at most 1 place in this tournament.', {
      timeout: 15_000,
    });
    await expect(panel.getByLabel('Select Number of Slots').locator('option')).toHaveText([/^1 Slot - ₹/]);
    await expect(panel.getByRole('button', { name: /^Pay ₹\S+ & Register 1 Slot$/ })).toBeEnabled();
    await screenshot(panel, { path: testInfo.outputPath('pay-panel-1v1-360.png') });
    // The database refuses two places to one buyer whatever the browser sends.
    const refused = await stack.request('/functions/v1/razorpay-payment', {
      as: await newPlayer(stack, 'onevone-two', { profile: true }),
      body: { action: 'create_order', tournament_id: pod?.id, slots: 2 },
    });
    expect(await refused.json()).toMatchObject({ success: false, error: expect.stringContaining('One player can hold at most 1 place') });
  });

  test('a tournament that is not open takes no payment', async ({ page }) => {
    // Its own edition, announced but not open (is_live off) for the length of the test.
    const { id } = spareChampionship(1);
    const setLive = (isLive: boolean) => stack.rest(`/rest/v1/tournaments?id=eq.${id}`, { method: 'PATCH', body: { is_live: isLive } });
    await setLive(false);
    try {
      await page.goto(`/tournaments/${id}`);
      const panel = page.locator('[data-pay-panel]');
      await expect(panel.getByRole('button', { name: 'Coming soon' })).toBeDisabled({ timeout: 15_000 });
      await expect(panel.getByLabel('Select Number of Slots')).toHaveCount(0);
    } finally {
      await setLive(true);
    }
  });
});

test.describe('landing tournament strip', () => {
  test('Register Now sends a visitor to the sign-up screen, which says why and keeps the tournament to return to', async ({ page }) => {
    await page.goto('/');
    const card = page.locator(`[data-tournament-card="${edition().id}"]`).first();
    await card.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-tournament-carousel]')).toHaveAttribute('data-ready', '', { timeout: 15_000 });
    await card.getByRole('link', { name: 'Register Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?next=%2Ftournaments%2F${edition().id}`));
    await expect(page.getByText('Please log in to register')).toBeVisible({ timeout: 15_000 });
  });

  test("Register Now brings a signed-in player to the tournament's pay panel", async ({ page }) => {
    await signedInPlayer(page, 'landing', { profile: true });
    await page.goto('/');
    const card = page.locator(`[data-tournament-card="${edition().id}"]`).first();
    await card.getByRole('link', { name: 'Register Now' }).click();
    await expect(page).toHaveURL(editionPage(), { timeout: 15_000 });
    await expect(page.locator('[data-pay-panel]').getByRole('button', { name: `Pay ${price(1)} & Register 1 Slot` })).toBeEnabled({
      timeout: 15_000,
    });
  });

  test('a registered player sees Registered on the card, from their real registrations', async ({ page }) => {
    const session = await signedInPlayer(page, 'landing-registered', { profile: true });
    await seedPaidRegistration(session.user.id, { tournamentId: edition().id, slots: 1, amountPaise: pricePaise(1) });
    await page.goto('/');
    const card = page.locator(`[data-tournament-card="${edition().id}"]`).first();
    await card.scrollIntoViewIfNeeded(); // the strip hydrates when it comes into view
    await expect(card.getByRole('button', { name: 'Registered' })).toBeDisabled({ timeout: 15_000 });
    await expect(card.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  });
});

test.describe('live slots', () => {
  test('a second browser sees the slot count move without reloading, from the webhook alone', async ({ browser, page }) => {
    // The watcher: an anonymous visitor with the page open.
    await page.goto(editionPage());
    await page.getByRole('tab', { name: 'Participants' }).click();
    // The page starts from the build's 0, then shows the database's number and follows it.
    await expect(page.locator('[data-live-tournament][data-live-ready]')).toBeAttached({ timeout: 15_000 });
    const before = await filledSlots(page);

    // Another player pays in another browser and closes it before the verify call: only Razorpay's
    // webhook reports the payment.
    const payer = await newPlayer(stack, 'webhook-only', { profile: true });
    const order = (await (
      await stack.request('/functions/v1/razorpay-payment', {
        as: payer,
        body: { action: 'create_order', tournament_id: edition().id, slots: 2, amount: 1 },
      })
    ).json()) as { success: boolean; amount: number; order_id: string };
    expect(order).toMatchObject({ success: true, amount: pricePaise(2) });
    const paid = await fetch(`${stack.url}/razorpay/test/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order.order_id, outcome: 'success' }),
    });
    expect(paid.ok).toBe(true);

    await expect.poll(async () => filledSlots(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
    await expect(page.locator('[data-participants-summary]')).not.toHaveText('–');

    // And a second tab of a fresh browser agrees with the database.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(editionPage());
    await expect(second.locator('[data-live-tournament][data-live-ready]')).toBeAttached({ timeout: 15_000 });
    await expect.poll(async () => filledSlots(second), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
    await other.close();
  });
});

test.describe('abandoned checkouts', () => {
  // Fails -> a player who walked away from a checkout sees "Pending" forever and wonders whether they paid.
  test('My Earnings shows a checkout that timed out as abandoned, with why', async ({ page }) => {
    const session = await signedInPlayer(page, 'walked-away', { profile: true });
    const orderId = `order_away${Math.random().toString(36).slice(2, 12)}`;
    const response = await stack.request('/rest/v1/payments', {
      as: 'service_role',
      body: {
        user_id: session.user.id,
        tournament_id: edition().id,
        razorpay_order_id: orderId,
        amount_paise: pricePaise(1),
        slots: 1,
        status: 'created',
        created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
        expires_at: new Date(Date.now() - 40 * 60_000).toISOString(),
      },
    });
    expect(response.ok).toBe(true);
    await page.goto('/my-earnings');
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: formatPaiseExact(pricePaise(1)) });
    const statusCell = row.getByRole('cell').last();
    await expect(statusCell.getByText('Abandoned', { exact: true })).toBeVisible();
    await expect(statusCell.getByText('The checkout was closed or timed out before a payment arrived.')).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toHaveCount(0);
  });
});
