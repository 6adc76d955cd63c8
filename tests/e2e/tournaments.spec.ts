import { expect, test } from '@playwright/test';
import { UNKNOWN_TOURNAMENT } from './routes';

/**
 * Tournament pages (header, keyboard tabs, panels, share card), the /tournaments landing
 * and the dashboard's Upcoming Tournaments, all driven by the catalog's data.
 */

const PRODUCT = process.env.PUBLIC_PRODUCT_NAME ?? 'Golazo Arena';

test.describe('tournament page', () => {
  test('the header shows the tournament’s own date and time in IST, prize and slots', async ({ page }) => {
    await page.goto('/tournaments/super_4');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golazo Super 4');
    const facts = page.locator('dl').first();
    await expect(facts).toContainText(/Date\s*19 July 2025/);
    await expect(facts).toContainText(/Time\s*8:00 pm IST/);
    await expect(facts).toContainText(/Prize pool\s*₹1,200/);
    await expect(page.locator('[data-slots]')).toHaveText('0/4');
    await expect(page.locator('[data-slots-filled]')).toHaveText('0');
  });

  test('a monthly championship shows its own values, not another tournament’s', async ({ page }) => {
    await page.goto('/tournaments/champions-aug-2025');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Champions Tour August 2025');
    await expect(page.locator('[data-slots]')).toHaveText('0/300');
    await expect(page.locator('dl').first()).toContainText('₹60,000');
    await expect(page.getByText('₹5,000')).toHaveCount(0);
  });

  test('tabs work from the keyboard: arrows, Home and End, one tab stop', async ({ page }) => {
    await page.goto('/tournaments/golazo-june-2025');
    const tablist = page.getByRole('tablist', { name: 'Tournament sections' });
    const tab = (name: string) => tablist.getByRole('tab', { name });
    await expect(tablist.getByRole('tab')).toHaveText(['Overview', 'Rules', 'Schedule', 'Participants', 'Brackets']);
    await expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);

    await tab('Overview').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Rules')).toBeFocused();
    await expect(tab('Rules')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Rules' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeHidden();

    await page.keyboard.press('End');
    await expect(tab('Brackets')).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Brackets' })).toContainText('Brackets will be available once the tournament begins');

    await page.keyboard.press('ArrowRight');
    await expect(tab('Overview')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Brackets')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab('Overview')).toBeFocused();
    await expect(tab('Overview')).toHaveAttribute('tabindex', '0');
    await expect(tab('Rules')).toHaveAttribute('tabindex', '-1');

    // Tab leaves the tab list for the open panel.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeFocused();
  });

  test('the tab bar sticks under the header while the page scrolls', async ({ page }) => {
    await page.goto('/tournaments/golazo-june-2025');
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const top = async () => (await page.getByRole('tablist').boundingBox())?.y ?? -1;
    await expect.poll(top).toBeGreaterThanOrEqual(60);
    expect(await top()).toBeLessThan(80);
  });

  test('Overview, Rules and Schedule come from the catalog entry', async ({ page }) => {
    await page.goto('/tournaments/golazo-june-2025');
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    for (const heading of ['Tournament Details', 'Important Information', 'Tournament Information']) {
      await expect(overview.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(overview).toContainText(/Format\s*Monthly Championship/);
    await expect(overview).toContainText(/Registration ends\s*When all 300 slots are filled/);
    await expect(overview).toContainText('eFootball mobile (Android)');
    await expect(overview).toContainText(/Start date\s*28 June 2025/);
    await expect(overview).toContainText(/Start time\s*2:00 pm IST/);
    await expect(overview).toContainText(/Participants\s*300 players/);

    await page.getByRole('tab', { name: 'Rules' }).click();
    const rules = page.getByRole('tabpanel', { name: 'Rules' }).getByRole('listitem');
    await expect(rules).toHaveCount(8);
    await expect(rules.first()).toContainText('top 6');

    await page.getByRole('tab', { name: 'Schedule' }).click();
    const rounds = page.locator('[data-round]');
    await expect(rounds).toHaveCount(9);
    await expect(rounds.first()).toContainText('Round of 512');
    await expect(rounds.first()).toContainText('In Progress');
    await expect(rounds.nth(1)).toContainText('Not Started');
    await expect(rounds.last()).toContainText(/Final\s*29 Jun 2025 · 8:00 pm IST/);
    await expect(page.locator('[data-round]', { hasText: 'In Progress' })).toHaveCount(1);
  });

  test('a quick format has its own registration close and short schedule', async ({ page }) => {
    await page.goto('/tournaments/super_8');
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toContainText(/Registration ends\s*2 August 2025, 7:00 pm IST/);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await expect(page.locator('[data-round]')).toHaveCount(3);
  });

  test('Participants and Brackets show their empty states', async ({ page }) => {
    await page.goto('/tournaments/super_4rc#participants');
    const participants = page.getByRole('tabpanel', { name: 'Participants' });
    await expect(participants).toBeVisible();
    await expect(participants).toContainText('No participants yet');
    await expect(participants).toContainText('0 registered');
    await page.getByRole('tab', { name: 'Brackets' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Brackets' })).toContainText('Brackets will be available once the tournament begins');
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

    const other = await request.get('/og/tournaments/champions-jul-2025.png');
    expect(Buffer.compare(await other.body(), bytes)).not.toBe(0);
  });
});

test.describe('/tournaments', () => {
  test('has its banner, every catalog entry and Connect With Us', async ({ page }) => {
    await page.goto('/tournaments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tournaments');
    await expect(page.locator('[data-catalog-link]')).toHaveCount(14);
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
  test('welcomes, runs the news ticker and lists the upcoming championships', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${PRODUCT}`);
    const news = page.getByRole('region', { name: 'News' });
    await expect(news.getByText('1v1, SUPER 4 and SUPER 8 tournaments will be updated in the WhatsApp and Discord community').first()).toBeVisible();

    const upcoming = page.getByRole('region', { name: 'Upcoming Tournaments' });
    await expect(upcoming.locator('[data-upcoming]')).toHaveCount(5);
    const july = upcoming.locator('[data-upcoming="champions-jul-2025"]');
    const register = july.getByRole('link', { name: /^Register/ });
    await expect(register).toHaveAttribute('target', '_blank');
    await expect(register).toHaveAttribute('rel', /noopener/);
    await expect(register).toHaveAttribute('href', /^https:\/\//);

    const comingSoon = upcoming.getByRole('button', { name: 'Coming Soon' });
    await expect(comingSoon).toHaveCount(4);
    for (const button of await comingSoon.all()) await expect(button).toBeDisabled();
    await expect(upcoming.getByRole('link', { name: /^Register/ })).toHaveCount(1);

    await expect(page.getByRole('region', { name: 'Connect With Us' }).getByRole('link')).toHaveCount(4);
  });

  test('the news ticker stands still for reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/dashboard');
    const track = page.locator('.ticker-track');
    await expect(track).toBeVisible();
    // No running animation at all, rather than "it did not move while we watched".
    const running = () => track.evaluate((element) => element.getAnimations().filter((animation) => animation.playState === 'running').length);
    expect(await running()).toBe(0);
    // Without the preference it does move, so the check above can fail.
    const moving = await browser.newContext();
    const normal = await moving.newPage();
    await normal.goto('/dashboard');
    await expect.poll(() => normal.locator('.ticker-track').evaluate((element) => element.getAnimations().length)).toBeGreaterThan(0);
    await moving.close();
    await context.close();
  });
});
