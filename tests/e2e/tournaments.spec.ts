import { expect, test } from '@playwright/test';
import { CATALOG_SIZE, UNKNOWN_TOURNAMENT } from './routes';
import { stack } from './helpers/auth';
import { openChampionship, spareChampionship } from './helpers/catalog';

/**
 * Tournament pages (header, keyboard tabs, panels, share card), the /tournaments landing
 * and the dashboard's Upcoming Tournaments, all driven by the catalog's data.
 */

const PRODUCT = process.env.PUBLIC_PRODUCT_NAME ?? 'Golazo Arena';

test.describe('tournament page', () => {
  // Fails -> a player reads a date, prize or count that is not this tournament's, or "0" before the real count.
  test('the header shows the edition’s own date and time in IST, prize, status and entries / capacity', async ({ page }) => {
    await page.goto('/tournaments/champions-jan-2027');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Champions Tour January 2027');
    const facts = page.locator('dl').first();
    await expect(facts).toContainText(/Date\s*30 January 2027/);
    await expect(facts).toContainText(/Time\s*2:00 pm IST/);
    await expect(facts).toContainText(/Prize pool\s*₹45,000/);
    const entries = page.locator('[data-slots] [data-entries-of]');
    await expect(entries).toHaveAttribute('data-live', '', { timeout: 15_000 });
    await expect(entries).toHaveText(/^\d+ \/ 300 players$/);
    // The words the database gives this edition today (open until check-in opens on 29 January 2027).
    const state = (await (await stack.rpc('get_tournament_state', { p_tournament_id: 'champions-jan-2027' })).json()) as {
      label: string;
    };
    await expect(page.locator('[data-status-of="champions-jan-2027"]').first()).toHaveText(state.label);
  });

  test('a quick series page shows its prize formula and its open pod, with a stable pod link', async ({ page }) => {
    await page.goto('/tournaments/super_4');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golazo Super 4');
    await expect(page.locator('[data-prize-formula]')).toHaveText('The winner takes the whole pool of ₹1,200.');
    const open = page.locator('[data-open-pod]');
    await expect(open).toBeVisible({ timeout: 15_000 });
    await expect(open).toContainText(/\d \/ 4 players/);
    const href = await open.getByRole('link', { name: 'Enter this pod' }).getAttribute('href');
    expect(href).toMatch(/^\/pod\/\?id=super_4-pod-\d+$/);
    await page.goto(href!);
    await expect(page.locator('[data-pod]')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[data-pod-entries]')).toHaveText(/^\d \/ 4 players$/);
    await expect(page.locator('[data-pay-panel]')).toBeVisible();
  });

  test('an unknown pod link says so on the page instead of a 404', async ({ page }) => {
    const response = await page.goto('/pod/?id=no-such-pod');
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-pod-missing]')).toContainText('No pod has this link.', { timeout: 15_000 });
  });

  test('tabs work from the keyboard: arrows, Home and End, one tab stop', async ({ page }) => {
    // An edition that takes entries today, so its standings are still to come.
    const edition = openChampionship();
    await page.goto(`/tournaments/${edition.id}`);
    const tablist = page.getByRole('tablist', { name: 'Tournament sections' });
    const tab = (name: string) => tablist.getByRole('tab', { name });
    await expect(tablist.getByRole('tab')).toHaveText(['Overview', 'Rules', 'Schedule', 'Participants', 'Brackets', 'Standings']);
    await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);

    await tab('Overview').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Rules')).toBeFocused();
    await expect(tab('Rules')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Rules' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeHidden();

    await page.keyboard.press('End');
    await expect(tab('Standings')).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Standings' })).toContainText('The standings appear here when the final is confirmed');
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Brackets')).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Brackets' })).toContainText(
      `A single-elimination bracket for up to ${edition.maxPlayers} entries`,
    );

    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Overview')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Standings')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab('Overview')).toBeFocused();
    await expect(tab('Overview')).toHaveAttribute('tabindex', '0');
    await expect(tab('Rules')).toHaveAttribute('tabindex', '-1');

    // Tab leaves the tab list for the open panel.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeFocused();
  });

  // Fails -> on a phone the page scrolls sideways, or a tab past the screen's edge cannot be reached.
  test('on a phone every tab is reachable inside the tab bar, and the page never scrolls sideways @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only');
    await page.goto('/tournaments/champions-dec-2026');
    const tablist = page.getByRole('tablist', { name: 'Tournament sections' });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await tablist.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('End');
    const last = tablist.getByRole('tab', { name: 'Standings' });
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('tabpanel', { name: 'Standings' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test('the tab bar sticks under the header while the page scrolls', async ({ page }) => {
    await page.goto('/tournaments/champions-dec-2026');
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const top = async () => (await page.getByRole('tablist').boundingBox())?.y ?? -1;
    await expect.poll(top).toBeGreaterThanOrEqual(60);
    expect(await top()).toBeLessThan(80);
  });

  test('Overview, Rules and Schedule come from the catalog entry', async ({ page }) => {
    await page.goto('/tournaments/champions-dec-2026');
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    for (const heading of ['Tournament Details', 'Important Information', 'Tournament Information']) {
      await expect(overview.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(overview).toContainText(/Format\s*Monthly Championship/);
    // Check-in opens 24 hours before the start: registration closes then.
    await expect(overview).toContainText(/Registration ends\s*25 December 2026, 2:00 pm IST \(or when all 300 places are taken\)/);
    await expect(overview).toContainText('eFootball mobile (Android)');
    await expect(overview).toContainText(/Start date\s*26 December 2026/);
    await expect(overview).toContainText(/Start time\s*2:00 pm IST/);
    await expect(overview).toContainText(/Participants\s*\d+ \/ 300 players/, { timeout: 15_000 });

    await page.getByRole('tab', { name: 'Rules' }).click();
    const rules = page.getByRole('tabpanel', { name: 'Rules' }).getByRole('listitem');
    // The rules whose numbers are the database's first (prizes, payout and tax, check-in, reports, disputes,
    // match settings, the host, disconnections), then the catalog's own two.
    await expect(rules).toHaveCount(10);
    await expect(rules.nth(5)).toContainText('Match Time 10 minutes, Extra Time On');
    await expect(rules.nth(5)).toContainText('In the final: Match Time 15 minutes.');
    await expect(rules.first()).toContainText('1st ₹20,000 · 2nd ₹5,000 · 3rd–4th ₹5,000 each · 5th–8th ₹2,500 each');
    await expect(rules.nth(1)).toContainText('the winner receives at least ₹14,045');
    await expect(page.getByRole('tabpanel', { name: 'Rules' })).not.toContainText('top 6');

    await page.getByRole('tab', { name: 'Schedule' }).click();
    const rounds = page.locator('[data-round]');
    await expect(rounds).toHaveCount(9);
    await expect(rounds.first()).toContainText('Round of 512');
    // Before the start no round is in progress: every round reads Upcoming from the real clock.
    await expect(page.locator('[data-round-state="upcoming"]')).toHaveCount(9);
    await expect(rounds.last()).toContainText(/Final\s*27 Dec 2026 · 8:00 pm IST/);
  });

  test('Participants shows players and their entries, and Brackets when the draw runs', async ({ page }) => {
    await page.goto(`/tournaments/${spareChampionship(1).id}#participants`);
    const participants = page.getByRole('tabpanel', { name: 'Participants' });
    await expect(participants).toBeVisible();
    await expect(participants).toContainText('No participants yet');
    await expect(participants).toContainText(/0 players · 0 \/ 300 players/, { timeout: 15_000 });
    await page.getByRole('tab', { name: 'Brackets' }).click();
    const brackets = page.getByRole('tabpanel', { name: 'Brackets' });
    await expect(brackets).toContainText('The draw runs when check-in closes');
    // The island loads when it comes into view (the pay panel above states the prizes, tax and payout).
    await brackets.scrollIntoViewIfNeeded();
    // The island: before the draw, when it runs and the commitment published for it.
    await expect(brackets).toContainText('The draw has not run yet', { timeout: 15_000 });
    await expect(brackets.locator('[data-commitment]')).toHaveText(/^[0-9a-f]{64}$/);
  });

  test('an unknown id is a 404', async ({ page }) => {
    const response = await page.goto(UNKNOWN_TOURNAMENT);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wide of the post');
  });

  test('shares with its own PNG card and description', async ({ page, request }) => {
    await page.goto('/tournaments/super_8rc');
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    const image = await meta('meta[property="og:image"]');
    expect(image).toMatch(/\/og\/tournaments\/super_8rc\.png$/);
    expect(await meta('meta[name="twitter:image"]')).toBe(image);
    expect(await meta('meta[property="og:title"]')).toBe(`Golazo Super 8 RC | ${PRODUCT}`);
    expect(await meta('meta[property="og:description"]')).toMatch(/Super 8.*Entry ₹100, prize pool ₹800, 8 players/);

    const png = await request.get(new URL(image!).pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toContain('image/png');
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(1200); // IHDR width
    expect(bytes.readUInt32BE(20)).toBe(630); // IHDR height

    const other = await request.get('/og/tournaments/champions-jan-2027.png');
    expect(Buffer.compare(await other.body(), bytes)).not.toBe(0);
  });
});

test.describe('/tournaments', () => {
  test('has its banner, every catalog entry and Connect With Us', async ({ page }) => {
    await page.goto('/tournaments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tournaments');
    await expect(page.locator('[data-catalog-link]')).toHaveCount(CATALOG_SIZE);
    await page.locator('[data-catalog-link="super_star"]').click();
    await expect(page).toHaveURL(/\/tournaments\/super_star$/);
    await page.goBack();
    const connect = page.getByRole('region', { name: 'Connect With Us' });
    for (const name of ['WhatsApp', 'Discord', 'Instagram', 'All links']) {
      const link = connect.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });
});

test.describe('/dashboard', () => {
  // Fails -> the dashboard sends players to an outside form, or shows a status the database does not hold.
  test('welcomes, runs the news ticker and lists this site’s tournaments with their real status', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${PRODUCT}`);
    const news = page.getByRole('region', { name: 'News' });
    // Fixtures are on the site, not in a chat group.
    await expect(news.getByText('Check-in, fixtures, match rooms and results are all here on the site').first()).toBeVisible();
    await expect(news).not.toContainText('WhatsApp');

    const upcoming = page.getByRole('region', { name: 'Upcoming Tournaments' });
    await expect(upcoming.locator('[data-upcoming]')).toHaveCount(CATALOG_SIZE);
    const next = openChampionship();
    const open = upcoming.locator(`[data-upcoming="${next.id}"]`);
    await expect(open.getByRole('link', { name: /^View & enter/ })).toHaveAttribute('href', `/tournaments/${next.id}`);
    await expect(open.locator('[data-status-of]')).toHaveAttribute('data-live', '', { timeout: 15_000 });
    await expect(open.locator('[data-status-of]')).toHaveText('Registration open');
    await expect(open.locator('[data-entries-of]')).toHaveText(new RegExp(`^\\d+ / ${next.maxPlayers} players$`));
    // No way in leads off the site.
    await expect(upcoming.locator('a[target="_blank"]')).toHaveCount(0);

    // The four communities are for chat; fixtures, rooms and results are on the site.
    const connect = page.getByRole('region', { name: 'Connect With Us' });
    await expect(connect.locator('[data-community-link]')).toHaveCount(4);
    await expect(connect).toContainText(
      'Our communities are for chat with other players. Fixtures, match rooms and results are here on the site',
    );
  });

  test('the news ticker stands still for reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/dashboard');
    const track = page.locator('.ticker-track');
    await expect(track).toBeVisible();
    // No running animation at all, rather than "it did not move while we watched".
    const running = () =>
      track.evaluate((element) => element.getAnimations().filter((animation) => animation.playState === 'running').length);
    expect(await running()).toBe(0);
    // Without the preference it does move, so the check above can fail.
    const moving = await browser.newContext({ reducedMotion: 'no-preference' });
    const normal = await moving.newPage();
    await normal.goto('/dashboard');
    await expect.poll(() => normal.locator('.ticker-track').evaluate((element) => element.getAnimations().length)).toBeGreaterThan(0);
    await moving.close();
    await context.close();
  });
});
