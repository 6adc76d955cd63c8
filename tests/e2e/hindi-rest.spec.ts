/**
 * The leaderboard, a player's page, an invitation, a parent's consent, story news, the Trade Center and the
 * not-found page in Hindi, at a 360 px phone and a 1280 px desktop with no sideways scroll, on the demo data (the
 * season's finished Super 4s), a real invitation to a paid extra slot and a real consent request: `<html lang="hi">`,
 * Hindi words, places read as numbers, and the database's refusals worded from their codes in Hindi. Screenshots go
 * to HINDI_SHOTS=/tmp/... when asked, for a person to look at.
 * Fails -> a Hindi reader meets these pages in English, or a refusal in the database's English.
 */
import { type Page, test } from '@playwright/test';
import { completeProfile, newPlayer, readInbox, type Session, signInWithPassword } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { super4PodWithPaidPlayers } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

const INVITE_POD_TITLE = 'Hindi Invite Super 4';

const WIDTHS = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
];

const shot = (testInfo: { outputPath: (name: string) => string }, name: string) =>
  process.env.HINDI_SHOTS ? `${process.env.HINDI_SHOTS}/${name}` : testInfo.outputPath(name);

/** The page is Hindi, fits its width, and `selector` holds no English word but the data shown as written. */
async function expectHindi(page: Page, selector: string, data: string[] = []): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const shown = data.reduce(
    (text, value) => text.replaceAll(value.toLowerCase(), ''),
    (await page.locator(selector).first().allInnerTexts()).join('\n').toLowerCase(),
  );
  const kept = new Set(['efootball', 'upi', 'pan', 'ist', 'golazo', 'arena', 'glicko']);
  const english = [...shown.matchAll(/[a-z][a-z'’]{2,}/g)].map((m) => m[0]).filter((word) => !kept.has(word));
  expect(english).toEqual([]);
  expect(shown).toMatch(/[\u0900-\u097F]/);
}

/** Pays for slots of a tournament the way the pay panel does, with Razorpay's webhook confirming it. */
async function paySlots(session: Session, tournamentId: string, slots: number): Promise<void> {
  const order = (await (
    await stack.request('/functions/v1/razorpay-payment', {
      as: session,
      body: { action: 'create_order', tournament_id: tournamentId, slots },
    })
  ).json()) as { success: boolean; order_id?: string; error?: string };
  if (!order.success || !order.order_id) throw new Error(`create_order: ${order.error}`);
  const paid = await fetch(`${stack.url}/razorpay/test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order.order_id, outcome: 'success' }),
  });
  if (!paid.ok) throw new Error(`paying ${order.order_id} answered ${paid.status}`);
}

/** A real invitation: a buyer pays two places of a Super 4 pod of its own (no other test's) and invites to the second. */
async function invitationPath(): Promise<{ path: string; title: string; buyer: string }> {
  const buyer = await newPlayer(stack, 'hi-buyer', { profile: true });
  const pod = {
    ...(await super4PodWithPaidPlayers({ label: 'hi-invite', title: INVITE_POD_TITLE, entryFeePaise: 5000, prizePoolPaise: 0 }, 0)),
    title: INVITE_POD_TITLE,
  };
  await paySlots(buyer, pod.id, 2);
  let entryId = '';
  await expect
    .poll(async () => {
      const entries = await stack.call<{ bought: { entry_id: string; slot_number: number }[] }>(
        'get_my_entries',
        { p_tournament_id: pod.id },
        buyer,
      );
      entryId = entries.bought.find((slot) => slot.slot_number === 2)?.entry_id ?? '';
      return entryId;
    })
    .not.toBe('');
  const invited = await stack.call<{ invitation_token: string }>('invite_to_entry', { p_entry_id: entryId }, buyer);
  const [profile] = await stack.rest<{ in_game_name: string }[]>(`/rest/v1/profiles?select=in_game_name&id=eq.${buyer.user.id}`);
  return { path: `/hi/invite/?token=${invited.invitation_token}`, title: pod.title, buyer: profile?.in_game_name ?? '' };
}

/** A real consent request: a 15-year-old names a parent; the e-mail's link hash opens the parent's page. */
async function consentHash(): Promise<{ hash: string; child: string; parent: Session }> {
  const fifteenYearsAgo = new Date(Date.now() - 15.5 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const minor = await newPlayer(stack, 'hi-minor', { profile: { dateOfBirth: fifteenYearsAgo } });
  const parent = await newPlayer(stack, 'hi-parent', { profile: true });
  await stack.call('request_parental_consent', { p_parent_email: parent.user.email }, minor);
  let link = '';
  await expect
    .poll(
      async () => {
        await stack.runDueWork();
        link = (await readInbox(stack, parent.user.email)).at(-1)?.link ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const [profile] = await stack.rest<{ in_game_name: string }[]>(`/rest/v1/profiles?select=in_game_name&id=eq.${minor.user.id}`);
  return { hash: new URL(link).hash, child: profile?.in_game_name ?? '', parent };
}

/** The start of the declaration a parent ticks, in each language (the database's message catalog). */
const DECLARATION_STARTS = { hi: 'मैं इस खिलाड़ी के माता-पिता में से एक या उनका कानूनी अभिभावक हूँ।', en: 'I am the parent or legal guardian' };

/** The signed-in parent's form shows the declaration in Hindi, as its checkbox's name, and nowhere in English. */
async function expectHindiDeclaration(page: Page, data: string[]): Promise<void> {
  await expect(page.getByRole('checkbox', { name: DECLARATION_STARTS.hi })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('form [data-declaration]')).toContainText('फ़्री टूर्नामेंट');
  await expect(page.locator('main')).not.toContainText(DECLARATION_STARTS.en);
  await expectHindi(page, 'main', data);
}

test('a parent on a phone reads the consent declaration in Hindi on the Hindi consent page @phone', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const consent = await consentHash();
  await page.goto(`/hi/parental-consent${consent.hash}`);
  await expect(page.getByRole('link', { name: 'सहमति देने के लिए साइन इन करें' })).toBeVisible({ timeout: 20_000 });
  await storeSession(page, consent.parent);
  await page.reload();
  await expectHindiDeclaration(page, [consent.child, consent.parent.user.email]);
  await screenshot(page, { path: shot(testInfo, `hi-parental-consent-declaration-${page.viewportSize()?.width}.png`), fullPage: true });
});

test('the leaderboard, player, invitation, consent, story news, Trade Center and not-found pages speak Hindi', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
  test.setTimeout(180_000);
  const invitation = await invitationPath();
  const consent = await consentHash();
  const player = await signInWithPassword(stack, 'rival5@golazo.test', 'golazo-demo');

  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const at = viewport.width;

    // The leaderboard: the demo season's ranking, the points tables' places as numbers.
    await page.goto('/hi/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'लीडरबोर्ड' })).toBeVisible();
    const table = page.locator('[data-leaderboard-table]');
    await expect(table.getByRole('link', { name: 'Rival1' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-points-table="championship"]')).toContainText('नंबर 1');
    await expect(page.locator('[data-points-table="pod"]')).toContainText('चेक-इन करके खेले');
    const names = await table.getByRole('link').allInnerTexts();
    await expectHindi(page, '[data-leaderboard]', names);
    await screenshot(page, { path: shot(testInfo, `hi-leaderboard-${at}.png`), fullPage: true });
    await page.getByRole('button', { name: 'चैंपियनशिप' }).click();
    await expect(page.locator('[data-leaderboard-empty]')).toContainText('अभी कोई रिज़ल्ट नहीं है');

    // A player's page, reached from the Hindi leaderboard, stays Hindi.
    await page.getByRole('button', { name: 'सभी सीरीज़' }).click();
    await table.getByRole('link', { name: 'Rival1' }).click();
    await expect(page).toHaveURL(/\/hi\/player\/\?id=[0-9a-f]{16}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rival1' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'रेटिंग हिस्ट्री' })).toBeVisible();
    await expect(page.getByText(/वाला हफ़्ता/).first()).toBeVisible();
    await expect(page.locator('[data-player-result]').first()).toContainText('नंबर');
    const titles = await page.locator('[data-player-result] a').allInnerTexts();
    await expectHindi(page, '[data-player]', ['Rival1', ...titles]);
    await screenshot(page, { path: shot(testInfo, `hi-player-${at}.png`), fullPage: true });
    await page.goto('/hi/player/?id=0000000000000000');
    await expect(page.getByRole('alert')).toHaveText('इस लिंक का कोई खिलाड़ी नहीं है।');

    // An invitation, signed out: who bought it, when, and the Hindi button.
    await page.goto(invitation.path);
    const card = page.locator('[data-invitation]');
    await expect(card).toContainText('ने आपके लिए इस टूर्नामेंट में जगह ख़रीदी है', { timeout: 20_000 });
    await expect(card.getByRole('button', { name: 'यह जगह स्वीकार करने के लिए साइन इन करें' })).toBeVisible();
    await expectHindi(page, 'main', [invitation.buyer, invitation.title, 'pm', 'am']);
    await screenshot(page, { path: shot(testInfo, `hi-invite-${at}.png`), fullPage: true });
    // A link the database does not know: its refusal in Hindi.
    await page.goto('/hi/invite/?token=00000000-0000-4000-8000-000000000000');
    await expect(page.locator('[data-invitation="missing"]')).toContainText('यह इनविटेशन लिंक सही नहीं है', { timeout: 20_000 });

    // A parent's page from the consent e-mail, signed out.
    await page.goto(`/hi/parental-consent${consent.hash}`);
    await expect(page.getByText('ने Golazo Arena पर फ़्री eFootball टूर्नामेंट में हिस्सा लेने की अनुमति माँगी है')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('link', { name: 'सहमति देने के लिए साइन इन करें' })).toHaveAttribute(
      'href',
      /^\/hi\/login\?next=%2Fhi%2Fparental-consent/,
    );
    await expectHindi(page, 'main', [consent.child]);
    await screenshot(page, { path: shot(testInfo, `hi-parental-consent-${at}.png`), fullPage: true });
    // Signed in as the parent: the form, its labels from the rules, and the database's declaration in Hindi.
    await storeSession(page, consent.parent);
    await page.reload();
    await expect(page.getByLabel(`ई-मेल में आया 6 अंकों का कोड`)).toHaveAttribute('pattern', '[0-9]{6}');
    await expect(page.getByLabel('आप उनके क्या हैं')).toContainText('कानूनी अभिभावक');
    await expectHindiDeclaration(page, [consent.child, consent.parent.user.email]);
    await screenshot(page, { path: shot(testInfo, `hi-parental-consent-form-${at}.png`), fullPage: true });
    // A withdrawal link the database does not know: refused by its code, in Hindi.
    // Only the fragment changes: the page reads its link once, so load it again.
    await page.goto('/hi/parental-consent#withdraw=not-a-real-token');
    await page.reload();
    await page.getByRole('button', { name: 'मेरी सहमति वापस लें' }).click();
    await expect(page.getByRole('alert')).toHaveText('यह सहमति लिंक सही नहीं है (शायद इसका इस्तेमाल हो चुका है)');

    // Story news: a confirmation link the database does not know.
    await page.goto('/hi/story-news#confirm=not-a-real-token');
    await page.getByRole('button', { name: 'मेरे पते की पुष्टि करें' }).click();
    await expect(page.getByRole('status')).toHaveText(/^यह लिंक सही नहीं है/);
    await expectHindi(page, 'main');
    await screenshot(page, { path: shot(testInfo, `hi-story-news-${at}.png`), fullPage: true });

    // The Trade Center, signed in.
    await storeSession(page, player);
    await page.goto('/hi/trade');
    await expect(page.getByRole('heading', { level: 1, name: 'ट्रेड सेंटर' })).toBeVisible();
    await expect(page.getByTestId('player-card').first()).toBeVisible();
    await expectHindi(page, 'main', ['efootball']);
    await screenshot(page, { path: shot(testInfo, `hi-trade-${at}.png`), fullPage: true });

    // Not found under /hi/: the one 404 page says it in Hindi too, with links into the Hindi pages.
    const missing = await page.goto('/hi/no-such-page');
    expect(missing?.status()).toBe(404);
    const hindi = page.locator('[data-not-found-hi]');
    await expect(hindi).toHaveAttribute('lang', 'hi');
    await expect(hindi.getByRole('heading', { name: 'गोल से बाहर' })).toBeVisible();
    await expect(hindi.getByRole('link', { name: 'टूर्नामेंट देखें' })).toHaveAttribute('href', '/hi/tournaments');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, { path: shot(testInfo, `hi-404-${at}.png`), fullPage: true });
    await context.close();
  }
  // Accepting the invitation on the Hindi page: a profile that stands in the way is refused by its code in Hindi,
  // with the link to the Hindi profile; once complete, the place is the friend's, with the Hindi check-in sentence.
  const context = await browser.newContext({ viewport: WIDTHS[0] });
  const page = await context.newPage();
  const friend = await newPlayer(stack, 'hi-friend');
  await storeSession(page, friend);
  await page.goto(invitation.path);
  const card = page.locator('[data-invitation]');
  await card.getByRole('button', { name: 'यह जगह स्वीकार करें' }).click();
  await expect(card.getByRole('alert')).toContainText('एंट्री के लिए अपनी प्रोफ़ाइल पूरी करें');
  await expect(card.getByRole('link', { name: 'अपनी प्रोफ़ाइल पूरी करें' })).toHaveAttribute('href', /^\/hi\/profile\?next=/);
  await completeProfile(stack, friend);
  await page.reload();
  await card.getByRole('button', { name: 'यह जगह स्वीकार करें' }).click();
  await expect(card.getByRole('status')).toContainText('यह जगह आपकी है।');
  await expect(card.getByRole('link', { name: 'मेरे टूर्नामेंट' })).toHaveAttribute('href', '/hi/my-tournaments');
  await expectHindi(page, 'main', [invitation.buyer, invitation.title, 'pm', 'am']);
  await screenshot(page, { path: shot(testInfo, 'hi-invite-accepted-360.png'), fullPage: true });
  await context.close();
});
