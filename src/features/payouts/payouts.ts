/**
 * Prizes, tax and payouts as players and admins see them: the answers' types, status words, the KYC
 * form's checks (the rules module's patterns, the same as the database's), the withdraw flow as a
 * reducer, financial years and the CSV files. Pure functions only; IO lives in payouts.api.ts.
 */
import type { BadgeTone } from '@/components/ui/Badge';
import { formatDateTimeIST, formatPaiseExact, formatRupees } from '@/lib/format';
import { PAN_HOLDER_LETTER_INDEX, PAN_PATTERN, PAN_PERSON_LETTER, PAYOUT_APPROVAL_ABOVE_PAISE, UPI_ID_PATTERN } from '@/lib/rules';

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** get_my_earnings: every figure a sum over the ledger, in paise. */
export interface Earnings {
  won_paise: number;
  tax_withheld_paise: number;
  paid_out_paise: number;
  balance_paise: number;
  /** What withdrawing the whole balance now would pay out, after the tax request_payout would withhold. */
  balance_after_tax_paise: number;
  pending_paise: number;
}

export const EMPTY_EARNINGS: Earnings = {
  won_paise: 0,
  tax_withheld_paise: 0,
  paid_out_paise: 0,
  balance_paise: 0,
  balance_after_tax_paise: 0,
  pending_paise: 0,
};

/** kyc_records.status */
export const KYC_RECORD_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycStatus = 'none' | (typeof KYC_RECORD_STATUSES)[number];

/** get_my_kyc; `none` when the player has not sent their details yet. */
export interface Kyc {
  status: KycStatus;
  reason: string | null;
  /** The reason's code (kyc_records_reason_code_known), which a Hindi page words; null when none. */
  reason_code?: string | null;
  pan_masked: string | null;
  upi_id: string | null;
  payouts_held_until: string | null;
}

export const NO_KYC: Kyc = { status: 'none', reason: null, pan_masked: null, upi_id: null, payouts_held_until: null };

/** A row of get_my_payouts. */
export interface Payout {
  id: string;
  gross_paise: number;
  tax_paise: number;
  net_paise: number;
  status: string;
  upi_id: string | null;
  failure_reason: string | null;
  created_at: string;
  processed_at: string | null;
  /** The bank's reference of the transfer, once RazorpayX reports it: the proof a player shows their bank. */
  utr: string | null;
  /** The transfer service stopped answering and staff are retrying it. */
  delayed: boolean;
  /** By when an admin approves it, for a withdrawal that waits for one (private.payout_approval_due_at). */
  approval_due_at: string | null;
}

/** get_my_withdrawal_holds: what of the balance open chargebacks hold, and what can be withdrawn now. */
export interface WithdrawalHolds {
  held_paise: number;
  available_paise: number;
  chargebacks: { tournament_title: string | null; amount_paise: number; opened_at: string }[];
}

export const NO_HOLDS: WithdrawalHolds = { held_paise: 0, available_paise: 0, chargebacks: [] };

/** Why part of the balance cannot be withdrawn, in plain words; null when nothing is held. */
export function withdrawalHoldNote(holds: WithdrawalHolds, formatPaise: (paise: number) => string): string | null {
  if (holds.held_paise <= 0) return null;
  const titles = [...new Set(holds.chargebacks.map((c) => c.tournament_title).filter((t): t is string => Boolean(t)))];
  // The payment may be another buyer's: a place bought for this player, whose prize the chargeback holds too.
  const payment = titles.length > 0 ? `the payment for your entry in ${titles.join(' and ')}` : 'the payment for one of your entries';
  return (
    `${formatPaise(holds.held_paise)} of your balance is on hold: a bank is reviewing a chargeback (a dispute of the card or UPI payment) on ${payment}. ` +
    `You can withdraw up to ${formatPaise(holds.available_paise)} now. If the bank decides for us, the hold ends; if it returns the payment, the held amount is taken from your balance.`
  );
}

/**
 * private.tax_in_withdrawal, the one reckoning of a withdrawal's net winnings (Rule 133): this financial
 * year's withdrawals with this one, less the entry fees paid this year, the opening balance and what earlier
 * withdrawals this year already counted; never below zero.
 */
