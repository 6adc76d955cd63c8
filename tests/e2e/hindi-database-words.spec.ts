/**
 * The words a Hindi page used to show in English because they were written outside the page's dictionaries: the
 * WhatsApp consent the database words (its message catalog's Hindi twin, and the consent record says which words,
 * language and version the player agreed to), the edition page's pay panel promises (worded at build time) and
 * money words, and the footer's community links; at a 360 px phone and a 1280 px desktop. Screenshots go to
 * HINDI_SHOTS=/tmp/... when asked, for a person to look at.
 * Fails -> a Hindi reader agrees to English words they may not read, or reads English promises before paying.
 */
import { type Page, test } from '@playwright/test';
import { catalogText } from '../../src/features/tournaments/catalog-text.ts';
import { newPlayer } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { catalog } from './helpers/catalog';
import { screenshot } from './helpers/screenshots';

const WIDTHS = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
];
const HINDI_CONSENT = 'Golazo Arena से मैच-डे अलर्ट मेरे इस नंबर पर WhatsApp पर भेजे जाएँ। ये अलर्ट मेरी प्रोफ़ाइल पर कभी भी बंद किए जा सकते हैं।';
const ENGLISH_CONSENT = 'Send me match-day alerts from Golazo Arena on WhatsApp at this number. I can stop them at any time on my profile.';

const shot = (testInfo: { outputPath: (name: string) => string }, name: string) =>
  process.env.HINDI_SHOTS ? `${process.env.HINDI_SHOTS}/${name}` : testInfo.outputPath(name);

/** Latin words a reader would take for English in a region (three letters or more, not a name both languages keep). */
async function englishIn(page: Page, selector: string): Promise<string[]> {
  const kept = new Set(['golazo', 'arena', 'whatsapp', 'upi', 'pan', 'tds', 'ist', 'efootball']);
  const text = (await page.locator(selector).first().allInnerTexts()).join('\n');
  return [...text.matchAll(/[A-Za-z][A-Za-z'’]{2,}/g)].map((m) => m[0]).filter((word) => !kept.has(word.toLowerCase()));
}

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("the Hindi profile's WhatsApp opt-in shows the consent in Hindi and records the Hindi words agreed to", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
  test.setTimeout(180_000);
  const me = await newPlayer(stack, 'hindi-consent', { profile: true });
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await storeSession(page, me);
    await page.goto('/hi/profile');
    const section = page.locator('#alert-settings');
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('[data-whatsapp-consent]')).toHaveText(HINDI_CONSENT, { timeout: 20_000 });
    expect(await englishIn(page, '#alert-settings [data-whatsapp-consent]')).toEqual([]);
    await noSideScroll(page);
    await screenshot(section, { path: shot(testInfo, `hi-profile-whatsapp-${viewport.width}.png`) });
    await context.close();
  }

  // The same player on the English profile reads the English words: the page's language, not the account's.
  const english = await (await browser.newContext()).newPage();
  await storeSession(english, me);
  await english.goto('/profile');
  // The alert settings hydrate once in view.
  await english.locator('#alert-settings').scrollIntoViewIfNeeded();
  await expect(english.locator('#alert-settings [data-whatsapp-consent]')).toHaveText(ENGLISH_CONSENT, { timeout: 20_000 });
  await english.context().close();

  // Confirmed on the Hindi page: the record keeps the Hindi words, their language and version.
  const page = await (await browser.newContext({ viewport: WIDTHS[0] })).newPage();
  await storeSession(page, me);
  await page.goto('/hi/profile');
  const section = page.locator('#alert-settings');
  await section.scrollIntoViewIfNeeded();
  // Typed once the island has its data (a number typed before it hydrates is lost).
  await expect(section.locator('[data-whatsapp-consent]')).toHaveText(HINDI_CONSENT, { timeout: 20_000 });
  const phone = `+9196${String(Date.now()).slice(-8)}`;
  await section.getByLabel('WhatsApp वाला भारत का मोबाइल नंबर').fill(phone);
  await section.getByRole('button', { name: 'WhatsApp पर कोड भेजें' }).click();
  await expect(section.getByRole('status')).toHaveText(`${phone} पर WhatsApp से कोड भेजा गया।`);
  const messages = async () =>
    (await (await stack.request(`/whatsapp/test/messages?to=${encodeURIComponent(phone)}`, { as: 'service_role' })).json()) as {
      params: string[];
    }[];
  await expect.poll(async () => (await messages()).length).toBe(1);
  await section.getByLabel(/पर भेजा गया कोड/).fill((await messages())[0]?.params[0] ?? '');
  await section.getByRole('button', { name: 'कन्फ़र्म करें और सहमति दें' }).click();
  await expect(section.locator('[data-whatsapp-phone]')).toHaveText(phone);
  const [contact] = await stack.rest<{ consent_text: string; consent_language: string; consent_version: number }[]>(
    `/rest/v1/whatsapp_contacts?select=consent_text,consent_language,consent_version&user_id=eq.${me.user.id}`,
  );
  expect(contact).toEqual({ consent_text: HINDI_CONSENT, consent_language: 'hi', consent_version: 1 });
});

