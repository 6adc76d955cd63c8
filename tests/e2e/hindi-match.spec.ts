/**
 * A match page in Hindi (/hi/match/?id=…): the host of a drawn Super 4 semi-final reads the room, Ready and
 * report steps in Hindi, with Ready's window from the match windows, at a 360 px phone and a 1280 px desktop
 * with no sideways scroll. Screenshots go to HINDI_SHOTS=/tmp/... when asked, for a person to look at.
 * Fails -> a Hindi player meets the match room, Ready or the report form in English.
 */
import { test } from '@playwright/test';
import { expect, storeSession } from './helpers/auth';
import { drawnSuper4Pod, playersByEntry } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

const shot = (testInfo: { outputPath: (name: string) => string }, name: string) =>
  process.env.HINDI_SHOTS ? `${process.env.HINDI_SHOTS}/${name}` : testInfo.outputPath(name);

test('the host reads the room, Ready and the report steps of a match in Hindi', async ({ browser }, testInfo) => {
  test.slow();
  const pod = await drawnSuper4Pod({ label: 'hindi-match', title: 'Hindi Match Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const semi = pod.matches[0]!;
  const host = playersByEntry(pod).get(semi.entry_a)!;
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await storeSession(page, host.session);
    await page.goto(`/hi/match/?id=${semi.id}`);
    await expect(page.locator('[data-match]')).toBeVisible();
    const steps = page.getByRole('list', { name: 'आपके स्टेप' });
    await expect(steps).toBeVisible();
    await expect(page.locator('[data-room-form]')).toContainText('आप होस्ट हैं');
    await expect(page.locator('[data-room-form]').getByLabel('रूम पासवर्ड')).toBeVisible();
    // The pod's semi-finals start at once: Ready is open, its closing time from the match windows.
    await expect(page.locator('[data-step="ready"]')).toContainText(/रूम में पहुँचकर .* IST तक रेडी दबाएँ \(मैच के समय के 10 मिनट बाद तक\)/);
    await expect(page.getByRole('button', { name: 'मैं रेडी हूँ' })).toBeVisible();
    await expect(page.locator('[data-report-form]')).toContainText('रिज़ल्ट स्क्रीन का स्क्रीनशॉट');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, { path: shot(testInfo, `hi-match-${viewport.width}.png`), fullPage: true });
    await context.close();
  }
});