interface NetWinningsReckoning {
  withdrawn_paise: number;
  entry_fees_paise: number;
  opening_balance_paise: number;
  already_counted_paise: number;
  net_winnings_paise: number;
}

/** preview_payout: what a withdrawal of `gross_paise` would pay, nothing stored. */
export interface PayoutPreview {
  gross_paise: number;
  tax_paise: number;
  net_paise: number;
  balance_paise: number;
  tax_rate_percent: number;
  reckoning: NetWinningsReckoning;
}

/** request_payout. */
export interface PayoutRequest {
  payout_id: string;
  gross_paise: number;
  tax_paise: number;
  net_paise: number;
  status: string;
  approval_due_at: string | null;
}

/**
 * The rule in the decisions' words (s.194BA, Rule 133), for the withdraw screen and the statement: every
 * sentence about what net winnings are says this.
 */
export function netWinningsRule(taxRatePercent: number): string {
  return (
    `Tax is ${taxRatePercent}% of net winnings: at each withdrawal, the amount withdrawn less the entry fees you paid in the financial year ` +
    'and your opening balance, less what earlier withdrawals that year already counted; at the year’s end, on what is left.'
  );
}

/** Net winnings a statement's withholdings were worked out on, in all. */
export const statementNetWinningsPaise = (statement: Pick<TaxStatement, 'tax_withheld'>): number =>
  statement.tax_withheld.reduce((sum, row) => sum + (row.net_winnings_paise ?? 0), 0);

/**
 * The withdraw screen's one line on the tax, from the numbers preview_payout returned: how the net winnings
 * in this withdrawal are reckoned and what the tax is.
 */
export function taxReckoningLine(preview: Pick<PayoutPreview, 'gross_paise' | 'tax_paise' | 'tax_rate_percent' | 'reckoning'>): string {
  const r = preview.reckoning;
  const withdrawn =
    r.withdrawn_paise === preview.gross_paise
      ? `this withdrawal of ${formatPaiseExact(r.withdrawn_paise)}`
      : `${formatPaiseExact(r.withdrawn_paise)} withdrawn this financial year, this withdrawal included`;
  const less = [
    r.entry_fees_paise > 0 ? `less ${formatPaiseExact(r.entry_fees_paise)} of entry fees you paid this financial year` : null,
    r.opening_balance_paise > 0 ? `less your opening balance of ${formatPaiseExact(r.opening_balance_paise)} on 1 April` : null,
    r.already_counted_paise > 0
      ? `less ${formatPaiseExact(r.already_counted_paise)} your earlier withdrawals this year already counted`
      : null,
  ].filter((part): part is string => part !== null);
  const tax = `The tax is ${preview.tax_rate_percent}% of that: ${formatPaiseExact(preview.tax_paise)}.`;
  if (less.length === 0) {
    return `All of ${withdrawn} is net winnings: you paid no entry fees this financial year and had no opening balance to take off. ${tax}`;
  }
  const reckoned = `Net winnings are ${[withdrawn, ...less].join(', ')}`;
  if (r.net_winnings_paise <= 0) return `${reckoned}: nothing is left to tax, so no tax is withheld.`;
  return `${reckoned}: ${formatPaiseExact(r.net_winnings_paise)}. ${tax}`;
}

// ---------------------------------------------------------------------------------------------
// Payout statuses
// ---------------------------------------------------------------------------------------------

/** RazorpayX's in-between words all mean the money is on its way. */
const ON_ITS_WAY = new Set(['approved', 'queued', 'pending', 'scheduled', 'processing']);
const RETURNED = new Set(['reversed', 'cancelled', 'rejected', 'failed']);

