/**
 * The islands of the Hindi pages speak Hindi: a signed-in player's pay panel on a Hindi tournament page, the
 * bracket's words before the draw and a Swiss and a double-elimination bracket (from the contract's shapes),
 * sign-in with a refusal worded in Hindi, My Tournaments, My Earnings with its tax statement and the profile; at a 360 px phone and a 1280 px
 * desktop, with no sideways scroll. Screenshots go to HINDI_SHOTS=/tmp/... when asked, for a person to look at.
 * Fails -> a Hindi page's island shows English words a player reads, or breaks the page's width.
 */
import { type Browser, type Page, test } from '@playwright/test';
import { expect, storeSession, stack } from './helpers/auth';
import { openChampionship } from './helpers/catalog';
import { newPlayer, profileOf } from '../support/players.ts';
import { doubleBracket, swissBracket } from './fixtures/format-brackets';
import { screenshot } from './helpers/screenshots';

const WIDTHS = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
];

const shot = (testInfo: { outputPath: (name: string) => string }, name: string) =>
  process.env.HINDI_SHOTS ? `${process.env.HINDI_SHOTS}/${name}` : testInfo.outputPath(name);

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** English words a player would read in an island's region (three letters or more, not a kept name). */
async function englishIn(page: Page, selector: string, data: string[] = []): Promise<string[]> {
  // The player's own data (a legal name, the deductor's TAN) is shown as written, in any language.
  const text = data.reduce(
    (shown, value) => shown.replaceAll(value, ''),
    (await page.locator(selector).first().allInnerTexts()).join('\n'),
  );
  const kept = new Set([
    'efootball',
    'upi',
    'pan',
    'kyc',
    'ist',
    'google',
    'golazo',
    'arena',
    'super',
    'sha',
    'tds',
    'tan',
    'utr',
    'csv',
    'pdf',
  ]);
  // A draw's commitment is a hex hash: its letters are not words.
  return [...text.matchAll(/[A-Za-z][A-Za-z'’]{2,}/g)]
    .map((m) => m[0])
    .filter((word) => !kept.has(word.toLowerCase()) && !/^[a-f]+$/.test(word));
}

test('a signed-in player pays, follows the draw and reads a Swiss and a double-elimination bracket in Hindi', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
  test.setTimeout(120_000);
  const tournament = openChampionship();
  const me = await newPlayer(stack, 'hindi-pay', { profile: true });
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await storeSession(page, me);
    await page.goto(`/hi/tournaments/${tournament.id}`);
    const panel = page.locator('[data-pay-panel]');
    await expect(panel.getByRole('button', { name: /पे करें और 1 स्लॉट रजिस्टर करें/ })).toBeEnabled({ timeout: 20_000 });
    await expect(panel).toContainText('हर स्लॉट की एंट्री फ़ीस');
    await expect(panel.getByText('कितने स्लॉट चाहिए, चुनें')).toBeVisible();
    expect(await englishIn(page, '[data-pay-panel]')).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-pay-panel-${viewport.width}.png`), fullPage: viewport.width === 360 });

    // The bracket tab before the draw: the words above it (built) and the island's card.
    await page.getByRole('tab', { name: /ब्रैकेट/ }).click();
    // The bracket hydrates once in view (client:painted="visible").
    await page.locator('[data-bracket-intro]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-bracket="waiting"]')).toContainText('ड्रॉ अभी नहीं निकला है', { timeout: 20_000 });
    await expect(page.locator('[data-bracket-intro]')).toContainText('ड्रॉ चेक-इन बंद होने पर निकलता है');
    expect(await englishIn(page, '[data-bracket="waiting"]')).toEqual([]);
    await screenshot(page, { path: shot(testInfo, `hi-tournament-bracket-${viewport.width}.png`), fullPage: true });
    await context.close();

    for (const bracket of [swissBracket(), doubleBracket()]) {
      const formatPage = await pageWithBracket(browser, bracket, viewport);
      const view = formatPage.locator(`[data-format="${bracket.format}"]`);
      await expect(view).toBeVisible({ timeout: 20_000 });
      if (bracket.format === 'swiss') {
        await expect(view.locator('[data-swiss-table] thead th')).toHaveText(['#', 'खिलाड़ी', 'खे', 'जी', 'ड्रॉ', 'हा', 'पॉ', 'mBH', 'BH']);
        await expect(view.locator('[data-swiss-explain]')).toContainText('मीडियन-बुखहोल्ज़');
      } else {
        await expect(view.locator('[data-bracket-section="winners"] h2')).toHaveText('विनर्स ब्रैकेट');
        await expect(view.locator('[data-grand-final-match] h3')).toHaveText(['ग्रैंड फ़ाइनल', 'ग्रैंड फ़ाइनल, दूसरा मैच']);
        await expect(view.locator('[data-grand-final-match]').first()).toContainText('bilal 1–0 से जीता');
      }
      // Player names are the only Latin words left (the fixture's players are lower-case names).
      expect((await englishIn(formatPage, `[data-format="${bracket.format}"]`)).filter((word) => /^[A-Z]/.test(word))).toEqual([]);
      await expectNoSideScroll(formatPage);
      await view.scrollIntoViewIfNeeded();
      await screenshot(formatPage, { path: shot(testInfo, `hi-${bracket.format}-${viewport.width}.png`), fullPage: true });
      await formatPage.context().close();
    }
  }
});

test('sign-in, My Tournaments, My Earnings and the profile speak Hindi, and a refusal is worded in Hindi', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
  test.setTimeout(120_000);
  const me = await newPlayer(stack, 'hindi-account', { profile: true });
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/hi/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('लॉग इन');
    await expect(page.getByRole('button', { name: 'कोड भेजें' })).toBeEnabled();
    await page.getByLabel('ई-मेल पता').fill('not-an-address');
    await page.getByRole('button', { name: 'कोड भेजें' }).click();
    await expect(page.getByRole('alert')).toHaveText('सही ई-मेल पता डालें।');
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-sign-in-${viewport.width}.png`), fullPage: true });

    await storeSession(page, me);
    await page.goto('/hi/my-tournaments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('मेरे टूर्नामेंट');
    await expect(page.getByText('आपने अभी तक किसी टूर्नामेंट के लिए रजिस्टर नहीं किया है')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('tab', { name: 'चैंपियंस टूर' })).toBeVisible();
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-my-tournaments-${viewport.width}.png`), fullPage: true });

    await page.goto('/hi/my-earnings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('मेरी कमाई और आँकड़े');
    await expect(page.getByText('पेमेंट हिस्ट्री')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'प्राइज़ मनी' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PAN और UPI id' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'PAN और UPI id वेरिफ़ाई करें' })).toBeVisible();
    await expect(page.locator('[data-player-record]')).toContainText('जीत दर');
    await expectNoSideScroll(page);
    await expect(page.getByRole('heading', { name: 'सालाना टैक्स स्टेटमेंट' })).toBeVisible();
    await expect(page.locator('[data-statement-rule]')).toContainText('टैक्स नेट विनिंग्स का 30% है', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'स्टेटमेंट डाउनलोड करें (CSV)' })).toBeVisible();
    // The statement names the player (profileOf's legal name) and the deductor's TAN (the local seed's).
    expect(await englishIn(page, '[data-statement]', [profileOf(me.user.id).p_legal_name, 'BLRD00001G'])).toEqual([]);
    await screenshot(page, { path: shot(testInfo, `hi-my-earnings-${viewport.width}.png`), fullPage: true });

    await page.goto('/hi/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('आपकी प्रोफ़ाइल');
    await expect(page.getByRole('heading', { name: 'खिलाड़ी की जानकारी' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('कानूनी नाम')).toBeVisible();
    await expect(page.getByText('प्रोफ़ाइल पूरी है')).toBeVisible();
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-profile-${viewport.width}.png`), fullPage: true });
    await context.close();
  }
});

/** A Hindi pod page whose bracket is a fixture in the contract's shape (as formats.spec.ts serves it). */
async function pageWithBracket(browser: Browser, bracket: { format: string }, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.route('**/rest/v1/rpc/get_bracket*', (route) => route.fulfill({ json: { ...bracket, complete: true } }));
  await page.route('**/rest/v1/tournaments?select=id,title,format,series_id*', async (route) => {
    const rows = (await (await route.fetch()).json()) as Array<Record<string, unknown>>;
    route.fulfill({ json: rows.map((row) => ({ ...row, stages: [{ kind: bracket.format }] })) });
  });
  await page.goto('/hi/pod/?id=demo-groups-cup');
  return page;
}
