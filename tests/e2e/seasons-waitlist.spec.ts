/**
 * The waitlist on a phone: a Super 4 pod fills, a fifth player joins its waitlist from the pod page (paying
 * through the checkout), reads their place and checks in; one of the four does not check in. At check-in
 * close the empty place goes to the waitlisted player before the draw: the page says they moved up, they are
 * told in the bell, and they play their semi-final to a confirmed result.
 * Fails -> a no-show's place stays empty while a checked-in player waits outside the bracket.
 */
import { readFileSync } from 'node:fs';
import { type Page, test } from '@playwright/test';
import { newPlayer, type Session } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { drawPod, fullSuper4Pod } from './helpers/pods';

const SCREENSHOT = new URL('./fixtures/result-screen.png', import.meta.url).pathname;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function uploadEvidence(session: Session, matchId: string): Promise<string> {
  const path = `${matchId}/${session.user.id}/result.png`;
  const response = await stack.request(`/storage/v1/object/match-evidence/${path}`, {
    as: session,
    headers: { 'content-type': 'image/png' },
    body: readFileSync(SCREENSHOT),
  });
  if (!response.ok) throw new Error(`uploading ${path} answered ${response.status}: ${await response.text()}`);
  return path;
}

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
  await page.screenshot({ path: testInfo.outputPath('waitlist-join-360.png'), fullPage: true });
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
  await page.screenshot({ path: testInfo.outputPath('waitlist-waiting-360.png'), fullPage: true });
  const wide = await browser.newContext({ viewport: DESKTOP });
  const widePage = await wide.newPage();
  await storeSession(widePage, waiter);
  await widePage.goto(`/pod/?id=${pod.id}`);
  await expect(widePage.getByRole('region', { name: 'Waitlist' })).toContainText('Checked in ✓', { timeout: 20_000 });
  await widePage.screenshot({ path: testInfo.outputPath('waitlist-waiting-1280.png'), fullPage: true });
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
  await page.screenshot({ path: testInfo.outputPath('waitlist-promoted-360.png'), fullPage: true });

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
  const hostShot = await uploadEvidence(host, semi.id);
  const guestShot = await uploadEvidence(guest, semi.id);
  await stack.clock.during(new Date(new Date(semi.scheduled_at).getTime() + 60_000), async () => {
    await stack.call('post_room', { p_match_id: semi.id, p_room_id: 'WAIT-1', p_password: 'list' }, host);
    await stack.call('set_ready', { p_match_id: semi.id }, host);
    await stack.call('set_ready', { p_match_id: semi.id }, guest);
    const wins = host.user.id === waiter.user.id;
    await stack.call(
      'report_match',
      {
        p_match_id: semi.id,
        p_my_goals: wins ? 2 : 1,
        p_opponent_goals: wins ? 1 : 2,
        p_went_through: wins ? 'me' : 'opponent',
        p_screenshot_path: hostShot,
      },
      host,
    );
    const confirmed = await stack.call<{ status: string }>(
      'report_match',
      {
        p_match_id: semi.id,
        p_my_goals: wins ? 1 : 2,
        p_opponent_goals: wins ? 2 : 1,
        p_went_through: wins ? 'opponent' : 'me',
        p_screenshot_path: guestShot,
      },
      guest,
    );
    expect(confirmed.status).toBe('confirmed');
  });
  const [played] = await stack.rest<{ winner_entry_id: string }[]>(`/rest/v1/matches?select=winner_entry_id&id=eq.${semi.id}`);
  expect(played?.winner_entry_id).toBe(entry?.id);
  await page.goto(`/match/?id=${semi.id}`);
  await expect(page.locator('[data-match-outcome]')).toContainText('Result confirmed', { timeout: 20_000 });
  await context.close();
});
