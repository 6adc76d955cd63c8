/**
 * Playing a match on its page (/match/?id=…), as the two players of a Super 4 semi-final do on two phones:
 * the host posts the room, the guest reads it, both press Ready, both report with a screenshot, and the
 * result is confirmed with the winner in the final. A player of the other semi-final opens the same page
 * and never sees the room.
 * Fails -> players are back to swapping room codes and screenshots in a chat group, or a stranger reads a
 * room password.
 *
 * Its own four-player pod (helpers/pods.ts), drawn by the database's due work once its check-in has
 * closed: every other test's times stay as they are.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page, test } from '@playwright/test';
import { expect, stack } from './helpers/auth';
import { fillReport, openMatchPage, sendReport } from './helpers/match-pages';
import { drawnSuper4Pod, type PodMatch, type PodPlayer, playersByEntry } from './helpers/pods';
import { staffSession } from './helpers/staff';
import { screenshot } from './helpers/screenshots';

const SCREENSHOT = new URL('./fixtures/result-screen.png', import.meta.url).pathname;
type Player = PodPlayer;

/** A drawn Super 4 pod of its own (helpers/pods.ts): two semi-finals at the start time and a final. */
async function drawnSuper4(): Promise<{ id: string; playerOfEntry: Map<string, Player>; matches: PodMatch[] }> {
  const pod = await drawnSuper4Pod({ label: 'match', title: 'Match Day Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  return { id: pod.id, playerOfEntry: playersByEntry(pod), matches: pod.matches };
}

/** A player's match page on a phone unless said otherwise, the copy buttons allowed the clipboard. */
const matchPageAs = (browser: Browser, player: Player, matchId: string, viewport = { width: 360, height: 740 }): Promise<Page> =>
  openMatchPage(browser, player.session, matchId, viewport, ['clipboard-read', 'clipboard-write']);

async function report(page: Page, mine: number, theirs: number): Promise<void> {
  await fillReport(page, mine, theirs);
  await sendReport(page);
}

test('two players post the room, ready up and report; the winner reaches the final and a third player never sees the room', async ({
  browser,
}, testInfo) => {
  test.slow();
  const cup = await drawnSuper4();
  const [semi, otherSemi, final] = cup.matches;
  expect(cup.matches.map((m) => [m.round, m.status])).toEqual([
    [1, 'scheduled'],
    [1, 'scheduled'],
    [2, 'pending'],
  ]);
  const host = cup.playerOfEntry.get(semi!.entry_a)!;
  const guest = cup.playerOfEntry.get(semi!.entry_b)!;
  const outsider = cup.playerOfEntry.get(otherSemi!.entry_a)!;

  const hostPage = await matchPageAs(browser, host, semi!.id);
  const guestPage = await matchPageAs(browser, guest, semi!.id);

  // Both see the same match: the two names, the round, the host, the time in IST; each is highlighted.
  for (const page of [hostPage, guestPage]) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${host.name} vs ${guest.name}`);
    await expect(page.locator('[data-round-name]')).toHaveText('Semi-finals');
    await expect(page.locator('[data-match-time]')).toContainText('IST');
  }
  await expect(hostPage.locator('[data-you]')).toHaveAttribute('data-player', host.name);
  await expect(guestPage.locator('[data-you]')).toHaveAttribute('data-player', guest.name);

  // 1. The host posts the room; the guest's open page shows it (Realtime), with copy buttons.
  await expect(guestPage.locator('[data-step="room"]')).toContainText(`${host.name} hosts and posts the room here`);
  const roomForm = hostPage.locator('[data-room-form]');
  await expect(roomForm).toBeVisible();
  await screenshot(hostPage, { path: testInfo.outputPath('match-host-room-360.png'), fullPage: true });
  // The steps with their forms, on a phone: no serious or critical accessibility violation.
  const axe = await new AxeBuilder({ page: hostPage }).include('[data-match]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((v) => v.id)).toEqual([]);
  await roomForm.getByLabel('Room id').fill('no');
  await roomForm.getByLabel('Room password').fill('pitch7');
  await roomForm.getByRole('button', { name: 'Post the room' }).click();
  // The browser's own check (3 to 32 characters) stops it before the server does.
  await expect(hostPage.locator('[data-room-posted]')).toHaveCount(0);
  await roomForm.getByLabel('Room id').fill('GOLAZO-77');
  await roomForm.getByRole('button', { name: 'Post the room' }).click();
  await expect(hostPage.locator('[data-room-posted]')).toBeVisible();
  await expect(guestPage.locator('[data-room-value="Room id"]')).toHaveText('GOLAZO-77');
  await expect(guestPage.locator('[data-room-value="Password"]')).toHaveText('pitch7');
  await guestPage.getByRole('button', { name: 'Copy the room id' }).click();
  await expect(guestPage.getByRole('button', { name: 'Copy the room id' })).toHaveText('Copied');

  // A player of the other semi-final sees players, time and status, never the room.
  const outsiderPage = await matchPageAs(browser, outsider, semi!.id, { width: 1280, height: 800 });
  await expect(outsiderPage.getByRole('heading', { level: 1 })).toHaveText(`${host.name} vs ${guest.name}`);
  await expect(outsiderPage.locator('[data-spectator-note]')).toContainText('only its two players and staff see the room');
  await expect(outsiderPage.locator('[data-step]')).toHaveCount(0);
  await expect(outsiderPage.getByText('GOLAZO-77')).toHaveCount(0);
  const refused = await stack.rpc('get_match_room', { p_match_id: semi!.id }, outsider.session);
  expect(refused.status).toBe(403);

  // 2. Ready: each sees the other's state.
  await expect(guestPage.locator('[data-opponent-ready]')).toHaveAttribute('data-opponent-ready', 'no');
  await hostPage.getByRole('button', { name: 'I’m ready' }).click();
  await expect(hostPage.locator('[data-ready-done]')).toBeVisible();
  await expect(guestPage.locator('[data-opponent-ready]')).toHaveText(`${host.name} is ready.`);
  await guestPage.getByLabel(/Settings checked/).check();
  await guestPage.getByRole('button', { name: 'I’m ready' }).click();
  await expect(guestPage.locator('[data-match-status-words]')).toHaveText('Both players ready');
  await expect(hostPage.locator('[data-match-status-words]')).toHaveText('Both players ready');

  // 3. Both report 2–1 to the host, with a screenshot; the host first.
  await report(hostPage, 2, 1);
  await expect(hostPage.locator('[data-report-sent]')).toBeVisible();
  await expect(guestPage.locator('[data-opponent-report]')).toHaveText(`${host.name} reported 2–1, ${host.name} through.`);
  await screenshot(hostPage, { path: testInfo.outputPath('match-host-360.png'), fullPage: true });
  await screenshot(guestPage, { path: testInfo.outputPath('match-guest-reporting-360.png'), fullPage: true });
  await report(guestPage, 1, 2);

  // Confirmed at once, on both pages; the winner moves into the final.
  for (const page of [hostPage, guestPage]) {
    await expect(page.locator('[data-match-outcome]')).toContainText('Result confirmed');
    await expect(page.locator('[data-match-winner]')).toHaveText(host.name);
    await expect(page.locator('[data-match-score]')).toHaveText('2–1');
  }
  await expect(outsiderPage.locator('[data-match-status-words]')).toHaveText('Result confirmed');
  await screenshot(outsiderPage, { path: testInfo.outputPath('match-confirmed-1280.png'), fullPage: true });
  await screenshot(guestPage, { path: testInfo.outputPath('match-confirmed-360.png'), fullPage: true });

  await hostPage.locator('[data-next-match]').click();
  await expect(hostPage).toHaveURL(new RegExp(`/match/\\?id=${final!.id}$`));
  await expect(hostPage.locator('[data-round-name]')).toHaveText('Final');
  await expect(hostPage.locator('[data-you]')).toHaveAttribute('data-player', host.name);
  await expect(hostPage.getByRole('heading', { name: 'Waiting for your opponent' })).toBeVisible();

  // The other semi-final goes to staff once it is under way (nothing can be disputed before the match
  // time): both its players see the reason and the staff deadline in IST, the other player adds their side,
  // and the referee's decision and note show on the match page.
  const opponent = cup.playerOfEntry.get(otherSemi!.entry_b)!;
  const scheduleOther = (fromNow: number) =>
    stack.rest(`/rest/v1/matches?id=eq.${otherSemi!.id}`, {
      method: 'PATCH',
      body: { scheduled_at: new Date(Date.now() + fromNow).toISOString() },
    });
  await scheduleOther(10 * 60_000);
  await outsiderPage.goto(`/match/?id=${otherSemi!.id}`);
  await expect(outsiderPage.locator('[data-dispute-opens]')).toContainText('A dispute can be opened from');
  await expect(outsiderPage.getByRole('button', { name: 'Open a dispute' })).toHaveCount(0);
  await scheduleOther(-60_000);
  await outsiderPage.reload();
  const opponentPage = await matchPageAs(browser, opponent, otherSemi!.id);
  await outsiderPage.getByRole('button', { name: 'Open a dispute' }).click();
  const disputeForm = outsiderPage.locator('[data-dispute-form]');
  // Only what fits a match under way with nothing reported: no "Wrong score", no no-show before Ready closes.
  await expect(disputeForm.getByLabel('Reason').locator('option')).toHaveText(['Disconnection', 'Cheating', 'Something else']);
  await disputeForm.getByLabel('Reason').selectOption({ label: 'Cheating' });
  await expect(disputeForm.getByLabel('What happened (required)')).toBeVisible();
  await disputeForm.getByLabel('Reason').selectOption({ label: 'Disconnection' });
  await disputeForm.getByLabel('What happened (optional)').fill('The game froze at 63 minutes while I led 1–0.');
  await screenshot(outsiderPage, { path: testInfo.outputPath('match-dispute-form-1280.png'), fullPage: true });
  await disputeForm.getByRole('button', { name: 'Send to staff' }).click();
  for (const page of [outsiderPage, opponentPage]) {
    await expect(page.locator('[data-dispute-facts]')).toHaveText(
      /^Reason: Disconnection\. Staff decide by \d{1,2}:\d{2} [ap]m IST \(in \d+ min/,
    );
  }
  const sideForm = opponentPage.locator('[data-dispute-side-form]');
  await sideForm.getByLabel('Add your side').fill('He quit the room at 1–1 when I equalised; my screenshot shows the score.');
  await sideForm.getByLabel('Screenshot (optional)').setInputFiles(SCREENSHOT);
  await sideForm.getByRole('button', { name: 'Send to staff' }).click();
  await expect(opponentPage.locator('[data-dispute-side-sent]')).toBeVisible();
  await expect(opponentPage.locator('[data-dispute-sides]')).toContainText('Your side · with a screenshot');
  await outsiderPage.reload();
  await expect(outsiderPage.locator('[data-dispute-sides]')).toContainText(`${opponent.name}’s side · with a screenshot`);
  await expect(outsiderPage.locator('[data-dispute-sides]')).toContainText('He quit the room at 1–1');
  await screenshot(opponentPage, { path: testInfo.outputPath('match-disputed-360.png'), fullPage: true });
  await screenshot(outsiderPage, { path: testInfo.outputPath('match-disputed-1280.png'), fullPage: true });

  const referee = await staffSession('referee@golazo.test');
  await stack.call(
    'staff_settle_match',
    {
      p_match_id: otherSemi!.id,
      p_winner_entry_id: otherSemi!.entry_b,
      p_score: [1, 2],
      p_note: 'The replay shows a quit at 1–1: the guest goes through.',
    },
    referee,
  );
  for (const page of [outsiderPage, opponentPage]) {
    await expect(page.locator('[data-match-outcome]')).toContainText('Result confirmed');
    await expect(page.locator('[data-referee-note]')).toContainText('The referee set the result');
    await expect(page.locator('[data-referee-note]')).toContainText('The replay shows a quit at 1–1: the guest goes through.');
  }
  await screenshot(opponentPage, { path: testInfo.outputPath('match-settled-360.png'), fullPage: true });
  await screenshot(outsiderPage, { path: testInfo.outputPath('match-settled-1280.png'), fullPage: true });
});

test('an unknown match link says so on the page', async ({ page }) => {
  await page.goto('/match/?id=00000000-0000-4000-8000-000000000000');
  await expect(page.locator('[data-match-missing]')).toContainText('No match has this link.');
});

test.describe('before JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the match page says what it is and where to go', async ({ page }) => {
    await page.goto('/match/?id=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Match');
    await expect(page.locator('[data-match-loading]')).toContainText('This page needs JavaScript to show the match');
    await expect(page.getByRole('link', { name: 'See every tournament' })).toHaveAttribute('href', '/tournaments');
  });
});