export function payoutStatusLabel(status: string): string {
  if (status === 'awaiting_approval') return 'Awaiting approval';
  if (ON_ITS_WAY.has(status)) return 'Processing';
  if (status === 'processed') return 'Processed';
  if (status === 'reversed') return 'Reversed';
  if (status === 'cancelled') return 'Cancelled';
  if (status === 'rejected') return 'Rejected';
  if (status === 'failed') return 'Failed';
  return status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

export function payoutStatusTone(status: string): BadgeTone {
  if (status === 'awaiting_approval') return 'yellow';
  if (ON_ITS_WAY.has(status)) return 'blue';
  if (status === 'processed') return 'green';
  if (RETURNED.has(status)) return 'red';
  return 'grey';
}

/** One sentence under the badge: what happens next, or what went wrong and where the money is. */
export function payoutStatusNote(
  payout: Pick<Payout, 'status' | 'failure_reason'> & { delayed?: boolean; approval_due_at?: string | null },
  now: Date = new Date(),
): string | null {
  if (payout.status === 'awaiting_approval') {
    const why = `every first withdrawal and any above ${formatRupees(PAYOUT_APPROVAL_ABOVE_PAISE / 100)} is checked before it is sent.`;
    if (!payout.approval_due_at) return `An admin approves it: ${why}`;
    const due = formatDateTimeIST(payout.approval_due_at);
    return new Date(payout.approval_due_at).getTime() < now.getTime()
      ? `An admin was due to approve it by ${due} and is running late; the money stays set aside for you. Why: ${why}`
      : `An admin approves it by ${due}: ${why}`;
  }
  if (payout.delayed && ON_ITS_WAY.has(payout.status))
    return 'Delayed: the payment service stopped answering, and our team is sending it again. The money stays set aside for you.';
  if (ON_ITS_WAY.has(payout.status)) return 'Sent to your UPI id. Most payouts arrive within minutes.';
  if (RETURNED.has(payout.status)) {
    const reason = payout.failure_reason?.trim();
    const back = 'The amount and its tax are back in your balance.';
    return reason ? `${reason} ${back}` : back;
  }
  return null;
}

/** Statuses that can still change: the page asks again while one is shown. */
export const isPayoutMoving = (status: string): boolean => status === 'awaiting_approval' || ON_ITS_WAY.has(status);

// ---------------------------------------------------------------------------------------------
// KYC form
// ---------------------------------------------------------------------------------------------

const PAN = new RegExp(PAN_PATTERN);
const UPI_ID = new RegExp(UPI_ID_PATTERN);

/** What the player typed, as the database stores it: no spaces, capitals. */
export const normalisePan = (value: string): string => value.replace(/\s+/g, '').toUpperCase();
export const normaliseUpiId = (value: string): string => value.trim();

/** What is wrong with a PAN as typed (already normalised), or null. Empty reads as "not yet typed". */
export function panProblem(pan: string): string | null {
  if (pan === '') return 'Enter your PAN.';
  if (!PAN.test(pan)) return 'A PAN is 10 characters: five letters, four digits, then a letter (like ABCPE1234F).';
  if (pan.charAt(PAN_HOLDER_LETTER_INDEX) !== PAN_PERSON_LETTER)
    return `The 4th letter of a personal PAN is ${PAN_PERSON_LETTER}. Prizes can only be paid to your own PAN, not a company's or a firm's.`;
  return null;
}

export function upiIdProblem(upiId: string): string | null {
  if (upiId === '') return 'Enter your UPI id.';
  if (!upiId.includes('@')) return 'A UPI id has an @ in it, like yourname@okbank.';
  if (!UPI_ID.test(upiId)) return 'Check your UPI id: letters, digits, dots, dashes or underscores, then @ and your bank’s handle.';
  return null;
}

/**
 * The sentence for each code the KYC and payout functions answer with (the database's `hint`): the
 * player's screens hand it to errorText (lib/error-text.ts) as the area's own words, before the error table.
 */
export const PAYOUT_MESSAGES: Record<string, string> = {
  invalid_pan: 'That PAN is not valid. Check it against your PAN card.',
  invalid_upi_id: 'That UPI id is not valid. Copy it from your UPI app.',
  kyc_under_18: 'Prizes can be withdrawn from the age of 18. Your profile’s date of birth says you are younger.',
  profile_incomplete: 'Complete your profile with your legal name (as on your PAN card) and date of birth first.',
  needs_aal2: 'Changing your UPI id needs two-step sign-in. Set up an authenticator app on your profile and sign in again.',
  second_step_required: 'Changing your UPI id needs two-step sign-in. Enter the code from your authenticator app first.',
  kyc_required: 'Your PAN and UPI id must be verified before you withdraw.',
  insufficient_balance: 'That is more than your balance.',
  payouts_held: 'Your UPI id changed recently, so withdrawals are paused for 24 hours to keep your money safe.',
  invalid_amount: 'Enter an amount above ₹0.',
  network: 'Could not reach the server. Check your connection and try again.',
};

export function kycStatusLabel(status: KycStatus): string {
  switch (status) {
    case 'pending':
      return 'Checking';
    case 'verified':
      return 'Verified';
    case 'rejected':
      return 'Not verified';
    default:
      return 'Not started';
  }
}

// ---------------------------------------------------------------------------------------------
// Withdraw: amount, preview, confirm
// ---------------------------------------------------------------------------------------------

/**
 * Rupees as typed ("1,500", "₹ 250.5") to paise, or null when it is not an amount: at most two decimals,
 * Indian or Western digit grouping ignored. Integers only: no binary-float rounding.
 */
export function rupeesTextToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const rupees = Number(match[1]);
  const paise = Number((match[2] ?? '').padEnd(2, '0'));
  return rupees * 100 + paise;
}

