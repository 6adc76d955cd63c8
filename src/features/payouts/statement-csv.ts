/**
 * The annual tax statement as a spreadsheet. Loaded when the player downloads it, so My Earnings' first
 * visit does not carry it.
 */
import { csvFile, csvRupees, csvTime } from '@/lib/csv';
import { financialYearLabel, payoutStatusLabel, statementNetWinningsPaise, statementTax, type TaxStatement } from './payouts';

const STATEMENT_CSV_HEADER = [
  'Date (IST)',
  'Item',
  'Gross (INR)',
  'Tax withheld (INR)',
  'Net paid (INR)',
  'Status',
  'Payout',
  'UTR',
] as const;

/**
 * The statement as a spreadsheet: who and the deductor first, the year's totals, then each withdrawal with
 * its tax and bank reference, and each year-end withholding (which has no withdrawal). Each amount of tax
 * appears once.
 */
export function statementCsv(statement: TaxStatement): string {
  const { withheldPaise, toBeWithheldPaise } = statementTax(statement);
  const year = `FY ${financialYearLabel(statement.financial_year)}`;
  const blank = ['', '', '', '', '', ''];
  const rows: (string | number | null)[][] = [
    ['', `Name: ${statement.legal_name ?? '—'}`, ...blank],
    ['', `PAN: ${statement.pan_masked ?? 'not given'}`, ...blank],
    ['', `Deductor TAN: ${statement.deductor_tan ?? 'not set yet'}`, ...blank],
    ['', `${year} opening balance`, csvRupees(statement.opening_balance_paise), '', '', '', '', ''],
    ['', `${year} winnings`, csvRupees(statement.winnings_paise), '', '', '', '', ''],
    ['', `${year} entry fees paid (less refunds)`, csvRupees(statement.entry_fees_paise ?? 0), '', '', '', '', ''],
    ['', `${year} net winnings taxed`, csvRupees(statementNetWinningsPaise(statement)), '', '', '', '', ''],
    ['', `${year} tax withheld`, '', csvRupees(withheldPaise), '', '', '', ''],
    ...(toBeWithheldPaise > 0
      ? [['', `${year} tax to be withheld (payouts not processed yet)`, '', csvRupees(toBeWithheldPaise), '', '', '', '']]
      : []),
    ['', `${year} closing balance`, csvRupees(statement.closing_balance_paise), '', '', '', '', ''],
    ...statement.payouts.map((payout) => [
      csvTime(payout.at),
      'Withdrawal',
      csvRupees(payout.gross_paise),
      csvRupees(payout.tax_paise),
      csvRupees(payout.net_paise),
      payoutStatusLabel(payout.status),
      payout.payout_id,
      payout.utr ?? '',
    ]),
    ...statement.tax_withheld
      .filter((row) => row.payout_id === null)
      .map((row) => [csvTime(row.at), 'Tax withheld at the year end', '', csvRupees(row.paise), '', '', '', '']),
  ];
  return csvFile(STATEMENT_CSV_HEADER, rows);
}
