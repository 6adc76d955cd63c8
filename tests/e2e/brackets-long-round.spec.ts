/**
 * A bracket renders what the screen shows. A 512-place knockout on a phone: its first round holds 256 matches;
 * the page renders the first 12 cards with the round and the rest in slices while the browser is idle, so the
 * render is never one long task (the long tasks seen are printed: figures on a shared machine say little); every
 * card is there soon after, and another round starts over with its own first
 * cards. A pod's tree is not rendered behind a phone's round tabs, nor the tabs behind a wide screen's tree.
 * The page is the seed's live pod's, with get_bracket answered by a bracket of the size wanted (no 300-entry
 * championship has to be played).
 */
import { test } from '@playwright/test';
import { expect } from './helpers/auth';

const T = '2027-01-10T13:00:00+00:00';

/** get_bracket's shape for a knockout of 512 places, every first-round match with two players. */
function bigBracket() {
  const rounds = Array.from({ length: 9 }, (_, r) => {
    const count = 256 / 2 ** r;
    return {
      round: r + 1,
      name: r === 8 ? 'Final' : r === 7 ? 'Semi-finals' : r === 6 ? 'Quarter-finals' : `Round of ${count * 2}`,
      scheduled_at: T,
      matches: Array.from({ length: count }, (_, p) => {
        const entry = (side: number) =>
          r === 0
            ? { entry_id: `00000000-0000-4000-8000-${String(p * 2 + side).padStart(12, '0')}`, in_game_name: `Player ${p * 2 + side}` }
            : null;
        return {
          id: `0000000${r}-0000-7000-8000-${String(p).padStart(12, '0')}`,
          round: r + 1,
          position: p + 1,
          entries: [entry(0), entry(1)],
          score: null,
          winner_entry_id: null,
          status: r === 0 ? 'scheduled' : 'pending',
          scheduled_at: T,
          stage: 'knockout',
          group: null,
          bracket: null,
        };
      }),
    };
  });
  return {
    format: 'knockout',
    draw: { commitment: 'c'.repeat(64), secret: 's'.repeat(64), entry_ids: [], same_buyer: [], drawn_at: T, bracket_size: 512 },
    rounds,
    stages: [],
  };
}

test('a phone renders a 256-match round a slice at a time, and another round from its own first cards', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // The first read (get_bracket_first) and the whole one answer the same complete bracket.
  await page.route('**/rest/v1/rpc/get_bracket*', (route) => route.fulfill({ json: { ...bigBracket(), complete: true } }));
  // Long tasks from the start of the page's load, and how many cards the round's list had when it appeared.
  await page.addInitScript(() => {
    const watch = window as unknown as { longTasks: number[]; firstCards?: number };
    watch.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) watch.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, observer) => {
      const list = document.querySelector('[data-round-list]');
      if (!list) return;
      watch.firstCards = list.children.length;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/pod/?id=demo-live-cup');
  const cards = page.locator('[data-round-list] > li');
  // The first cards come with the round, and the tree a phone hides is not rendered at all.
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-bracket-tree]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { firstCards?: number }).firstCards), 'cards in the first render').toBe(12);
  await expect(cards).toHaveCount(256, { timeout: 15_000 });
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  console.log(`long tasks while a 256-match round loaded: ${longTasks.map((ms) => `${Math.round(ms)} ms`).join(', ') || 'none'}`);

  // Another round starts with its own cards.
  await page.getByRole('tab', { name: 'Round of 256', exact: true }).click();
  await expect(cards).toHaveCount(128, { timeout: 15_000 });
  await context.close();
});

test('a phone renders a pod’s round tabs and not the tree, a wide screen the tree and not the tabs', async ({ browser }) => {
  const small = bigBracket();
  // Eight places: three rounds, the tree drawn on a wide screen.
  small.rounds = small.rounds.slice(6).map((round, r) => ({
    ...round,
    round: r + 1,
    matches: round.matches.map((match, p) => ({
      ...match,
      round: r + 1,
      entries:
        r === 0
          ? [
              { entry_id: `e${p * 2}`, in_game_name: `Player ${p * 2}` },
              { entry_id: `e${p * 2 + 1}`, in_game_name: `Player ${p * 2 + 1}` },
            ]
          : [null, null],
      status: r === 0 ? 'scheduled' : 'pending',
    })),
  }));
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.route('**/rest/v1/rpc/get_bracket*', (route) => route.fulfill({ json: { ...small, complete: true } }));
  await page.goto('/pod/?id=demo-live-cup');
  await expect(page.locator('[data-round-list] > li')).toHaveCount(4, { timeout: 15_000 });
  await expect(page.locator('[data-bracket-tree]')).toHaveCount(0);
  // Turned to a wide screen: the tree, every match once, and no tabs behind it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('[data-bracket-tree] [data-match]')).toHaveCount(7);
  await expect(page.locator('[data-round-list]')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Final', exact: true })).toHaveCount(0);
  await context.close();
});
