/**
 * What provider events show on the screens, with the functions' answers given by the test (page.route):
 * My Earnings reads why part of the balance is held by a chargeback, the bank's reference (UTR) of a sent
 * payout, and a delayed one; the staff console lists chargebacks and outside calls the outbox gave up on,
 * with a Retry that calls staff_retry_outside_call, and the UTR of ended payouts. The rules behind them are
 * tested in SQL (payments-chargebacks, payouts-provider-events, foundation-outside-calls-given-up).
 *
 * MONEY_EVENTS_SCREENSHOTS=<dir> also saves the screens (phone and desktop) there.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { test } from '@playwright/test';
import { expect, signedInPlayer, storeSession } from './helpers/auth';
import { staffSession } from './helpers/staff';

const SCREENSHOTS = process.env.MONEY_EVENTS_SCREENSHOTS;

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

/** The whole page, and the part this test is about as the screen shows it. */
async function shoot(page: Page, name: string, part: Locator) {
  if (!SCREENSHOTS) return;
  const project = test.info().project.name;
  await page.screenshot({ path: `${SCREENSHOTS}/money-events-${name}-${project}.png`, fullPage: true });
  await part.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/money-events-${name}-${project}-part.png` });
}

const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);

test('My Earnings says why a chargeback holds part of the balance, and shows the UTR and a delayed payout @phone', async ({ page }) => {
  await signedInPlayer(page, 'held-balance');
  await answerRpcs(page, {
    get_my_earnings: {
      won_paise: 500_000,
      tax_withheld_paise: 30_000,
      paid_out_paise: 70_000,
      balance_paise: 50_000,
      pending_paise: 35_000,
    },
    get_my_kyc: { status: 'verified', reason: null, pan_masked: '••••••234F', upi_id: 'asha.rao@okaxis', payouts_held_until: null },
    get_my_withdrawal_holds: {
      held_paise: 15_000,
      available_paise: 35_000,
      chargebacks: [{ tournament_title: 'Golazo Arena — January 2027', amount_paise: 15_000, opened_at: '2027-01-20T10:00:00Z' }],
    },
    get_my_payouts: [
      {
        payout_id: 'p-delayed',
        gross_paise: 50_000,
        tax_paise: 15_000,
        net_paise: 35_000,
        status: 'approved',
        upi_id: 'asha.rao@okaxis',
        failure_reason: null,
        created_at: '2027-01-21T09:00:00Z',
        processed_at: null,
        utr: null,
        delayed: true,
      },
      {
        payout_id: 'p-sent',
        gross_paise: 100_000,
        tax_paise: 30_000,
        net_paise: 70_000,
        status: 'processed',
        upi_id: 'asha.rao@okaxis',
        failure_reason: null,
        created_at: '2027-01-10T09:00:00Z',
        processed_at: '2027-01-10T09:05:00Z',
        utr: 'HDFC000123456789',
        delayed: false,
      },
    ],
    get_my_tax_statement: {
      financial_year: 2026,
      winnings_paise: 500_000,
      tax_withheld: [],
      payouts: [],
      opening_balance_paise: 0,
      closing_balance_paise: 50_000,
    },
  });
  await page.goto('/my-earnings');
  const hold = page.locator('[data-withdraw-hold]');
  await expect(hold).toContainText('₹150.00 of your balance is on hold: a bank is reviewing a chargeback');
  await expect(hold).toContainText('Golazo Arena — January 2027');
  await expect(hold).toContainText('You can withdraw up to ₹350.00 now');
  const withdrawals = page.getByRole('list', { name: 'Withdrawals' });
  await expect(withdrawals.locator('[data-payout="processed"]')).toContainText('Bank reference (UTR): HDFC000123456789');
  await expect(withdrawals.locator('[data-payout="approved"]')).toContainText('Delayed: the payment service stopped answering');
  await fitsTheScreen(page);
  await shoot(page, 'my-earnings', hold);
});

test('the console lists chargebacks and given-up outside calls, retries one, and shows the UTR of ended payouts @phone', async ({
  page,
}) => {
  test.slow();
  await storeSession(page, await staffSession('admin@golazo.test'));
  let retried = false;
  const calls = await answerRpcs(page, {
    staff_needs_attention: () => ({
      body: [
        {
          kind: 'chargeback',
          tournament_id: null,
          title: 'Chargeback open: ₹150.00 in Golazo Arena — January 2027',
          due_at: '2027-01-20T10:00:00Z',
          detail: {
            razorpay_payment_id: 'pay_Q1w2E3r4T5y6U7',
            status: 'open',
            amount_paise: 15_000,
            text: "Payment pay_Q1w2E3r4T5y6U7: the player's withdrawals are held up to this amount until the bank decides.",
          },
        },
        ...(retried
          ? []
          : [
              {
                kind: 'outside_call_failed',
                tournament_id: null,
                title: 'Gave up on a payout',
                due_at: '2027-01-21T11:00:00Z',
                detail: {
                  job_id: 4711,
                  job_kind: 'razorpayx_payout',
                  attempts: 12,
                  error: 'RazorpayX timed out',
                  retry: 'staff_retry_outside_call',
                  text: 'RazorpayX timed out (after 12 attempts)',
                },
              },
            ]),
      ],
    }),
    staff_retry_outside_call: () => {
      retried = true;
      return { body: { job_id: 4711, kind: 'razorpayx_payout', status: 'pending' } };
    },
    staff_list_payout_queue: [],
    staff_get_reconciliation: [],
    staff_list_recent_payouts: [
      {
        payout_id: 'p-sent',
        user_id: 'u1',
        gross_paise: 100_000,
        tax_paise: 30_000,
        net_paise: 70_000,
        status: 'processed',
        upi_id: 'asha.rao@okaxis',
        created_at: '2027-01-10T09:00:00Z',
        processed_at: '2027-01-10T09:05:00Z',
        updated_at: '2027-01-10T09:05:00Z',
        utr: 'HDFC000123456789',
        provider_payout_id: 'pout_1',
        failure_reason: null,
        player: { legal_name: 'Asha Rao', in_game_name: 'AshaStrikes' },
      },
    ],
  });
  await page.goto('/staff');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const chargeback = attention.locator('[data-attention="chargeback"]');
  await expect(chargeback).toContainText('Chargeback open: ₹150.00');
  await expect(chargeback).toContainText('pay_Q1w2E3r4T5y6U7');
  const failed = attention.locator('[data-attention="outside_call_failed"]');
  await expect(failed).toContainText('RazorpayX timed out (after 12 attempts)');
  await expect(page.getByRole('list', { name: 'Payouts that ended in the last 30 days' })).toContainText('HDFC000123456789');
  await fitsTheScreen(page);
  await shoot(page, 'staff-console', attention);

  await failed.getByRole('button', { name: /Retry/ }).click();
  await expect(failed).toHaveCount(0);
  expect(calls.staff_retry_outside_call).toEqual([{ p_job_id: 4711 }]);
  await expect(chargeback).toBeVisible();
});
