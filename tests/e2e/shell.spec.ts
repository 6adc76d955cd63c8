import { expect, test } from '@playwright/test';
import { signedInPlayer } from './helpers/auth';
import { routes, UNKNOWN_TOURNAMENT } from './routes';
import { screenshot } from './helpers/screenshots';

/**
 * The shell on every route: status, title, the single h1, skip link, landmarks, and the
 * header/footer rules; the mobile menu at phone width; the 404 page.
 */

const PRODUCT = process.env.PUBLIC_PRODUCT_NAME ?? 'Golazo Arena';

function headingText(h1: string | RegExp) {
  return typeof h1 === 'string' ? new RegExp(`^\\s*${h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) : h1;
}

test.describe('every route', () => {
  for (const route of routes) {
    test(`${route.path} answers 200 with its title, one h1 and the shell rules`, async ({ page, request }) => {
      if (route.signedIn) {
        // Signed-out visitors are sent to /login by the page's script; the served HTML is what to check.
        const response = await request.get(route.path);
        expect(response.status(), `${route.path} answers`).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<title>${route.title.replace(/&/g, '&amp;')}</title>`);
        expect(html.match(/<h1[\s>]/g)?.length ?? 0).toBeLessThanOrEqual(1);
        expect(html.includes('<footer')).toBe(route.footer);
        return;
      }

      const response = await page.goto(route.path);
      expect(response?.status(), `${route.path} answers`).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(headingText(route.h1));
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: `${PRODUCT}, home` })).toHaveAttribute('href', '/');

      const register = page.locator('header [data-auth-nav]').getByRole('link', { name: 'Register Here' });
      if (route.headerActions) await expect(register).toBeVisible();
      else await expect(register).toHaveCount(0);

      await expect(page.getByRole('contentinfo')).toHaveCount(route.footer ? 1 : 0);
    });
  }
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/tournaments');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('#main')).toBeFocused();
});

/** A 360 px footer taller than this is the stacked lists again (one 40 px row per link: about 1,100 px). */
const FOOTER_MAX_PHONE_HEIGHT = 700;

