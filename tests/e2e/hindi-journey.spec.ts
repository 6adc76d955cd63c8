/**
 * A Hindi reader's whole journey on a 360 px phone, through the /hi/ pages only: the landing page, a
 * tournament (its catalog words in Hindi), sign-in with an e-mailed code, paying for a Super 4 pod through the
 * local Razorpay stand-in, the profile, My Tournaments (check-in, then the draw), the match page and My Earnings
 * with the payment in its history. Each step asserts `<html lang="hi">` and Hindi words a player reads, and
 * notes the English words still on the page (annotations `english-left`, and english-left.json beside the
 * screenshots) for the people translating the rest. Screenshots go to HINDI_SHOTS=/tmp/... when asked.
 * Fails -> a step of the journey a Hindi reader makes is in English, leaves Hindi, or breaks a phone's width.
 */
import { writeFileSync } from 'node:fs';
import { type Page, test } from '@playwright/test';
import { catalogText } from '../../src/features/tournaments/catalog-text.ts';
import { codeFromInbox, newPlayer } from '../support/players.ts';
import { expect, stack } from './helpers/auth';
import { openChampionship } from './helpers/catalog';
import { drawPod, super4PodWithPaidPlayers } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

const PHONE = { width: 360, height: 780 };

/** Names and letters both languages write alike: not English left behind. */
const KEPT = new Set([
  'efootball',
  'upi',
  'pan',
  'kyc',
  'ist',
  'google',
  'golazo',
  'arena',
  'super',
  'tds',
  'whatsapp',
  'discord',
  'razorpay',
  'inr',
  'id',
  'utr',
  'csv',
  'pdf',
]);

const YEAR = 365 * 24 * 3600_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * The journey's own Super 4 pod (its own inactive series) with three of its four places paid, on a timetable no other
 * test's clock reaches (helpers/pods.ts, `farFromOtherClocks`): the journey is long, and other workers move the
 * stack's one clock meanwhile. The draw closes check-in when the journey asks for it (drawPod).
 */
const journeyPod = (title: string, paid: number) =>
  super4PodWithPaidPlayers({ label: 'hindi-journey', title, entryFeePaise: 5000, prizePoolPaise: 16000 }, paid, {
    farFromOtherClocks: true,
  });

/**
 * Check-in from real time, whatever the database's clock read when the journey's payment filled the pod (another
 * worker may have had it a week ahead): open a minute ago, for a year.
 */
async function openCheckIn(id: string): Promise<void> {
  await stack.rest(`/rest/v1/tournaments?id=eq.${id}`, {
    method: 'PATCH',
    body: { check_in_opens_at: fromNow(-60_000), check_in_closes_at: fromNow(YEAR), starts_at: fromNow(YEAR + 600_000) },
  });
}

