/**
 * The embeddable bracket and the site's security headers in a real browser (docs/api.md; docs/security-headers.md).
 * Another site (a page served from another origin) frames /embed/bracket/ and sees the bracket drawn from the
 * public API, while the same page framing a tournament's pay page is refused by its frame-ancestors. The embed
 * sets no cookie and tells its parent its height; without JavaScript it links to the tournaments. Pages load under
 * the real policy with nothing refused. Screenshots of the embed at 360 and 1280 px, light and dark.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { openChampionship } from './helpers/catalog';
import { screenshot } from './helpers/screenshots';

/** The seed's finished demo tournament: semi-finals and a final, every result confirmed. */
const FINISHED = 'demo-season-opener';

/**
 * An organiser's site: a server of its own on another port of this machine (another origin, and like the
 * site a local address, so the browser's private-network rules treat both alike), serving one page.
 */
async function organiserSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cup`, server };
}

/** Collects the policy's refusals a page reports (the browser fires securitypolicyviolation for each). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(t: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return violations;
}

test('another site frames the bracket, but not the pay page', async ({ page, baseURL }) => {
  const payPage = `${baseURL}/tournaments/${openChampionship().id}/`;
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  // The organiser's page frames both and listens for the embed's height.
  const organiser = await organiserSite(`<!doctype html><title>Organiser</title><h1>Our cup</h1>
    <iframe id="embed" src="${baseURL}/embed/bracket/?id=${FINISHED}" width="600" height="200"></iframe>
    <iframe id="pay" src="${payPage}" width="600" height="200"></iframe>
    <script>addEventListener('message', (e) => { if (e.data && e.data.type === 'golazo:embed-height') document.title = 'height ' + e.data.height; });</script>`);
  await page.goto(organiser.url);

  const embed = page.frameLocator('#embed');
  await expect(embed.getByRole('heading', { level: 2, name: 'Final', exact: true })).toBeVisible();
  await expect(embed.getByRole('heading', { level: 2, name: 'Semi-finals' })).toBeVisible();
  await expect(embed.getByRole('heading', { level: 1 })).not.toHaveText('Tournament bracket');
  await expect(embed.getByRole('link', { name: /View on/ })).toHaveAttribute('href', `/pod/?id=${FINISHED}`);
  await expect(page).toHaveTitle(/^height \d+$/);

  // The pay page's frame-ancestors refuses the organiser: its frame never holds the page.
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await expect(page.frameLocator('#pay').getByRole('heading', { level: 1 })).toHaveCount(0);
  // Chrome names only the refused page's origin: the site's, refusing with the site pages' policy.
  expect(refusals.join('\n')).toContain(
    `Framing '${baseURL}/' violates the following Content Security Policy directive: "frame-ancestors 'self'"`,
  );
  await screenshot(page, { path: test.info().outputPath('embed-framed-by-another-site.png') });
  organiser.server.close();
});

test('the embed and the pages are served under the real policy, and the embed sets no cookie', async ({ page, request, context }) => {
  const embedHeaders = (await request.get(`/embed/bracket/?id=${FINISHED}`)).headers();
  expect(embedHeaders['content-security-policy']).toContain('frame-ancestors *');
  const payHeaders = (await request.get(`/tournaments/${openChampionship().id}/`)).headers();
  expect(payHeaders['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(payHeaders['x-frame-options']).toBe('SAMEORIGIN');
  for (const headers of [embedHeaders, payHeaders]) {
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  }

  const violations = await watchViolations(page);
  await page.goto(`/embed/bracket/?id=${FINISHED}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Final', exact: true })).toBeVisible();
  for (const path of ['/', `/tournaments/${openChampionship().id}/`, '/leaderboard', '/login', `/pod/?id=${FINISHED}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);

  await context.clearCookies();
  await page.goto(`/embed/bracket/?id=${FINISHED}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Final', exact: true })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
});

test('the OpenAPI description lists exactly the views of the public API', async ({ request }) => {
  const description = (await (await request.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, unknown>;
    servers: { url: string }[];
  };
  expect(Object.keys(description.paths).sort()).toEqual([
    '/leaderboard',
    '/matches',
    '/payouts',
    '/players',
    '/prizes',
    '/stages',
    '/standings',
    '/tournaments',
  ]);
  expect(description.servers[0]?.url).toMatch(/\/rest\/v1$/);
});

test('without JavaScript the embed links to the tournaments', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}/embed/bracket/?id=${FINISHED}`);
  await expect(page.getByText(/Open the tournament on .+ to see its bracket/)).toBeVisible();
  await expect(page.getByRole('link', { name: /View on/ })).toHaveAttribute('href', '/tournaments');
  await context.close();
});

test('the tournament page gives the embed code', async ({ page }) => {
  const id = openChampionship().id;
  await page.goto(`/tournaments/${id}/`);
  const share = page.locator('[data-embed-share]');
  await share.getByText('Embed this bracket on your site').click();
  await expect(share.getByLabel('Embed code')).toHaveValue(new RegExp(`<iframe src="[^"]+/embed/bracket/\\?id=${id}"`));
});