test('the footer links to every section with the spec labels and the four community links', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const expected: [string, string][] = [
    ['Tour Event', '/tournaments'],
    ['Cancellation & Refund', '/cancellation-refund'],
    ['R&C Policy', '/shipping-delivery'],
    ['Privacy Policy', '/privacy-policy'],
    ['Terms of Service', '/terms-of-service'],
    ['Cookies Policy', '/cookies-policy'],
    ['Grievances', '/grievance'],
    ['About', '/about'],
    ['Blog', '/blog'],
    ['Our Mission', '/our-mission'],
    ['Help Center', '/help-center'],
    ['Contact', '/contact'],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  for (const heading of ['Quick Links', 'Resources', 'Legal']) {
    await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const name of [/^WhatsApp/, /^Discord/, /^Instagram/, /^All links/]) {
    const link = footer.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${PRODUCT}`);
});

test('an unknown tournament answers 404 with the not-found page in the shell', async ({ page }) => {
  const response = await page.goto(UNKNOWN_TOURNAMENT);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wide of the post');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test.describe('mobile menu @phone', () => {
  test.beforeEach(({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only');
    return page.goto('/tournaments');
  });

  test('Register Here hides behind the menu button on a phone', async ({ page }) => {
    await expect(page.locator('header [data-auth-nav]').getByRole('link', { name: 'Register Here' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('opens as a modal dialog with focus inside and Escape closes it', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Tournaments' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Register Here' })).toBeVisible();
    // A returning player signs in from the phone's menu too.
    await expect(menu.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    // Focus starts inside. Tabbing round never reaches the page behind: a modal dialog makes
    // it inert, so after the last link focus passes through the browser's own UI (the
    // document reports <body>) and comes back to the dialog.
    expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    const visited = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const where = await menu.evaluate((dialog) => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        return dialog.contains(active) ? `menu:${active.textContent?.trim()}` : `page:${active.outerHTML.slice(0, 60)}`;
      });
      expect(where).not.toMatch(/^page:/);
      visited.add(where);
    }
    expect([...visited].filter((where) => where.startsWith('menu:')).length).toBeGreaterThanOrEqual(7);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('a tap outside the menu closes it', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    // The menu slides in from the right; the left edge of the screen is backdrop.
    await page.mouse.click(10, 400);
    await expect(menu).toBeHidden();
  });

  test('the close button closes it', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('works with JavaScript turned off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto('/our-mission');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await context.close();
  });

  // Fails -> a player on the dashboard has no way onwards but the browser's back button.
  test('the dashboard has the menu and the footer like every other page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test.describe('header links', () => {
  // Fails -> from an info page a player cannot reach the tournaments or their dashboard in one click.
  test('the desktop header leads to Tournaments everywhere, and to the Dashboard once signed in', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the desktop header; phones use the menu');
    const nav = page.getByRole('navigation', { name: 'Site' });
    await page.goto('/about');
    await expect(nav.getByRole('link', { name: 'Tournaments' })).toHaveAttribute('href', '/tournaments');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();

    await signedInPlayer(page, 'header-links');
    await page.goto('/about');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test.describe('share tags', () => {
  test('every page carries title, description, canonical, Open Graph and Twitter tags', async ({ page }) => {
    await page.goto('/tournaments');
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[name="description"]')).toMatch(/tournament/i);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/tournaments$/);
    expect(await meta('meta[property="og:title"]')).toBe(`Tournaments | ${PRODUCT}`);
    expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/og\/default\.png$/);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  test('icons, manifest, robots and sitemap are served', async ({ request }) => {
    for (const [path, type] of [
      ['/favicon.svg', 'image/svg+xml'],
      ['/favicon-32.png', 'image/png'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/icon-192.png', 'image/png'],
      ['/icon-512.png', 'image/png'],
      ['/og/default.png', 'image/png'],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain(type);
    }
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: PRODUCT, display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const robots = await (await request.get('/robots.txt')).text();
    const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
    expect(sitemapUrl).toMatch(/sitemap-index\.xml$/);
    const sitemap = await request.get(new URL(sitemapUrl!).pathname);
    expect(sitemap.status()).toBe(200);
  });
});

test('the footer stays compact on a 360 px phone: links side by side, not a tall stack @phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const legal = footer.getByRole('navigation', { name: 'Legal' }).getByRole('link');
  const [first, second] = [await legal.nth(0).boundingBox(), await legal.nth(1).boundingBox()];
  // The first two legal links share a row.
  expect(Math.abs((first?.y ?? 0) - (second?.y ?? 1))).toBeLessThan(2);
  const box = await footer.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(FOOTER_MAX_PHONE_HEIGHT);
});

// Fails -> a signed-in player reads "Register Here" and "Log in" on a page, as if signed out.
test('a signed-in player keeps the signed-in header on the leaderboard, the grievance form and the privacy notice', async ({ page }) => {
  await signedInPlayer(page, 'header', { profile: true });
  const english = { register: 'Register Here', account: 'My Account' };
  const hindi = { register: 'यहाँ रजिस्टर करें', account: 'मेरा अकाउंट' };
  for (const [path, words] of [
    ['/leaderboard', english],
    ['/grievance', english],
    ['/privacy-policy', english],
    ['/hi/privacy-policy', hindi],
  ] as const) {
    await page.goto(path);
    // After the page's islands and their data have loaded (a session check among them), not only at first paint.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html'), path).toHaveAttribute('data-auth', 'signed-in');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: words.register }), path).toBeHidden();
    await expect(header.getByRole('button', { name: words.account }), path).toBeVisible();
  }
});

// Fails -> on a phone the wordmark breaks over two lines once the signed-in header shows the bell, or the header
// pushes the page sideways.
test('on a 360 px phone the signed-in header keeps the wordmark on one line beside the bell, in English and Hindi @phone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signedInPlayer(page, 'wordmark', { profile: true });
  for (const path of ['/my-tournaments', '/hi/my-tournaments']) {
    await page.goto(path);
    const header = page.getByRole('banner');
    await expect(header.locator('[data-notification-bell]'), path).toBeVisible();
    await screenshot(page, {
      path: testInfo.outputPath(`header-360${path.replace(/\//g, '-')}.png`),
      clip: { x: 0, y: 0, width: 360, height: 200 },
    });
    const wordmark = header.locator('[data-wordmark]');
    // `leading-none`: one line is one font size tall.
    const { height, fontSize } = await wordmark.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      fontSize: Number.parseFloat(getComputedStyle(element).fontSize),
    }));
    expect(height, `${path}: the wordmark's height`).toBeLessThan(fontSize * 1.5);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      path,
    ).toBeLessThanOrEqual(0);
    // Every control of the header stays on screen.
    for (const control of await header.locator('a, button').filter({ visible: true }).all()) {
      const box = await control.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${path}: ${await control.textContent()}`).toBeLessThanOrEqual(360);
    }
  }
});
