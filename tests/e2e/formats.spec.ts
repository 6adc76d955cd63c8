/**
 * A free cup in groups then a knockout (a fresh copy of the seeded demo-groups-cup: 16 places, 4 groups of 4, the
 * top 2 to the quarter-finals) played by the sixteen demo players as far as the knockout: they enter and check in, staff close
 * check-in (the draw), a referee sets the group results through the REST API (one group ends in a three-way tie,
 * the others with a draw) but one draw, which its two players play and report on the match page, and a player reads the page on a phone: their own group first, each table's record and
 * who went through, a tie's reason in a tap, the group's matches with the draw, and the knockout filling itself
 * live when the last group result comes in.
 *
 * Check-in is opened by moving the cup's window to now, never the shared database clock to the cup.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Session, signInWithPassword } from '../support/players.ts';
import { stack, storeSession } from './helpers/auth';
import { fillReport, openMatchPage, postRoomAndReady, sendReport } from './helpers/match-pages';
import { staffSession } from './helpers/staff';
import { doubleBracket, swissBracket } from './fixtures/format-brackets';
import { screenshot } from './helpers/screenshots';

// The real cups' tests play one after another, never side by side.
test.describe.configure({ mode: 'default' });

/** The seeded cup each real test copies: other tests run the periodic work, which may draw (and, with nobody
 * checked in, cancel) the seeded cups themselves before this file plays them. */
const CUP = 'demo-groups-cup';
const PLAYERS = Array.from({ length: 16 }, (_, i) => `demo${i + 1}`);
/** Screenshots for a person to look at go outside the repository when asked (FORMATS_SHOTS=/tmp/...). */
const shot = (testInfo: { outputPath: (name: string) => string }, name: string) =>
  process.env.FORMATS_SHOTS ? `${process.env.FORMATS_SHOTS}/${name}` : testInfo.outputPath(name);

type Match = {
  id: string;
  round: number;
  position: number;
  group_name: string | null;
  bracket: string | null;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
};
type State = { status: string; check_in_opens_at: string; format: string };

const stateOf = (cup: string) => stack.call<State>('get_tournament_state', { p_tournament_id: cup }, 'anon');
const matchesOf = (cup: string) =>
  stack.rest<Match[]>(
    `/rest/v1/matches?select=id,round,position,group_name,bracket,entry_a,entry_b,status&tournament_id=eq.${cup}&order=round,position`,
  );

/**
 * A fresh copy of a seeded free cup (its title, format and places), open for entries with check-in a day away,
 * so each attempt plays its own cup whatever the clock did to the seeded one.
 */
async function freshCup(seeded: string): Promise<string> {
  const [row] = await stack.rest<Array<{ title: string; series: string; format: string; max_players: number; stages: unknown }>>(
    `/rest/v1/tournaments?select=title,series,format,max_players,stages&id=eq.${seeded}`,
  );
  if (!row) throw new Error(`the seeded cup ${seeded} is missing`);
  const id = `${seeded}-${Math.random().toString(36).slice(2, 8)}`;
  await stack.rest('/rest/v1/tournaments', {
    method: 'POST',
    body: {
      ...row,
      id,
      entry_fee_paise: 0,
      prize_pool_paise: 0,
      filled_slots: 0,
      is_live: true,
      starts_at: new Date(Date.now() + 26 * 3600_000).toISOString(),
    },
  });
  return id;
}

/**
 * Opens the cup's check-in now (from a minute ago), its start still a day away: the players check in at real time
 * rather than at a clock held a day ahead, which every other test's requests would read meanwhile.
 */
async function openCheckInNow(cup: string): Promise<void> {
  await stack.rest(`/rest/v1/tournaments?id=eq.${cup}`, {
    method: 'PATCH',
    body: { check_in_opens_at: new Date(Date.now() - 60_000).toISOString() },
  });
}

/**
 * The results, by the places of the group's players in their order of first appearance (p0 … p3): winner, loser and
 * their goals, or a draw. Group A: p0, p1 and p2 beat each other in a circle and all beat p3 (three on 6 points,
 * split by head-to-head goal difference: p1 +1, p0 0, p2 -1). Other groups: p0 and p1 draw 1-1 and win the rest,
 * p0 with more goals (7 points each, split by goal difference).
 */