/** Paise as the amount field shows it: 150050 → "1500.50", 150000 → "1500". */
export function paiseToRupeesText(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

export function amountProblem(paise: number | null, balancePaise: number): string | null {
  if (paise === null) return 'Enter an amount in rupees, like 500 or 499.50.';
  if (paise <= 0) return PAYOUT_MESSAGES.invalid_amount ?? null;
  if (paise > balancePaise) return PAYOUT_MESSAGES.insufficient_balance ?? null;
  return null;
}

/**
 * The withdraw card. One attempt = one idempotency key: it is made when the preview arrives and kept
 * through a failed or repeated confirm, so a double click or a retry after a lost answer makes one
 * payout; editing the amount starts a new attempt.
 */
export type WithdrawState =
  | { step: 'editing'; amountText: string; error: string | null }
  | { step: 'previewing'; amountText: string; amountPaise: number }
  | { step: 'confirming'; amountText: string; preview: PayoutPreview; key: string; error: string | null }
  | { step: 'requesting'; amountText: string; preview: PayoutPreview; key: string }
  | { step: 'requested'; result: PayoutRequest };

export type WithdrawAction =
  | { type: 'edit'; amountText: string }
  | { type: 'preview'; amountPaise: number }
  | { type: 'preview-ok'; preview: PayoutPreview; key: string }
  | { type: 'preview-failed'; message: string }
  | { type: 'confirm' }
  | { type: 'request-ok'; result: PayoutRequest }
  | { type: 'request-failed'; message: string }
  | { type: 'back' };

export const WITHDRAW_START: WithdrawState = { step: 'editing', amountText: '', error: null };

export function withdrawReducer(state: WithdrawState, action: WithdrawAction): WithdrawState {
  switch (action.type) {
    case 'edit':
      return state.step === 'editing' ? { step: 'editing', amountText: action.amountText, error: null } : state;
    case 'preview':
      return state.step === 'editing' ? { step: 'previewing', amountText: state.amountText, amountPaise: action.amountPaise } : state;
    case 'preview-ok':
      return state.step === 'previewing'
        ? { step: 'confirming', amountText: state.amountText, preview: action.preview, key: action.key, error: null }
        : state;
    case 'preview-failed':
      return state.step === 'previewing' ? { step: 'editing', amountText: state.amountText, error: action.message } : state;
    case 'confirm':
      // Only a shown preview can be confirmed; a second click while the first is on its way does nothing.
      return state.step === 'confirming'
        ? { step: 'requesting', amountText: state.amountText, preview: state.preview, key: state.key }
        : state;
    case 'request-ok':
      return state.step === 'requesting' ? { step: 'requested', result: action.result } : state;
    case 'request-failed':
      // Same attempt, same key: trying again cannot make a second payout.
      return state.step === 'requesting'
        ? { step: 'confirming', amountText: state.amountText, preview: state.preview, key: state.key, error: action.message }
        : state;
    case 'back':
      if (state.step === 'confirming') return { step: 'editing', amountText: state.amountText, error: null };
      if (state.step === 'requested') return WITHDRAW_START;
      return state;
  }
}

// ---------------------------------------------------------------------------------------------
// Financial years (1 April – 31 March, IST)
// ---------------------------------------------------------------------------------------------

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The financial year a moment falls in, named by the year it starts: 15 Feb 2027 → 2026 (FY 2026–27). */
export function financialYearOf(at: Date | string): number {
  const ist = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** The calendar month (1–12) in India at `at`: the accountant's monthly deposit follows it. */
export function monthInIndia(at: Date | string): number {
  return new Date(new Date(at).getTime() + IST_OFFSET_MS).getUTCMonth() + 1;
}

/** 2026 → "2026–27". */
export function financialYearLabel(startYear: number): string {
  return `${startYear}–${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The years a player can pick, newest first: from the first year prizes were paid to this one. */
export function financialYearsUpTo(current: number, first: number): number[] {
  const years: number[] = [];
  for (let year = current; year >= Math.min(first, current); year -= 1) years.push(year);
  return years;
}

// ---------------------------------------------------------------------------------------------
// The annual statement
// ---------------------------------------------------------------------------------------------

export interface TaxWithholding {
  at: string;
  paise: number;
  payout_id: string | null;
  /** The net winnings this tax was worked out on (private.tax_in_withdrawal, or the year end's reckoning). */
  net_winnings_paise?: number;
}

export interface StatementPayout {
  at: string;
  gross_paise: number;
  tax_paise: number;
  net_paise: number;
  status: string;
  payout_id: string | null;
  /** The bank's reference of a sent payout, when the payout carries one. */
  utr?: string | null;
}

/** get_my_tax_statement. */
export interface TaxStatement {
  financial_year: number;
  /** The deductee and the deductor, as a tax statement names them. */
  legal_name?: string | null;
  pan_masked?: string | null;
  deductor_tan?: string | null;
  winnings_paise: number;
  /** The entry fees paid in the year less their refunds: net winnings are reckoned after them. */
  entry_fees_paise?: number;
  tax_withheld: TaxWithholding[];
  payouts: StatementPayout[];
  opening_balance_paise: number;
  closing_balance_paise: number;
}

/** A withholding is done once its payout is processed (or at the year end); until then it is to be withheld. */
const isProcessedPayout = (status: string | undefined): boolean => status === 'processed';

/**
 * Tax withheld, once: each withdrawal's tax (withheld when the payout is processed, "to be withheld" while
 * it waits) and each year-end withholding, which has no payout.
 */
export function statementTax(statement: Pick<TaxStatement, 'tax_withheld' | 'payouts'>): {
  withheldPaise: number;
  toBeWithheldPaise: number;
} {
  const statusOf = new Map(statement.payouts.map((payout) => [payout.payout_id, payout.status]));
  let withheldPaise = 0;
  let toBeWithheldPaise = 0;
  for (const row of statement.tax_withheld) {
    if (row.payout_id === null || isProcessedPayout(statusOf.get(row.payout_id))) withheldPaise += row.paise;
    else toBeWithheldPaise += row.paise;
  }
  return { withheldPaise, toBeWithheldPaise };
}

/**
 * My Earnings' tax tile: the ledger's tax split by the payouts it belongs to. Tax of a payout that is not
 * processed yet is "to be withheld"; a payout that failed returns its tax to the balance (the ledger has
 * already reversed it).
 */
export function taxTile(earnings: Pick<Earnings, 'tax_withheld_paise'>, payouts: readonly Pick<Payout, 'status' | 'tax_paise'>[]) {
  const toBeWithheldPaise = payouts
    .filter((payout) => payout.status === 'awaiting_approval' || ON_ITS_WAY.has(payout.status))
    .reduce((sum, payout) => sum + payout.tax_paise, 0);
  return { withheldPaise: Math.max(earnings.tax_withheld_paise - toBeWithheldPaise, 0), toBeWithheldPaise };
}

export const statementFileName = (financialYear: number): string =>
  `tax-statement-FY${financialYear}-${String((financialYear + 1) % 100).padStart(2, '0')}.csv`;
