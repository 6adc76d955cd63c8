import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { rulesThatCanBeSerious } from './helpers/axe';
import { hindiRoutes } from './routes';

/**
 * Hindi, the site's second language: every page but the staff console answers under /hi/ in Hindi, each page
 * links its twin in the other language, the Hindi privacy notice's first address still leads to it, and a
 * browser whose first language is Hindi is offered Hindi once, without being moved.
 */

// Fails -> a Hindi page is missing, is marked English, or has no way back to its English page.
test('every page but the staff console answers under /hi/ in Hindi and links its English twin', async ({ request }) => {
  for (const { path, english } of hindiRoutes) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(/<html lang="hi"/);
    const switchHref = /<a id="lang-switch" href="([^"]+)"/.exec(html)?.[1];
    expect(switchHref, path).toBe(english);
    expect(html, path).toMatch(/<link rel="alternate" hreflang="en-IN" href="[^"]+">/);
    expect(html, path).toMatch(/<link rel="alternate" hreflang="hi-IN" href="[^"]+\/hi\/?[^"]*">/);
  }
  // The staff console stays English and offers no Hindi twin.
  expect((await request.get('/hi/staff')).status()).toBe(404);
});

// Fails -> the switch leads somewhere else than the same page in the other language.
test('the language switch leads from /hi/ to the English page and back', async ({ page }) => {
  await page.goto('/hi/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('कैश प्राइज़ जीतें');
  await expect(page.getByRole('banner').getByRole('link', { name: 'टूर्नामेंट', exact: true })).toHaveAttribute('href', '/hi/tournaments');

  await page.locator('#lang-switch').click();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Win Cash Prizes');

  await page.locator('#lang-switch').click();
  await expect(page).toHaveURL(/\/hi\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});

// Fails -> a shell page's switch drops the ?id= it reads, so the twin shows "no such pod".
test('the switch keeps the id a shell page reads', async ({ page }) => {
  await page.goto('/pod/?id=super_4-pod-1');
  await expect(page.locator('#lang-switch')).toHaveAttribute('href', /\/hi\/pod\?id=super_4-pod-1$/);
});

// Fails -> the old address of the Hindi notice is a dead link.
test('/privacy-policy-hi reaches /hi/privacy-policy/', async ({ page }) => {
  await page.goto('/privacy-policy-hi');
  await page.waitForURL('**/hi/privacy-policy/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
  await expect(page.locator('[data-english-prevails]')).toContainText('अंग्रेज़ी संस्करण मान्य होगा');
});

test('the Hindi tournaments list reads amounts with lakh grouping and Latin digits', async ({ page }) => {
  await page.goto('/hi/tournaments/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('टूर्नामेंट');
  const card = page.locator('[data-catalog-link="champions-dec-2026"]');
  await expect(card).toHaveAttribute('href', '/hi/tournaments/champions-dec-2026');
  await expect(card).toContainText(/प्राइज़ ₹\d{1,2}(,\d\d)*,\d{3}/);
  await expect(card).not.toContainText(/[०-९]/);
});

test.describe('a browser whose first language is Hindi', () => {
  test.use({ locale: 'hi-IN' });

  // Fails -> the offer never shows, shows on every page, or moves the visitor by itself.
  test('is offered Hindi once, on its first visit, and stays where it is', async ({ page }) => {
    await page.goto('/about');
    const offer = page.locator('#lang-offer');
    await expect(offer).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/about');
    await expect(offer.getByRole('link', { name: 'हिंदी में देखें' })).toHaveAttribute('href', /\/hi\/about$/);
    await offer.getByRole('button', { name: 'Stay in English' }).click();
    await expect(offer).toBeHidden();
    await page.goto('/tournaments');
    await expect(page.locator('#lang-offer')).toBeHidden();
  });
});

test('a browser in English is not offered Hindi', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('#lang-switch')).toBeVisible();
  await expect(page.locator('#lang-offer')).toBeHidden();
});

/** The pages whose words are all in Hindi: the info pages, every policy, the blog, the sign-in pages, the leaderboard and the pages opened from e-mails. */
const TRANSLATED_PAGES = [
  { path: '/hi/about', h1: /के बारे में$/ },
  { path: '/hi/our-mission', h1: 'खिलाड़ियों के लिए बना' },
  { path: '/hi/help-center', h1: 'मदद चाहिए?' },
  { path: '/hi/help-center/verify-draw', h1: 'ड्रॉ कैसे जाँचें' },
  { path: '/hi/contact', h1: 'संपर्क करें' },
  { path: '/hi/grievance', h1: 'शिकायत दर्ज करें' },
  { path: '/hi/terms-of-service', h1: 'सेवा की शर्तें' },
  { path: '/hi/cancellation-refund', h1: 'टूर्नामेंट भागीदारी नीति' },
  { path: '/hi/cookies-policy', h1: 'कुकीज़ नीति' },
  { path: '/hi/shipping-delivery', h1: 'कम्युनिटी सेवा और एक्सेस नीति' },
  { path: '/hi/privacy-policy', h1: 'गोपनीयता नीति' },
  { path: '/hi/blog', h1: 'खिलाड़ियों की कहानियाँ' },
  { path: '/hi/login', h1: 'लॉग इन' },
  { path: '/hi/register', h1: 'अपना अकाउंट बनाएँ' },
  { path: '/hi/leaderboard', h1: 'लीडरबोर्ड' },
  { path: '/hi/invite', h1: 'आपका न्योता' },
  { path: '/hi/parental-consent', h1: 'माता-पिता की सहमति' },
  { path: '/hi/story-news', h1: 'कहानियों की ख़बरें' },
];

// Fails -> a translated page shows an English heading, or one of its links leads nowhere.
test('the translated pages read in Hindi and every link on them resolves', async ({ page, request }) => {
  const checked = new Map<string, number>();
  for (const { path, h1 } of TRANSLATED_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(h1);
    const main = page.getByRole('main');
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is what a reader sees
    const text = await main.innerText();
    // Mostly Devanagari: Latin letters only for names kept in Latin (eFootball, UPI, Razorpay, the addresses).
    const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
    const devanagari = text.match(/[\u0900-\u097F]/g)?.length ?? 0;
    expect(devanagari, path).toBeGreaterThan(latin * 3);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of new Set(hrefs)) {
      // A shell page's own links (/pod?id=…) are its island's; the pages here link static pages only.
      const target = href.replace(/#.*$/, '');
      if (!checked.has(target)) checked.set(target, (await request.get(target)).status());
      expect(checked.get(target), `${path} → ${href}`).toBeLessThan(400);
      // A Hindi page's own links stay in Hindi (the staff console and the English twin excepted).
      if (!/^\/hi(\/|$)/.test(href) && !href.startsWith('/staff')) {
        const isTwin = (await page.locator('#lang-switch').getAttribute('href')) === href;
        const markedEnglish = await page.locator(`a[href="${href}"][lang="en-IN"]`).count();
        const isAsset = /\.(png|svg|webmanifest|xml|txt|ico)$/.test(target);
        expect(
          isTwin ||
            markedEnglish > 0 ||
            isAsset ||
            /in English/.test((await page.locator(`a[href="${href}"]`).first().textContent()) ?? ''),
          `${path} → ${href}`,
        ).toBe(true);
      }
    }
  }
});

// Fails -> a Hindi rule sentence states a window other than the rules', or drops the English-prevails note.
test('the Hindi help centre and policies state the rules in Hindi', async ({ page }) => {
  // Motion on (the configuration turns it off): the still Hindi titles below must be still by their own rule.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/hi/help-center');
  await page.getByText('विवाद और डिसकनेक्शन').click();
  await expect(page.locator('.help-answer').filter({ hasText: 'विरोधी' })).toContainText(
    'स्टाफ़ क्विक पॉड में 15 मिनट के भीतर और चैंपियनशिप में 60 मिनट के भीतर फ़ैसला करता है',
  );
  await page.goto('/hi/cancellation-refund');
  await expect(page.locator('[data-english-prevails]')).toContainText('अंग्रेज़ी संस्करण मान्य होगा');
  await expect(page.locator('[data-english-only]')).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('चैंपियनशिप: चेक-इन शुरुआत से 24 घंटे पहले से 60 मिनट पहले तक खुला रहता है।');
  await expect(page.locator('[data-last-updated] time')).toHaveAttribute('datetime', '2026-12-06');
  // Hindi titles stay still: their rule is drawn at once, not a character at a time.
  const rules = await page
    .locator('.content-body h2')
    .evaluateAll((titles) => titles.map((title) => getComputedStyle(title, '::after').animationName));
  expect(rules.length).toBeGreaterThan(3);
  expect(new Set(rules)).toEqual(new Set(['none']));
});

// Fails -> a Hindi page is wider than a 360 px phone.
test('the translated pages fit a 360 px phone @phone', async ({ page }) => {
  for (const { path } of TRANSLATED_PAGES) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

// Fails -> a Hindi tournament page states its rules in English, or from other numbers than the rules'.
test('a Hindi championship page labels its sections in Hindi and states its rules in Hindi', async ({ page }) => {
  await page.goto('/hi/tournaments/champions-dec-2026');
  await expect(page.getByRole('navigation', { name: 'आप यहाँ हैं' }).getByRole('link', { name: 'टूर्नामेंट' })).toHaveAttribute(
    'href',
    '/hi/tournaments',
  );
  // The pay panel's promises are the Hindi lines, from the same amounts.
  await expect(page.locator('[data-pay-promises]')).toContainText(/प्राइज़: पहला स्थान ₹[\d,]+/);
  await expect(page.locator('[data-pay-promises]')).toContainText('भारत में रहने वाले 18+ साल के खिलाड़ियों के लिए');
  await page.getByRole('tab', { name: 'नियम' }).click();
  const rules = page.getByRole('tabpanel');
  await expect(rules).toContainText('स्टाफ़ 60 मिनट के भीतर फ़ैसला करता है');
  await expect(rules).toContainText('इस पेज पर शुरुआत से 24 घंटे पहले से 60 मिनट पहले तक चेक-इन करें');
  await expect(rules).toContainText(/प्राइज़: पहला स्थान ₹[\d,]+ · दूसरा स्थान/);
  // The organisers' own rules come from the catalog file's Hindi twin: nothing left in English there.
  await expect(rules).toContainText('eFootball मोबाइल पर गेम के नए आधिकारिक वर्ज़न से ही खेलें।');
  await expect(rules.locator('[lang="en-IN"]')).toHaveCount(0);
  await page.getByRole('tab', { name: 'शेड्यूल' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('सभी समय भारतीय मानक समय (IST) में हैं।');
  await expect(page.locator('[data-round-state]').first()).toHaveText(/आने वाला|लाइव|पूरा/);
});

// Fails -> a translated Hindi page has a serious accessibility fault (a missing language, a contrast error ...).
test('the translated Hindi pages have no serious or critical accessibility violation @phone', async ({ page }) => {
  test.setTimeout(240_000);
  const rules = rulesThatCanBeSerious(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  for (const path of [...TRANSLATED_PAGES.map((entry) => entry.path), '/hi/tournaments/champions-dec-2026', '/hi/tournaments/super_8']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withRules(rules).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ rule: violation.id, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
    expect(blocking, path).toEqual([]);
  }
});
