/**
 * The player's language follows them, on a 360 px phone and a 1280 px desktop: a visitor who signs up on the Hindi
 * sign-in page starts with Hindi messages; on the profile a player chooses the language of their notifications,
 * e-mails, push and WhatsApp messages, and the choice is kept.
 * Fails -> a player who reads Hindi first is told about their matches and money in English, with no way to change it.
 */
import { test } from '@playwright/test';
import { codeFromInbox } from '../support/players.ts';
import { expect, signedInPlayer, stack } from './helpers/auth';
import { screenshot } from './helpers/screenshots';

const VIEWPORTS = [
  { name: '360', width: 360, height: 780 },
  { name: '1280', width: 1280, height: 900 },
];

async function languageOf(userId: string): Promise<string | undefined> {
  const rows = await stack.rest<{ language: string }[]>(`/rest/v1/profiles?id=eq.${userId}&select=language`);
  return rows[0]?.language;
}

for (const viewport of VIEWPORTS) {
  test(`the profile chooses the language of messages at ${viewport.name} px, and keeps it`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const session = await signedInPlayer(page, `msglang${viewport.name}`, { profile: true });
    await page.goto('/hi/profile');
    const section = page.locator('#message-language');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: 'संदेशों की भाषा' })).toBeVisible();
    await expect(section.getByRole('radio', { name: 'English' })).toBeChecked();

    await section.getByRole('radio', { name: 'हिन्दी' }).check();
    await expect(section.getByRole('status')).toHaveText('सेव हो गया: अब आपके संदेश हिन्दी में आएँगे।');
    expect(await languageOf(session.user.id)).toBe('hi');
    await screenshot(section, { path: testInfo.outputPath(`message-language-hi-${viewport.name}.png`) });

    // The English page shows the same choice, in English words.
    await page.goto('/profile');
    const english = page.locator('#message-language');
    await english.scrollIntoViewIfNeeded();
    await expect(english.getByRole('heading', { name: 'Language for messages' })).toBeVisible();
    await expect(english.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
    await english.getByRole('radio', { name: 'English' }).check();
    await expect(english.getByRole('status')).toHaveText('Saved: your messages now come in English.');
    expect(await languageOf(session.user.id)).toBe('en');
    await screenshot(english, { path: testInfo.outputPath(`message-language-en-${viewport.name}.png`) });
  });
}

test('a visitor who signs up on the Hindi sign-in page gets Hindi messages from the start', async ({ page }) => {
  const email = `hindi-signup-${Date.now()}@golazo.test`;
  const since = Date.now();
  await page.goto('/hi/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
  await page.locator('input[autocomplete="one-time-code"]').fill(await codeFromInbox(stack, email, since));
  await expect
    .poll(
      async () =>
        (await stack.rest<{ language: string }[]>(`/rest/v1/profiles?email=eq.${encodeURIComponent(email)}&select=language`))[0]?.language,
    )
    .toBe('hi');
});
