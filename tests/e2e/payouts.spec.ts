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
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, type Page, test } from '@playwright/test';
import type { Session } from '../support/players.ts';
import { expect, stack, storeSession } from './helpers/auth';
import { drawnSuper4Pod, type PodMatch } from './helpers/pods';
import { staffSession } from './helpers/staff';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SCREENSHOTS = process.env.PAYOUT_SCREENSHOTS;

/** The pod's prizes: ₹2,000 to the champion, ₹500 to the runner-up. */
const FIRST_PRIZE_PAISE = 200_000;
const SECOND_PRIZE_PAISE = 50_000;
const ENTRY_FEE_PAISE = 5_000;

/**
 * A drawn Super 4 pod of its own with a prize formula (helpers/pods.ts); the referee sets every result:
 * entry_a wins each match 2–0. Answers the pod and the sessions of the champion and the runner-up.
 */
async function finishedPod(): Promise<{ id: string; champion: Session; runnerUp: Session }> {
  const { id, players, entries } = await drawnSuper4Pod({
    label: 'prize',
    title: 'Prize Super 4',
    entryFeePaise: ENTRY_FEE_PAISE,
    prizePoolPaise: FIRST_PRIZE_PAISE + SECOND_PRIZE_PAISE,
    prizeFormula: [
      { from_place: 1, to_place: 1, amount_paise: FIRST_PRIZE_PAISE },
      { from_place: 2, to_place: 2, amount_paise: SECOND_PRIZE_PAISE },
    ],
  });

  const referee = await staffSession('referee@golazo.test');
  const matches = () => stack.rest<PodMatch[]>(`/rest/v1/matches?select=*&tournament_id=eq.${id}&order=round,position`);
  const drawn = await matches();
  expect(drawn.map((match) => match.round)).toEqual([1, 1, 2]);
  for (const semi of drawn.filter((match) => match.round === 1)) {
    await stack.call(
      'staff_settle_match',
      {
        p_match_id: semi.id,
        p_winner_entry_id: semi.entry_a,
        p_score: [2, 0],
        p_note: 'Result from the screenshots',
      },
      referee,
    );
  }
  const final = (await matches()).find((match) => match.round === 2);
  if (!final?.entry_a || !final.entry_b) throw new Error('the final has no players');
  await stack.call(
    'staff_settle_match',
    {
      p_match_id: final.id,
      p_winner_entry_id: final.entry_a,
      p_score: [2, 0],
      p_note: 'Result from the screenshots',
    },
    referee,
  );

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

async function pageAs(browser: Browser, session: Session, path: string, viewport = PHONE): Promise<Page> {
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
  // The pod's own finish moves back past the window (the database's clock stays put, so no other test's
  // deadlines pass while this runs).
  await stack.rest(`/rest/v1/tournaments?id=eq.${pod.id}`, {
    method: 'PATCH',
    body: { finished_at: new Date(Date.now() - 2 * 3600_000 - 5 * 60_000).toISOString() },
  });
  await stack.runDueWork();
  const earnings = await stack.call<{ won_paise: number; balance_paise: number }>('get_my_earnings', {}, pod.champion);
  expect(earnings).toMatchObject({ won_paise: FIRST_PRIZE_PAISE, balance_paise: FIRST_PRIZE_PAISE });
  expect(await stack.call('get_my_earnings', {}, pod.runnerUp)).toMatchObject({ won_paise: SECOND_PRIZE_PAISE });

  // The champion's My Earnings: the prize in the balance, no withdraw before KYC.
  const page = await pageAs(browser, pod.champion, '/my-earnings', PHONE);
  await expect(page.locator('[data-figure="balance"]')).toContainText(rupees(FIRST_PRIZE_PAISE));
  await expect(page.locator('[data-figure="won"]')).toContainText(rupees(FIRST_PRIZE_PAISE));
  await expect(page.getByTestId('stat-card').first()).toContainText(rupees(FIRST_PRIZE_PAISE));
  await expect(page.getByRole('region', { name: 'Withdraw', exact: true })).toHaveCount(0);

  // KYC: PAN and UPI id, checked by the doubles when the outbox is drained.
  const kyc = page.getByRole('region', { name: 'PAN and UPI id' });
  const pan = freshPan();
  await kyc.getByLabel('PAN').fill(pan.toLowerCase());
  await kyc.getByLabel('UPI id').fill(`champion.${randomInt(0, 1_000_000)}@okaxis`);
  await kyc.getByRole('button', { name: 'Verify PAN and UPI id' }).click();
  // Checking until the outbox is drained; the stack's own periodic run may drain it first.
  await expect(kyc).toContainText(/Checking|Verified/);
  await stack.runDueWork();
  await expect(kyc).toContainText('Verified', { timeout: 20_000 });

  // Withdraw ₹1,500: the tax and the net amount are shown before the player confirms.
  const withdraw = page.getByRole('region', { name: 'Withdraw', exact: true });
  await withdraw.getByLabel('Amount (₹)').fill('1500');
  await withdraw.getByRole('button', { name: 'See tax and amount' }).click();
  const preview = withdraw.locator('[data-withdraw-preview]');
  await expect(preview.getByTestId('preview-gross')).toHaveText(rupees(150_000));
  const shown = await stack.call<{ gross_paise: number; tax_paise: number; net_paise: number }>(
    'preview_payout',
    {
      p_amount_paise: 150_000,
    },
    pod.champion,
  );
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
  await stack.runDueWork();
  await expect(history.getByRole('listitem').first()).toContainText('Processed', { timeout: 30_000 });
  await page.reload();
  // The bank's reference RazorpayX reported with the processed webhook: the proof the player can show their bank.
  await expect(history.getByRole('listitem').first()).toContainText(/Bank reference \(UTR\): UTR\d+/);
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

  // The accountant's register of this month (the console's default period) lists the withholding.
  const desk = await pageAs(browser, await staffSession('admin@golazo.test'), '/staff', DESKTOP);
  const [register] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Withholding register (CSV)' }).click(),
  ]);
  const rows = readFileSync((await register.path()) ?? '', 'utf8').split(/\r?\n/);
  const row = rows.find((line) => line.includes(pan));
  expect(row, rows.join('\n')).toContain(`Withdrawal,1500.00`);
  expect(row).toContain((shown.tax_paise / 100).toFixed(2));
  await desk.context().close();
});
