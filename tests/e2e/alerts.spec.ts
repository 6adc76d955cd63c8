/**
 * Alerts on the profile and the match page's chime, on a 360 px phone and a 1280 px desktop: a player confirms a
 * WhatsApp number with the code the WhatsApp double received, turns one event off, and stops WhatsApp in one tap;
 * the match page offers its sound switch, remembered after a reload.
 * Fails -> a player cannot opt in or out of match-day messages, or the match page's sound cannot be silenced.
 */
import { test } from '@playwright/test';
import { expect, signedInPlayer, stack, storeSession } from './helpers/auth';
import { drawnSuper4Pod, playersByEntry } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

const VIEWPORTS = [
  { name: '360', width: 360, height: 780 },
  { name: '1280', width: 1280, height: 900 },
];

async function whatsAppMessages(phone: string): Promise<{ template: string; params: string[] }[]> {
  const response = await stack.request(`/whatsapp/test/messages?to=${encodeURIComponent(phone)}`, { as: 'service_role' });
  return response.json();
}

for (const viewport of VIEWPORTS) {
  // Fails -> a push the browser or its push service refuses leaves the player with nothing on screen.
  test(`push that fails says why beside its button at ${viewport.name} px`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    // The player allows notifications, and the browser's push service then refuses the subscription (as with no
    // Google Play services, or offline).
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
      Notification.requestPermission = async () => 'granted';
      PushManager.prototype.subscribe = async () => {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      };
    });
    await signedInPlayer(page, `pushfail${viewport.name}`, { profile: true });
    await page.goto('/profile');
    const section = page.locator('#alert-settings');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Turn on push on this device' }).click();
    const problem = section.locator('[data-push-problem]');
    await expect(problem).toHaveText(
      "The browser's push service did not accept this device (it needs the internet, and on Android Google Play services). Check your connection and try again in a minute; WhatsApp alerts work meanwhile.",
      { timeout: 20_000 },
    );
    await expect(problem).toBeInViewport();
    await expect(section.getByRole('button', { name: 'Turn on push on this device' })).toBeEnabled();
    await screenshot(section, { path: testInfo.outputPath(`push-failed-${viewport.name}.png`) });
  });

  test(`alerts on the profile at ${viewport.name} px: WhatsApp confirmed with its code, an event off, then stopped`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signedInPlayer(page, `alerts${viewport.name}`, { profile: true });
    await page.goto('/profile');
    const section = page.locator('#alert-settings');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: 'Alerts on your phone' })).toBeVisible();
    await expect(section.getByRole('checkbox', { name: 'Match ready: the room is posted by push' })).toBeChecked();

    const phone = `+9197${String(Date.now()).slice(-8)}`;
    await section.getByLabel('Indian mobile number on WhatsApp').fill(`${phone.slice(0, 3)} ${phone.slice(3, 8)} ${phone.slice(8)}`);
    await section.getByRole('button', { name: 'Send code on WhatsApp' }).click();
    await expect(section.getByRole('status')).toHaveText(`Code sent on WhatsApp to ${phone}.`);
    await expect.poll(async () => (await whatsAppMessages(phone)).length).toBe(1);
    const [message] = await whatsAppMessages(phone);
    await section.getByLabel(/Code sent to/).fill(message?.params[0] ?? '');
    await screenshot(section, { path: testInfo.outputPath(`alerts-code-${viewport.name}.png`) });
    await section.getByRole('button', { name: 'Confirm and agree' }).click();
    await expect(section.locator('[data-whatsapp-phone]')).toHaveText(phone);

    const nextMatch = section.getByRole('checkbox', { name: 'Your next match is scheduled by WhatsApp' });
    await nextMatch.uncheck();
    await expect(section.getByRole('status')).toHaveText('Saved.');
    await page.reload();
    await expect(
      page.locator('#alert-settings').getByRole('checkbox', { name: 'Your next match is scheduled by WhatsApp' }),
    ).not.toBeChecked();
    await page.locator('#alert-settings').scrollIntoViewIfNeeded();
    await screenshot(page.locator('#alert-settings'), { path: testInfo.outputPath(`alerts-profile-${viewport.name}.png`) });
    // Nothing wider than the screen: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const box = await page.locator('#alert-settings').boundingBox();
    for (const card of await page.locator('#alert-settings .rounded-xl').all()) {
      const inner = await card.boundingBox();
      expect((inner?.x ?? 0) + (inner?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    }

    await page.locator('#alert-settings').getByRole('button', { name: 'Stop WhatsApp alerts' }).click();
    await expect(page.locator('#alert-settings').getByRole('status')).toHaveText('WhatsApp alerts are off and your number is removed.');
    await expect(page.locator('#alert-settings').getByRole('button', { name: 'Send code on WhatsApp' })).toBeVisible();
  });
}

test('the match page offers its sound switch to the players and remembers it on this device', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const pod = await drawnSuper4Pod({ label: 'chime', title: 'Chime Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const semi = pod.matches.find((m) => m.round === 1);
  if (!semi?.entry_b) throw new Error('the pod has a semi-final');
  const guest = playersByEntry(pod).get(semi.entry_b);
  if (!guest) throw new Error('the guest is known');
  for (const viewport of VIEWPORTS) {
    const page = await (await browser.newContext({ viewport })).newPage();
    await storeSession(page, guest.session);
    await page.goto(`/match/?id=${semi.id}`);
    const sound = page.locator('[data-match-sound]');
    await expect(sound).toHaveAttribute('data-match-sound', /^(on|blocked)$/);
    await screenshot(page, { path: testInfo.outputPath(`match-sound-${viewport.name}.png`), fullPage: true });
    // A browser that holds sound back until a tap says so on the switch; the first tap only allows it.
    if ((await sound.getAttribute('data-match-sound')) === 'blocked') {
      await expect(sound).toHaveText('Tap to allow match sounds');
      await sound.click();
      await expect(sound).toHaveAttribute('data-match-sound', 'on');
    }
    await sound.click();
    await expect(sound).toHaveAttribute('data-match-sound', 'muted');
    await page.reload();
    await expect(page.locator('[data-match-sound]')).toHaveAttribute('data-match-sound', 'muted');
    await page.context().close();
  }
});