/** The English words a player reads in the page's main content (three letters or more, not a kept name). */
async function englishLeft(page: Page, data: string[]): Promise<string[]> {
  const text = data.reduce((shown, value) => shown.replaceAll(value, ''), (await page.locator('main').first().allInnerTexts()).join('\n'));
  const words = [...text.matchAll(/[A-Za-z][A-Za-z'’]{2,}/g)].map((m) => m[0]).filter((word) => !KEPT.has(word.toLowerCase()));
  return [...new Set(words)];
}

test('a Hindi reader goes from the landing page to a match and My Earnings on a phone, in Hindi @phone', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a 360 px phone');
  test.setTimeout(360_000);
  const shotPath = (name: string) => (process.env.HINDI_SHOTS ? `${process.env.HINDI_SHOTS}/${name}` : testInfo.outputPath(name));
  const left: Record<string, string[]> = {};
  const me = await newPlayer(stack, 'hindi-journey', { profile: true });
  const myName = `P${me.user.id.slice(0, 6)}`;
  const pod = await journeyPod('Hindi Journey Super 4', 3);
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();

  /** What every step checks: still Hindi, no sideways scroll; then the English left, noted, and a screenshot. */
  async function step(name: string, data: string[] = []) {
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    left[name] = await englishLeft(page, [myName, pod.id, 'Hindi Journey Super 4', ...data]);
    testInfo.annotations.push({ type: 'english-left', description: `${name}: ${left[name].join(' ') || '(none)'}` });
    await screenshot(page, { path: shotPath(`hi-journey-${name}-360.png`), fullPage: true });
  }

  // 1. The landing page, and its way to the tournaments.
  await page.goto('/hi/');
  await expect(page.getByRole('link', { name: 'टूर्नामेंट देखें' }).first()).toBeVisible();
  // The tournament strip's cards: their labels and the pod's start in Hindi.
  const strip = page.locator('[data-tournament-carousel]');
  await expect(strip.locator('dt').first()).toHaveText('एंट्री');
  await expect(strip.getByText('भरते ही शुरू').first()).toBeAttached();
  await step('landing');
  await page.getByRole('link', { name: 'टूर्नामेंट देखें' }).first().click();
  await expect(page).toHaveURL(/\/hi\/tournaments\/?$/);

  // 2. A tournament: the catalog's own words in Hindi, rendered at build time.
  const championship = openChampionship();
  const words = catalogText(championship, 'hi');
  await page.goto(`/hi/tournaments/${championship.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
  await expect(page.getByText(words.description)).toBeVisible();
  await expect(page.getByRole('tab', { name: /नियम/ })).toBeVisible();
  await step('tournament', [championship.title]);

  // 3. Sign-in with the code from the inbox, on the Hindi screen.
  await page.goto('/hi/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('लॉग इन');
  const since = Date.now();
  await page.getByLabel('ई-मेल पता').fill(me.user.email);
  await page.getByRole('button', { name: 'कोड भेजें' }).click();
  await expect(page.getByRole('heading', { name: 'अपना कोड डालें' })).toBeVisible();
  await step('sign-in-code', [me.user.email]);
  await page.getByLabel('ई-मेल वाला कोड').fill(await codeFromInbox(stack, me.user.email, since));
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // 4. Pay for the pod's last place through the local Razorpay stand-in (its checkout is the stand-in's own).
  await page.goto(`/hi/pod/?id=${pod.id}`);
  const panel = page.locator('[data-pay-panel]');
  const pay = panel.getByRole('button', { name: /पे करें और 1 स्लॉट रजिस्टर करें/ });
  await expect(pay).toBeEnabled({ timeout: 20_000 });
  await step('pay');
  await pay.click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible({ timeout: 15_000 });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(panel.locator('[data-pay-message]')).toHaveText('पेमेंट सफल! आप टूर्नामेंट के लिए रजिस्टर हो गए हैं।');
  await openCheckIn(pod.id);
  await step('paid');

  // 5. The profile.
  await page.goto('/hi/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('आपकी प्रोफ़ाइल');
  await expect(page.getByText('प्रोफ़ाइल पूरी है')).toBeVisible({ timeout: 20_000 });
  await step('profile', ['Test Player', `T-${me.user.id.slice(0, 8)}`]);

  // 6. My Tournaments: the pod is full, so check-in is open; then the draw, followed without a reload.
  await page.goto('/hi/my-tournaments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('मेरे टूर्नामेंट');
  const card = page.locator(`[data-my-tournament="${pod.id}"]`);
  await card.getByRole('button', { name: 'चेक-इन करें' }).click();
  await expect(card.getByText('चेक-इन हो गया ✓')).toBeVisible();
  for (const player of pod.players) await stack.call('check_in', { p_tournament_id: pod.id }, player);
  const entries = await stack.rest<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${pod.id}`);
  const myEntry = entries.find((entry) => entry.player_id === me.user.id)!.id;
  const mySemi = (await drawPod(pod.id)).find((match) => match.round === 1 && (match.entry_a === myEntry || match.entry_b === myEntry))!;
  const next = card.locator(`[data-next-match="${mySemi.id}"]`);
  await expect(next).toContainText('के ख़िलाफ़', { timeout: 20_000 });
  await step('my-tournaments');

  // 7. The match page, in Hindi from the link (the player's steps, by role).
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/hi/match/\\?id=${mySemi.id}$`));
  await expect(page.getByRole('list', { name: 'आपके स्टेप' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'मैं रेडी हूँ' })).toBeVisible();
  await step('match');

  // 8. My Earnings: the payment in the history, its status in Hindi.
  await page.goto('/hi/my-earnings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('मेरी कमाई और आँकड़े');
  const row = page.locator('[data-payment-history] [data-payment-row]').filter({ hasText: 'Hindi Journey Super 4 #1' });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row.first().getByText('पेड', { exact: true })).toBeVisible();
  await step('my-earnings', ['BLRD00001G']);

  writeFileSync(testInfo.outputPath('english-left.json'), `${JSON.stringify(left, null, 2)}\n`);
});
