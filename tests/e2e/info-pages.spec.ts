import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { readInbox } from '../support/players.ts';
import { stack } from './helpers/auth';
import { screenshot } from './helpers/screenshots';

/** About, Player Stories, Our Mission, Help Center and Contact. */

const PRODUCT = process.env.PUBLIC_PRODUCT_NAME ?? 'Golazo Arena';
const SUPPORT_EMAIL = process.env.PUBLIC_SUPPORT_EMAIL ?? 'support@golazo.example';
const WHATSAPP_URL = process.env.PUBLIC_WHATSAPP_URL ?? 'https://chat.whatsapp.com/golazo-arena';
const DISCORD_URL = process.env.PUBLIC_DISCORD_URL ?? 'https://discord.gg/golazo-arena';
const BUSINESS_ADDRESS =
  process.env.PUBLIC_BUSINESS_ADDRESS ?? 'Golazo Arena, 1st Floor, 12 Example Road, Bengaluru, Karnataka 560001, India';
const SUPPORT_PHONE = process.env.PUBLIC_SUPPORT_PHONE ?? '+91 80 0000 0000';

const pages = [
  { route: '/about', title: `About Us | ${PRODUCT}`, h1: `About ${PRODUCT}` },
  { route: '/blog', title: `Player Stories | ${PRODUCT}`, h1: 'Player Stories' },
  { route: '/our-mission', title: `Our Mission | ${PRODUCT}`, h1: 'Built for the players' },
  { route: '/help-center', title: `Help Center | ${PRODUCT}`, h1: 'Need Help?' },
  { route: '/contact', title: `Contact Us | ${PRODUCT}`, h1: 'Contact Us' },
];

/** The stored "Notify me" sign-ups of one address, read as the service role (no browser role may read them). */
async function storyNewsRows(email: string) {
  const response = await stack.request(
    `/rest/v1/story_notification_signups?email=eq.${encodeURIComponent(email)}&select=email,consent_text,consented_at`,
    {
      as: 'service_role',
    },
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** Opens a page with a stopped clock, so toast timers move only when the test says so. */
async function gotoWithPausedClock(page: Page, route: string) {
  const start = new Date('2025-06-01T10:00:00+05:30');
  await page.clock.install({ time: start });
  // Paused before loading: however slow the load, no timer runs until the test moves the clock.
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto(route);
}

/** The script a page runs on first load: inline code plus every script file it fetches. */
async function scriptsOf(page: Page, route: string) {
  const files: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') files.push(await response.text());
  });
  const response = await page.goto(route);
  const html = (await response?.text()) ?? '';
  await page.waitForLoadState('networkidle');
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
  return { html, code: [...inline, ...files].filter((code) => code.trim() !== '') };
}

for (const info of pages) {
  test(`${info.route} has its title, one h1 and landmarks`, async ({ page }) => {
    const response = await page.goto(info.route);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(info.title);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.h1);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('banner').first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{40,200}$/);
  });
}

/** Every page may carry the shell's inline signed-in check (at most 1 KB gzipped); nothing else. */
const SIGNED_IN_CHECK_BUDGET = 1024;
const gzippedBytes = (code: string[]) => code.reduce((total, source) => total + gzipSync(source).length, 0);

for (const route of ['/our-mission', '/help-center', '/contact']) {
  test(`${route} ships no JavaScript beyond the site-wide signed-in check`, async ({ page }) => {
    const { html, code } = await scriptsOf(page, route);
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/i);
    expect(code.length).toBeLessThanOrEqual(1);
    expect(gzippedBytes(code)).toBeLessThanOrEqual(SIGNED_IN_CHECK_BUDGET);
  });
}

