/**
 * The signed-in home on a 360 px phone: My Tournaments follows a pod's check-in and draw without a reload
 * ("Checked in ✓" from another tab, the status, the next match), the dashboard holds the check-ins due with
 * their Check in button and then the entry with its next match (opponent, time, the match page), and a
 * played match reads winner first.
 * Fails -> a player misses check-in while the page says all is well, or learns their fixture in a chat group.
 *
 * Its own Super 4 pods (helpers/pods.ts): every other test's times stay as they are.
 */
import { type Browser, type Page, test } from '@playwright/test';
import type { Session } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { reportAgreedResult } from './helpers/matches';
import { drawnSuper4Pod, drawPod, fullSuper4Pod, playersByEntry } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

const PHONE = { width: 360, height: 780 };

async function phoneAs(browser: Browser, session: Session, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await storeSession(page, session);
  await page.goto(path);
  return page;
}

/** The page does not scroll sideways on the phone. */
async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('My Tournaments follows check-in and the draw live; the dashboard holds the check-in due, then the entry and its next match', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const pod = await fullSuper4Pod({ label: 'home', title: 'Home Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const [me, second, ...others] = pod.players;
  if (!me || !second) throw new Error('the pod has four players');

  // My Tournaments, open on the phone while check-in runs.
  const mine = await phoneAs(browser, me, '/my-tournaments');
  const card = mine.locator(`[data-my-tournament="${pod.id}"]`);
  await expect(card.getByRole('button', { name: 'Check in' })).toBeVisible();
  await expect(card.locator('[data-status-of-island]')).toHaveAttribute('data-status', 'check-in');

  // Checked in from another tab: this page shows it without a reload.
  await stack.call('check_in', { p_tournament_id: pod.id }, me);
  await expect(card.getByText('Checked in ✓')).toBeVisible();

  // The second player's dashboard: the check-in due, with its button.
  const home = await phoneAs(browser, second, '/dashboard');
  const due = home.locator(`[data-due="${pod.id}"]`);
  await expect(due).toContainText('Home Super 4');
  await due.getByRole('button', { name: 'Check in' }).click();
  await expect(home.locator(`[data-home-entry="${pod.id}"]`).getByText('Checked in ✓')).toBeVisible();
  await expect(due).toHaveCount(0);
  await expectNoSideScroll(home);

  // The draw: the open My Tournaments page turns Live and links the next match, opponent and time.
  for (const player of others) await stack.call('check_in', { p_tournament_id: pod.id }, player);
  const matches = await drawPod(pod.id);
  const myEntry = pod.entries.find((entry) => entry.player_id === me.user.id)?.id;
  const myMatch = matches.find((match) => match.round === 1 && (match.entry_a === myEntry || match.entry_b === myEntry));
  if (!myMatch) throw new Error('the draw placed every checked-in entry');
  const opponent = playersByEntry({ ...pod, matches }).get(myMatch.entry_a === myEntry ? myMatch.entry_b : myMatch.entry_a)!;
  await expect(card.locator('[data-status-of-island]')).toHaveAttribute('data-status', 'live');
  const next = card.locator(`[data-next-match="${myMatch.id}"]`);
  await expect(next).toContainText(`Semi-finals vs ${opponent.name}`);
  await expect(next).toContainText('IST');
  await expect(next).toHaveAttribute('href', `/match/?id=${myMatch.id}`);

  // The dashboard is the home: the entry, its live status and the next match with its link.
  const dashboard = await phoneAs(browser, me, '/dashboard');
  const nextOnHome = dashboard.locator(`[data-next-match="${myMatch.id}"]`);
  await expect(nextOnHome).toContainText(`vs ${opponent.name}`);
  await expect(dashboard.locator(`[data-home-entry="${pod.id}"] [data-status-of-island]`)).toHaveAttribute('data-status', 'live');
  await expect(dashboard.getByRole('button', { name: /notification/i })).toBeVisible();
  // The ticker and the community section keep fixtures on the site.
  await expect(dashboard.getByRole('main')).not.toContainText(/will be updated in the WhatsApp|reach the community first/);
  await expectNoSideScroll(dashboard);
  await nextOnHome.scrollIntoViewIfNeeded();
  await dashboard.evaluate(() => window.scrollTo(0, 0));
  await screenshot(dashboard, { path: testInfo.outputPath('dashboard-home-360.png') });
  await dashboard.setViewportSize({ width: 1280, height: 900 });
  await screenshot(dashboard, { path: testInfo.outputPath('dashboard-home-1280.png') });
  await dashboard.setViewportSize(PHONE);
  await nextOnHome.click();
  await expect(dashboard).toHaveURL(`/match/?id=${myMatch.id}`);

  // The bell follows the player to the landing page and a tournament's page too.
  for (const path of ['/', '/tournaments/super_4']) {
    await dashboard.goto(path);
    await expect(dashboard.locator('[data-notification-bell]')).toBeVisible();
  }
});

test('a played match reads winner first on its page and in the bracket', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const pod = await drawnSuper4Pod({ label: 'score', title: 'Score Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const semi = pod.matches[0]!;
  const players = playersByEntry(pod);
  const host = players.get(semi.entry_a)!;
  const guest = players.get(semi.entry_b)!;
  // The guest (entry b) wins 2–0: the bracket's order would read "0–2".
  expect(await reportAgreedResult(semi, { host: host.session, guest: guest.session, hostGoals: 0, guestGoals: 2 })).toBe('confirmed');
  const page = await phoneAs(browser, guest.session, `/match/?id=${semi.id}`);
  await expect(page.locator('[data-match-result]')).toHaveText(`${guest.name} won 2–0. Well played!`);
  await expectNoSideScroll(page);
  await screenshot(page, { path: testInfo.outputPath('match-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: testInfo.outputPath('match-1280.png') });
  await page.setViewportSize(PHONE);

  // A long pod title truncates: the pod page never scrolls sideways on a 360 px phone.
  await stack.rest(`/rest/v1/tournaments?id=eq.${pod.id}`, { method: 'PATCH', body: { title: 'Golazo 1v1 Regular Knockout Pod #128' } });
  const podPage = await phoneAs(browser, guest.session, `/pod/?id=${pod.id}`);
  // The phone opens on the winner's next round (the final); the semi-final is one tab back.
  await podPage.getByRole('tab', { name: 'Semi-finals', exact: true }).click();
  await expect(podPage.locator(`[data-match="${semi.id}"] [data-match-result]`).first()).toHaveText(`${guest.name} won 2–0`);
  await expectNoSideScroll(podPage);
  await screenshot(podPage, { path: testInfo.outputPath('pod-360.png'), fullPage: true });
});
