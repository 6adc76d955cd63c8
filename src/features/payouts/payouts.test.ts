import { statementCsv } from './statement-csv';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-answer';
import { csvCell, csvRupees } from '@/lib/csv';
import { errorText } from '@/lib/error-text';
import {
  amountProblem,
  financialYearLabel,
  financialYearOf,
  financialYearsUpTo,
  isPayoutMoving,
  monthInIndia,
  normalisePan,
  panProblem,
  type PayoutPreview,
  PAYOUT_MESSAGES,
  payoutStatusLabel,
  payoutStatusNote,
  payoutStatusTone,
  paiseToRupeesText,
  netWinningsRule,
  taxReckoningLine,
  rupeesTextToPaise,
  taxTile,
  statementFileName,
  upiIdProblem,
  WITHDRAW_START,
  type WithdrawState,
  withdrawalHoldNote,
  withdrawReducer,
} from './payouts';

describe('the KYC form checks', () => {
  it('takes a personal PAN typed in any case and with spaces', () => {
    expect(normalisePan(' abcpe 1234f ')).toBe('ABCPE1234F');
    expect(panProblem(normalisePan('abcpe1234f'))).toBeNull();
  });

  it('refuses a PAN of the wrong shape, and a company PAN by its 4th letter', () => {
    expect(panProblem('')).toBe('Enter your PAN.');
    expect(panProblem('ABCPE1234')).toMatch(/10 characters/);
    expect(panProblem('ABCP1E234F')).toMatch(/10 characters/);
    expect(panProblem('ABCDE1234F')).toMatch(/4th letter of a personal PAN is P/);
    expect(panProblem('ABCCE1234F')).toMatch(/not a company/);
  });

  it('checks a UPI id as name@handle', () => {
    expect(upiIdProblem('')).toBe('Enter your UPI id.');
    expect(upiIdProblem('player.one')).toMatch(/has an @/);
    expect(upiIdProblem('p@okbank')).toMatch(/Check your UPI id/);
    expect(upiIdProblem('player one@okbank')).toMatch(/Check your UPI id/);
    expect(upiIdProblem('player@ok1bank')).toMatch(/Check your UPI id/);
    expect(upiIdProblem('player.one_2-x@okaxis')).toBeNull();
  });

  it('says what each refusal means, else the server’s own words', () => {
    const refusal = (hint: string | null, message = 'raw') => new ApiError('refused', message, 'rpc submit_kyc', 'PT409', hint);
    expect(errorText(refusal('pan_locked'), PAYOUT_MESSAGES)).toMatch(/verified/);
    expect(errorText(refusal('kyc_under_18'), PAYOUT_MESSAGES)).toMatch(/from the age of 18/);
    expect(errorText(refusal('something_new', 'The server said no'), PAYOUT_MESSAGES)).toBe('The server said no');
    expect(errorText(refusal(null, ''), PAYOUT_MESSAGES)).toBe('Something went wrong. Please try again.');
  });
});

describe('amounts', () => {
  it('reads rupees as typed into paise, without float rounding', () => {
    expect(rupeesTextToPaise('1500')).toBe(150000);
    expect(rupeesTextToPaise('₹1,500.5')).toBe(150050);
    expect(rupeesTextToPaise('0.29')).toBe(29);
    expect(rupeesTextToPaise('1,00,000.01')).toBe(10000001);
    expect(rupeesTextToPaise('12.345')).toBeNull();
    expect(rupeesTextToPaise('-5')).toBeNull();
    expect(rupeesTextToPaise('')).toBeNull();
    expect(rupeesTextToPaise('abc')).toBeNull();
  });

  it('writes paise back for the amount field', () => {
    expect(paiseToRupeesText(150000)).toBe('1500');
    expect(paiseToRupeesText(150005)).toBe('1500.05');
  });

  it('allows from one paisa up to the balance', () => {
    expect(amountProblem(null, 1000)).toMatch(/Enter an amount/);
    expect(amountProblem(0, 1000)).toMatch(/above ₹0/);
    expect(amountProblem(1001, 1000)).toMatch(/more than your balance/);
    expect(amountProblem(1000, 1000)).toBeNull();
  });
});