/** The latest edition a recurring series holds today (a paid championship): the build and the stack both have it. */
const edition = catalog.filter((t) => /^championship-\d{4}-\d{2}$/.test(t.id)).sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];

test("the Hindi edition page's pay panel promises and money words are Hindi, and its sentences end with the danda", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
  test.setTimeout(120_000);
  if (!edition) throw new Error('The recurring championship holds no edition today.');
  const me = await newPlayer(stack, 'hindi-edition', { profile: true });
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await storeSession(page, me);
    await page.goto(`/hi/edition/?id=${edition.id}`);
    const panel = page.locator('[data-pay-panel]');
    await expect(panel.getByRole('button', { name: /पे करें और 1 स्लॉट रजिस्टर करें/ })).toBeEnabled({ timeout: 20_000 });
    await expect(panel.locator('[data-promise="pool"]')).toHaveText(
      `${edition.prizePoolRupees.toLocaleString('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })} का पूल पक्का है: ${edition.maxPlayers} से कम खिलाड़ी हों, तब भी पूरा मिलता है`,
    );
    await expect(panel.locator('[data-promise="tax"]')).toContainText('TDS कटता है');
    await expect(panel.locator('[data-promise="eligibility"]')).toHaveText('भारत में रहने वाले 18+ साल के खिलाड़ियों के लिए');
    expect(await englishIn(page, '[data-pay-panel]')).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogText(edition, 'hi').title);
    // The page around the island speaks Hindi too: its title and description.
    await expect(page).toHaveTitle(/^एडिशन/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /मंथली सीरीज़ का एक एडिशन/);
    // The rule under the description ends a Hindi sentence with the danda, not a full stop.
    await expect(page.locator('[data-edition] section p.text-mist').first()).toHaveText(/।$/);
    await noSideScroll(page);
    await screenshot(page, { path: shot(testInfo, `hi-edition-${viewport.width}.png`), fullPage: viewport.width === 360 });
    await screenshot(panel, { path: shot(testInfo, `hi-edition-pay-panel-${viewport.width}.png`) });
    await context.close();
  }
});

test("the Hindi footer's community links say where they lead in Hindi", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/hi/');
    const footer = page.locator('footer');
    const community = footer.getByRole('list', { name: 'कम्युनिटी' });
    await expect(community.getByRole('link')).toHaveCount(4);
    for (const name of [
      'WhatsApp: चैट ग्रुप (नए टैब में खुलता है)',
      'Discord: कम्युनिटी सर्वर (नए टैब में खुलता है)',
      'Instagram: फ़ोटो और हाइलाइट्स (नए टैब में खुलता है)',
      'सभी लिंक: लिंक हब (नए टैब में खुलता है)',
    ]) {
      await expect(community.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await footer.scrollIntoViewIfNeeded();
    await screenshot(footer, { path: shot(testInfo, `hi-footer-${viewport.width}.png`) });
    await context.close();
  }
});
