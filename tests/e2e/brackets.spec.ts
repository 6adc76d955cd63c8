/**
 * A Super 8 pod from payment to bracket: eight demo players pay (through the edge function and the
 * Razorpay test double, as a phone would; paying in the browser is what payments.spec.ts proves), seven
 * check in (one on the pod page, six through the API), check-in closes, the draw runs, and every player opens
 * the pod page to the same bracket with their own path in it; the one who did not check in reads that they were
 * withdrawn. The published draw verifies.
 *
 * Check-in closes by moving the pod's close to a second ago, never the shared database clock to the close, so
 * tests running beside this one keep real time.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { verifyPublished } from '../../scripts/verify-draw.ts';
import { completeProfile, type Session, signInWithCode, signInWithPassword, uniqueEmail } from '../support/players.ts';
import { SESSION_KEY, signedInPlayer, stack, storeSession } from './helpers/auth';
import { spareChampionship } from './helpers/catalog';
import { screenshot } from './helpers/screenshots';

const PLAYERS = Array.from({ length: 8 }, (_, i) => `demo${i + 1}`);
const NO_SHOW = 'demo8';
const signInDemo = (name: string) => signInWithPassword(stack, `${name}@golazo.test`);

/** Pays for slots of a tournament the way the pay panel does, with Razorpay's webhook confirming it. */
async function paySlots(session: Session, tournamentId: string, slots = 1): Promise<void> {
  const order = (await (
    await stack.request('/functions/v1/razorpay-payment', {
      as: session,
      body: { action: 'create_order', tournament_id: tournamentId, slots },
    })
  ).json()) as { success: boolean; order_id?: string; error?: string };
  if (!order.success || !order.order_id) throw new Error(`create_order for ${session.user.email}: ${order.error}`);
  const paid = await fetch(`${stack.url}/razorpay/test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order.order_id, outcome: 'success' }),
  });
  if (!paid.ok) throw new Error(`paying ${order.order_id} answered ${paid.status}`);
}

type State = { status: string; entries: number };
const stateOf = (podId: string) => stack.call<State>('get_tournament_state', { p_tournament_id: podId }, 'anon');

async function openPodAs(browser: Browser, session: Session, podId: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await storeSession(page, session);
  await page.goto(`/pod/?id=${podId}`);
  return page;
}

/** The bracket as a player reads it, without the marks of their own path. */
async function bracketText(page: Page): Promise<string> {
  const tree = page.locator('[data-bracket-tree]');
  await tree.scrollIntoViewIfNeeded();
  const sides = await tree.locator('[data-side]').allTextContents();
  return sides.map((side) => side.replace('(you)', '').trim()).join(' | ');
}

test('eight players fill a Super 8 pod, seven check in, and everyone sees the same drawn bracket', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const sessions = Object.fromEntries(await Promise.all(PLAYERS.map(async (name) => [name, await signInDemo(name)] as const)));

  // The open Super 8 pod (a retry finds the next one open).
  const [pod] = await stack.rest<{ id: string }[]>('/rest/v1/tournaments?select=id&series_id=eq.super_8&order=pod_number.desc&limit=1');
  if (!pod) throw new Error('no Super 8 pod is open');
  const podId = pod.id;
  expect((await stateOf(podId)).status).toBe('open');

  for (const name of PLAYERS) await paySlots(sessions[name] as Session, podId);
  await expect.poll(async () => (await stateOf(podId)).entries, { timeout: 30_000, message: 'the pod fills' }).toBe(8);
  await expect.poll(async () => (await stateOf(podId)).status, { timeout: 15_000 }).toBe('check-in');

  // demo1 checks in on the pod page, with the countdown to the close.
  const demo1 = await openPodAs(browser, sessions.demo1 as Session, podId, { width: 360, height: 740 });
  const checkIn = demo1.locator('[data-check-in-island]');
  await expect(checkIn.getByText(/^Check-in closes in \d+:\d\d/)).toBeVisible({ timeout: 15_000 });
  await checkIn.getByRole('button', { name: 'Check in' }).click();
  await expect(checkIn.getByText('Checked in ✓')).toBeVisible();
  await expect(demo1.locator('[data-bracket]')).toHaveAttribute('data-bracket', 'waiting');
  await expect(demo1.locator('[data-my-standing]')).toHaveText(/^Waiting for the draw at /);
  await expect(demo1.locator('[data-commitment]')).toHaveText(/^[0-9a-f]{64}$/);

  // Six more through the API; demo8 never checks in.
  for (const name of PLAYERS.slice(1, 7)) {
    const response = await stack.rpc('check_in', { p_tournament_id: podId }, sessions[name] as Session);
    expect(response.status, `${name} checks in`).toBe(200);
  }

  // Check-in closes (its close moved to a second ago): the due work withdraws demo8 and runs the draw.
  await stack.rest(`/rest/v1/tournaments?id=eq.${podId}`, {
    method: 'PATCH',
    body: { check_in_closes_at: new Date(Date.now() - 1000).toISOString() },
  });
  await stack.runDueWork();

  // demo1's open page follows the draw live (Realtime), on the phone: round tabs, their next match.
  await expect(demo1.locator('[data-bracket]')).toHaveAttribute('data-bracket', 'drawn', { timeout: 15_000 });
  await expect(demo1.locator('[data-my-standing]')).toHaveText(
    /^(Your next match: Quarter-finals vs demo\d|You're through to the Semi-finals)/,
  );
  await expect(demo1.getByRole('tab', { name: 'Quarter-finals' })).toBeVisible();
  await expect(demo1.locator('[data-round-list] [data-my-path]')).toContainText('(you)');
  // A match with both players known opens its match page. The quarter-finals have three such matches
  // whoever drew the bye (the tabs open on the player's own round, the semi-finals for the bye).
  await demo1.getByRole('tab', { name: 'Quarter-finals' }).click();
  await expect(demo1.getByRole('tab', { name: 'Quarter-finals' })).toHaveAttribute('aria-selected', 'true');
  await expect(demo1.locator('[data-round-list] [data-match-link]').first()).toHaveAttribute('href', /^\/match\/\?id=[0-9a-f-]{36}$/);
  await demo1.locator('[data-bracket]').scrollIntoViewIfNeeded();
  await screenshot(demo1, { path: testInfo.outputPath('bracket-360.png'), fullPage: true });
  await demo1.context().close();

  // Every player opens the pod page: the same bracket, their own path in it.
  let reference: string | undefined;
  for (const name of PLAYERS) {
    const page = await openPodAs(browser, sessions[name] as Session, podId);
    await expect(page.locator('[data-bracket]')).toHaveAttribute('data-bracket', 'drawn', { timeout: 15_000 });
    const standing = page.locator('[data-my-standing]');
    if (name === NO_SHOW) {
      await expect(standing).toHaveText(/^You're out: you were withdrawn because you did not check in by /);
      await expect(page.locator('[data-bracket-tree] [data-my-path]')).toHaveCount(0);
      await expect(page.locator('[data-check-in="withdrawn"]')).toContainText('You were withdrawn');
    } else {
      await expect(standing).toHaveText(/^(Your next match: Quarter-finals vs demo[1-7]|You're through to the Semi-finals)/);
      await expect(page.locator('[data-bracket-tree] [data-my-path]').first()).toContainText(`${name} (you)`);
    }
    const text = await bracketText(page);
    reference ??= text;
    expect(text, `${name} sees the same bracket`).toBe(reference);
    if (name === 'demo2') await screenshot(page, { path: testInfo.outputPath('bracket-1280.png'), fullPage: true });
    await page.context().close();
  }
  // Seven entries in a bracket of eight: one bye, and the no-show is nowhere in it.
  expect(reference).toContain('bye');
  expect(reference).not.toContain(NO_SHOW);

  // Anyone can recompute the draw from what get_bracket publishes.
  const published = await stack.call('get_bracket', { p_tournament_id: podId }, 'anon');
  expect(await verifyPublished(published)).toEqual({ ok: true, entries: 7, bracketSize: 8 });
});

test('a signed-out visitor sees the pod bracket without a personal line', async ({ page }) => {
  const [pod] = await stack.rest<{ id: string }[]>('/rest/v1/tournaments?select=id&series_id=eq.super_8&order=pod_number.desc&limit=1');
  await page.goto(`/pod/?id=${pod?.id}`);
  await expect(page.locator('[data-bracket]')).toHaveAttribute('data-bracket', /^(waiting|drawn)$/, { timeout: 15_000 });
  await expect(page.locator('[data-my-standing]')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

test('a buyer of two slots invites a friend, who signs in and accepts the place', async ({ page, browser }) => {
  test.slow();
  const buyer = await signedInPlayer(page, 'buyer', { profile: true });
  // The open Super 4 pod: two of its four places.
  const [pod] = await stack.rest<{ id: string }[]>('/rest/v1/tournaments?select=id&series_id=eq.super_4&order=pod_number.desc&limit=1');
  if (!pod) throw new Error('no Super 4 pod is open');
  await paySlots(buyer, pod.id, 2);

  await page.goto('/my-tournaments');
  const slot = page.locator('[data-extra-slot="2"]');
  await expect(slot.locator('[data-slot-label]')).toHaveText('Waiting for a player', { timeout: 20_000 });
  const friendEmail = uniqueEmail('friend');
  await slot.getByLabel('E-mail address to invite to slot 2').fill(friendEmail);
  await slot.getByRole('button', { name: 'Send invitation' }).click();
  await expect(slot.getByRole('status')).toHaveText(`Invitation sent to ${friendEmail}.`);
  await expect(slot.locator('[data-slot-label]')).toHaveText(`Invited ${friendEmail}`);
  await slot.getByRole('button', { name: 'Copy invitation link' }).click();
  const link = await slot.getByLabel('Invitation link for slot 2').inputValue();
  expect(link).toMatch(/\/invite\/\?token=[^&]+$/);
  const invitePath = new URL(link).pathname + new URL(link).search;

  // The friend opens the link signed out: sign in first, and back to the same link after.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await friendPage.goto(invitePath);
  const card = friendPage.locator('[data-invitation]');
  await expect(card).toContainText('bought a place for you in', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Sign in to accept this place' }).click();
  await expect(friendPage).toHaveURL(`/login?next=${encodeURIComponent(invitePath)}`);

  const friend = await signInWithCode(stack, friendEmail);
  await completeProfile(stack, friend);
  await storeSession(friendPage, friend);
  await friendPage.goto(invitePath);
  await card.getByRole('button', { name: 'Accept this place' }).click();
  await expect(card.getByRole('status')).toContainText('This place is yours.');
  // The place is listed among the friend's tournaments, with its check-in: a pod opens it when it fills.
  await friendPage.goto('/my-tournaments');
  const place = friendPage.locator(`[data-my-tournament="${pod.id}"]`);
  await expect(place).toContainText('Your place from an invitation', { timeout: 15_000 });
  await expect(place.locator('[data-check-in="when-full"]')).toContainText('Check-in opens the moment the pod is full.');
  await friendContext.close();

  await page.reload();
  await expect(slot.locator('[data-slot-label]')).toHaveText(/^Taken by P/, { timeout: 15_000 });
  await expect(slot.getByRole('button', { name: 'Copy invitation link' })).toHaveCount(0);
});

test('a championship player sees when check-in opens, then checks in on My Tournaments and the tournament page agrees', async ({
  page,
}) => {
  // Its own edition (no other test reads it), moved so that check-in (start - 24 h to start - 60 min) has not opened yet.
  const TOURNAMENT = spareChampionship(2).id;
  const moveStart = (hoursFromNow: number) =>
    stack.rest(`/rest/v1/tournaments?id=eq.${TOURNAMENT}`, {
      method: 'PATCH',
      body: {
        starts_at: new Date(Date.now() + hoursFromNow * 3600_000).toISOString(),
        is_live: true,
        registration_closes_at: null,
        check_in_opens_at: null,
        check_in_closes_at: null,
      },
    });
  await moveStart(72);
  const session = await signedInPlayer(page, 'checker', { profile: true });
  await paySlots(session, TOURNAMENT);

  await page.goto('/my-tournaments');
  const card = page.locator(`[data-my-tournament="${TOURNAMENT}"]`);
  await expect(card.locator('[data-check-in="before"]')).toContainText(/^Check-in opens at .+ IST\./, { timeout: 15_000 });
  await expect(card.getByRole('button', { name: 'Check in' })).toHaveCount(0);

  await moveStart(3);
  await page.reload();
  await expect(card.getByText(/^Check-in closes in \d h \d\d min/)).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByText('Checked in ✓')).toBeVisible();

  await page.goto(`/tournaments/${TOURNAMENT}`);
  await expect(page.locator('[data-check-in-island]').getByText('Checked in ✓')).toBeVisible({ timeout: 15_000 });
});
