/**
 * Match day on the match page, on phones: the settings card, the guest who checks the room's settings with
 * Ready, a host who posts no room in time and the guest who hosts instead, and disconnections settled by the
 * page: both report minute 12 at 0–0 (restart), minute 60 at 1–0 (the 30 minutes left, the score carried,
 * and the final report 2–1 accepted), and two reports that disagree reach the referee with both accounts.
 * Fails -> a disconnection is argued over in a chat group again, or a no-show host holds a match up.
 *
 * Its own four-player pod (helpers/pods.ts); a match's time is moved back through the service role where
 * the host's minutes must have passed, so no clock moves for the other tests.
 */
import { type Browser, type Page, test } from '@playwright/test';
import { expect, stack, storeSession } from './helpers/auth';
import { moveMatchTime } from './helpers/matches';
import { drawnSuper4Pod, type PodMatch, type PodPlayer, playersByEntry } from './helpers/pods';
import { staffSession } from './helpers/staff';
import { screenshot } from './helpers/screenshots';

const SCREENSHOT = new URL('./fixtures/result-screen.png', import.meta.url).pathname;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function matchPage(browser: Browser, player: PodPlayer, matchId: string, viewport = PHONE): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await storeSession(page, player.session);
  await page.goto(`/match/?id=${matchId}`);
  await expect(page.locator('[data-match]')).toBeVisible();
  return page;
}

async function postRoom(page: Page, roomId: string): Promise<void> {
  const form = page.locator('[data-room-form]');
  await form.getByLabel('Room id').fill(roomId);
  await form.getByLabel('Room password').fill('pitch7');
  await form.getByRole('button', { name: 'Post the room' }).click();
  await expect(page.locator('[data-room-posted]')).toBeVisible();
}

async function reportDisconnection(page: Page, minute: number, mine: number, theirs: number): Promise<void> {
  const form = page.locator('[data-disconnection-form]');
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Report a disconnection' }).click();
  await form.getByLabel('Minute').fill(String(minute));
  await form.getByLabel('Your goals').fill(String(mine));
  await form.getByLabel(/’s goals$/).fill(String(theirs));
  await form.getByRole('button', { name: 'Send the disconnection report' }).click();
  // The answer, the waiting notice, the ruling, or the dispute when it went to staff (the form then leaves the page).
  await expect(
    page.locator('[data-disconnection-answer], [data-notice="disconnection-waiting"], [data-ruling], [data-dispute-facts]').first(),
  ).toBeVisible();
}

async function report(page: Page, mine: number, theirs: number): Promise<void> {
  const form = page.locator('[data-report-form]');
  await form.getByLabel('Your goals').fill(String(mine));
  await form.getByLabel("Opponent's goals").fill(String(theirs));
  await form.getByLabel('Screenshot of the result screen').setInputFiles(SCREENSHOT);
  await form.getByRole('button', { name: 'Send the result' }).click();
  await expect(page.locator('[data-report-sent], [data-match-outcome], [data-dispute-facts]').first()).toBeVisible();
}

