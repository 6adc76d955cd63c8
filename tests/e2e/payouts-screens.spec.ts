/**
 * My Earnings' KYC form and withdraw card, and the staff console's payout queue, with the payout functions'
 * answers given by the test (page.route): what the player sees as they type, that the tax is shown before
 * they confirm, that a double click sends one request with one idempotency key, and that every failure
 * reads as a sentence. The whole flow against the real database is payouts.spec.ts.
 *
 * PAYOUT_SCREENSHOTS=<dir> also saves the screens (phone and desktop) there.
 */
import type { Page, Route } from '@playwright/test';
import { test } from '@playwright/test';
import { expect, signedInPlayer, storeSession } from './helpers/auth';
import { staffSession } from './helpers/staff';

const SCREENSHOTS = process.env.PAYOUT_SCREENSHOTS;

// ₹5,000 won after ₹1,000 of entry fees this year: withdrawing it all is taxed on ₹4,000, so ₹3,800 is paid out.
const EARNINGS = {
  won_paise: 500_000,
  tax_withheld_paise: 0,
  paid_out_paise: 0,
  balance_paise: 500_000,
  balance_after_tax_paise: 380_000,
  pending_paise: 0,
};
/** preview_payout's reckoning of a withdrawal of `paise` for a player who paid `feesPaise` this year. */
const reckoning = (paise: number, feesPaise: number) => ({
  financial_year: 2026,
  withdrawn_paise: paise,
  entry_fees_paise: feesPaise,
  opening_balance_paise: 0,
  already_counted_paise: 0,
  net_winnings_paise: Math.max(0, paise - feesPaise),
});
const APPROVAL_DUE_AT = '2026-12-21T14:00:00Z';
const VERIFIED = { status: 'verified', reason: null, pan_masked: 'ABCPE••••F', upi_id: 'asha.rao@okaxis', payouts_held_until: null };
const STATEMENT = {
  financial_year: 2026,
  winnings_paise: 500_000,
  tax_withheld: [],
  payouts: [],
  opening_balance_paise: 0,
  closing_balance_paise: 500_000,
};

type Answer = unknown | ((body: Record<string, unknown>) => { status?: number; body: unknown });

