/**
 * One status, everywhere: the same tournament read on every page and island that shows it (its page's
 * header and pay panel, the /tournaments list, the dashboard, the landing strip and the player's My
 * Tournaments) says the same words, before and after the database's clock passes its registration close.
 * Fails -> one page tells a player a tournament is open (and takes them to pay) while another says it closed.
 *
 * Its own tournament: the third edition a series made after the open one (no other test reads it), opened here with a close two
 * minutes from now, so moving the clock three minutes ahead (and back) leaves every other test's times alone.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedPaidRegistration, signedInPlayer, stack } from './helpers/auth';
import { spareChampionship } from './helpers/catalog';

const TOURNAMENT = spareChampionship(3).id;

/** The status words of the tournament on each page and island that shows it. */
async function wordsEverywhere(page: Page): Promise<Record<string, string>> {
  const words: Record<string, string> = {};
  const read = async (name: string, path: string, selector: string) => {
    await page.goto(path);
    // The locator is resolved again on every check: an island may re-render the badge while its data lands.
    const badge = page.locator(selector).first();
    await expect(badge).toHaveAttribute('data-live', '', { timeout: 15_000 });
    words[name] = (await badge.textContent())?.trim() ?? '';
  };
  await read('page header', `/tournaments/${TOURNAMENT}`, `[data-header-status] [data-status-of="${TOURNAMENT}"]`);
  await read('pay panel', `/tournaments/${TOURNAMENT}`, `[data-pay-panel] [data-status-of-island="${TOURNAMENT}"]`);
  await read('tournament list', '/tournaments', `[data-status-of="${TOURNAMENT}"]`);
  await read('dashboard', '/dashboard', `[data-upcoming="${TOURNAMENT}"] [data-status-of]`);
  await read('landing strip', '/', `[data-tournament-card="${TOURNAMENT}"] [data-status-of]`);
  await read('my tournaments', '/my-tournaments', `[data-status-of-island="${TOURNAMENT}"]`);
  return words;
}

test.describe('one status on every page', () => {
  test.afterEach(async () => {
    await stack.clock.resume();
  });

  test('a tournament reads open everywhere, then check-in everywhere once the clock passes its close', async ({ page }) => {
    test.slow(); // six pages, twice
    const now = Date.now();
    await stack.rest(`/rest/v1/tournaments?id=eq.${TOURNAMENT}`, {
      method: 'PATCH',
      body: { is_live: true, registration_closes_at: new Date(now + 2 * 60_000).toISOString() },
    });
    const session = await signedInPlayer(page, 'time-traveller');
    await seedPaidRegistration(session.user.id, { tournamentId: TOURNAMENT, slots: 1, amountPaise: 15_000 });

    const before = await wordsEverywhere(page);
    expect(Object.keys(before)).toHaveLength(6);
    expect(new Set(Object.values(before)), JSON.stringify(before)).toEqual(new Set(['Registration open']));

    await stack.clock.set(new Date(now + 3 * 60_000));
    const after = await wordsEverywhere(page);
    expect(new Set(Object.values(after)), JSON.stringify(after)).toEqual(new Set(['Check-in']));
  });
});