test('match day: settings checked, the guest hosts, a restart, the minutes left with the final 2–1, and a disagreement for the referee', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const pod = await drawnSuper4Pod({ label: 'matchday', title: 'Match Day Cup', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const player = (entry: string) => playersByEntry(pod).get(entry) as PodPlayer;
  const [semi1, semi2, final] = pod.matches as [PodMatch, PodMatch, PodMatch];
  const shot = (page: Page, name: string) => screenshot(page, { path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // --- Semi-final 1: the host's 5 minutes after Ready opened have passed without a room. ---
  await moveMatchTime(semi1.id, -1);
  const host1 = player(semi1.entry_a);
  const guest1 = player(semi1.entry_b);
  const host1Page = await matchPage(browser, host1, semi1.id);
  const guest1Page = await matchPage(browser, guest1, semi1.id);
  for (const page of [host1Page, guest1Page]) {
    const card = page.locator('[data-match-settings]');
    await expect(card.locator('[data-setting="Match Time"]')).toHaveText('10 minutes');
    await expect(card.locator('[data-setting="Condition"]')).toHaveText('Excellent');
  }
  await expect(guest1Page.locator('[data-host-timed-out]')).toContainText(`${host1.name} posted no room by`);
  await shot(guest1Page, 'match-day-guest-may-host-360');
  await postRoom(guest1Page, 'GUEST-ROOM-1');
  // The top-slot player's page follows: the guest hosts, and the room is theirs to read.
  await expect(host1Page.locator('[data-guest-hosts]')).toContainText(`${guest1.name} hosts`);
  await expect(host1Page.locator('[data-room-value="Room id"]')).toHaveText('GUEST-ROOM-1');
  await expect(host1Page.locator('[data-match-host]')).toHaveText(guest1.name);
  // Now the top slot is the guest: they tick "settings checked" as part of Ready.
  // The button is there from the start, disabled, saying what is missing.
  await expect(host1Page.getByRole('button', { name: 'I’m ready' })).toBeDisabled();
  await expect(host1Page.locator('[data-disabled-reason]')).toContainText('Tick “Settings checked” above first');
  await host1Page.getByLabel(/Settings checked/).check();
  await host1Page.getByRole('button', { name: 'I’m ready' }).click();
  await guest1Page.getByRole('button', { name: 'I’m ready' }).click();
  await expect(host1Page.locator('[data-match-status-words]')).toHaveText('Both players ready');

  // Both report a disconnection at minute 12 at 0–0: the page restarts the match, live on both phones.
  await reportDisconnection(host1Page, 12, 0, 0);
  await expect(host1Page.locator('[data-notice="disconnection-waiting"]')).toContainText(`minute 12 at ${host1.name} 0–0 ${guest1.name}`);
  await expect(guest1Page.locator('[data-notice="disconnection-opponent"]')).toContainText(
    `${host1.name} says the match disconnected at minute 12 at ${host1.name} 0–0 ${guest1.name}`,
  );
  await shot(guest1Page, 'match-day-opponent-reported-360');
  await reportDisconnection(guest1Page, 12, 0, 0);
  for (const page of [host1Page, guest1Page]) {
    await expect(page.locator('[data-ruling="restart"]')).toContainText('played again from the start');
    await expect(page.locator('[data-match-status-words]')).toHaveText('Both players ready');
  }
  await expect(guest1Page.locator('[data-new-room]')).toHaveText('After the disconnection: post a new room for the replay.');
  await expect(host1Page.locator('[data-new-room]')).toHaveText(`After the disconnection: ${guest1.name} posts a new room.`);
  await shot(guest1Page, 'match-day-restart-360');
  await postRoom(guest1Page, 'GUEST-ROOM-2');
  await expect(host1Page.locator('[data-room-value="Room id"]')).toHaveText('GUEST-ROOM-2');
  await report(host1Page, 1, 0);
  await report(guest1Page, 0, 1);
  await expect(host1Page.locator('[data-match-outcome]')).toContainText('Result confirmed');

  // --- Semi-final 2: the host posts in time; the guest confirms the settings with Ready. ---
  const host2 = player(semi2.entry_a);
  const guest2 = player(semi2.entry_b);
  const host2Page = await matchPage(browser, host2, semi2.id);
  const guest2Page = await matchPage(browser, guest2, semi2.id);
  await expect(host2Page.locator('[data-host-deadline]')).toContainText('Post the room by');
  await expect(guest2Page.locator('[data-host-deadline]')).toContainText(`${host2.name} has until`);
  await postRoom(host2Page, 'HOST-ROOM-1');
  await expect(guest2Page.locator('[data-room-value="Room id"]')).toHaveText('HOST-ROOM-1');
  await expect(guest2Page.getByRole('button', { name: 'I’m ready' })).toBeDisabled();
  await shot(guest2Page, 'match-day-settings-check-360');
  await guest2Page.getByLabel(/Settings checked/).check();
  await guest2Page.getByRole('button', { name: 'I’m ready' }).click();
  await host2Page.getByRole('button', { name: 'I’m ready' }).click();

  // Minute 60 at 1–0 to the host: a new room for the 30 minutes left, the score carried.
  await reportDisconnection(host2Page, 60, 1, 0);
  await reportDisconnection(guest2Page, 61, 0, 1);
  // The same words on both phones, with the names; the replay in the game's terms: a new friend match to 30:00.
  for (const page of [host2Page, guest2Page]) {
    await expect(page.locator('[data-ruling="play_remaining"]')).toContainText(`${host2.name} 1–0 ${guest2.name} carries over`);
    await expect(page.locator('[data-ruling="play_remaining"]')).toContainText('until the game clock shows 30:00');
  }
  await expect(host2Page.getByRole('heading', { name: 'Disconnection: play the 30 minutes left' })).toBeVisible();
  await shot(host2Page, 'match-day-play-remaining-360');
  const desktop = await matchPage(browser, host2, semi2.id, DESKTOP);
  await expect(desktop.locator('[data-ruling="play_remaining"]')).toBeVisible();
  await shot(desktop, 'match-day-play-remaining-1280');
  await postRoom(host2Page, 'HOST-ROOM-2');
  // The final report is the total score: 2–1.
  await report(host2Page, 2, 1);
  await report(guest2Page, 1, 2);
  for (const page of [host2Page, guest2Page]) {
    await expect(page.locator('[data-match-outcome]')).toContainText('Result confirmed');
  }
  await expect(host2Page.locator('[data-match-score]')).toHaveText('2–1');

  // --- The final: two disconnection reports that disagree go to the referee. ---
  await moveMatchTime(final.id, 0);
  const finalRow = (await stack.rest<PodMatch[]>(`/rest/v1/matches?select=*&id=eq.${final.id}`))[0] as PodMatch;
  const finalA = player(finalRow.entry_a);
  const finalB = player(finalRow.entry_b);
  const finalAPage = await matchPage(browser, finalA, final.id);
  const finalBPage = await matchPage(browser, finalB, final.id);
  await reportDisconnection(finalAPage, 30, 1, 0);
  await reportDisconnection(finalBPage, 30, 0, 0);
  for (const page of [finalAPage, finalBPage]) {
    await expect(page.locator('[data-dispute-facts]')).toHaveText(/^Reason: Disconnection\. Staff decide by /);
  }
  await shot(finalBPage, 'match-day-disputed-360');

  const referee = await staffSession('referee@golazo.test');
  for (const viewport of [PHONE, DESKTOP]) {
    const staff = await (await browser.newContext({ viewport })).newPage();
    await storeSession(staff, referee);
    await staff.goto('/staff');
    const item = staff.locator(`[data-dispute-item="${final.id}"]`);
    await item.getByRole('button', { name: `Open the dispute ${finalA.name} vs ${finalB.name}` }).click();
    const view = staff.locator(`[data-dispute-view="${final.id}"]`);
    await expect(view.locator('[data-dispute-reason]')).toContainText('Disconnection');
    await expect(view.locator('[data-dispute-details]')).toHaveText('The two disconnection reports disagree.');
    await expect(view.locator(`[data-dispute-statement="${finalRow.entry_a}"]`)).toContainText(
      `Disconnection at minute 30 with the score ${finalA.name} 1–0 ${finalB.name}`,
    );
    await expect(view.locator(`[data-dispute-statement="${finalRow.entry_b}"]`)).toContainText(
      `Disconnection at minute 30 with the score ${finalA.name} 0–0 ${finalB.name}`,
    );
    await shot(staff, `match-day-referee-${viewport.width}`);
  }
});