/** Answers the named RPCs; every other call reaches the stack. Returns the bodies each RPC received. */
async function answerRpcs(page: Page, answers: Record<string, Answer>): Promise<Record<string, Record<string, unknown>[]>> {
  const calls: Record<string, Record<string, unknown>[]> = {};
  for (const [name, answer] of Object.entries(answers)) {
    calls[name] = [];
    await page.route(`**/rest/v1/rpc/${name}`, async (route: Route) => {
      const body = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
      calls[name]?.push(body);
      const reply =
        typeof answer === 'function'
          ? (answer as (b: Record<string, unknown>) => { status?: number; body: unknown })(body)
          : { body: answer };
      await route.fulfill({ status: reply.status ?? 200, contentType: 'application/json', body: JSON.stringify(reply.body) });
    });
  }
  return calls;
}

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const project = test.info().project.name;
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${project}.png`, fullPage: true });
}

test.describe('My Earnings: KYC and withdraw', () => {
  test('the KYC form checks PAN and UPI id as the player types, then says the check is running @phone', async ({ page }) => {
    await signedInPlayer(page, 'kyc-form');
    let kyc: Record<string, unknown> | null = null;
    const calls = await answerRpcs(page, {
      get_my_earnings: EARNINGS,
      get_my_payouts: [],
      get_my_tax_statement: STATEMENT,
      get_my_kyc: () => ({ body: kyc }),
      submit_kyc: (body: Record<string, unknown>) => {
        if (String(body.p_pan).startsWith('ZZZ'))
          return { status: 400, body: { code: 'PT400', message: 'invalid pan', hint: 'invalid_pan', details: null } };
        kyc = { status: 'pending', reason: null, pan_masked: null, upi_id: String(body.p_upi_id), payouts_held_until: null };
        return { body: null };
      },
    });
    await page.goto('/my-earnings');
    const card = page.getByRole('region', { name: 'PAN and UPI id' });
    await expect(card).toContainText('Not started');
    await expect(page.locator('[data-figure="balance"]')).toContainText('₹5,000.00');
    await expect(page.locator('[data-figure="balance"]')).toContainText('₹3,800.00 after tax if you withdraw it all');
    await expect(page.getByTestId('stat-card').first()).toContainText('₹5,000.00');
    // No withdraw card before KYC is verified.
    await expect(page.getByRole('region', { name: 'Withdraw', exact: true })).toHaveCount(0);

    const pan = card.getByLabel('PAN');
    await pan.fill('abcde1234f');
    await expect(pan).toHaveValue('ABCDE1234F');
    await expect(card.getByText('The 4th letter of a personal PAN is P.', { exact: false })).toBeVisible();
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    await pan.fill('ZZZPE1234F');
    await expect(pan).not.toHaveAttribute('aria-invalid', 'true');
    const upi = card.getByLabel('UPI id');
    await upi.fill('asha rao@okaxis');
    await expect(card.getByText(/Check your UPI id/)).toBeVisible();
    await upi.fill('asha.rao@okaxis');
    await expect(upi).not.toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'kyc-form');

    await card.getByRole('button', { name: 'Verify PAN and UPI id' }).click();
    await expect(card.getByRole('alert')).toHaveText('That PAN is not valid. Check it against your PAN card.');
    await pan.fill('abcpe1234f');
    await card.getByRole('button', { name: 'Verify PAN and UPI id' }).click();
    await expect(card).toContainText('Checking');
    await expect(card.getByRole('status')).toContainText('We are checking your PAN');
    expect(calls.submit_kyc?.at(-1)).toEqual({ p_pan: 'ABCPE1234F', p_upi_id: 'asha.rao@okaxis' });
  });

  test('a rejected KYC shows its reason above the form', async ({ page }) => {
    await signedInPlayer(page, 'kyc-rejected');
    await answerRpcs(page, {
      get_my_earnings: EARNINGS,
      get_my_payouts: [],
      get_my_tax_statement: STATEMENT,
      get_my_kyc: { status: 'rejected', reason: 'The name on this PAN does not match your legal name.', pan_masked: null, upi_id: null },
    });
    await page.goto('/my-earnings');
    const card = page.getByRole('region', { name: 'PAN and UPI id' });
    await expect(card).toContainText('Not verified');
    await expect(card.getByRole('alert')).toContainText('The name on this PAN does not match your legal name.');
    await expect(card.getByRole('button', { name: 'Verify PAN and UPI id' })).toBeVisible();
  });

  test('the withdraw card shows the tax before the player confirms, and a double click makes one request @phone', async ({ page }) => {
    await signedInPlayer(page, 'withdraw');
    let payouts: unknown[] = [];
    const calls = await answerRpcs(page, {
      get_my_earnings: EARNINGS,
      get_my_kyc: VERIFIED,
      get_my_payouts: () => ({ body: payouts }),
      get_my_tax_statement: STATEMENT,
      preview_payout: (body: Record<string, unknown>) =>
        Number(body.p_amount_paise) > EARNINGS.balance_paise
          ? { status: 409, body: { code: 'PT409', message: 'insufficient', hint: 'insufficient_balance', details: null } }
          : {
              // ₹1,000 after ₹0 of fees: taxed on all of it.
              body: {
                gross_paise: body.p_amount_paise,
                tax_paise: 30_000,
                net_paise: Number(body.p_amount_paise) - 30_000,
                balance_paise: 500_000,
                tax_rate_percent: 30,
                reckoning: reckoning(Number(body.p_amount_paise), 0),
              },
            },
      request_payout: (body: Record<string, unknown>) => {
        payouts = [
          {
            payout_id: 'payout-1',
            gross_paise: body.p_amount_paise,
            tax_paise: 30_000,
            net_paise: 70_000,
            status: 'awaiting_approval',
            upi_id: 'asha.rao@okaxis',
            failure_reason: null,
            created_at: new Date().toISOString(),
            processed_at: null,
            approval_due_at: APPROVAL_DUE_AT,
          },
        ];
        return {
          body: {
            payout_id: 'payout-1',
            gross_paise: body.p_amount_paise,
            tax_paise: 30_000,
            net_paise: 70_000,
            status: 'awaiting_approval',
            approval_due_at: APPROVAL_DUE_AT,
          },
        };
      },
    });
    // The answer to request_payout is held until both clicks have landed, as on a slow connection.
    let releaseAnswer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    await page.route('**/rest/v1/rpc/request_payout', async (route) => {
      await answerHeld;
      await route.fallback();
    });
    await page.goto('/my-earnings');
    const kyc = page.getByRole('region', { name: 'PAN and UPI id' });
    await expect(kyc).toContainText('Verified');
    await expect(kyc).toContainText('asha.rao@okaxis');
    const card = page.getByRole('region', { name: 'Withdraw', exact: true });
    const amount = card.getByLabel('Amount (₹)');
    await amount.fill('6000');
    await expect(card.getByText('That is more than your balance.')).toBeVisible();
    await card.getByRole('button', { name: 'Withdraw all' }).click();
    await expect(amount).toHaveValue('5000');
    await amount.fill('1,000');
    await card.getByRole('button', { name: 'See tax and amount' }).click();

    const preview = card.locator('[data-withdraw-preview]');
    await expect(preview.getByTestId('preview-gross')).toHaveText('₹1,000.00');
    await expect(preview.getByTestId('preview-tax')).toHaveText('− ₹300.00');
    await expect(preview.getByTestId('preview-net')).toHaveText('₹700.00');
    await expect(preview).toContainText('You receive on asha.rao@okaxis');
    await expect(preview.locator('[data-tax-reckoning]')).toContainText(
      'All of this withdrawal of ₹1,000.00 is net winnings: you paid no entry fees this financial year and had no opening balance to take off. The tax is 30% of that: ₹300.00.',
    );
    expect(calls.request_payout).toHaveLength(0);
    await shoot(page, 'withdraw-preview');

    await preview.getByRole('button', { name: 'Confirm withdrawal' }).dblclick();
    releaseAnswer();
    await expect(card.locator('[data-withdraw-result]')).toContainText('you receive ₹700.00');
    await expect(card.locator('[data-withdraw-result]')).toContainText('Awaiting approval');
    await expect(card.locator('[data-withdraw-result]')).toContainText(
      'An admin approves it by 21 Dec 2026, 7:30 pm IST: every first withdrawal',
    );
    expect(calls.request_payout).toHaveLength(1);
    expect(calls.request_payout?.[0]).toMatchObject({
      p_amount_paise: 100_000,
      p_idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const history = page.getByRole('list', { name: 'Withdrawals' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('₹700.00');
    await expect(history).toContainText('Awaiting approval');
    await expect(history).toContainText('An admin approves it by 21 Dec 2026, 7:30 pm IST: every first withdrawal');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);
    await shoot(page, 'my-earnings');
  });

  test('a failed request keeps its key, so trying again sends the same attempt', async ({ page }) => {
    await signedInPlayer(page, 'withdraw-retry');
    let attempts = 0;
    const calls = await answerRpcs(page, {
      get_my_earnings: EARNINGS,
      get_my_kyc: VERIFIED,
      get_my_payouts: [],
      get_my_tax_statement: STATEMENT,
      preview_payout: {
        gross_paise: 100_000,
        tax_paise: 30_000,
        net_paise: 70_000,
        balance_paise: 500_000,
        tax_rate_percent: 30,
        reckoning: reckoning(100_000, 0),
      },
      request_payout: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: { code: 'PT409', message: 'held', hint: 'payouts_held', details: null } }
          : { body: { payout_id: 'p1', gross_paise: 100_000, tax_paise: 30_000, net_paise: 70_000, status: 'queued' } };
      },
    });
    await page.goto('/my-earnings');
    const card = page.getByRole('region', { name: 'Withdraw', exact: true });
    await card.getByLabel('Amount (₹)').fill('1000');
    await card.getByRole('button', { name: 'See tax and amount' }).click();
    await card.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(card.getByRole('alert')).toContainText('withdrawals are paused for 24 hours');
    await card.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(card.locator('[data-withdraw-result]')).toContainText('Processing');
    expect(calls.request_payout?.[0]?.p_idempotency_key).toBe(calls.request_payout?.[1]?.p_idempotency_key);
  });
});

test('when the payout functions cannot answer, My Earnings says so and still fits a phone @phone', async ({ page }) => {
  await signedInPlayer(page, 'payouts-down');
  const missing = (name: string) => () => ({
    status: 404,
    body: {
      code: 'PGRST202',
      message: `Could not find the function public.${name} without parameters in the schema cache`,
      hint: null,
      details: `Searched for the function public.${name} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    },
  });
  await answerRpcs(page, {
    get_my_earnings: missing('get_my_earnings'),
    get_my_kyc: missing('get_my_kyc'),
    get_my_payouts: missing('get_my_payouts'),
    // PostgREST names a missing function with its arguments: one long word that must wrap on a phone.
    get_my_tax_statement: () => ({
      status: 404,
      body: {
        code: 'PGRST202',
        message: 'Could not find the function public.get_my_tax_statement(p_financial_year) in the schema cache',
        hint: null,
        details: null,
      },
    }),
  });
  await page.goto('/my-earnings');
  await expect(page.locator('[data-prizes]').getByRole('alert')).toContainText('Could not find the function public.get_my_earnings');
  await expect(page.getByTestId('stat-card').first()).toContainText('—');
  await expect(page.getByText('No payments found.')).toBeVisible();
  await shoot(page, 'payouts-down');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);
});

