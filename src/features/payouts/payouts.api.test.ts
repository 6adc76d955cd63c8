import { describe, expect, it, vi } from 'vitest';

/**
 * payouts.api reads the payout functions' answers as supabase-js hands them over (the client is a stub):
 * typed values with the ledger's bigint sums as numbers, nothing-yet as zeros or "not started", and a
 * refusal as an ApiError carrying the database's code.
 */
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({ getSupabase: () => ({ rpc }) }));

const { ApiError } = await import('@/lib/api-answer');
const api = await import('./payouts.api');

function answers(data: unknown, error: unknown = null) {
  rpc.mockResolvedValueOnce({ data, error });
}

describe('payouts.api', () => {
  it('reads the earnings, bigint sums sent as text included, and no ledger yet as zeros', async () => {
    answers({
      won_paise: '500000',
      tax_withheld_paise: 30000,
      paid_out_paise: 70000,
      balance_paise: 400000,
      balance_after_tax_paise: '340000',
      pending_paise: 0,
    });
    expect(await api.fetchMyEarnings()).toEqual({
      won_paise: 500000,
      tax_withheld_paise: 30000,
      paid_out_paise: 70000,
      balance_paise: 400000,
      balance_after_tax_paise: 340000,
      pending_paise: 0,
    });
    answers(null);
    expect(await api.fetchMyEarnings()).toMatchObject({ won_paise: 0, balance_paise: 0 });
    expect(rpc).toHaveBeenLastCalledWith('get_my_earnings', undefined);
  });

  it('reads no KYC record as not started, and a rejection with its reason', async () => {
    answers(null);
    expect((await api.fetchMyKyc()).status).toBe('none');
    answers({ status: 'rejected', reason: 'The name on this PAN is not yours.' });
    expect(await api.fetchMyKyc()).toEqual({
      status: 'rejected',
      reason: 'The name on this PAN is not yours.',
      pan_masked: null,
      upi_id: null,
      payouts_held_until: null,
    });
  });

  it('sends the amount and the attempt’s key, and reads the payout', async () => {
    answers({ payout_id: 'p1', gross_paise: 100000, tax_paise: 30000, net_paise: 70000, status: 'awaiting_approval' });
    expect(await api.requestPayout(100000, 'key-1')).toMatchObject({ payout_id: 'p1', net_paise: 70000 });
    expect(rpc).toHaveBeenLastCalledWith('request_payout', { p_amount_paise: 100000, p_idempotency_key: 'key-1' });
  });

  it('keeps the database’s code of a refusal for the screen', async () => {
    answers(null, { message: 'amount exceeds balance', code: 'PT409', hint: 'insufficient_balance' });
    const error = await api.previewPayout(5).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'refused', hint: 'insufficient_balance' });
  });

  it('reads a statement with its lists', async () => {
    answers({
      financial_year: 2026,
      winnings_paise: 500000,
      opening_balance_paise: 0,
      closing_balance_paise: 400000,
      tax_withheld: [{ at: '2026-12-20T14:00:00Z', paise: 30000, payout_id: 'p1' }],
      payouts: [
        { created_at: '2026-12-20T14:00:00Z', gross_paise: 100000, tax_paise: 30000, net_paise: 70000, status: 'processed', id: 'p1' },
      ],
    });
    const statement = await api.fetchMyTaxStatement(2026);
    expect(statement.payouts[0]).toEqual({
      at: '2026-12-20T14:00:00Z',
      gross_paise: 100000,
      tax_paise: 30000,
      net_paise: 70000,
      status: 'processed',
      payout_id: 'p1',
      utr: null,
    });
  });

  it('reads get_my_payouts as the SQL answers it', async () => {
    answers([
      {
        payout_id: 'p1',
        gross_paise: 100000,
        tax_paise: 30000,
        net_paise: 70000,
        status: 'processed',
        upi_id: 'asha@okaxis',
        failure_reason: null,
        created_at: '2026-12-20T14:00:00Z',
        processed_at: '2026-12-20T14:05:00Z',
      },
    ]);
    expect((await api.fetchMyPayouts())[0]).toMatchObject({ id: 'p1', status: 'processed', processed_at: '2026-12-20T14:05:00Z' });
  });

  it('reads a statement without its year as malformed', async () => {
    answers({ winnings_paise: 1 });
    expect(await api.fetchMyTaxStatement(2026).catch((reason: unknown) => reason)).toMatchObject({ kind: 'malformed' });
  });
});
