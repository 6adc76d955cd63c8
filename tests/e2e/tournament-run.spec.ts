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
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, type Page, test } from '@playwright/test';
import {
  ANON_KEY,
  completeEligibleProfile,
  expect,
  rpc,
  SERVICE_ROLE_KEY,
  type StoredSession,
  SUPABASE_URL,
  signInWithApi,
  storeSession,
  uniqueEmail,
} from './helpers/auth';
import { staffSession } from './helpers/staff';

const SCREENSHOT = new URL('./fixtures/result-screen.png', import.meta.url).pathname;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };

async function asService<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${SUPABASE_URL}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...service, prefer: 'return=representation' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function asPlayer<T = unknown>(session: StoredSession, name: string, args: Record<string, unknown>): Promise<T> {
  const response = await rpc(name, args, session.access_token);
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

type Match = { id: string; round: number; position: number; entry_a: string; entry_b: string; status: string; scheduled_at: string };
type Player = { session: StoredSession; name: string };

async function payEntry(session: StoredSession, tournamentId: string): Promise<void> {
  const order = (await (
    await fetch(`${SUPABASE_URL}/functions/v1/razorpay-payment`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create_order', tournament_id: tournamentId, slots: 1 }),
    })
  ).json()) as { success: boolean; order_id?: string; error?: string };
  if (!order.success || !order.order_id) throw new Error(`create_order for ${session.user.email}: ${order.error}`);
  const paid = await fetch(`${SUPABASE_URL}/razorpay/test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order.order_id, outcome: 'success' }),
  });
  if (!paid.ok) throw new Error(`paying ${order.order_id} answered ${paid.status}`);
}

/**
 * A Super 4 pod of its own series (inactive, so no next pod opens), filled by four new players who check
 * in; check-in is then closed a minute ago and the start put two minutes ahead, and the due work draws.
 */
async function drawnPod(): Promise<{ id: string; playerOfEntry: Map<string, Player>; matches: Match[] }> {
  const series = `e2e-run-${randomUUID().slice(0, 8)}`;
  const id = `${series}-pod-1`;
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  await asService('/rest/v1/series', {
    body: {
      id: series,
      title: 'Run Super 4',
      kind: 'quick',
      format: 'Super 4',
      entry_fee_paise: 5000,
      prize_pool_paise: 16000,
      capacity: 4,
      check_in_opens_before: '60 minutes',
      check_in_closes_before: '15 minutes',
      active: false,
    },
  });
  await asService('/rest/v1/tournaments', {
    body: {
      id,
      title: 'Run Super 4 #1',
      series: 'quick',
      format: 'Super 4',
      entry_fee_paise: 5000,
      prize_pool_paise: 16000,
      max_players: 4,
      is_live: true,
      registration_opens_at: at(-3600_000),
      registration_closes_at: at(24 * 3600_000),
      check_in_opens_at: at(24 * 3600_000),
      check_in_closes_at: at(24 * 3600_000 + 600_000),
      starts_at: at(24 * 3600_000 + 1200_000),
      fill_deadline_at: at(24 * 3600_000),
      series_id: series,
      pod_number: 1,
    },
  });
  const players = await Promise.all(
    [1, 2, 3, 4].map(async (n) => {
      const session = await signInWithApi(uniqueEmail(`run-p${n}`));
      await completeEligibleProfile(session);
      await payEntry(session, id);
      return { session, name: `P${session.user.id.slice(0, 6)}` };
    }),
  );
  const entriesOf = () => asService<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${id}`);
  await expect.poll(async () => (await entriesOf()).length, { message: 'four paid entries', timeout: 30_000 }).toBe(4);
  // Full: check-in opens at once. Every player checks in, as the pod page's button does.
  for (const player of players) await asPlayer(player.session, 'check_in', { p_tournament_id: id });

  const startsAt = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  await asService(`/rest/v1/tournaments?id=eq.${id}`, {
    method: 'PATCH',
    body: {
      check_in_opens_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      check_in_closes_at: new Date(Date.now() - 60_000).toISOString(),
      starts_at: startsAt.toISOString(),
    },
  });
  await asService('/rest/v1/rpc/local_run_due_work', { body: {} });
  const entries = await entriesOf();
  const playerOfEntry = new Map(
    entries.map((entry) => {
      const player = players.find((p) => p.session.user.id === entry.player_id);
      if (!player) throw new Error(`entry ${entry.id} has no player of this test`);
      return [entry.id, player] as const;
    }),
  );
  const matches = await asService<Match[]>(`/rest/v1/matches?select=*&tournament_id=eq.${id}&order=round,position`);
  return { id, playerOfEntry, matches };
}

async function pageAs(browser: Browser, session: StoredSession, path: string, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await storeSession(page, session);
  await page.goto(path);
  return page;
}

