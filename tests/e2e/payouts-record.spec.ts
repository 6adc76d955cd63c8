/**
 * The public payout record ("Prizes paid") on a pod's page, for a visitor who is not signed in: a Super 4
 * pod is played out (the referee sets the results); while the challenge window runs every prize is
 * listed as waiting with the time left, and once the due work credits the prizes they read "Credited".
 * Cards on a phone, a table on a desktop. Fails -> players cannot see that a tournament's prizes were paid.
 *
 * Its own series and pod, so no other test's open pod is touched.
 */
import { type Browser, test } from '@playwright/test';
import { expect, stack } from './helpers/auth';
import { drawnSuper4Pod, type PodMatch } from './helpers/pods';
import { staffSession } from './helpers/staff';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function finishedPod(): Promise<string> {
  const { id } = await drawnSuper4Pod({
    label: 'record',
    title: 'Record Super 4',
    entryFeePaise: 5_000,
    prizePoolPaise: 20_000,
    prizeFormula: [
      { from_place: 1, to_place: 1, amount_paise: 15_000 },
      { from_place: 2, to_place: 2, amount_paise: 5_000 },
    ],
  });
  const referee = await staffSession('referee@golazo.test');
  const matches = () => stack.rest<PodMatch[]>(`/rest/v1/matches?select=*&tournament_id=eq.${id}&order=round,position`);
  for (const round of [1, 2]) {
    for (const match of (await matches()).filter((m) => m.round === round)) {
      await stack.call(
        'staff_settle_match',
        { p_match_id: match.id, p_winner_entry_id: match.entry_a, p_score: [2, 0], p_note: 'Result from the screenshots' },
        referee,
      );
    }
  }
  return id;
}

async function record(browser: Browser, podId: string, viewport: typeof PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`/pod/?id=${podId}`);
  return page.locator('[data-payout-record]');
}

test('a visitor sees every prize of a finished pod waiting for the challenge window, then credited', async ({ browser }) => {
  test.setTimeout(180_000);
  const podId = await finishedPod();

  const phone = await record(browser, podId, PHONE);
  await expect(phone.getByRole('heading', { name: 'Prizes paid' })).toBeVisible();
  const cards = phone.locator('[data-payout-record-state="cards"] > li');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('1st');
  await expect(cards.first()).toContainText('₹150.00');
  await expect(cards.first()).toContainText('Waiting');
  await expect(cards.first()).toContainText(/Credited in 1 h 5\d min, when the challenge window ends/);
  await expect(phone.locator('table')).toBeHidden();

  // Past the window (the pod's own finish moved back, the database's clock stays put): the due work credits.
  await stack.rest(`/rest/v1/tournaments?id=eq.${podId}`, {
    method: 'PATCH',
    body: { finished_at: new Date(Date.now() - 2 * 3600_000 - 5 * 60_000).toISOString() },
  });
  await stack.runDueWork();

  const desktop = await record(browser, podId, DESKTOP);
  const rows = desktop.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('1st');
  await expect(rows.nth(0)).toContainText('₹150.00');
  await expect(rows.nth(0)).toContainText('Credited');
  await expect(rows.nth(0)).toContainText('In the player’s balance since');
  await expect(rows.nth(1)).toContainText('2nd');
  await expect(rows.nth(1)).toContainText('₹50.00');
  await expect(desktop.locator('[data-payout-record-state="cards"]')).toBeHidden();
  await expect(desktop).not.toContainText('tax', { ignoreCase: true });
});
