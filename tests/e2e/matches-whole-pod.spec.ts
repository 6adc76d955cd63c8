/**
 * A whole Super 4 pod played through the site: four players pay and check in, the draw makes two
 * semi-finals; in each the host posts the room, both press Ready and both report with a screenshot. One
 * semi-final agrees and is confirmed; the other disagrees and goes to staff, where the referee (two-step
 * sign-in) opens the dispute, sees both reports with their screenshots and sets the result. The final is
 * played and confirmed, the pod page shows the standings, the champion's dashboard their record and My
 * Tournaments their place. Then a correction is previewed in the console and refused once prizes are
 * credited, with the database's sentence.
 * Fails -> disputes wait in a chat group, results never reach the standings, or a player's record stays
 * empty.
 *
 * Its own series and pod, so no other test's open pod is touched. The database's clock is moved only for
 * the few calls of the final (which starts 10 minutes after both its players are known), then given back.
 */
import { type Browser, type Page, test } from '@playwright/test';
import type { Session } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { fillReport, openMatchPage, postRoomAndReady, sendReport } from './helpers/match-pages';
import { reportAgreedResult } from './helpers/matches';
import { drawnSuper4Pod, type PodMatch, type PodPlayer, playersByEntry } from './helpers/pods';
import { staffSession } from './helpers/staff';
import { screenshot } from './helpers/screenshots';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

type Player = PodPlayer;

