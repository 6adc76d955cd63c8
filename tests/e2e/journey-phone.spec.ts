/**
 * A new player's whole money journey on a 360 px phone, from the landing page to a UPI payout, through the
 * pages only (the other three players and the referee act through the API): Browse Tournaments, a Super 4
 * pod with the tax stated before paying, a checkout, the receipt in the bell and one row in the payment
 * history, check-in and the draw followed live on My Tournaments, the match page with its dispute rule,
 * winner-first results, the prize credited after the challenge window, PAN and UPI id, a withdrawal with
 * its tax, the admin's approval and the payout with its bank reference. No page answers 404 and no page
 * scrolls sideways.
 * Fails -> the journey a player makes before trusting the site with money has a dead end, a surprise or a
 * sentence that disagrees with what happens.
 */
import { randomInt } from 'node:crypto';
import { type Page, test } from '@playwright/test';
import { newPlayer } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { drawPod, type PodMatch, super4PodWithPaidPlayers } from './helpers/pods';
import { staffSession } from './helpers/staff';
import { screenshot } from './helpers/screenshots';

const PHONE = { width: 360, height: 780 };
const FIRST_PRIZE_PAISE = 200_000;
const SECOND_PRIZE_PAISE = 50_000;
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

function freshPan(): string {
  const letter = () => String.fromCharCode(65 + randomInt(0, 25)); // A–Y: the PAN double refuses only ZZZ…
  return `${letter()}${letter()}${letter()}P${letter()}${String(randomInt(0, 10_000)).padStart(4, '0')}${letter()}`;
}