test.describe('About', () => {
  test('a clicked item shows a toast that is announced and gone after 3 seconds', async ({ page }) => {
    await gotoWithPausedClock(page, '/about');

    const status = page.getByRole('status');
    await expect(status).toBeAttached();
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveText('');

    await page.getByRole('button', { name: /Skill decides every match/ }).click();
    await expect(status).toHaveText('Every tournament is skill-based: win on the pitch, not by chance.');
    await expect(status.locator('.toast')).toBeVisible();

    await page.clock.runFor(2_900);
    await expect(status.locator('.toast')).toBeVisible();
    await page.clock.runFor(200);
    await expect(status.locator('.toast')).toHaveCount(0);
    await expect(status).toHaveText('');
  });

  test('a second click replaces the toast and restarts its 3 seconds', async ({ page }) => {
    await gotoWithPausedClock(page, '/about');
    const status = page.getByRole('status');

    await page.getByRole('button', { name: /Safe payments/ }).click();
    await page.clock.runFor(2_000);
    await page.getByRole('button', { name: /Create your account/ }).click();
    await expect(status).toHaveText(/eFootball user ID \(6 to 20 characters\)/);
    await page.clock.runFor(2_000);
    await expect(status).toHaveText(/eFootball user ID \(6 to 20 characters\)/);
    await page.clock.runFor(1_100);
    await expect(status).toHaveText('');
  });

  test('covers mission, vision, what makes it different and how to join, with the support email', async ({ page }) => {
    await page.goto('/about');
    for (const name of ['Our mission', 'Our vision', 'What makes us different', 'How to join']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  test('loads at most 2 KB of gzipped JavaScript for its toasts', async ({ page }) => {
    const { html, code } = await scriptsOf(page, '/about');
    // The toasts are plain inline script: no framework, no extra file to fetch.
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/i);
    const toastCode = code.filter((source) => source.includes('data-toast'));
    expect(toastCode).toHaveLength(1);
    expect(gzippedBytes(toastCode)).toBeLessThanOrEqual(2048);
    // Even together with the site-wide signed-in check, the page stays within 2 KB.
    expect(gzippedBytes(code)).toBeLessThanOrEqual(2048);
  });
});

test.describe('Player Stories', () => {
  // The typed intro's cursor is motion: tested with motion on (the reduced-motion test below asks for less).
  test.use({ reducedMotion: 'no-preference' });
  const intro = "Comebacks, last-minute winners and the players behind them. Real stories from India's eFootball community.";

  test('shows its whole intro from the first paint; the typing cursor is gone within a second', async ({ page }) => {
    const response = await page.goto('/blog');
    // In the HTML itself, not written in by a script.
    expect(await response?.text()).toContain(intro.replace("'", '&#39;'));
    const paragraph = page.locator('[data-typed-intro]');
    await expect(paragraph).toHaveText(intro);
    expect(await paragraph.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');

    const cursor = paragraph.locator('[data-typed-intro-cursor]');
    const timing = await cursor.evaluate((el) => {
      const style = getComputedStyle(el);
      const ms = (value: string) => parseFloat(value) * (value.endsWith('ms') ? 1 : 1000);
      return { delay: ms(style.animationDelay), duration: ms(style.animationDuration) };
    });
    expect(timing.delay + timing.duration).toBeLessThanOrEqual(1000);
    await expect.poll(() => cursor.evaluate((el) => getComputedStyle(el).opacity), { timeout: 3_000 }).toBe('0');
  });

  test('shows the whole intro with no cursor when motion is reduced', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/blog');
    await expect(page.locator('[data-typed-intro]')).toHaveText(intro);
    expect(await page.locator('[data-typed-intro-cursor]').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test('Notify Me needs an address and consent, saves it unconfirmed, and the e-mailed links confirm and unsubscribe it', async ({
    page,
  }, testInfo) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'The first stories are on their way' })).toBeVisible();
    await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();

    const email = page.getByLabel('Email address');
    const consent = page.getByRole('checkbox', { name: /may e-mail me when new player stories are published/ });
    const notify = page.getByRole('button', { name: 'Notify Me' });
    const status = page.getByRole('status').filter({ hasText: /./ });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    await notify.click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await email.fill('not-an-email');
    await notify.click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);

    // Without the box ticked nothing is sent.
    const address = `Reader-${Date.now().toString(36)}@Example.com`;
    await email.fill(address);
    await notify.click();
    expect(await consent.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await consent.check();
    await notify.click();
    await expect(
      page.getByText(
        `Almost done: open the link we e-mailed you to confirm. Nothing else is sent until you do. (${address.toLowerCase()})`,
      ),
    ).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(page).toHaveURL(/\/blog$/);

    // Stored once, lower-case, with the sentence the reader ticked.
    const rows = await storyNewsRows(address.toLowerCase());
    expect(rows).toEqual([
      { email: address.toLowerCase(), consent_text: expect.stringContaining('may e-mail me'), consented_at: expect.any(String) },
    ]);

    // Signing up again is fine and changes nothing.
    await email.fill(address);
    await consent.check();
    await notify.click();
    await expect(status).toHaveText(/^Almost done/);
    expect(await storyNewsRows(address.toLowerCase())).toEqual(rows);

    // Double opt-in: the e-mailed link confirms the address, on a press (never on load).
    let confirmation: { link?: string | null; text?: string } | undefined;
    await expect
      .poll(async () => {
        await stack.runDueWork();
        confirmation = (await readInbox(stack, address.toLowerCase())).at(-1);
        return confirmation?.link;
      })
      .toBeTruthy();
    const confirmLink = new URL(confirmation!.link!);
    await page.goto(`/story-news${confirmLink.hash}`);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await screenshot(page, { path: testInfo.outputPath(`story-news-confirm-${width}.png`), fullPage: true });
    }
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Confirmed\./);
    // Every message carries its unsubscribe link: one press removes the address.
    const unsubscribe = /\/story-news(#unsubscribe=[^\s]+)/.exec(confirmation!.text ?? '')?.[1] ?? '';
    await page.goto(`/story-news${unsubscribe}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Done: your address is removed/);
    expect(await storyNewsRows(address.toLowerCase())).toEqual([]);
  });
});

test.describe('Our Mission', () => {
  test('has its four sections, the badge and the promises players rely on', async ({ page }) => {
    await page.goto('/our-mission');
    for (const name of ['Our Purpose', 'Our Opportunity', 'Our Vision', 'Together We Rise']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Join the Movement/ })).toHaveAttribute('href', WHATSAPP_URL);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText() is the text a player sees (CSS applied), which is the point here
    const text = await page.getByRole('main').innerText();
    expect(text).toMatch(/skill-based/i);
    expect(text).toMatch(/stay in your winnings balance until you\s+withdraw them/i);
    expect(text).toMatch(/nothing can be deposited/i);
    expect(text).toMatch(/Income-tax Act at 30%\s+of net winnings/);
  });
});

test.describe('Help Center', () => {
  const topics = [
    'How to Join Tournaments',
    'Community Support',
    'Tournament Formats & Rules',
    'Disputes and disconnections',
    'The waitlist',
    'Winnings, tax, KYC and withdrawals',
    'Is the draw fair?',
    'Getting Started',
  ];

  test('its accordion keeps one topic open at a time', async ({ page }) => {
    await page.goto('/help-center');
    const topic = (name: string) => page.locator('details', { has: page.getByRole('heading', { name, exact: true }) });
    const answer = (name: string) => topic(name).locator('.help-answer');

    await expect(page.locator('details[name="help"]')).toHaveCount(topics.length);
    await expect(answer('How to Join Tournaments')).toBeVisible();

    await topic('Community Support').locator('summary').click();
    await expect(answer('Community Support')).toBeVisible();
    await expect(answer('How to Join Tournaments')).toBeHidden();

    await topic('Getting Started').locator('summary').click();
    await expect(answer('Getting Started')).toBeVisible();
    await expect(answer('Community Support')).toBeHidden();
    expect(await page.locator('details[open]').count()).toBe(1);

    // Keyboard works too: focus a summary and press Enter.
    await topic('Tournament Formats & Rules').locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(answer('Tournament Formats & Rules')).toBeVisible();
    await expect(answer('Getting Started')).toBeHidden();

    // Clicking the open topic closes it.
    await topic('Tournament Formats & Rules').locator('summary').click();
    await expect(page.locator('details[open]')).toHaveCount(0);

    // The money topic states the rule with the rules' own numbers.
    await topic('Winnings, tax, KYC and withdrawals').locator('summary').click();
    await expect(answer('Winnings, tax, KYC and withdrawals')).toContainText('30% tax on net winnings');
    await expect(answer('Winnings, tax, KYC and withdrawals')).toContainText('less the entry fees you paid in the financial year');
  });

  test('has join buttons for the chat community and the community server', async ({ page }) => {
    await page.goto('/help-center');
    const whatsapp = page.getByRole('link', { name: /Join the WhatsApp community/ });
    const discord = page.getByRole('link', { name: /Join the Discord server/ });
    await expect(whatsapp).toHaveAttribute('href', WHATSAPP_URL);
    await expect(discord).toHaveAttribute('href', DISCORD_URL);
    for (const link of [whatsapp, discord]) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });
});

test.describe('Contact', () => {
  test('offers email, chat community and community server, and says replies take about 24 hours', async ({ page }) => {
    await page.goto('/contact');
    const cards = page.locator('[data-contact-card]');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('heading')).toHaveText(['Email support', 'Chat community', 'Community server']);

    await expect(cards.nth(0).getByRole('link')).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await expect(cards.nth(1).getByRole('link')).toHaveAttribute('href', WHATSAPP_URL);
    await expect(cards.nth(2).getByRole('link')).toHaveAttribute('href', DISCORD_URL);
    await expect(page.getByText('Email replies usually take 24 hours')).toBeVisible();
  });

  test('shows the business address and a phone number to call, from the settings', async ({ page }) => {
    await page.goto('/contact');
    const details = page.getByRole('region', { name: 'Business address and phone' });
    await expect(details.locator('address')).toHaveText(BUSINESS_ADDRESS);
    const phone = details.getByRole('link', { name: SUPPORT_PHONE });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', `tel:${SUPPORT_PHONE.replace(/(?!^\+)[^0-9]/g, '')}`);
  });
});

test('info pages fit a 360 px phone without sideways scrolling @phone', async ({ page }) => {
  for (const info of pages) {
    await page.goto(info.route);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, info.route).toBeLessThanOrEqual(0);
  }
});