test('the staff console lists payouts awaiting approval with KYC, winnings and tax @phone', async ({ page }) => {
  test.slow();
  await storeSession(page, await staffSession('admin@golazo.test'));
  const calls = await answerRpcs(page, {
    staff_list_payout_queue: [
      {
        payout_id: 'payout-1',
        user_id: 'user-1',
        gross_paise: 1_200_000,
        tax_paise: 360_000,
        net_paise: 840_000,
        status: 'awaiting_approval',
        upi_id: 'asha.rao@okaxis',
        created_at: '2026-12-20T14:00:00Z',
        approval_due_at: APPROVAL_DUE_AT,
        needs_approvals: 1,
        approved_by: [],
        can_approve: true,
        player: { legal_name: 'Asha Rao', in_game_name: 'AshaStrikes', email: 'asha@example.com' },
        kyc: { status: 'verified', pan_masked: 'ABCPE••••F', upi_id: 'asha.rao@okaxis', verified_at: '2026-12-19T10:00:00Z' },
        tax: { net_winnings_paise: 1_200_000, tax_paise: 360_000, financial_year: 2026 },
        winnings: [
          { tournament_id: 'super_4rc-pod-3', title: 'Super 4 RC #3', place: '1st', amount_paise: 1_200_000, at: '2026-12-19T10:00:00Z' },
        ],
      },
      {
        payout_id: 'payout-2',
        user_id: 'user-2',
        gross_paise: 50_000,
        tax_paise: 15_000,
        net_paise: 35_000,
        status: 'processing',
        upi_id: 'ravi@ybl',
        created_at: '2026-12-20T13:00:00Z',
        needs_approvals: 1,
        approved_by: [{ admin_id: 'admin-1', at: '2026-12-20T13:05:00Z' }],
        can_approve: false,
        player: { legal_name: 'Ravi Kumar', in_game_name: 'RaviFC', email: 'ravi@example.com' },
        kyc: { status: 'verified', pan_masked: 'BCDPE••••G', upi_id: 'ravi@ybl' },
        tax: { net_winnings_paise: 50_000, tax_paise: 15_000, financial_year: 2026 },
        winnings: [],
      },
    ],
    staff_get_reconciliation: [
      {
        kind: 'payout_amount',
        reference: 'pout_123',
        ledger_paise: 70_000,
        provider_paise: 69_000,
        found_at: '2026-12-20T15:00:00Z',
        resolved_at: null,
        note: null,
      },
    ],
    staff_approve_payout: {},
  });
  await page.goto('/staff');
  const queue = page.getByRole('list', { name: 'Payouts awaiting approval or on their way' });
  const item = queue.getByRole('listitem').filter({ hasText: 'Asha Rao' }).first();
  await expect(item).toContainText('₹12,000.00');
  await expect(item).toContainText('₹3,600.00');
  await expect(item).toContainText('₹8,400.00');
  await expect(item).toContainText('ABCPE••••F');
  await expect(item.locator('[data-approval-due]')).toHaveText('21 Dec 2026, 7:30 pm IST');
  await expect(item).toContainText('asha.rao@okaxis');
  await expect(item).toContainText('Super 4 RC #3 (1st)');
  // An approved payout on its way stays listed, without buttons.
  const sent = queue.getByRole('listitem').filter({ hasText: 'Ravi Kumar' }).first();
  await expect(sent).toContainText('Processing');
  await expect(sent.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Reconciliation' })).toContainText('pout_123');
  // The payouts section fits a phone: nothing makes the console scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);
  await shoot(page, 'staff-payouts');

  await item.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this payout?' });
  await expect(dialog).toContainText('₹8,400.00 goes to asha.rao@okaxis');
  await dialog.getByRole('button', { name: 'Approve payout' }).click();
  await expect(page.locator('[data-payouts-notice]')).toHaveText('Approved ₹8,400.00 for Asha Rao.');
  expect(calls.staff_approve_payout).toEqual([{ p_payout_id: 'payout-1' }]);
});