const TIE: Array<[number, number, number, number]> = [
  [0, 1, 2, 1],
  [1, 2, 3, 1],
  [2, 0, 1, 0],
  [0, 3, 1, 0],
  [1, 3, 1, 0],
  [2, 3, 1, 0],
];
const WITH_DRAW: Array<[number, number, number, number]> = [
  [0, 1, 1, 1],
  [0, 2, 2, 0],
  [0, 3, 2, 0],
  [1, 2, 1, 0],
  [1, 3, 1, 0],
  [2, 3, 1, 0],
];

/** The score [a, b] in the match's entry order and its winner (null for a draw). */
function resultOf(match: Match, members: string[]): { score: [number, number]; winner: string | null } {
  const a = members.indexOf(match.entry_a ?? '');
  const b = members.indexOf(match.entry_b ?? '');
  const plan = (match.group_name === 'A' ? TIE : WITH_DRAW).find(([x, y]) => (x === a && y === b) || (x === b && y === a));
  if (!plan) throw new Error(`no planned result for ${match.id}`);
  const [first, , firstGoals, secondGoals] = plan;
  const score: [number, number] = first === a ? [firstGoals, secondGoals] : [secondGoals, firstGoals];
  const winner = score[0] === score[1] ? null : score[0] > score[1] ? match.entry_a : match.entry_b;
  return { score, winner };
}

async function pageAs(
  browser: Browser,
  session: Session,
  viewport: { width: number; height: number },
  cup: string,
  beforeLoad?: (page: Page) => void,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await storeSession(page, session);
  beforeLoad?.(page);
  await page.goto(`/pod/?id=${cup}`);
  return page;
}

