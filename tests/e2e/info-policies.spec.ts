import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/**
 * The policy pages (the privacy notice also in Hindi): rendered from Markdown, every title and paragraph readable at once (the
 * titles' typed rule is CSS alone and over within a second), no JavaScript at all, and each page
 * opening at the top.
 */

const PRODUCT = process.env.PUBLIC_PRODUCT_NAME ?? 'Golazo Arena';
const SUPPORT_EMAIL = process.env.PUBLIC_SUPPORT_EMAIL ?? 'support@golazo.example';

const policies = [
  {
    route: '/privacy-policy',
    title: 'Privacy Policy',
    updated: { datetime: '2026-12-06', text: '6 December 2026' },
    sections: [
      'Who Can Sign Up',
      'What We Keep, Why, and for How Long',
      'Card, UPI and Bank Details',
      'What Other Players See',
      'Children',
      'Who Else Receives It',
      'How Long We Keep It',
      'Your Rights and How to Use Them',
      'Grievance Officer',
      'If Something Goes Wrong',
      'Keeping Your Data Safe',
      'Changes to This Policy',
      'Contact Us',
    ],
  },
  {
    route: '/hi/privacy-policy',
    title: 'गोपनीयता नीति',
    updated: { datetime: '2026-12-06', text: '6 दिसंबर 2026' },
    sections: [
      'कौन साइन अप कर सकता है',
      'हम क्या रखते हैं, क्यों, और कितने समय तक',
      'कार्ड, UPI और बैंक विवरण',
      'दूसरे खिलाड़ी क्या देखते हैं',
      'बच्चे',
      'और किसे मिलता है',
      'हम कितने समय तक रखते हैं',
      'आपके अधिकार और उनका उपयोग',
      'शिकायत अधिकारी',
      'अगर कुछ गलत हो जाए',
      'आपका डेटा सुरक्षित रखना',
      'इस नीति में बदलाव',
      'संपर्क करें',
    ],
  },
  {
    route: '/terms-of-service',
    title: 'Terms of Service',
    updated: { datetime: '2026-12-06', text: '6 December 2026' },
    sections: [
      'Who Can Play',
      'Your Account',
      'Skill-Based Tournaments',
      'Entry Fees and Payments',
      'Check-In and Fair Play',
      'Results and Disputes',
      'Prizes',
      'Community Rules',
      'Ending Your Account',
      'Our Responsibility',
      'Changes to These Terms',
      'Contact Us',
    ],
  },
  {
    route: '/cookies-policy',
    title: 'Cookies Policy',
    updated: { datetime: '2025-01-15', text: '15 January 2025' },
    sections: ['What We Use', 'What We Do Not Use', 'Payment Cookies', 'How Long They Last', 'Your Choices', 'Questions'],
  },
  {
    route: '/cancellation-refund',
    title: 'Tournament Participation Policy',
    updated: { datetime: '2026-12-06', text: '6 December 2026' },
    sections: [
      'Joining a Tournament',
      'When a Tournament Is Full',
      'Check-In',
      'Refunds',
      'How Refunds Are Paid',
      'Cancelled or Moved Events',
      'Results and Disputes',
      'Need Help?',
    ],
  },
  {
    route: '/shipping-delivery',
    title: 'Community Services & Access Policy',
    updated: { datetime: '2025-01-15', text: '15 January 2025' },
    sections: [
      'Nothing Is Shipped',
      'How You Get Access',
      'Our Community Spaces',
      'Community Rules',
      'If Someone Breaks the Rules',
      'Other Companies’ Apps',
      'Need Help?',
    ],
  },
] as const;

/** Every page may carry the shell's inline signed-in check; nothing else. */
const SIGNED_IN_CHECK_BUDGET = 1024;

/** Gzipped size of all inline scripts in a page. */
function inlineScriptBytes(html: string): number {
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
  return inline.reduce((total, code) => total + (code.trim() === '' ? 0 : gzipSync(code).length), 0);
}

/** The section titles inside the policy text (the footer has headings of its own). */
const sectionTitles = (page: Page) => page.locator('main article .content-body h2');

/** Computed timing of every section title's typed rule (its ::after), in milliseconds. */
async function titleTimings(page: Page) {
  return sectionTitles(page).evaluateAll((headings) =>
    headings.map((heading) => {
      const style = getComputedStyle(heading, '::after');
      const ms = (value: string) => parseFloat(value) * (value.endsWith('ms') ? 1 : 1000);
      return { name: style.animationName, delayMs: ms(style.animationDelay), durationMs: ms(style.animationDuration) };
    }),
  );
}

/** How each section title is painted: nothing may clip, hide or fade its text. */
async function titlePaint(page: Page) {
  return sectionTitles(page).evaluateAll((headings) =>
    headings.map((heading) => {
      const style = getComputedStyle(heading);
      return { clipPath: style.clipPath, visibility: style.visibility, opacity: style.opacity, animation: style.animationName };
    }),
  );
}

