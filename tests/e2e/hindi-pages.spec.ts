/**
 * The dashboard, the match page's frame and the profile's settings in Hindi, at a 360 px phone and a 1280 px
 * desktop with no sideways scroll: the host of a drawn Super 4 semi-final reads their home (the next match, the
 * entry, the record), the match's header, facts, settings card and chat (a quick phrase sent and read in Hindi),
 * and the profile's notifications, alerts, data download and deletion; the guest reads a confirmed result winner
 * first in Hindi. Screenshots go to HINDI_SHOTS=/tmp/... when asked, for a person to look at.
 * Fails -> a Hindi player meets these parts in English, or a rule's number differs from the rules.
 */
import { type Page, test } from '@playwright/test';
import { expect, storeSession } from './helpers/auth';
import { reportAgreedResult } from './helpers/matches';
import { drawnSuper4Pod, playersByEntry } from './helpers/pods';
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

/** English words in a region, leaving aside the data shown as written and the names both languages keep. */
async function englishIn(page: Page, selector: string, data: string[] = []): Promise<string[]> {
  // Lower-cased on both sides: a heading's CSS may show a title in capitals.
  const text = data.reduce(
    (shown, value) => shown.replaceAll(value.toLowerCase(), ''),
    (await page.locator(selector).first().allInnerTexts()).join('\n').toLowerCase(),
  );
  const kept = new Set(['efootball', 'upi', 'pan', 'kyc', 'ist', 'golazo', 'arena', 'super', 'whatsapp', 'json', 'html', 'pod']);
  return [...text.matchAll(/[A-Za-z][A-Za-z'’]{2,}/g)].map((m) => m[0]).filter((word) => !kept.has(word.toLowerCase()));
}

test('the dashboard, a match page and the profile speak Hindi to a player with a drawn match', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
  test.setTimeout(180_000);
  const title = 'Hindi Pages Super 4';
  const pod = await drawnSuper4Pod({ label: 'hindi-pages', title, entryFeePaise: 5000, prizePoolPaise: 16000 });
  const semi = pod.matches[0]!;
  const players = playersByEntry(pod);
  const host = players.get(semi.entry_a)!;
  const guest = players.get(semi.entry_b)!;
  const names = [host.name, guest.name, title];

  for (const [index, viewport] of WIDTHS.entries()) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await storeSession(page, host.session);

    await page.goto('/hi/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('में आपका स्वागत है');
    await expect(page.getByRole('heading', { name: 'आपका अगला मैच' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(`[data-next-match="${semi.id}"]`)).toHaveAttribute('href', `/hi/match/?id=${semi.id}`);
    await expect(page.getByRole('heading', { name: 'मेरी एंट्री' })).toBeVisible();
    await expect(page.locator(`[data-home-entry="${pod.id}"]`)).toContainText(title);
    await expect(page.getByRole('heading', { name: 'आपका रिकॉर्ड' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'आने वाले टूर्नामेंट' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'हमसे जुड़ें' })).toBeVisible();
    expect(await englishIn(page, '[data-dashboard-home]', names)).toEqual([]);
    expect(await englishIn(page, '[data-player-stats]', names)).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-dashboard-${viewport.width}.png`), fullPage: true });

    await page.goto(`/hi/match/?id=${semi.id}`);
    await expect(page.locator('[data-round-name]')).toHaveText('सेमीफ़ाइनल');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('बनाम');
    await expect(page.locator('[data-match-status-words]')).toHaveText(/[\u0900-\u097F]/);
    await expect(page.getByText('मैच का समय')).toBeVisible();
    const settings = page.locator('[data-match-settings]');
    await expect(settings).toContainText('मैच सेटिंग');
    // The game's own names stay as eFootball shows them; the time's unit reads in Hindi.
    await expect(settings.locator('[data-setting="Match Time"]')).toHaveText(/^\d+ मिनट$/, { timeout: 20_000 });
    const chat = page.locator('[data-match-chat]');
    await expect(chat.getByRole('heading', { name: 'मैच चैट' })).toBeVisible({ timeout: 20_000 });
    if (index === 0) await chat.getByRole('button', { name: 'रूम पोस्ट कर दिया' }).click();
    // The database keeps its own phrase; the Hindi page reads it in Hindi.
    await expect(chat.locator('[data-chat-message]').first()).toContainText('रूम पोस्ट कर दिया');
    expect(await englishIn(page, '[data-match-chat]', names)).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-match-frame-${viewport.width}.png`), fullPage: true });

    await page.goto('/hi/profile');
    await expect(page.getByRole('heading', { name: 'खिलाड़ी की जानकारी' })).toBeVisible({ timeout: 20_000 });
    // The settings hydrate as they scroll into view.
    const notifications = page.locator('#notification-settings');
    await notifications.scrollIntoViewIfNeeded();
    await expect(notifications.getByRole('heading', { name: 'नोटिफ़िकेशन' })).toBeVisible();
    await expect(notifications).toContainText('23:00 से 08:00 IST के बीच');
    await expect(notifications.getByLabel('चेक-इन खुलता है')).toBeVisible({ timeout: 20_000 });
    expect(await englishIn(page, '#notification-settings')).toEqual([]);
    await page.locator('#alert-settings').scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'आपके फ़ोन पर अलर्ट' })).toBeVisible();
    await expect(page.locator('#alert-settings table')).toContainText('घटना', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'इस डिवाइस पर पुश' })).toBeVisible();
    const myData = page.locator('#my-data');
    await myData.scrollIntoViewIfNeeded();
    await expect(myData).toContainText('हर 10 मिनट में एक डाउनलोड');
    await expect(myData.getByRole('button', { name: 'मेरा डेटा डाउनलोड करें' })).toBeEnabled();
    expect(await englishIn(page, '#my-data')).toEqual([]);
    const deletion = page.locator('#delete-account');
    await deletion.scrollIntoViewIfNeeded();
    await expect(deletion.getByRole('heading', { name: 'मेरा अकाउंट डिलीट करें' })).toBeVisible();
    // The player is in a running pod: the section says what must be settled first, in Hindi.
    await expect(deletion).toContainText(new RegExp(`आप अभी ${title} #\\d+ में खेल रहे हैं`), { timeout: 20_000 });
    await expect(deletion.getByRole('link', { name: 'My Tournaments पर जाएँ' })).toHaveAttribute('href', '/hi/my-tournaments');
    expect(await englishIn(page, '#delete-account', [...names, 'My Tournaments'])).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-profile-settings-${viewport.width}.png`), fullPage: true });
    await context.close();
  }

  // The result: the guest (entry b) wins 2–0, and reads it winner first, in Hindi.
  expect(await reportAgreedResult(semi, { host: host.session, guest: guest.session, hostGoals: 0, guestGoals: 2 })).toBe('confirmed');
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await storeSession(page, guest.session);
    await page.goto(`/hi/match/?id=${semi.id}`);
    const outcome = page.locator('[data-match-outcome]');
    await expect(outcome.getByRole('heading', { name: 'रिज़ल्ट कन्फ़र्म' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-match-result]')).toHaveText(`${guest.name} 2–0 से जीता। बढ़िया खेला!`);
    await expect(outcome.locator('[data-next-match]')).toHaveText('अगला मैच: फ़ाइनल');
    await expect(page.locator('[data-match-status-words]')).toHaveText('रिज़ल्ट कन्फ़र्म');
    expect(await englishIn(page, '[data-match-outcome]', names)).toEqual([]);
    await expectNoSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-match-outcome-${viewport.width}.png`), fullPage: true });
    await context.close();
  }
});
