/**
 * The waitlist on a phone: a Super 4 pod fills, a fifth player joins its waitlist from the pod page (paying
 * through the checkout), reads their place and checks in; one of the four does not check in. At check-in
 * close the empty place goes to the waitlisted player before the draw: the page says they moved up, they are
 * told in the bell, and they play their semi-final to a confirmed result.
 * A second journey: a paid waitlist place is on the dashboard and in My Tournaments with its position and
 * check-in window, is checked in from the dashboard, has its receipt in the bell, holds the account's
 * deletion back with a button to leave, and is left from the dashboard: the refund shows there and in the
 * payment history.
 * Fails -> a no-show's place stays empty while a checked-in player waits outside the bracket, or a paid
 * waitlist place vanishes from the player's screens and cannot be left.
 */
import { type Page, test } from '@playwright/test';
import { newPlayer } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { reportAgreedResult } from './helpers/matches';
import { drawPod, fullSuper4Pod } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

test('a full pod’s waitlisted player checks in, moves up at check-in close and plays', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const pod = await fullSuper4Pod({ label: 'wait', title: 'Waitlist Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const waiter = await newPlayer(stack, 'wait-w', { profile: true });

  const context = await browser.newContext({ viewport: PHONE });
  const page: Page = await context.newPage();
  await storeSession(page, waiter);
  await page.goto(`/pod/?id=${pod.id}`);

  // Full: the pod page offers the waitlist with its price and rule.
  const card = page.getByRole('region', { name: 'Waitlist' });
  await expect(card).toContainText('Every place is taken. One waitlist place is left.', { timeout: 20_000 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, { path: testInfo.outputPath('waitlist-join-360.png'), fullPage: true });
  await card.getByRole('button', { name: 'Join the waitlist · ₹50' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await expect(checkout).toContainText('₹50');
  await checkout.getByRole('button', { name: 'Pay' }).click();

  // On the waitlist: first in line, then checked in.
  await expect(card.locator('[data-waitlist-position="1"]')).toHaveText(
    'You are #1 on the waitlist: the first place that comes free is yours.',
  );
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card).toContainText('Checked in ✓');
  expect(await stack.call('get_waitlist_position', { p_tournament_id: pod.id }, waiter)).toEqual({ position: 1 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, { path: testInfo.outputPath('waitlist-waiting-360.png'), fullPage: true });
  const wide = await browser.newContext({ viewport: DESKTOP });
  const widePage = await wide.newPage();
  await storeSession(widePage, waiter);
  await widePage.goto(`/pod/?id=${pod.id}`);
  await expect(widePage.getByRole('region', { name: 'Waitlist' })).toContainText('Checked in ✓', { timeout: 20_000 });
  await screenshot(widePage, { path: testInfo.outputPath('waitlist-waiting-1280.png'), fullPage: true });
  await wide.close();

  // Three of the four check in; the fourth does not. Check-in closes and the draw runs.
  const [noShow, ...present] = pod.players;
  for (const player of present) await stack.call('check_in', { p_tournament_id: pod.id }, player);
  const matches = await drawPod(pod.id);

  // The waitlisted player took the no-show's place, before the draw: they are in a semi-final.
  await expect(card).toContainText('You moved up from the waitlist', { timeout: 20_000 });
  const [entry] = await stack.rest<{ id: string; checked_in_at: string | null; status: string }[]>(
    `/rest/v1/entries?select=id,checked_in_at,status&tournament_id=eq.${pod.id}&player_id=eq.${waiter.user.id}`,
  );
  expect(entry).toMatchObject({ status: 'active', checked_in_at: expect.any(String) });
  const [absent] = await stack.rest<{ status: string }[]>(
    `/rest/v1/entries?select=status&tournament_id=eq.${pod.id}&player_id=eq.${noShow?.user.id}`,
  );
  // Withdrawn, then refunded in full (a quick pod's missed check-in): the place reads cancelled.
  expect(absent?.status).toBe('cancelled');
  const semi = matches.find((m) => m.round === 1 && (m.entry_a === entry?.id || m.entry_b === entry?.id));
  if (!semi) throw new Error('the waitlisted player is in no semi-final');
  expect(semi.status).toBe('scheduled');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, { path: testInfo.outputPath('waitlist-promoted-360.png'), fullPage: true });

  // Told in the bell (and by e-mail), with a link to the pod's page.
  const notices = await stack.rest<{ kind: string; link: string }[]>(
    `/rest/v1/notifications?select=kind,link&user_id=eq.${waiter.user.id}&kind=like.waitlist*`,
  );
  expect(notices).toEqual([{ kind: 'waitlist_promoted', link: `/pod/?id=${pod.id}` }]);

  // They play: room, Ready and agreeing reports at the match's time confirm the result.
  const entries = await stack.rest<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${pod.id}`);
  const sessionOf = (entryId: string) => {
    const playerId = entries.find((e) => e.id === entryId)?.player_id;
    const session = [waiter, ...pod.players].find((s) => s.user.id === playerId);
    if (!session) throw new Error(`no player for entry ${entryId}`);
    return session;
  };
  const host = sessionOf(semi.entry_a);
  const guest = sessionOf(semi.entry_b);
  const wins = host.user.id === waiter.user.id;
  const status = await reportAgreedResult(semi, {
    host,
    guest,
    hostGoals: wins ? 2 : 1,
    guestGoals: wins ? 1 : 2,
    room: { id: 'WAIT-1', password: 'list' },
  });
  expect(status).toBe('confirmed');
  const [played] = await stack.rest<{ winner_entry_id: string }[]>(`/rest/v1/matches?select=winner_entry_id&id=eq.${semi.id}`);
  expect(played?.winner_entry_id).toBe(entry?.id);
  await page.goto(`/match/?id=${semi.id}`);
  await expect(page.locator('[data-match-outcome]')).toContainText('Result confirmed', { timeout: 20_000 });
  await context.close();
});

test('a waitlisted player sees the place on the dashboard, leaves it and sees the refund', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const pod = await fullSuper4Pod({ label: 'leave', title: 'Leave Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const waiter = await newPlayer(stack, 'leave-w', { profile: true });

  const context = await browser.newContext({ viewport: PHONE });
  const page: Page = await context.newPage();
  await storeSession(page, waiter);
  await page.goto(`/pod/?id=${pod.id}`);
  const card = page.getByRole('region', { name: 'Waitlist' });
  await card.getByRole('button', { name: 'Join the waitlist · ₹50' }).click({ timeout: 20_000 });
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(card.locator('[data-waitlist-position="1"]')).toBeVisible();
  // The waitlist card offers leaving too.
  await expect(card.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();

  // The receipt is in the bell.
  const receipts = await stack.rest<{ title: string; body: string; link: string }[]>(
    `/rest/v1/notifications?select=title,body,link&user_id=eq.${waiter.user.id}&kind=eq.payment_receipt`,
  );
  expect(receipts).toEqual([
    {
      title: 'Payment received: ₹50.00 for the waitlist of Leave Super 4 #1',
      body: expect.stringMatching(/^Receipt for Leave Super 4 #1: a place on its waitlist \(#1\), ₹50\.00 paid/),
      link: `/pod/?id=${pod.id}`,
    },
  ]);

  // The dashboard shows the place: its position and the check-in window that moves it up, with a link to the pod.
  await page.goto('/dashboard');
  const place = page.locator(`[data-waitlist-place="${pod.id}"]`);
  await expect(place.locator('[data-waitlist-line="1"]')).toHaveText(/^Waitlist #1 · check in by .* IST to move up if a place frees$/, {
    timeout: 20_000,
  });
  await expect(place.getByRole('link', { name: 'Leave Super 4 #1' })).toHaveAttribute('href', `/pod/?id=${pod.id}`);
  await place.scrollIntoViewIfNeeded();
  await screenshot(page, { path: testInfo.outputPath('waitlist-dashboard-360.png'), fullPage: true });
  // Checked in from the dashboard: only checked-in places move up.
  await place.getByRole('button', { name: 'Check in' }).click();
  await expect(place.locator('[data-waitlist-line="1"]')).toHaveText(/^Waitlist #1 · checked in: you move up at .* IST if a place frees$/);

  // My Tournaments shows it too (at 1280 px).
  const wide = await browser.newContext({ viewport: DESKTOP });
  const widePage = await wide.newPage();
  await storeSession(widePage, waiter);
  await widePage.goto('/my-tournaments');
  await expect(widePage.locator(`[data-waitlist-place="${pod.id}"]`)).toContainText('Waitlist #1 · checked in', { timeout: 20_000 });
  await screenshot(widePage, { path: testInfo.outputPath('waitlist-my-tournaments-1280.png'), fullPage: true });

  // Deleting the account says why it must wait, and offers to leave instead of a dead end.
  await widePage.goto('/profile');
  const blocked = widePage.locator('[data-deletion-blocked="open_play"]');
  await expect(blocked).toContainText('You are on the waitlist of Leave Super 4 #1', { timeout: 20_000 });
  await expect(blocked.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
  await blocked.scrollIntoViewIfNeeded();
  await screenshot(widePage, { path: testInfo.outputPath('waitlist-deletion-1280.png') });
  await wide.close();

  // Leaving, from the dashboard: confirmed, then the refund shows.
  await place.getByRole('button', { name: 'Leave the waitlist' }).click();
  await expect(place).toContainText('Your ₹50.00 is refunded in full.');
  await place.getByRole('button', { name: 'Yes, leave the waitlist' }).click();
  await expect(place.locator('[data-waitlist-left]')).toHaveText(
    'You left the waitlist. Your ₹50.00 is being refunded in full to the way you paid.',
  );
  await screenshot(page, { path: testInfo.outputPath('waitlist-left-360.png'), fullPage: true });
  const [payment] = await stack.rest<{ status: string; failure_reason: string }[]>(
    `/rest/v1/payments?select=status,failure_reason&user_id=eq.${waiter.user.id}&tournament_id=eq.${pod.id}&for_waitlist=eq.true`,
  );
  expect(payment?.failure_reason).toBe('You left the waitlist. Your waitlist payment has been refunded in full.');
  expect(['refund_pending', 'refunded']).toContain(payment?.status);

  // The payment history says so; the place is gone from the dashboard after a reload.
  await page.goto('/my-earnings');
  await expect(page.getByText('You left the waitlist. Your waitlist payment has been refunded in full.').first()).toBeVisible({
    timeout: 20_000,
  });
  await page.goto('/dashboard');
  await expect(page.locator('[data-dashboard-home]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(`[data-waitlist-place="${pod.id}"]`)).toHaveCount(0);
  await context.close();
});