async function report(page: Page, mine: number, theirs: number): Promise<void> {
  const form = page.locator('[data-report-form]');
  await form.getByLabel('Your goals').fill(String(mine));
  await form.getByLabel("Opponent's goals").fill(String(theirs));
  await form.getByLabel('Screenshot of the result screen').setInputFiles(SCREENSHOT);
  await form.getByRole('button', { name: 'Send the result' }).click();
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
  const hostPage = await pageAs(browser, host.session, `/match/?id=${matchId}`, PHONE);
  const guestPage = await pageAs(browser, guest.session, `/match/?id=${matchId}`, DESKTOP);
  const roomForm = hostPage.locator('[data-room-form]');
  await roomForm.getByLabel('Room id').fill('GOLAZO-RUN');
  await roomForm.getByLabel('Room password').fill('pitch9');
  await roomForm.getByRole('button', { name: 'Post the room' }).click();
  await expect(guestPage.locator('[data-room-value="Room id"]')).toHaveText('GOLAZO-RUN');
  await hostPage.getByRole('button', { name: 'I’m ready' }).click();
  await guestPage.getByRole('button', { name: 'I’m ready' }).click();
  await expect(hostPage.locator('[data-match-status-words]')).toHaveText('Both players ready');
  await report(hostPage, ...hostReport);
  await expect(guestPage.locator('[data-opponent-report]')).toBeVisible();
  await report(guestPage, ...guestReport);
  return { hostPage, guestPage };
}

/** A player's screenshot upload to the evidence bucket, as the match page does it; answers the path. */
async function uploadEvidence(session: StoredSession, matchId: string): Promise<string> {
  const path = `${matchId}/${session.user.id}/final.png`;
  const response = await fetch(`${SUPABASE_URL}/storage/v1/object/match-evidence/${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'image/png' },
    body: readFileSync(SCREENSHOT),
  });
  if (!response.ok) throw new Error(`uploading ${path} answered ${response.status}: ${await response.text()}`);
  return path;
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
    await expect(item.locator('[data-dispute-deadline]')).toHaveText(/^Decide by \d{1,2}:\d{2} [ap]m IST \(in 1[45] min\)$/);
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
    await staff.screenshot({ path: testInfo.outputPath(`dispute-view-${viewport.width}.png`), fullPage: true });
    if (viewport === DESKTOP) {
      // A note is required; then the referee sets the result: the host went through 3–1.
      await view.getByRole('radio', { name: host2.name }).check();
      await view.getByLabel(`${host2.name}’s goals`).fill('3');
      await view.getByLabel(`${guest2.name}’s goals`).fill('1');
      await view.getByRole('button', { name: 'Set the result' }).click();
      await expect(view.getByText('Write a reason: players see it in the public record.')).toBeVisible();
      await view.getByLabel('Note to the players (shown publicly)').fill('The screenshots show 3–1 to the host');
      await view.getByRole('button', { name: 'Set the result' }).click();
      await expect(staff.locator('[data-disputes-notice]')).toHaveText(
        `${host2.name} vs ${guest2.name}: ${host2.name} goes through (3–1).`,
      );
      await expect(staff.locator(`[data-dispute-item="${semi2.id}"]`)).toHaveCount(0);
    }
    await staff.context().close();
  }
  await expect(two.guestPage.locator('[data-match-outcome]')).toContainText('Result confirmed');
  await expect(two.guestPage.locator('[data-match-winner]')).toHaveText(host2.name);
  for (const page of [one.hostPage, one.guestPage, two.hostPage, two.guestPage]) await page.context().close();

  // The final: both players known, it starts after the break. Played at its time on the database's clock.
  const [finalNow] = await asService<Match[]>(`/rest/v1/matches?select=*&id=eq.${final.id}`);
  if (!finalNow) throw new Error('the final is gone');
  expect(finalNow.status).toBe('scheduled');
  const champion = player(finalNow.entry_a);
  const runnerUp = player(finalNow.entry_b);
  expect([champion.name, runnerUp.name].sort()).toEqual([player(semi1.entry_a).name, host2.name].sort());
  const championShot = await uploadEvidence(champion.session, final.id);
  const runnerUpShot = await uploadEvidence(runnerUp.session, final.id);
  try {
    await asService('/rest/v1/rpc/local_set_clock', {
      body: { p_now: new Date(new Date(finalNow.scheduled_at).getTime() + 60_000).toISOString() },
    });
    await asPlayer(champion.session, 'post_room', { p_match_id: final.id, p_room_id: 'FINAL-1', p_password: 'cup' });
    await asPlayer(champion.session, 'set_ready', { p_match_id: final.id });
    await asPlayer(runnerUp.session, 'set_ready', { p_match_id: final.id });
    await asPlayer(champion.session, 'report_match', {
      p_match_id: final.id,
      p_my_goals: 4,
      p_opponent_goals: 2,
      p_went_through: 'me',
      p_screenshot_path: championShot,
    });
    const confirmed = await asPlayer<{ status: string }>(runnerUp.session, 'report_match', {
      p_match_id: final.id,
      p_my_goals: 2,
      p_opponent_goals: 4,
      p_went_through: 'opponent',
      p_screenshot_path: runnerUpShot,
    });
    expect(confirmed.status).toBe('confirmed');
  } finally {
    await asService('/rest/v1/rpc/local_set_clock', { body: { p_now: null } });
  }
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
    await page.screenshot({ path: testInfo.outputPath(`standings-${viewport.width}.png`), fullPage: true });
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
    await page.screenshot({ path: testInfo.outputPath(`dashboard-stats-${viewport.width}.png`), fullPage: true });
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
  await asService(`/rest/v1/tournaments?id=eq.${pod.id}`, { method: 'PATCH', body: { settled_at: new Date().toISOString() } });
  await corrections.getByRole('button', { name: 'Apply the correction' }).click();
  await expect(corrections.locator('[data-corrections-error]')).toHaveText(
    'The prizes of this tournament are credited: results can no longer change.',
  );
  await staff.context().close();
});