describe('payout statuses', () => {
  it('reads the provider’s words as four a player understands', () => {
    expect(payoutStatusLabel('awaiting_approval')).toBe('Awaiting approval');
    for (const status of ['approved', 'queued', 'pending', 'scheduled', 'processing']) {
      expect(payoutStatusLabel(status)).toBe('Processing');
      expect(payoutStatusTone(status)).toBe('blue');
      expect(isPayoutMoving(status)).toBe(true);
    }
    expect(payoutStatusLabel('processed')).toBe('Processed');
    expect(payoutStatusTone('processed')).toBe('green');
    expect(isPayoutMoving('processed')).toBe(false);
    expect(payoutStatusTone('failed')).toBe('red');
    expect(payoutStatusTone('reversed')).toBe('red');
  });

  it('gives the failure reason and says where the money went', () => {
    expect(payoutStatusNote({ status: 'failed', failure_reason: 'The beneficiary bank is offline.' })).toBe(
      'The beneficiary bank is offline. The amount and its tax are back in your balance.',
    );
    expect(payoutStatusNote({ status: 'reversed', failure_reason: null })).toBe('The amount and its tax are back in your balance.');
    expect(payoutStatusNote({ status: 'processed', failure_reason: null })).toBeNull();
  });

  it('says by when an admin approves a withdrawal that waits, in IST, and when it is running late', () => {
    const waiting = { status: 'awaiting_approval', failure_reason: null, approval_due_at: '2027-06-02T06:30:00Z' };
    expect(payoutStatusNote(waiting, new Date('2027-06-01T07:00:00Z'))).toBe(
      'An admin approves it by 2 Jun 2027, 12:00 pm IST: every first withdrawal and any above ₹10,000 is checked before it is sent.',
    );
    expect(payoutStatusNote(waiting, new Date('2027-06-02T07:00:00Z'))).toMatch(
      /^An admin was due to approve it by 2 Jun 2027, 12:00 pm IST and is running late; the money stays set aside for you/,
    );
  });
});

describe('the tax in a withdrawal', () => {
  const reckoning = {
    withdrawn_paise: 20000,
    entry_fees_paise: 10000,
    opening_balance_paise: 0,
    already_counted_paise: 0,
    net_winnings_paise: 10000,
  };

  it('explains the tax in one line from the numbers the database returned', () => {
    expect(taxReckoningLine({ gross_paise: 20000, tax_paise: 3000, tax_rate_percent: 30, reckoning })).toBe(
      'Net winnings are this withdrawal of ₹200.00, less ₹100.00 of entry fees you paid this financial year: ₹100.00. The tax is 30% of that: ₹30.00.',
    );
    expect(
      taxReckoningLine({
        gross_paise: 10000,
        tax_paise: 3000,
        tax_rate_percent: 30,
        reckoning: {
          withdrawn_paise: 35000,
          entry_fees_paise: 12000,
          opening_balance_paise: 4000,
          already_counted_paise: 9000,
          net_winnings_paise: 10000,
        },
      }),
    ).toBe(
      'Net winnings are ₹350.00 withdrawn this financial year, this withdrawal included, less ₹120.00 of entry fees you paid this financial year, ' +
        'less your opening balance of ₹40.00 on 1 April, less ₹90.00 your earlier withdrawals this year already counted: ₹100.00. The tax is 30% of that: ₹30.00.',
    );
    expect(
      taxReckoningLine({
        gross_paise: 5000,
        tax_paise: 0,
        tax_rate_percent: 30,
        reckoning: { ...reckoning, withdrawn_paise: 5000, net_winnings_paise: 0 },
      }),
    ).toBe(
      'Net winnings are this withdrawal of ₹50.00, less ₹100.00 of entry fees you paid this financial year: nothing is left to tax, so no tax is withheld.',
    );
  });

  it('states the rule in the decisions’ words', () => {
    expect(netWinningsRule(30)).toBe(
      'Tax is 30% of net winnings: at each withdrawal, the amount withdrawn less the entry fees you paid in the financial year and your opening balance, ' +
        'less what earlier withdrawals that year already counted; at the year’s end, on what is left.',
    );
  });
});