for (const policy of policies) {
  test.describe(policy.title, () => {
    // The typed section titles are motion: tested with motion on (the reduced-motion test below asks for less).
    test.use({ reducedMotion: 'no-preference' });
    test('renders its title, sections, date and filled-in contact details', async ({ page }) => {
      const response = await page.goto(policy.route);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${policy.title} | ${PRODUCT}`);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{40,200}$/);

      await expect(sectionTitles(page)).toHaveText([...policy.sections]);
      // Real headings for assistive technology and search, even while they are being "typed".
      for (const section of policy.sections) {
        await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeAttached();
      }

      const updated = page.locator('[data-last-updated] time');
      await expect(updated).toHaveAttribute('datetime', policy.updated.datetime);
      await expect(updated).toHaveText(policy.updated.text);

      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText() is the text a player sees (CSS applied), which is the point here
      const text = await page.locator('main').innerText();
      expect(text).toContain(PRODUCT);
      expect(text).not.toMatch(/%[A-Z_]+%/);
      await expect(page.locator(`main a[href="mailto:${SUPPORT_EMAIL}"]`).first()).toBeVisible();
    });

    test('ships no JavaScript beyond the site-wide signed-in check', async ({ page }) => {
      const scriptRequests: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scriptRequests.push(request.url());
      });
      const response = await page.goto(policy.route);
      const html = (await response?.text()) ?? '';
      await page.waitForLoadState('networkidle');

      // The typing is CSS: no script file is loaded, and the only inline script allowed is the
      // shell's tiny signed-in check (at most 1 KB gzipped, shared by every page).
      expect(scriptRequests).toEqual([]);
      expect(html).not.toMatch(/<script\b[^>]*\bsrc=/i);
      expect(inlineScriptBytes(html)).toBeLessThanOrEqual(SIGNED_IN_CHECK_BUDGET);
    });

    test('shows every title and paragraph from the first paint; the typing is over within a second', async ({ page }) => {
      // Painted as soon as the HTML arrives: no title waits for another, none is clipped or faded.
      await page.goto(policy.route, { waitUntil: 'commit' });
      await expect(sectionTitles(page)).toHaveCount(policy.sections.length);
      const paint = await titlePaint(page);
      expect(paint.every((p) => p.clipPath === 'none' && p.visibility === 'visible' && p.opacity === '1' && p.animation === 'none')).toBe(
        true,
      );
      for (const section of policy.sections) {
        await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
      }
      const paragraphs = await page
        .locator('main article .content-body p')
        .evaluateAll((ps) => ps.map((p) => ({ opacity: getComputedStyle(p).opacity, animation: getComputedStyle(p).animationName })));
      expect(paragraphs.length).toBeGreaterThan(0);
      expect(paragraphs.every((p) => p.opacity === '1' && p.animation === 'none')).toBe(true);

      // The typed rule under every title starts at once and ends within one second; a Hindi title's rule is
      // drawn still (stepping by character does not fit Devanagari's joined letters).
      const timings = await titleTimings(page);
      expect(timings).toHaveLength(policy.sections.length);
      for (const timing of timings) {
        if (policy.route.startsWith('/hi/')) {
          expect(timing.name).toBe('none');
          continue;
        }
        expect(timing.name).toBe('type-title');
        expect(timing.delayMs).toBe(0);
        expect(timing.durationMs).toBeGreaterThan(0);
        expect(timing.durationMs).toBeLessThanOrEqual(1000);
      }
    });

    test('draws the typed rules at once when motion is reduced', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(policy.route);

      const timings = await titleTimings(page);
      expect(timings.every((timing) => timing.name === 'none')).toBe(true);
      const paint = await titlePaint(page);
      expect(paint.every((p) => p.clipPath === 'none')).toBe(true);
    });

    test('a link to one section shows that title at once', async ({ page }) => {
      const target = sectionTitles(page).last();
      await page.goto(policy.route);
      const id = await target.getAttribute('id');
      await page.goto(`${policy.route}#${id}`);

      expect(await target.evaluate((el) => getComputedStyle(el).clipPath)).toBe('none');
      await expect(target).toBeInViewport();
    });

    test('opens at the top of the page', async ({ page }) => {
      await page.goto(policy.route);
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}

test('the participation and services policies open at the top when reached from the footer', async ({ page }) => {
  await page.goto('/privacy-policy');
  const legal = page.getByRole('navigation', { name: 'Legal' });

  for (const label of ['Cancellation & Refund', 'R&C Policy']) {
    await legal.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await legal.getByRole('link', { name: label }).click();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  }
  await expect(page).toHaveURL(/\/shipping-delivery$/);
});

test('policy pages fit a 360 px phone without sideways scrolling @phone', async ({ page }) => {
  for (const policy of policies) {
    await page.goto(policy.route);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, policy.route).toBeLessThanOrEqual(0);
  }
});