/**
 * A groups-then-knockout cup as api_v1 answers it (the seed's groups cup is not drawn when the stack starts):
 * two groups with one result each, their tables as api_v1.stages ranks them, a knockout of four with its
 * third-place match.
 */
async function answerAsAGroupsCup(page: Page) {
  const id = 'embed-groups-cup';
  let n = 0;
  const match = (round: number, position: number, extra: Record<string, unknown>) => ({
    id: `00000000-0000-7000-8000-${String(++n).padStart(12, '0')}`,
    tournament_id: id,
    round,
    position,
    entry_a: `a${n}`,
    entry_b: `b${n}`,
    player_a: `Home ${n}`,
    player_b: `Away ${n}`,
    status: 'scheduled',
    score_a: null,
    score_b: null,
    winner_entry_id: null,
    stage_no: 1,
    stage: 'groups',
    group_name: null,
    bracket: null,
    ...extra,
  });
  const matches = [
    ...[1, 2, 3].flatMap((round) => ['A', 'A', 'B', 'B'].map((group, i) => match(round, i + 1, { group_name: group }))),
    match(4, 1, { stage_no: 2, stage: 'knockout', player_a: null, player_b: null, entry_a: null, entry_b: null }),
    match(4, 2, { stage_no: 2, stage: 'knockout', player_a: null, player_b: null, entry_a: null, entry_b: null }),
    match(5, 1, { stage_no: 2, stage: 'knockout', player_a: null, player_b: null, entry_a: null, entry_b: null }),
    match(5, 2, { stage_no: 2, stage: 'knockout', bracket: 'third_place', player_a: null, player_b: null, entry_a: null, entry_b: null }),
  ];
  Object.assign(matches[0]!, { status: 'confirmed', score_a: 2, score_b: 0, winner_entry_id: matches[0]!.entry_a });
  const row = (rank: number, name: string, won: number, lost: number) => ({
    entry_id: name,
    in_game_name: name,
    played: won + lost,
    won,
    drawn: 0,
    lost,
    goals_for: 2 * won,
    goals_against: 2 * lost,
    goal_difference: 2 * (won - lost),
    points: 3 * won,
    rank,
    qualified: false,
    decided_by: null,
  });
  const stages = [
    {
      stage_no: 1,
      groups: [
        { name: 'A', table: [row(1, 'Home 1', 1, 0), row(2, 'Home 2', 0, 0), row(3, 'Away 2', 0, 0), row(4, 'Away 1', 0, 1)] },
        { name: 'B', table: [row(1, 'Home 3', 0, 0), row(2, 'Away 3', 0, 0), row(3, 'Home 4', 0, 0), row(4, 'Away 4', 0, 0)] },
      ],
      swiss_table: null,
    },
    { stage_no: 2, groups: null, swiss_table: null },
  ];
  const answers: Record<string, unknown> = {
    tournaments: [{ id, title: 'Embed Groups Cup', status: 'live', series: 'championship' }],
    matches,
    stages,
  };
  await page.route('**/rest/v1/**', (route) => {
    const view = new URL(route.request().url()).pathname.split('/').at(-1) ?? '';
    return route.fulfill({ json: answers[view] ?? [], headers: { 'access-control-allow-origin': '*' } });
  });
  return id;
}

test('a groups cup shows each group with its table and matchdays, then the knockout and the third-place match', async ({ page }) => {
  const id = await answerAsAGroupsCup(page);
  await page.goto(`/embed/bracket/?id=${id}`);
  for (const name of ['Group A', 'Group B', 'Knockout', 'Third place']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  const groupA = page.locator('section.stage').filter({ has: page.getByRole('heading', { name: 'Group A' }) });
  await expect(groupA.getByRole('row')).toHaveCount(5);
  await expect(groupA.getByRole('row').nth(1)).toContainText('Home 1');
  await expect(groupA.getByRole('heading', { level: 3 })).toHaveText(['Matchday 1', 'Matchday 2', 'Matchday 3']);
  await expect(page.getByRole('heading', { level: 3, name: 'Final', exact: true })).toBeVisible();
  // Every match exactly once: 12 in the groups, 4 in the knockout.
  await expect(page.locator('.match')).toHaveCount(16);
});

for (const width of [360, 1280]) {
  test(`screenshot of a groups cup's embed at ${width} px`, async ({ page }, testInfo) => {
    const id = await answerAsAGroupsCup(page);
    await page.setViewportSize({ width, height: 640 });
    await page.goto(`/embed/bracket/?id=${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Group A' })).toBeVisible();
    await screenshot(page, { path: testInfo.outputPath(`embed-groups-${width}.png`), fullPage: true });
  });
}

for (const width of [360, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot of the embed at ${width} px, ${scheme}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 640 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/embed/bracket/?id=${FINISHED}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Final', exact: true })).toBeVisible();
      await screenshot(page, { path: testInfo.outputPath(`embed-bracket-${width}-${scheme}.png`), fullPage: true });
    });
  }
}