test('groups then a knockout: a player reads their group first, a tie’s reason in a tap, and the knockout fills itself', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run: the phone is opened inside');
  test.setTimeout(300_000);
  const sessions = new Map(
    await Promise.all(PLAYERS.map(async (name) => [name, await signInWithPassword(stack, `${name}@golazo.test`)] as const)),
  );
  const cup = await freshCup(CUP);
  expect((await stateOf(cup)).format).toBe('groups_knockout');

  // Enter, check in and draw.
  {
    for (const session of sessions.values()) await stack.call('enter_free_tournament', { p_tournament_id: cup }, session);
    const organiser = await staffSession('organiser@golazo.test');
    await openCheckInNow(cup);
    for (const session of sessions.values()) await stack.call('check_in', { p_tournament_id: cup }, session);
    await stack.call('staff_close_check_in', { p_tournament_id: cup }, organiser);
  }

  const matches = await matchesOf(cup);
  const groupMatches = matches.filter((match) => match.group_name !== null);
  expect(groupMatches).toHaveLength(24);
  const members = new Map<string, string[]>();
  for (const match of groupMatches) {
    const list = members.get(match.group_name!) ?? [];
    for (const entry of [match.entry_a, match.entry_b]) if (entry && !list.includes(entry)) list.push(entry);
    members.set(match.group_name!, list);
  }
  expect([...members.keys()].sort()).toEqual(['A', 'B', 'C', 'D']);

  // Entry → the in-game name the page shows (demoN).
  const entries = await stack.rest<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${cup}`);
  const nameOfUser = new Map([...sessions].map(([name, session]) => [session.user.id, name]));
  const nameOf = (entryId: string) => nameOfUser.get(entries.find((entry) => entry.id === entryId)?.player_id ?? '') ?? '?';
  const place = (group: string, p: number) => nameOf(members.get(group)![p]!);

  // The referee sets every group result but one of group D's, which comes in while the page is open.
  const referee = await staffSession('referee@golazo.test');
  const settle = async (match: Match) => {
    if (match.status === 'confirmed') return;
    const { score, winner } = resultOf(match, members.get(match.group_name!)!);
    await stack.call(
      'staff_settle_match',
      { p_match_id: match.id, p_winner_entry_id: winner, p_score: score, p_note: 'Both players sent the same screenshot' },
      referee,
    );
  };
  const last = groupMatches.filter((match) => match.group_name === 'D').at(-1)!;
  // Group C's draw (its first two players, 1–1) is played by its players on the match page instead.
  const [c0, c1] = members.get('C')!;
  const drawn = groupMatches.find(
    (match) => match.group_name === 'C' && [c0, c1].includes(match.entry_a!) && [c0, c1].includes(match.entry_b!),
  )!;
  for (const match of groupMatches) if (match.id !== last.id && match.id !== drawn.id) await settle(match);
  await playDrawOnMatchPages(browser, drawn, (entry) => sessions.get(nameOf(entry))!, nameOf, testInfo);

  // The player who tops group C, on a phone.
  const viewer = place('C', 0);
  // The page's first read is the viewer's own group and the knockout; the whole bracket follows by itself.
  const firstReads: Array<{ complete: boolean; stages: Array<{ groups?: Array<{ name: string; later?: boolean }> }> }> = [];
  // The whole bracket is held back until the first screen has been seen.
  let releaseWhole = () => {};
  const wholeHeld = new Promise<void>((resolve) => {
    releaseWhole = resolve;
  });
  let wholeAsked = () => {};
  const wholeAskedOnce = new Promise<void>((resolve) => {
    wholeAsked = resolve;
  });
  const phone = await pageAs(browser, sessions.get(viewer)!, { width: 360, height: 780 }, cup, (page) => {
    page.on('response', (response) => {
      if (response.url().includes('/rpc/get_bracket_first')) void response.json().then((body) => firstReads.push(body));
    });
    void page.route(/\/rpc\/get_bracket$/, async (route) => {
      wholeAsked();
      await wholeHeld;
      await route.continue();
    });
    // The first answer comes after the Realtime subscription asked for the whole bracket (its catch-up read):
    // the first screen must paint all the same, not wait for the whole.
    void page.route(/\/rpc\/get_bracket_first$/, async (route) => {
      await Promise.race([wholeAskedOnce, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await route.continue();
    });
  });
  const bracket = phone.locator('[data-format="groups_knockout"]');
  await expect(bracket).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => firstReads.length).toBe(1);
  expect(firstReads[0]!.complete).toBe(false);
  expect(firstReads[0]!.stages[0]!.groups!.filter((g) => !g.later).map((g) => g.name)).toEqual(['C']);
  const cards = bracket.locator('[data-group]');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-group', 'C');
  await expect(bracket.locator('[data-groups-loading]')).toHaveText('The other 3 groups are loading…');
  await screenshot(bracket, { path: shot(testInfo, 'groups-360-first-data.png') });
  releaseWhole();
  await expect(bracket.locator('[data-groups-loading]')).toHaveCount(0);
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toHaveAttribute('data-group', 'C');
  await expect(cards.first()).toHaveAttribute('data-my-group', '');
  await expect(phone.locator('[data-my-standing]')).toHaveText(
    /^Your group matches are done: 1st in group C so far\. The knockout is filled when every group has finished$/,
  );

  // Group A: the three-way tie on 6 points, in the order head-to-head goal difference gives, with its reason a tap away.
  const groupA = bracket.locator('[data-group="A"]');
  const rowsA = groupA.locator('tr[data-row]');
  await expect(rowsA).toHaveCount(4);
  const order = [1, 0, 2, 3].map((p) => place('A', p));
  for (const [i, name] of order.entries()) await expect(rowsA.nth(i).locator('td').nth(1)).toContainText(name);
  // # Player P W D L GD Pts of the top row: p1 won 3-1 and 1-0, lost 1-2.
  await expect(rowsA.nth(0).locator('td')).toHaveText([/1/, new RegExp(order[0]!), '3', '2', '0', '1', '+2', '6']);
  await expect(rowsA.nth(0)).toHaveAttribute('data-decided-by', 'head_to_head_goal_difference');
  await expect(groupA.locator('[data-tie-reason]')).toHaveCount(0);
  await rowsA.nth(0).locator('[data-tie-reason-toggle]').click();
  const reason = groupA.locator('[data-tie-reason]');
  await expect(reason).toContainText(`Ahead of ${order[1]} on head-to-head goal difference`);
  await expect(rowsA.nth(0).locator('[data-tie-reason-toggle]')).toHaveAttribute('aria-expanded', 'true');
  // The fourth row is below on points: nothing to explain.
  await expect(rowsA.nth(3).locator('[data-tie-reason-toggle]')).toHaveCount(0);

  // The viewer's own group: level on 7 points with p1, ahead on goal difference; their matches open, the draw among them.
  const groupC = cards.first();
  await expect(groupC.locator('tr[data-row]').first()).toContainText(viewer);
  await expect(groupC.locator('tr[data-row]').first()).toContainText('(you)');
  await groupC.locator('tr[data-row]').first().locator('[data-tie-reason-toggle]').click();
  await expect(groupC.locator('[data-tie-reason]')).toContainText(`Ahead of ${place('C', 1)} on goal difference`);
  await expect(groupC.locator('[data-group-matches]')).toHaveAttribute('open', '');
  await expect(groupC.locator('[data-group-matches] [data-match-result]').filter({ hasText: 'Draw 1 – 1' })).toHaveCount(1);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page: phone }).include('[data-format]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // The projected path on the player's own card, from the knockout's feeds (C1 v D2, D1 v C2).
  await expect(groupC.locator('[data-projected-path]')).toHaveText(
    'Win group C and you meet the runner-up of group D; finish second and you meet the winner of group D.',
  );
  await screenshot(groupC, { path: shot(testInfo, 'groups-360-path.png') });
  await groupA.scrollIntoViewIfNeeded();
  await screenshot(phone, { path: shot(testInfo, 'groups-360-tie-reason.png'), fullPage: true });
  {
    const before = await pageAs(browser, sessions.get(viewer)!, { width: 1280, height: 900 }, cup);
    await expect(before.locator('[data-projected-path]')).toBeVisible({ timeout: 20_000 });
    await screenshot(before.locator('#groups-heading').locator('..'), { path: shot(testInfo, 'groups-1280-path.png') });
    await before.context().close();
  }

  // The last group result: the knockout fills itself, and the open page follows (Realtime).
  await settle(last);
  const knockout = bracket.locator('[data-knockout]');
  await expect(knockout.locator('[data-round-list] [data-side]').filter({ hasText: /demo\d/ })).toHaveCount(8, { timeout: 20_000 });
  await expect(phone.locator('[data-my-standing]')).toHaveText(/^Your next match: Quarter-finals vs demo\d+, /);
  // A group winner meets another group's runner-up, each side saying where it comes from.
  const mine = knockout.locator('[data-round-list] [data-my-path]');
  await expect(mine).toContainText(`${viewer} (you) · winner of group C`);
  await expect(mine).toContainText(/runner-up of group [ABD]/);
  await expect(groupA.locator('tr[data-qualified]')).toHaveCount(2);
  await expect(bracket.locator('[data-projected-path]')).toHaveCount(0);
  await expect(bracket.locator('[data-third-place]')).toContainText('to be decided');
  await knockout.scrollIntoViewIfNeeded();
  await screenshot(phone, { path: shot(testInfo, 'groups-360-knockout.png'), fullPage: true });

  // The same page on a wide screen: group cards two by two, the knockout as a tree.
  const wide = await pageAs(browser, sessions.get(viewer)!, { width: 1280, height: 900 }, cup);
  await expect(wide.locator('[data-bracket-tree] [data-my-path]').first()).toContainText(`${viewer} (you)`, { timeout: 20_000 });
  await wide.locator('[data-group="A"] tr[data-row]').first().locator('[data-tie-reason-toggle]').click();
  await screenshot(wide, { path: shot(testInfo, 'groups-1280.png'), fullPage: true });
  await phone.context().close();
  await wide.context().close();
});

/**
 * A group match played by its two players on the match page, host on a phone and guest on a wide screen: the room,
 * Ready, then both report 1–1. The form says the draw stands (no shoot-out question, as in a knockout), and both
 * pages show the match confirmed as a draw. The match is moved to a minute ago so its players may report.
 */
async function playDrawOnMatchPages(
  browser: Browser,
  match: Match,
  sessionOf: (entry: string) => Session,
  nameOf: (entry: string) => string,
  testInfo: { outputPath: (name: string) => string },
) {
  await stack.rest(`/rest/v1/matches?id=eq.${match.id}`, {
    method: 'PATCH',
    body: { scheduled_at: new Date(Date.now() - 60_000).toISOString() },
  });
  const host = await openMatchPage(browser, sessionOf(match.entry_a!), match.id, { width: 360, height: 780 });
  const guest = await openMatchPage(browser, sessionOf(match.entry_b!), match.id, { width: 1280, height: 900 });
  const [hostName, guestName] = [nameOf(match.entry_a!), nameOf(match.entry_b!)];
  await postRoomAndReady(host, guest, { id: 'GROUPC-11', password: 'level1' });
  const report = async (page: Page) => {
    const form = await fillReport(page, 1, 1);
    // A level score in a group: the draw stands, and nobody is asked who won a shoot-out.
    await expect(form.locator('[data-draw-stands]')).toHaveText(
      'A draw: it stands as the result, one point each. No extra time or penalties in this match.',
    );
    await expect(form.getByRole('radio')).toHaveCount(0);
    await sendReport(page);
  };
  await report(host);
  await expect(host.locator('[data-report-sent]')).toBeVisible();
  await screenshot(host, { path: shot(testInfo, 'group-draw-reported-360.png'), fullPage: true });
  await expect(guest.locator('[data-opponent-report]')).toContainText('1–1');
  await report(guest);
  for (const page of [host, guest]) {
    await expect(page.locator('[data-match-outcome]')).toContainText('Result confirmed');
    await expect(page.locator('[data-match-result]')).toHaveText(`${hostName} and ${guestName} drew 1–1: one point each.`);
  }
  await screenshot(guest, { path: shot(testInfo, 'group-draw-confirmed-1280.png'), fullPage: true });
  const [row] = await stack.rest<Array<{ status: string; winner_entry_id: string | null }>>(
    `/rest/v1/matches?select=status,winner_entry_id&id=eq.${match.id}`,
  );
  expect(row).toEqual({ status: 'confirmed', winner_entry_id: null });
  await host.context().close();
  await guest.context().close();
}

/**
 * A fresh copy of a seeded cup of another format (demo-swiss-cup, demo-double-cup) entered by eight demo players,
 * checked in and drawn; answers its id, matches, the entry → name map and the sessions.
 */
async function drawnSeededCup(seeded: string, names: string[]) {
  const sessions = new Map(
    await Promise.all(names.map(async (name) => [name, await signInWithPassword(stack, `${name}@golazo.test`)] as const)),
  );
  const cup = await freshCup(seeded);
  const matches = () =>
    stack.rest<(Match & { winner_entry_id: string | null })[]>(
      `/rest/v1/matches?select=id,round,position,group_name,bracket,entry_a,entry_b,status,winner_entry_id&tournament_id=eq.${cup}&order=round,position`,
    );
  {
    for (const session of sessions.values()) await stack.call('enter_free_tournament', { p_tournament_id: cup }, session);
    const organiser = await staffSession('organiser@golazo.test');
    await openCheckInNow(cup);
    for (const session of sessions.values()) await stack.call('check_in', { p_tournament_id: cup }, session);
    await stack.call('staff_close_check_in', { p_tournament_id: cup }, organiser);
  }
  const entries = await stack.rest<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${cup}`);
  const nameOfUser = new Map([...sessions].map(([name, session]) => [session.user.id, name]));
  const nameOf = (entryId: string | null) => nameOfUser.get(entries.find((entry) => entry.id === entryId)?.player_id ?? '') ?? '?';
  return { id: cup, sessions, matches, nameOf, referee: await staffSession('referee@golazo.test') };
}

