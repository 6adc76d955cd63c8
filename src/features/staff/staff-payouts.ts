/**
 * The staff console's payouts section, pure parts: the approvals queue's rows, the accountant's report
 * periods (a month or a quarter of a financial year) and their CSV files. IO lives in staff-payouts.api.ts.
 */
import { csvFile, csvRupees } from '@/lib/csv';
import { financialYearLabel } from '@/features/payouts/payouts';

export interface QueueWinning {
  tournament_id: string;
  tournament_title: string | null;
  /** The band the player finished in: "1st", "3rd–4th". */
  place: string | null;
  amount_paise: number;
  at: string | null;
}

/** A row of staff_list_payout_queue. */
export interface QueueItem {
  payout_id: string;
  user_id: string;
  legal_name: string | null;
  in_game_name: string | null;
  email: string | null;
  gross_paise: number;
  tax_paise: number;
  net_paise: number;
  /** The net winnings the tax was worked out on (Rule 133), when the payout withheld any. */
  net_winnings_paise: number | null;
  status: string;
  created_at: string;
  /** By when an admin should approve it, for a payout that waits for one (private.payout_approval_due_at). */
  approval_due_at?: string | null;
  approvals: number;
  needs_approvals: number;
  /** False for the admin's own payout, one they already approved, or one no longer awaiting approval. */
  can_approve: boolean;
  kyc_status: string | null;
  pan_masked: string | null;
  upi_id: string | null;
  winnings: QueueWinning[];
}

/** A row of staff_get_reconciliation. */
/** staff_list_recent_payouts: a payout that ended in the last 30 days, with the bank's reference once sent. */
export interface EndedPayout {
  payout_id: string;
  name: string;
  net_paise: number;
  status: string;
  upi_id: string | null;
  utr: string | null;
  failure_reason: string | null;
  updated_at: string;
}

export interface ReconciliationDifference {
  kind: string;
  reference: string;
  ledger_paise: number | null;
  provider_paise: number | null;
  found_at: string;
  resolved_at: string | null;
  note: string | null;
}

/** A row of staff_withholding_register: one withdrawal's (or a year end's) withholding. */
export interface WithholdingRow {
  payout_id: string | null;
  pan: string | null;
  legal_name: string | null;
  /** The IST calendar day, YYYY-MM-DD. */
  date: string;
  /** 'payout' or 'year_end'. */
  kind: string;
  gross_paise: number;
  net_winnings_paise: number;
  tax_paise: number;
}

/** A row of staff_tax_certificates: one player in one quarter. */
export interface CertificateRow {
  pan: string | null;
  legal_name: string | null;
  quarter: number;
  net_winnings_paise: number;
  tax_paise: number;
}

/** "1 of 2 approvals" when a second admin is needed, else nothing. */
export function approvalsNote(item: Pick<QueueItem, 'approvals' | 'needs_approvals'>): string | null {
  if (item.needs_approvals <= 1) return null;
  return `${item.approvals} of ${item.needs_approvals} approvals (a second admin is needed: an approver organised a tournament these winnings come from)`;
}

export const reconciliationLabel = (kind: string): string => {
  const words = kind.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

// ---------------------------------------------------------------------------------------------
// Report periods
// ---------------------------------------------------------------------------------------------

export type ReportPeriod =
  | { kind: 'quarter'; financialYear: number; quarter: 1 | 2 | 3 | 4 }
  | { kind: 'month'; year: number; month: number };

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The dates (inclusive, IST calendar days) a period covers. Quarters of a financial year:
 * Q1 April–June, Q2 July–September, Q3 October–December, Q4 January–March of the next year.
 */
export function periodDates(period: ReportPeriod): { from: string; to: string } {
  if (period.kind === 'month') {
    return {
      from: `${period.year}-${pad(period.month)}-01`,
      to: `${period.year}-${pad(period.month)}-${pad(lastDayOf(period.year, period.month))}`,
    };
  }
  const firstMonth = [4, 7, 10, 1][period.quarter - 1] ?? 4;
  const year = period.quarter === 4 ? period.financialYear + 1 : period.financialYear;
  const lastMonth = firstMonth + 2;
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(lastMonth)}-${pad(lastDayOf(year, lastMonth))}` };
}

export function periodLabel(period: ReportPeriod): string {
  if (period.kind === 'month') return `${period.year}-${pad(period.month)}`;
  return `FY${period.financialYear}-${pad((period.financialYear + 1) % 100)}-Q${period.quarter}`;
}

export const WITHHOLDING_CSV_HEADER = [
  'Date (IST)',
  'PAN',
  'Name',
  'Withheld at',
  'Gross (INR)',
  'Net winnings (INR)',
  'Tax withheld (INR)',
  'Payout',
] as const;

export function withholdingCsv(rows: readonly WithholdingRow[]): string {
  return csvFile(
    WITHHOLDING_CSV_HEADER,
    rows.map((row) => [
      row.date,
      row.pan,
      row.legal_name,
      row.kind === 'year_end' ? 'Year end' : 'Withdrawal',
      csvRupees(row.gross_paise),
      csvRupees(row.net_winnings_paise),
      csvRupees(row.tax_paise),
      row.payout_id,
    ]),
  );
}

export const withholdingFileName = (period: ReportPeriod): string => `withholding-register-${periodLabel(period)}.csv`;

export const CERTIFICATE_CSV_HEADER = ['Financial year', 'Quarter', 'PAN', 'Name', 'Net winnings (INR)', 'Tax withheld (INR)'] as const;

export function certificatesCsv(financialYear: number, rows: readonly CertificateRow[]): string {
  return csvFile(
    CERTIFICATE_CSV_HEADER,
    rows.map((row) => [
      financialYearLabel(financialYear),
      `Q${row.quarter}`,
      row.pan,
      row.legal_name,
      csvRupees(row.net_winnings_paise),
      csvRupees(row.tax_paise),
    ]),
  );
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const QUARTER_MONTHS = ['April–June', 'July–September', 'October–December', 'January–March'];

/** The periods of a financial year the accountant may choose: its quarters, then its months (April to March). */
export function periodsOf(financialYear: number): { value: string; label: string; period: ReportPeriod }[] {
  const quarters = ([1, 2, 3, 4] as const).map((quarter) => ({
    value: `q${quarter}`,
    label: `Q${quarter} (${QUARTER_MONTHS[quarter - 1]})`,
    period: { kind: 'quarter', financialYear, quarter } as ReportPeriod,
  }));
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = ((index + 3) % 12) + 1;
    const year = month >= 4 ? financialYear : financialYear + 1;
    return { value: `m${month}`, label: `${MONTHS[month - 1]} ${year}`, period: { kind: 'month', year, month } as ReportPeriod };
  });
  return [...quarters, ...months];
}

export const certificatesFileName = (financialYear: number): string =>
  `tax-certificates-FY${financialYear}-${pad((financialYear + 1) % 100)}.csv`;
