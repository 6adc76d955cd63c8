/**
 * Prize money from a win to the player's UPI id, against the real database and the local RazorpayX and PAN
 * doubles: a Super 4 pod is played out (the referee sets the three results), the clock passes the 2-hour
 * challenge window and the due work credits the prizes. The champion sees the prize on My Earnings, sends
 * PAN and UPI id (checked by the doubles), asks to withdraw and sees the tax before confirming; the admin
 * (two-step sign-in) approves in the console; the payouts double processes it; My Earnings and the annual
 * statement then show what was won, withheld and paid.
 * Fails -> prizes never reach a balance, a payout leaves without KYC, approval or its tax, or the figures a
 * player reads differ from the ledger.
 *
 * Its own series and pod, so no other test's open pod is touched.
 */
import { randomInt, randomUUID } from 'node:crypto';
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

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SCREENSHOTS = process.env.PAYOUT_SCREENSHOTS;
const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };

/** The pod's prizes: ₹2,000 to the champion, ₹500 to the runner-up. */
const FIRST_PRIZE_PAISE = 200_000;
const SECOND_PRIZE_PAISE = 50_000;
const ENTRY_FEE_PAISE = 5_000;

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

async function asUser<T = unknown>(session: StoredSession, name: string, args: Record<string, unknown>): Promise<T> {
  const response = await rpc(name, args, session.access_token);
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const runDueWork = () => asService('/rest/v1/rpc/local_run_due_work', { body: {} });
const setClock = (at: Date | null) => asService('/rest/v1/rpc/local_set_clock', { body: { p_now: at?.toISOString() ?? null } });

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

type Match = { id: string; round: number; position: number; entry_a: string; entry_b: string; status: string };

/**
 * A Super 4 pod of its own (inactive) series with a prize formula, filled by four new players who check
 * in; the due work draws it and the referee sets every result: entry_a wins each match 2–0.
 * Answers the pod and the sessions of the champion and the runner-up.
 */
async function finishedPod(): Promise<{ id: string; champion: StoredSession; runnerUp: StoredSession }> {
  const series = `e2e-prize-${randomUUID().slice(0, 8)}`;
  const id = `${series}-pod-1`;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  await asService('/rest/v1/series', {
    body: {
      id: series,
      title: 'Prize Super 4',
      kind: 'quick',
      format: 'Super 4',
      entry_fee_paise: ENTRY_FEE_PAISE,
      prize_pool_paise: FIRST_PRIZE_PAISE + SECOND_PRIZE_PAISE,
      prize_formula: [
        { from_place: 1, to_place: 1, amount_paise: FIRST_PRIZE_PAISE },
        { from_place: 2, to_place: 2, amount_paise: SECOND_PRIZE_PAISE },
      ],
      capacity: 4,
      check_in_opens_before: '60 minutes',
      check_in_closes_before: '15 minutes',
      active: false,
    },
  });
  await asService('/rest/v1/tournaments', {
    body: {
      id,
      title: 'Prize Super 4 #1',
      series: 'quick',
      format: 'Super 4',
      entry_fee_paise: ENTRY_FEE_PAISE,
      prize_pool_paise: FIRST_PRIZE_PAISE + SECOND_PRIZE_PAISE,
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
      const session = await signInWithApi(uniqueEmail(`prize-p${n}`));
      await completeEligibleProfile(session);
      await payEntry(session, id);
      return session;
    }),
  );
  const entriesOf = () => asService<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${id}`);
  await expect.poll(async () => (await entriesOf()).length, { message: 'four paid entries', timeout: 30_000 }).toBe(4);
  for (const player of players) await asUser(player, 'check_in', { p_tournament_id: id });
  await asService(`/rest/v1/tournaments?id=eq.${id}`, {
    method: 'PATCH',
    body: {
      check_in_opens_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      check_in_closes_at: new Date(Date.now() - 60_000).toISOString(),
      starts_at: new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000).toISOString(),
    },
  });
  await runDueWork();

  const referee = await staffSession('referee@golazo.test');
  const matches = () => asService<Match[]>(`/rest/v1/matches?select=*&tournament_id=eq.${id}&order=round,position`);
  const drawn = await matches();
  expect(drawn.map((match) => match.round)).toEqual([1, 1, 2]);
  for (const semi of drawn.filter((match) => match.round === 1)) {
    await asUser(referee, 'staff_settle_match', {
      p_match_id: semi.id,
      p_winner_entry_id: semi.entry_a,
      p_score: [2, 0],
      p_note: 'Result from the screenshots',
    });
  }
  const final = (await matches()).find((match) => match.round === 2);
  if (!final?.entry_a || !final.entry_b) throw new Error('the final has no players');
  await asUser(referee, 'staff_settle_match', {
    p_match_id: final.id,
    p_winner_entry_id: final.entry_a,
    p_score: [2, 0],
    p_note: 'Result from the screenshots',
  });

  const entries = await entriesOf();
  const sessionOf = (entryId: string) => {
    const playerId = entries.find((entry) => entry.id === entryId)?.player_id;
    const session = players.find((player) => player.user.id === playerId);
    if (!session) throw new Error(`entry ${entryId} has no player of this test`);
    return session;
  };
  return { id, champion: sessionOf(final.entry_a), runnerUp: sessionOf(final.entry_b) };
}

/** A personal PAN nobody else uses (the doubles confirm any well-formed PAN not beginning ZZZ). */
function freshPan(): string {
  const letter = () => String.fromCharCode(65 + randomInt(0, 25)); // A–Y: never ZZZ
  return `${letter()}${letter()}${letter()}P${letter()}${String(randomInt(0, 10_000)).padStart(4, '0')}${letter()}`;
}

async function pageAs(browser: Browser, session: StoredSession, path: string, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await storeSession(page, session);
  await page.goto(path);
  return page;
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

test('a Super 4 champion is credited the prize, completes KYC, sees the tax, is approved and paid', async ({ browser }) => {
  test.setTimeout(300_000);
  const pod = await finishedPod();

  // Finished: nothing is credited during the 2-hour challenge window; after it the due work credits the prizes.
  try {
    await setClock(new Date(Date.now() + 2 * 3600_000 + 5 * 60_000));
    await runDueWork();
  } finally {
    await setClock(null);
  }
  const earnings = await asUser<{ won_paise: number; balance_paise: number }>(pod.champion, 'get_my_earnings', {});
  expect(earnings).toMatchObject({ won_paise: FIRST_PRIZE_PAISE, balance_paise: FIRST_PRIZE_PAISE });
  expect(await asUser(pod.runnerUp, 'get_my_earnings', {})).toMatchObject({ won_paise: SECOND_PRIZE_PAISE });

  // The champion's My Earnings: the prize in the balance, no withdraw before KYC.
  const page = await pageAs(browser, pod.champion, '/my-earnings', PHONE);
  await expect(page.locator('[data-figure="balance"]')).toContainText(rupees(FIRST_PRIZE_PAISE));
  await expect(page.locator('[data-figure="won"]')).toContainText(rupees(FIRST_PRIZE_PAISE));
  await expect(page.getByTestId('stat-card').first()).toContainText(rupees(FIRST_PRIZE_PAISE));
  await expect(page.getByRole('region', { name: 'Withdraw', exact: true })).toHaveCount(0);

  // KYC: PAN and UPI id, checked by the doubles when the outbox is drained.
  const kyc = page.getByRole('region', { name: 'PAN and UPI id' });
  await kyc.getByLabel('PAN').fill(freshPan().toLowerCase());
  await kyc.getByLabel('UPI id').fill(`champion.${randomInt(0, 1_000_000)}@okaxis`);
  await kyc.getByRole('button', { name: 'Verify PAN and UPI id' }).click();
  await expect(kyc).toContainText('Checking');
  await runDueWork();
  await expect(kyc).toContainText('Verified', { timeout: 20_000 });

  // Withdraw ₹1,500: the tax and the net amount are shown before the player confirms.
  const withdraw = page.getByRole('region', { name: 'Withdraw', exact: true });
  await withdraw.getByLabel('Amount (₹)').fill('1500');
  await withdraw.getByRole('button', { name: 'See tax and amount' }).click();
  const preview = withdraw.locator('[data-withdraw-preview]');
  await expect(preview.getByTestId('preview-gross')).toHaveText(rupees(150_000));
  const shown = await asUser<{ gross_paise: number; tax_paise: number; net_paise: number }>(pod.champion, 'preview_payout', {
    p_amount_paise: 150_000,
  });
  expect(shown.tax_paise).toBeGreaterThan(0);
  expect(shown.gross_paise - shown.tax_paise).toBe(shown.net_paise);
  await expect(preview.getByTestId('preview-tax')).toHaveText(`− ${rupees(shown.tax_paise)}`);
  await expect(preview.getByTestId('preview-net')).toHaveText(rupees(shown.net_paise));
  await shoot(page, 'e2e-withdraw-preview');
  await preview.getByRole('button', { name: 'Confirm withdrawal' }).dblclick();
  await expect(withdraw.locator('[data-withdraw-result]')).toContainText('Awaiting approval');
  const history = page.getByRole('list', { name: 'Withdrawals' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('[data-figure="balance"]')).toContainText(rupees(FIRST_PRIZE_PAISE - 150_000));

  // The admin approves it in the console (first payout of this player).
  const admin = await pageAs(browser, await staffSession('admin@golazo.test'), '/staff', DESKTOP);
  const queue = admin.getByRole('list', { name: 'Payouts awaiting approval or on their way' });
  const item = queue.getByRole('listitem').filter({ hasText: pod.champion.user.email ?? '' });
  await expect(item).toContainText(rupees(150_000));
  await expect(item).toContainText(rupees(shown.tax_paise));
  await expect(item).toContainText('Verified');
  await expect(item).toContainText('Prize Super 4 #1');
  await shoot(admin, 'e2e-console-queue');
  await item.getByRole('button', { name: /^Approve/ }).click();
  await admin.getByRole('dialog', { name: 'Approve this payout?' }).getByRole('button', { name: 'Approve payout' }).click();
  await expect(admin.locator('[data-payouts-notice]')).toContainText(`Approved ${rupees(shown.net_paise)}`);
  // Approved, it stays listed without buttons until RazorpayX has paid it.
  await expect(item.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await admin.context().close();

  // The worker sends it to the payouts double, which processes it and sends its webhooks.
  await runDueWork();
  await expect(history.getByRole('listitem').first()).toContainText('Processed', { timeout: 30_000 });
  await page.reload();
  await expect(page.locator('[data-figure="paid-out"]')).toContainText(rupees(shown.net_paise));
  await expect(page.locator('[data-figure="tax"]')).toContainText(rupees(shown.tax_paise));
  await expect(page.locator('[data-figure="balance"]')).toContainText(rupees(FIRST_PRIZE_PAISE - 150_000));

  // The statement of this financial year: the winnings, the tax withheld, the withdrawal; and as CSV.
  const statement = page.locator('[data-statement]');
  await expect(statement.getByTestId('statement-winnings')).toHaveText(rupees(FIRST_PRIZE_PAISE));
  await expect(statement.getByTestId('statement-tax')).toHaveText(rupees(shown.tax_paise));
  await expect(statement.getByTestId('statement-closing')).toHaveText(rupees(FIRST_PRIZE_PAISE - 150_000));
  await expect(statement.getByRole('table')).toContainText('Processed');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByRole('button', { name: 'Download statement (CSV)' }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv).toContain(`winnings,${(FIRST_PRIZE_PAISE / 100).toFixed(2)}`);
  expect(csv).toContain(`Withdrawal,1500.00,${(shown.tax_paise / 100).toFixed(2)},${(shown.net_paise / 100).toFixed(2)},Processed`);
  await shoot(page, 'e2e-my-earnings');
  await page.context().close();
});