test('a real Swiss cup: each round paired by the last result, a draw standing, the table live on a phone', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run: the phone is opened inside');
  test.setTimeout(240_000);
  const cup = await drawnSeededCup('demo-swiss-cup', PLAYERS.slice(0, 8));
  expect((await stack.call<State>('get_tournament_state', { p_tournament_id: cup.id }, 'anon')).format).toBe('swiss');
  const settleRound = async (round: number) => {
    for (const match of (await cup.matches()).filter((m) => m.round === round && m.status === 'scheduled')) {
      // Board 1 of each round is drawn 1-1; the other boards go to the top slot 2-0.
      const draw = match.position === 1;
      await stack.call(
        'staff_settle_match',
        {
          p_match_id: match.id,
          p_winner_entry_id: draw ? null : match.entry_a,
          p_score: draw ? [1, 1] : [2, 0],
          p_note: 'Screenshots checked',
        },
        cup.referee,
      );
    }
  };
  await settleRound(1);
  // The last result of round 1 paired round 2 at once: four boards, nobody meeting a round-1 opponent again.
  const afterOne = await cup.matches();
  const met = new Set(afterOne.filter((m) => m.round === 1).map((m) => [m.entry_a, m.entry_b].sort().join()));
  const roundTwo = afterOne.filter((m) => m.round === 2);
  expect(roundTwo).toHaveLength(4);
  for (const match of roundTwo) expect(met.has([match.entry_a, match.entry_b].sort().join())).toBe(false);

  const viewer = cup.nameOf(roundTwo[0]!.entry_a);
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await storeSession(page, cup.sessions.get(viewer)!);
  await page.goto(`/pod/?id=${cup.id}`);
  const swiss = page.locator('[data-format="swiss"]');
  await expect(swiss).toBeVisible({ timeout: 20_000 });
  const rows = swiss.locator('[data-swiss-table] tbody tr');
  await expect(rows).toHaveCount(8);
  // Three wins and a draw a round: 3 points for each winner, 1 for both players of board 1.
  await expect(rows.first().locator('td').nth(6)).toHaveText('3');
  await expect(page.locator('[data-my-standing]')).toContainText(/^Your next match: Round 2 vs demo\d+/);
  await expect(swiss.locator('[data-swiss-round="2"]')).toHaveAttribute('open', '');

  // Rounds 2 and 3: the table follows on the open page, the tournament ends, and the player reads their place.
  await settleRound(2);
  await settleRound(3);
  expect((await cup.matches()).every((m) => ['confirmed', 'bye'].includes(m.status))).toBe(true);
  await expect(page.locator('[data-my-standing]')).toContainText(/^You're \d+(st|nd|rd|th) of 8 in the table/, { timeout: 20_000 });
  const standings = await stack.call<Array<{ from: number; entries: Array<{ in_game_name: string }> }>>(
    'get_standings',
    { p_tournament_id: cup.id },
    'anon',
  );
  expect(standings.map((band) => band.from)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  await expect(rows.first().locator('td').nth(1)).toContainText(standings[0]!.entries[0]!.in_game_name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, { path: shot(testInfo, 'swiss-real-360.png'), fullPage: true });
  // The embed another site frames shows the same cup: its three rounds, from the public API.
  await page.goto(`/embed/bracket/?id=${cup.id}`);
  for (const round of ['Round 1', 'Round 2', 'Round 3']) {
    await expect(page.getByRole('heading', { name: round, exact: true }).first()).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.getByText(standings[0]!.entries[0]!.in_game_name, { exact: true }).first()).toBeVisible();
  await context.close();
});

test('a real double elimination: a first loss drops a player into the losers bracket, and the grand final is reset', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough');
  test.setTimeout(240_000);
  const cup = await drawnSeededCup('demo-double-cup', PLAYERS.slice(8, 16));
  // The top slot wins every match but the grand finals, which the losers' bracket winner (bottom slot) takes.
  for (let guard = 0; guard < 40; guard++) {
    const next = (await cup.matches()).find((m) => m.status === 'scheduled');
    if (!next) break;
    const bottom = next.bracket === 'grand_final';
    await stack.call(
      'staff_settle_match',
      {
        p_match_id: next.id,
        p_winner_entry_id: bottom ? next.entry_b : next.entry_a,
        p_score: bottom ? [0, 2] : [2, 0],
        p_note: 'Screenshots checked',
      },
      cup.referee,
    );
  }
  const matches = await cup.matches();
  const finals = matches.filter((m) => m.bracket === 'grand_final');
  expect(finals).toHaveLength(2);
  const champion = cup.nameOf(finals[1]!.winner_entry_id);
  // A player who lost their first winners' match went on in the losers' bracket.
  const firstLoss = matches.find((m) => m.bracket === 'winners' && m.round === 1)!;
  const dropped = firstLoss.entry_b;
  expect(matches.some((m) => m.bracket === 'losers' && [m.entry_a, m.entry_b].includes(dropped))).toBe(true);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await storeSession(page, cup.sessions.get(champion)!);
  await page.goto(`/pod/?id=${cup.id}`);
  const double = page.locator('[data-format="double_elimination"]');
  await expect(double).toBeVisible({ timeout: 20_000 });
  await expect(double.locator('[data-bracket-section="losers"] h3')).toHaveCount(4);
  await expect(double.locator('[data-grand-final-match]')).toHaveCount(2);
  await expect(page.locator('[data-my-standing]')).toHaveText('You won the tournament!');
  await screenshot(page, { path: shot(testInfo, 'double-real-1280.png'), fullPage: true });
  // The embed: winners', losers' and grand-final sections, from the public API.
  await page.goto(`/embed/bracket/?id=${cup.id}`);
  await expect(page.getByText(/Grand final/i).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Losers/i).first()).toBeVisible();
  await screenshot(page, { path: shot(testInfo, 'double-embed-1280.png'), fullPage: true });
  await context.close();
});