test('a new player goes from the landing page to a UPI payout on a phone, with no dead end @phone', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a 360 px phone');
  test.setTimeout(300_000);
  const shot = (page: Page, name: string) => screenshot(page, { path: testInfo.outputPath(`${name}-360.png`), fullPage: true });

  const pod = await super4PodWithPaidPlayers(
    {
      label: 'journey',
      title: 'Journey Super 4',
      entryFeePaise: 5000,
      prizePoolPaise: FIRST_PRIZE_PAISE + SECOND_PRIZE_PAISE,
      prizeFormula: [
        { from_place: 1, to_place: 1, amount_paise: FIRST_PRIZE_PAISE },
        { from_place: 2, to_place: 2, amount_paise: SECOND_PRIZE_PAISE },
      ],
    },
    3,
  );
  const me = await newPlayer(stack, 'journey-me', { profile: true });
  const myName = `P${me.user.id.slice(0, 6)}`;
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).origin === new URL(page.url() || response.url()).origin)
      notFound.push(response.url());
  });
  await storeSession(page, me);

  // The landing page sends the player to the tournaments, not to a chat group.
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse Tournaments' }).first().click();
  await expect(page).toHaveURL(/\/tournaments\/?$/);
  await expectNoSideScroll(page);

  // The pod: before paying, the tax and what the winner receives, how prizes are paid, who may pay.
  await page.goto(`/pod/?id=${pod.id}`);
  const panel = page.locator('[data-pay-panel]');
  const pay = panel.getByRole('button', { name: /^Pay ₹\S+ & Register 1 Slot$/ });
  await expect(pay).toBeEnabled({ timeout: 15_000 });
  await expect(panel.locator('[data-promise="tax"]')).toContainText(
    '30% tax on net winnings (what you withdraw less the entry fees you paid this financial year) is withheld by law',
  );
  await expect(panel.locator('[data-promise="payout"]')).toContainText('one-time PAN check');
  await expect(panel.locator('[data-promise="eligibility"]')).toHaveText('For players 18+ living in India');
  await expectNoSideScroll(page);
  await shot(page, 'journey-pod-pay-panel');
  await pay.click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(panel.locator('[data-pay-message]')).toHaveText('Payment successful! You are now registered for the tournament.');

  // The receipt in the bell, and one row in the payment history.
  await page.goto('/my-earnings');
  await page.locator('[data-notification-bell]').click();
  const receipt = page.locator('#notification-panel li').filter({ hasText: 'Payment received: ₹50.00 for Journey Super 4 #1' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(receipt).toContainText(/payment id pay_\w+/);
  await page.locator('[data-notification-bell]').click();
  const paymentRows = page.locator('[data-payment-history] [data-payment-row]').filter({ hasText: 'Journey Super 4 #1' });
  await expect(paymentRows).toHaveCount(1);
  await expect(paymentRows.first().getByText('Paid', { exact: true })).toBeVisible();
  await expectNoSideScroll(page);

  // Full, the pod's check-in opens: My Tournaments offers it, then follows the draw without a reload.
  await page.goto('/my-tournaments');
  const card = page.locator(`[data-my-tournament="${pod.id}"]`);
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByText('Checked in ✓')).toBeVisible();
  for (const player of pod.players) await stack.call('check_in', { p_tournament_id: pod.id }, player);
  const entries = await stack.rest<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${pod.id}`);
  const myEntry = entries.find((entry) => entry.player_id === me.user.id)!.id;
  const drawn = await drawPod(pod.id);
  const mySemi = drawn.find((match) => match.round === 1 && (match.entry_a === myEntry || match.entry_b === myEntry))!;
  const next = card.locator(`[data-next-match="${mySemi.id}"]`);
  await expect(next).toContainText('Semi-finals vs');
  await expectNoSideScroll(page);
  await shot(page, 'journey-my-tournaments');

  // The match page: the room steps and when a dispute may be opened.
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/match/\\?id=${mySemi.id}$`));
  await expect(page.locator('[data-you]')).toHaveAttribute('data-player', myName);
  await expect(page.getByText(/A dispute can be opened from \d{1,2}:\d{2} [ap]m IST/)).toBeVisible();
  await expectNoSideScroll(page);

  // The referee sets the results (the match flow itself has its own tests): this player wins both, 2–0.
  const referee = await staffSession('referee@golazo.test');
  const settle = (match: PodMatch, winner: string) =>
    stack.call(
      'staff_settle_match',
      {
        p_match_id: match.id,
        p_winner_entry_id: winner,
        p_score: winner === match.entry_a ? [2, 0] : [0, 2],
        p_note: 'From the screenshots',
      },
      referee,
    );
  // Six minutes past kick-off: the referee may settle it, and the stack's periodic job (every few seconds) does not
  // decide an unplayed match by walkover or void before ten, so it never settles one first.
  const backdate = (match: PodMatch) =>
    stack.rest(`/rest/v1/matches?id=eq.${match.id}`, {
      method: 'PATCH',
      body: { scheduled_at: new Date(Date.now() - 6 * 60_000).toISOString() },
    });
  for (const semi of drawn.filter((match) => match.round === 1)) {
    await backdate(semi);
    await settle(semi, semi.id === mySemi.id ? myEntry : semi.entry_a);
  }
  // Winner first, whichever slot the winner had.
  await expect(page.locator('[data-match-outcome]')).toContainText(`${myName} won 2–0`);
  const final = (await stack.rest<PodMatch[]>(`/rest/v1/matches?select=*&tournament_id=eq.${pod.id}&round=eq.2`))[0]!;
  await backdate(final);
  await settle(final, myEntry);

  // After the challenge window the due work credits the prize (the pod's finish moves back past it).
  await stack.rest(`/rest/v1/tournaments?id=eq.${pod.id}`, {
    method: 'PATCH',
    body: { finished_at: new Date(Date.now() - 2 * 3600_000 - 5 * 60_000).toISOString() },
  });
  await stack.runDueWork();

  // My Earnings: the prize, KYC, a withdrawal with its tax shown before confirming.
  await page.goto('/my-earnings');
  await expect(page.locator('[data-figure="balance"]')).toContainText(rupees(FIRST_PRIZE_PAISE));
  const kyc = page.getByRole('region', { name: 'PAN and UPI id' });
  await kyc.getByLabel('PAN').fill(freshPan());
  await kyc.getByLabel('UPI id').fill(`journey.${randomInt(0, 1_000_000)}@okaxis`);
  await kyc.getByRole('button', { name: 'Verify PAN and UPI id' }).click();
  await stack.runDueWork();
  await expect(kyc).toContainText('Verified', { timeout: 20_000 });
  const withdraw = page.getByRole('region', { name: 'Withdraw', exact: true });
  await withdraw.getByLabel('Amount (₹)').fill('2000');
  await withdraw.getByRole('button', { name: 'See tax and amount' }).click();
  const preview = withdraw.locator('[data-withdraw-preview]');
  await expect(preview.getByTestId('preview-tax')).toContainText('₹');
  await preview.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(withdraw.locator('[data-withdraw-result]')).toContainText('Awaiting approval');
  // Until the payout is processed the tax is "to be withheld", never "paid".
  await expect(page.getByText(/to be withheld/i).first()).toBeVisible();
  await expectNoSideScroll(page);
  await shot(page, 'journey-withdrawal');

  // The admin approves the first payout; the payouts double processes it.
  const [payout] = await stack.rest<{ id: string }[]>(`/rest/v1/payouts?select=id&user_id=eq.${me.user.id}`);
  await stack.call('staff_approve_payout', { p_payout_id: payout!.id }, await staffSession('admin@golazo.test'));
  await stack.runDueWork();
  const history = page.getByRole('list', { name: 'Withdrawals' });
  await expect(history.getByRole('listitem').first()).toContainText('Processed', { timeout: 30_000 });
  await page.reload();
  await expect(history.getByRole('listitem').first()).toContainText(/Bank reference \(UTR\): UTR\d+/);

  // The pod's public payout record now says the prize was paid.
  await page.goto(`/pod/?id=${pod.id}`);
  await expect(page.locator('[data-payout-record]')).toContainText(myName);
  await expectNoSideScroll(page);
  await shot(page, 'journey-pod-paid');
  expect(notFound).toEqual([]);
});