describe('the withdraw flow', () => {
  const preview: PayoutPreview = {
    gross_paise: 100000,
    tax_paise: 30000,
    net_paise: 70000,
    balance_paise: 150000,
    tax_rate_percent: 30,
    reckoning: {
      withdrawn_paise: 100000,
      entry_fees_paise: 0,
      opening_balance_paise: 0,
      already_counted_paise: 0,
      net_winnings_paise: 100000,
    },
  };
  const result = {
    payout_id: 'p1',
    gross_paise: 100000,
    tax_paise: 30000,
    net_paise: 70000,
    status: 'awaiting_approval',
    approval_due_at: '2027-06-02T06:30:00Z',
  };
  const run = (state: WithdrawState, ...actions: Parameters<typeof withdrawReducer>[1][]) => actions.reduce(withdrawReducer, state);

  it('shows the preview with a key made for this attempt, then sends it', () => {
    const confirming = run(
      WITHDRAW_START,
      { type: 'edit', amountText: '1000' },
      { type: 'preview', amountPaise: 100000 },
      {
        type: 'preview-ok',
        preview,
        key: 'key-1',
      },
    );
    expect(confirming).toEqual({ step: 'confirming', amountText: '1000', preview, key: 'key-1', error: null });
    const requesting = withdrawReducer(confirming, { type: 'confirm' });
    expect(requesting).toEqual({ step: 'requesting', amountText: '1000', preview, key: 'key-1' });
    expect(withdrawReducer(requesting, { type: 'request-ok', result })).toEqual({ step: 'requested', result });
  });

  it('ignores a second confirm while the first is on its way', () => {
    const requesting = run(
      WITHDRAW_START,
      { type: 'edit', amountText: '1000' },
      { type: 'preview', amountPaise: 100000 },
      { type: 'preview-ok', preview, key: 'key-1' },
      { type: 'confirm' },
    );
    expect(withdrawReducer(requesting, { type: 'confirm' })).toBe(requesting);
  });

  it('keeps the key after a failed request, so trying again cannot pay twice', () => {
    const failed = run(
      WITHDRAW_START,
      { type: 'edit', amountText: '1000' },
      { type: 'preview', amountPaise: 100000 },
      { type: 'preview-ok', preview, key: 'key-1' },
      { type: 'confirm' },
      { type: 'request-failed', message: 'Could not reach the server.' },
    );
    expect(failed).toMatchObject({ step: 'confirming', key: 'key-1', error: 'Could not reach the server.' });
    expect(withdrawReducer(failed, { type: 'confirm' })).toMatchObject({ step: 'requesting', key: 'key-1' });
  });

  it('starts a new attempt when the player changes the amount', () => {
    const edited = run(
      WITHDRAW_START,
      { type: 'edit', amountText: '1000' },
      { type: 'preview', amountPaise: 100000 },
      { type: 'preview-ok', preview, key: 'key-1' },
      { type: 'back' },
      { type: 'edit', amountText: '900' },
    );
    expect(edited).toEqual({ step: 'editing', amountText: '900', error: null });
    expect(withdrawReducer(edited, { type: 'confirm' })).toBe(edited);
  });

  it('returns to the amount with the reason when the preview is refused', () => {
    const refused = run(
      WITHDRAW_START,
      { type: 'edit', amountText: '1000' },
      { type: 'preview', amountPaise: 100000 },
      { type: 'preview-failed', message: 'That is more than your balance.' },
    );
    expect(refused).toEqual({ step: 'editing', amountText: '1000', error: 'That is more than your balance.' });
  });
});

describe('financial years', () => {
  it('runs from 1 April to 31 March in IST', () => {
    expect(financialYearOf('2027-03-31T18:29:59Z')).toBe(2026); // 31 Mar 23:59 IST
    expect(financialYearOf('2027-03-31T18:30:00Z')).toBe(2027); // 1 Apr 00:00 IST
    expect(financialYearOf('2026-12-15T10:00:00Z')).toBe(2026);
    expect(financialYearLabel(2026)).toBe('2026–27');
    expect(financialYearLabel(2099)).toBe('2099–00');
    expect(financialYearsUpTo(2028, 2026)).toEqual([2028, 2027, 2026]);
    expect(financialYearsUpTo(2026, 2026)).toEqual([2026]);
  });

  it('names the month as India reads it: the evening of 30 November UTC is already December', () => {
    expect(monthInIndia('2026-11-30T18:29:59Z')).toBe(11);
    expect(monthInIndia('2026-11-30T18:30:00Z')).toBe(12);
  });
});

