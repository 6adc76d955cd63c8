import { describe, expect, it } from 'vitest';
import {
  approvalsNote,
  certificatesCsv,
  certificatesFileName,
  periodDates,
  periodLabel,
  periodsOf,
  withholdingCsv,
  withholdingFileName,
} from './staff-payouts';

describe('the accountant’s reports', () => {
  it('covers a quarter of the financial year, or a month', () => {
    expect(periodDates({ kind: 'quarter', financialYear: 2026, quarter: 1 })).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodDates({ kind: 'quarter', financialYear: 2026, quarter: 3 })).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodDates({ kind: 'quarter', financialYear: 2026, quarter: 4 })).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(periodDates({ kind: 'month', year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodLabel({ kind: 'quarter', financialYear: 2026, quarter: 4 })).toBe('FY2026-27-Q4');
    expect(periodLabel({ kind: 'month', year: 2026, month: 12 })).toBe('2026-12');
  });

  it('lists each withholding and each player’s quarter', () => {
    const register = withholdingCsv([
      {
        payout_id: 'p1',
        pan: 'ABCPE1234F',
        legal_name: 'Asha Rao',
        date: '2026-12-20',
        kind: 'payout',
        gross_paise: 100000,
        net_winnings_paise: 100000,
        tax_paise: 30000,
      },
    ]);
    expect(register.split('\r\n')[1]).toBe('2026-12-20,ABCPE1234F,Asha Rao,Withdrawal,1000.00,1000.00,300.00,p1');
    expect(withholdingFileName({ kind: 'month', year: 2026, month: 12 })).toBe('withholding-register-2026-12.csv');
    const certificates = certificatesCsv(2026, [
      { pan: 'ABCPE1234F', legal_name: 'Asha Rao', quarter: 3, net_winnings_paise: 100000, tax_paise: 30000 },
    ]);
    expect(certificates.split('\r\n')[1]).toBe('2026–27,Q3,ABCPE1234F,Asha Rao,1000.00,300.00');
    expect(certificatesFileName(2026)).toBe('tax-certificates-FY2026-27.csv');
  });

  it('says when a second admin must approve', () => {
    expect(approvalsNote({ approvals: 0, needs_approvals: 1 })).toBeNull();
    expect(approvalsNote({ approvals: 1, needs_approvals: 2 })).toMatch(/^1 of 2 approvals/);
  });
});

describe('the periods the accountant chooses from', () => {
  it('lists the quarters, then the months from April to the next March', () => {
    const periods = periodsOf(2026);
    expect(periods.map((option) => option.label).slice(0, 5)).toEqual([
      'Q1 (April–June)',
      'Q2 (July–September)',
      'Q3 (October–December)',
      'Q4 (January–March)',
      'April 2026',
    ]);
    expect(periods.at(-1)).toEqual({ value: 'm3', label: 'March 2027', period: { kind: 'month', year: 2027, month: 3 } });
  });
});