/** A drawn Super 4 pod (helpers/pods.ts) whose players carry the names the pages show for them. */
async function drawnPod(): Promise<{ id: string; playerOfEntry: Map<string, Player>; matches: PodMatch[] }> {
  const pod = await drawnSuper4Pod({ label: 'run', title: 'Run Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  return { id: pod.id, playerOfEntry: playersByEntry(pod), matches: pod.matches };
}

async function pageAs(browser: Browser, session: Session, path: string, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await storeSession(page, session);
  await page.goto(path);
  return page;
}

async function report(page: Page, mine: number, theirs: number): Promise<void> {
  await fillReport(page, mine, theirs);
  await sendReport(page);
  await expect(page.locator('[data-report-sent], [data-match-outcome], [data-dispute-facts]').first()).toBeVisible();
}

/** Room, Ready and both reports on the two players' match pages. */
async function playOnTheSite(
  browser: Browser,
  host: Player,
  guest: Player,
  matchId: string,
  hostReport: [number, number],
  guestReport: [number, number],
) {
  const hostPage = await openMatchPage(browser, host.session, matchId, PHONE);
  const guestPage = await openMatchPage(browser, guest.session, matchId, DESKTOP);
  await postRoomAndReady(hostPage, guestPage, { id: 'GOLAZO-RUN', password: 'pitch9' });
  await report(hostPage, ...hostReport);
  await expect(guestPage.locator('[data-opponent-report]')).toBeVisible();
  await report(guestPage, ...guestReport);
  return { hostPage, guestPage };
}

test('a Super 4 pod from the draw to the standings: two semi-finals, a dispute settled in the console, the final', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const pod = await drawnPod();
  const [semi1, semi2, final] = pod.matches;
  if (!semi1 || !semi2 || !final) throw new Error('the draw made no Super 4 bracket');
  expect(pod.matches.map((m) => [m.round, m.status])).toEqual([
    [1, 'scheduled'],
    [1, 'scheduled'],
    [2, 'pending'],
  ]);
  const player = (entryId: string) => pod.playerOfEntry.get(entryId) as Player;

  // Semi-final 1: both report 2–1 to the host: confirmed at once.
  const one = await playOnTheSite(browser, player(semi1.entry_a), player(semi1.entry_b), semi1.id, [2, 1], [1, 2]);
  for (const page of [one.hostPage, one.guestPage]) {
    await expect(page.locator('[data-match-outcome]')).toContainText('Result confirmed');
    await expect(page.locator('[data-match-winner]')).toHaveText(player(semi1.entry_a).name);
  }

  // Semi-final 2: each says they won: the reports disagree and the match goes to staff.
  const host2 = player(semi2.entry_a);
  const guest2 = player(semi2.entry_b);
  const two = await playOnTheSite(browser, host2, guest2, semi2.id, [3, 1], [2, 1]);
  for (const page of [two.hostPage, two.guestPage]) {
    await expect(page.locator('[data-dispute-facts]')).toHaveText(/^Reason: Wrong score\. Staff decide by /);
  }

  // The referee (authenticator code passed) finds it in the console's disputes queue.
  const referee = await staffSession('referee@golazo.test');
  for (const viewport of [PHONE, DESKTOP]) {
    const staff = await pageAs(browser, referee, `/staff`, viewport);
    const item = staff.locator(`[data-dispute-item="${semi2.id}"]`);
    await expect(item).toContainText(`${host2.name} vs ${guest2.name}`);
    await expect(item).toContainText('Wrong score · Semi-finals');
    await expect(item.locator('[data-dispute-deadline]')).toHaveText(
      /^Decide by (\d{1,2} [A-Z][a-z]{2} \d{4}, )?\d{1,2}:\d{2} [ap]m IST \(in 1[45] min\)$/,
    );
    await item.getByRole('button', { name: `Open the dispute ${host2.name} vs ${guest2.name}` }).click();
    const view = staff.locator(`[data-dispute-view="${semi2.id}"]`);
    await expect(view.getByRole('heading', { level: 3 })).toHaveText(`${host2.name} vs ${guest2.name}`);
    await expect(view.locator('[data-dispute-reason]')).toHaveText('Wrong score · opened automatically');
    await expect(view.locator('[data-dispute-details]')).toHaveText('The two reports disagree.');
    await expect(view.locator(`[data-dispute-report="${host2.name}"] [data-report-claim]`)).toHaveText(`3–1, ${host2.name} through`);
    await expect(view.locator(`[data-dispute-report="${guest2.name}"] [data-report-claim]`)).toHaveText(`1–2, ${guest2.name} through`);
    // Both screenshots come from the private bucket through signed links, and load.
    const images = view.getByRole('img', { name: /^Result screen sent by / });
    await expect(images).toHaveCount(2);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/match-evidence\//);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    }
    await view.scrollIntoViewIfNeeded();
    await screenshot(staff, { path: testInfo.outputPath(`dispute-view-${viewport.width}.png`), fullPage: true });
    if (viewport === DESKTOP) {
      // A note is required; then the referee sets the result: the host went through 3–1.
      await view.getByRole('radio', { name: host2.name }).check();
      await view.getByLabel(`${host2.name}’s goals`).fill('3');
      await view.getByLabel(`${guest2.name}’s goals`).fill('1');
      await view.getByRole('button', { name: 'Set the result' }).click();
      await expect(view.getByText('Write a reason: players see it in the public record.')).toBeVisible();
      await view.getByLabel('Note to the players (shown publicly)').fill('The screenshots show 3–1 to the host');
      await view.getByRole('button', { name: 'Set the result' }).click();
      await expect(staff.locator('[data-disputes-notice]')).toHaveText(`${host2.name} vs ${guest2.name}: ${host2.name} won 3–1.`);
      await expect(staff.locator(`[data-dispute-item="${semi2.id}"]`)).toHaveCount(0);
    }
    await staff.context().close();
  }
  await expect(two.guestPage.locator('[data-match-outcome]')).toContainText('Result confirmed');
  await expect(two.guestPage.locator('[data-match-winner]')).toHaveText(host2.name);
  for (const page of [one.hostPage, one.guestPage, two.hostPage, two.guestPage]) await page.context().close();

  // The final: both players known, it starts after the break (moved to a minute ago to be played now).
  const [finalNow] = await stack.rest<PodMatch[]>(`/rest/v1/matches?select=*&id=eq.${final.id}`);
  if (!finalNow) throw new Error('the final is gone');
  expect(finalNow.status).toBe('scheduled');
  const champion = player(finalNow.entry_a);
  const runnerUp = player(finalNow.entry_b);
  expect([champion.name, runnerUp.name].sort()).toEqual([player(semi1.entry_a).name, host2.name].sort());
  const finalStatus = await reportAgreedResult(finalNow, {
    host: champion.session,
    guest: runnerUp.session,
    hostGoals: 4,
    guestGoals: 2,
    room: { id: 'FINAL-1', password: 'cup' },
    screenshotName: 'final.png',
  });
  expect(finalStatus).toBe('confirmed');
  const finalPage = await pageAs(browser, runnerUp.session, `/match/?id=${final.id}`, PHONE);
  await expect(finalPage.locator('[data-match-outcome]')).toContainText('Result confirmed');
  await expect(finalPage.locator('[data-match-winner]')).toHaveText(champion.name);
  await finalPage.context().close();

  // The pod page: finished, with the standings by band.
  const semiLosers = [player(semi1.entry_b).name, guest2.name].sort();
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await pageAs(browser, runnerUp.session, `/pod/?id=${pod.id}`, viewport);
    const standings = page.locator('[data-standings="final"]');
    await expect(standings.locator('[data-band]')).toHaveCount(3);
    await expect(standings.locator('[data-band="1st"]')).toContainText(`1stChampion${champion.name}`);
    await expect(standings.locator('[data-band="2nd"]')).toContainText(`2ndRunner-up${runnerUp.name}`);
    expect((await standings.locator('[data-band="3rd–4th"] [data-standing-player]').allTextContents()).sort()).toEqual(semiLosers);
    await standings.scrollIntoViewIfNeeded();
    await screenshot(page, { path: testInfo.outputPath(`standings-${viewport.width}.png`), fullPage: true });
    await page.context().close();
  }

  // The champion's dashboard: their record from the confirmed matches (2–1 or 3–1 in the semi, 4–2 in the final).
  const championSemi = player(semi1.entry_a) === champion ? [2, 1] : [3, 1];
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await pageAs(browser, champion.session, '/dashboard', viewport);
    const record = page.locator('[data-player-stats]');
    await expect(record.locator('[data-stat="matches"] [data-stat-figure]')).toHaveText('2');
    await expect(record.locator('[data-stat="wins"]')).toContainText('20 lost');
    await expect(record.locator('[data-stat="win-rate"] [data-stat-figure]')).toHaveText('100%');
    await expect(record.locator('[data-stat="goals"] [data-stat-figure]')).toHaveText(
      `${(championSemi[0] ?? 0) + 4}–${(championSemi[1] ?? 0) + 2}`,
    );
    await expect(record.locator('[data-stat="titles"] [data-stat-figure]')).toHaveText('1');
    await record.scrollIntoViewIfNeeded();
    await screenshot(page, { path: testInfo.outputPath(`dashboard-stats-${viewport.width}.png`), fullPage: true });
    await page.context().close();
  }
  // ... and their place on My Tournaments.
  const history = await pageAs(browser, runnerUp.session, '/my-tournaments', PHONE);
  await expect(history.locator(`[data-my-tournament="${pod.id}"] [data-my-place]`)).toHaveText('Your place: 2nd');
  await history.context().close();

  // A correction of the final: previewed (no later match), then refused once the prizes are credited.
  const staff = await pageAs(browser, referee, `/staff?t=${pod.id}`, DESKTOP);
  const corrections = staff.locator('[data-corrections]');
  await corrections
    .getByLabel('Match')
    .selectOption({ label: `Final 1: ${champion.name} 4–2 ${runnerUp.name} (${champion.name} through)` });
  await corrections.getByRole('radio', { name: champion.name }).check();
  await corrections.getByLabel(`${champion.name}’s goals`).fill('4');
  await corrections.getByLabel(`${runnerUp.name}’s goals`).fill('3');
  await corrections.getByLabel('Reason (shown publicly)').fill('The final was 4–3 on the result screen');
  await corrections.getByRole('button', { name: 'Preview the correction' }).click();
  await expect(corrections.locator('[data-correction-preview]')).toContainText('The winner stays the same: only the score changes.');
  await stack.rest(`/rest/v1/tournaments?id=eq.${pod.id}`, { method: 'PATCH', body: { settled_at: new Date().toISOString() } });
  await corrections.getByRole('button', { name: 'Apply the correction' }).click();
  await expect(corrections.locator('[data-corrections-error]')).toHaveText(
    'The prizes of this tournament are credited: results can no longer change.',
  );
  await staff.context().close();
});