describe('CSV files', () => {
  it('writes paise as rupees with two decimals', () => {
    expect(csvRupees(123456)).toBe('1234.56');
    expect(csvRupees(5)).toBe('0.05');
    expect(csvRupees(-150)).toBe('-1.50');
    expect(csvRupees(null)).toBe('');
  });

  it('never lets a name run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('gives the annual statement with the deductee, the deductor, totals and each withdrawal, its tax listed once', () => {
    const csv = statementCsv({
      financial_year: 2026,
      legal_name: 'Asha Rao',
      pan_masked: '••••••234F',
      deductor_tan: 'BLRG12345E',
      winnings_paise: 500000,
      opening_balance_paise: 0,
      closing_balance_paise: 400000,
      tax_withheld: [
        { at: '2026-12-20T14:00:00Z', paise: 30000, payout_id: 'p1' },
        { at: '2027-01-20T14:00:00Z', paise: 48000, payout_id: 'p2' },
      ],
      payouts: [
        {
          at: '2026-12-20T14:00:00Z',
          gross_paise: 100000,
          tax_paise: 30000,
          net_paise: 70000,
          status: 'processed',
          payout_id: 'p1',
          utr: 'UTR123456789',
        },
        {
          at: '2027-01-20T14:00:00Z',
          gross_paise: 160000,
          tax_paise: 48000,
          net_paise: 112000,
          status: 'awaiting_approval',
          payout_id: 'p2',
        },
      ],
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate (IST),Item,Gross (INR),Tax withheld (INR),Net paid (INR),Status,Payout,UTR');
    expect(lines).toContain(',Name: Asha Rao,,,,,,');
    expect(lines).toContain(',PAN: ••••••234F,,,,,,');
    expect(lines).toContain(',Deductor TAN: BLRG12345E,,,,,,');
    expect(lines).toContain(',FY 2026–27 winnings,5000.00,,,,,');
    expect(lines).toContain(',FY 2026–27 tax withheld,,300.00,,,,');
    expect(lines).toContain(',FY 2026–27 tax to be withheld (payouts not processed yet),,480.00,,,,');
    expect(lines).toContain('"20/12/2026, 19:30 IST",Withdrawal,1000.00,300.00,700.00,Processed,p1,UTR123456789');
    // Each withholding once: with its withdrawal, never again on a line of its own.
    expect(lines.filter((line) => line.includes('300.00'))).toHaveLength(2);
    expect(lines.some((line) => line.includes(',Tax withheld,'))).toBe(false);
    expect(statementFileName(2026)).toBe('tax-statement-FY2026-27.csv');
  });

  it('says tax is to be withheld until the payout is processed', () => {
    const payouts = [
      { status: 'awaiting_approval', tax_paise: 48000 },
      { status: 'processed', tax_paise: 30000 },
      { status: 'failed', tax_paise: 9000 },
    ];
    expect(taxTile({ tax_withheld_paise: 78000 }, payouts)).toEqual({ withheldPaise: 30000, toBeWithheldPaise: 48000 });
  });
});

describe('a withdrawal held by a chargeback', () => {
  const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
  it('says in plain words what is held, why, and what can be withdrawn now', () => {
    const note = withdrawalHoldNote(
      {
        held_paise: 15_000,
        available_paise: 35_000,
        chargebacks: [{ tournament_title: 'Golazo Cup', amount_paise: 15_000, opened_at: '' }],
      },
      rupees,
    );
    expect(note).toMatch(/^₹150\.00 of your balance is on hold: a bank is reviewing a chargeback/);
    expect(note).toContain('the payment for your entry in Golazo Cup');
    expect(note).toContain('You can withdraw up to ₹350.00 now');
  });
  it('says nothing when nothing is held', () => {
    expect(withdrawalHoldNote({ held_paise: 0, available_paise: 500, chargebacks: [] }, rupees)).toBeNull();
  });
  it('tells the player a payout the service stopped answering is delayed, not lost', () => {
    expect(payoutStatusNote({ status: 'approved', failure_reason: null, delayed: true })).toMatch(/^Delayed: .*our team/);
    expect(payoutStatusNote({ status: 'failed', failure_reason: null, delayed: true })).toMatch(/back in your balance/);
  });
});