/**
 * Swiss and double elimination as the page draws them, from get_bracket answers in the contract's shapes
 * (tests/e2e/fixtures/format-brackets.ts) served in place of the seeded cup's: the seeded cups of those formats
 * come with their SQL. The row's declared stages are answered to match, so the words above the bracket agree.
 */
async function pageWithBracket(browser: Browser, bracket: { format: string }, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.route('**/rest/v1/rpc/get_bracket', (route) => route.fulfill({ json: bracket }));
  await page.route('**/rest/v1/tournaments?select=id,title,format,series_id*', async (route) => {
    const rows = (await (await route.fetch()).json()) as Array<Record<string, unknown>>;
    route.fulfill({ json: rows.map((row) => ({ ...row, stages: [{ kind: bracket.format }] })) });
  });
  await page.goto(`/pod/?id=${CUP}`);
  return page;
}

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test(`Swiss: the table with its tie-break columns explained, and every round with its bye (${viewport.width} px)`, async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
    const page = await pageWithBracket(browser, swissBracket(), viewport);
    const swiss = page.locator('[data-format="swiss"]');
    await expect(swiss).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^Swiss: every round you meet a player on the same points as you/)).toBeVisible();
    const table = swiss.locator('[data-swiss-table]');
    await expect(table.locator('thead th')).toHaveText(['#', 'Player', 'P', 'W', 'D', 'L', 'Pts', 'mBH', 'BH']);
    await expect(table.locator('tbody tr').first().locator('td')).toHaveText(['1', 'esha', '2', '2', '0', '0', '6', '3', '3']);
    await expect(table.locator('tbody tr').nth(2).locator('td')).toHaveText(['3', 'arjun', '2', '1', '0', '1', '3', '6', '6']);
    await expect(swiss.locator('[data-swiss-explain]')).toContainText(
      'median-Buchholz (mBH: the points of your opponents, leaving out the highest and the lowest)',
    );
    // The round being played is open; a bye is a match without an opponent; the round not paired yet says when it will be.
    await expect(swiss.locator('[data-swiss-round="2"]')).toHaveAttribute('open', '');
    await expect(swiss.locator('[data-swiss-round="1"]')).not.toHaveAttribute('open', '');
    const bye = swiss.locator('[data-swiss-round="2"] [data-match]').filter({ hasText: 'bye' });
    await expect(bye).toContainText('chetan');
    await expect(bye.locator('[data-side="b"]')).toHaveText('bye');
    await swiss.locator('[data-swiss-round="3"] summary').click();
    await expect(swiss.locator('[data-swiss-round="3"]')).toContainText('Paired when every match of the round before is settled.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).include('[data-format]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await swiss.scrollIntoViewIfNeeded();
    await screenshot(page, { path: shot(testInfo, `swiss-${viewport.width}.png`), fullPage: true });
    await page.context().close();
  });

  test(`double elimination: both brackets and a grand final played twice (${viewport.width} px)`, async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'both widths are opened inside');
    const page = await pageWithBracket(browser, doubleBracket(), viewport);
    const double = page.locator('[data-format="double_elimination"]');
    await expect(double).toBeVisible({ timeout: 20_000 });
    await expect(double.locator('[data-bracket-section="winners"] h2')).toHaveText('Winners’ bracket');
    await expect(double.locator('[data-bracket-section="winners"] h3')).toHaveText(['Winners round 1', 'Winners final']);
    await expect(double.locator('[data-bracket-section="losers"] h3')).toHaveText(['Losers round 1', 'Losers final']);
    await expect(double.locator('[data-bracket-section="losers"] [data-match]')).toHaveCount(2);
    const finals = double.locator('[data-grand-final-match]');
    await expect(finals).toHaveCount(2);
    await expect(finals.locator('h3')).toHaveText(['Grand final', 'Grand final, second match']);
    await expect(finals.first()).toContainText('bilal won 1–0');
    await expect(finals.nth(1)).toContainText('Scheduled');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).include('[data-format]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await double.scrollIntoViewIfNeeded();
    await screenshot(page, { path: shot(testInfo, `double-${viewport.width}.png`), fullPage: true });
    await page.context().close();
  });
}
