import { describe, expect, it, vi } from 'vitest';

/**
 * staff-payouts.api reads the approvals queue as supabase-js hands it over (the client is a stub): a row
 * without approvals as needing one, and a full row with the player, KYC, tax and winnings flattened.
 */
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({ getSupabase: () => ({ rpc }) }));

const api = await import('./staff-payouts.api');

function answers(data: unknown, error: unknown = null) {
  rpc.mockResolvedValueOnce({ data, error });
}

describe('staff-payouts.api', () => {
  it('reads a queue row without approvals as needing one', async () => {
    answers([
      {
        payout_id: 'p1',
        user_id: 'u1',
        gross_paise: 100000,
        tax_paise: 30000,
        net_paise: 70000,
        status: 'awaiting_approval',
        created_at: '2026-12-20T14:00:00Z',
      },
    ]);
    expect((await api.fetchPayoutQueue())[0]).toMatchObject({
      approvals: 0,
      needs_approvals: 1,
      can_approve: false,
      winnings: [],
      pan_masked: null,
    });
  });

  it('reads the queue as the SQL answers it', async () => {
    answers([
      {
        payout_id: 'p2',
        user_id: 'u1',
        gross_paise: 100000,
        tax_paise: 30000,
        net_paise: 70000,
        status: 'awaiting_approval',
        upi_id: 'asha@okaxis',
        created_at: '2026-12-20T14:00:00Z',
        approval_due_at: '2026-12-21T14:00:00Z',
        needs_approvals: 2,
        approved_by: [{ admin_id: 'a1', at: '2026-12-20T14:01:00Z' }],
        can_approve: true,
        player: { legal_name: 'Asha Rao', in_game_name: 'AshaStrikes', email: 'asha@example.com' },
        kyc: { status: 'verified', pan_masked: 'ABCPE••••F', upi_id: 'asha@okaxis' },
        tax: { net_winnings_paise: 100000, tax_paise: 30000, financial_year: 2026 },
        winnings: [{ tournament_id: 't1', title: 'Super 4 #1', place: '1st', amount_paise: 100000, at: '2026-12-19T10:00:00Z' }],
      },
    ]);
    expect((await api.fetchPayoutQueue())[0]).toEqual({
      payout_id: 'p2',
      user_id: 'u1',
      legal_name: 'Asha Rao',
      in_game_name: 'AshaStrikes',
      email: 'asha@example.com',
      gross_paise: 100000,
      tax_paise: 30000,
      net_paise: 70000,
      net_winnings_paise: 100000,
      status: 'awaiting_approval',
      created_at: '2026-12-20T14:00:00Z',
      approval_due_at: '2026-12-21T14:00:00Z',
      approvals: 1,
      needs_approvals: 2,
      can_approve: true,
      kyc_status: 'verified',
      pan_masked: 'ABCPE••••F',
      upi_id: 'asha@okaxis',
      winnings: [{ tournament_id: 't1', tournament_title: 'Super 4 #1', place: '1st', amount_paise: 100000, at: '2026-12-19T10:00:00Z' }],
    });
  });
});
