/**
 * My Earnings' prize section in both languages: the PAN and UPI id card, the withdrawal with its tax reckoned
 * line by line, the withdrawals and their statuses. English is payouts.ts's own words; the Hindi words load in
 * their own chunk (payout-words-hi.ts, lib/i18n/island-words.ts). Amounts arrive as paise and are written
 * `₹1,00,000.00` in both; the tax rate and the approval threshold come from the database's answer and the rules.
 * A problem the form finds as the player types (payouts.ts `panProblem`, `upiIdProblem`, `amountProblem`) is
 * worded in English there: `problem()` gives the page's words for it.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import {
  type KycStatus,
  type Payout,
  type PayoutPreview,
  kycStatusLabel,
  payoutStatusLabel,
  payoutStatusNote,
  taxReckoningLine,
  type WithdrawalHolds,
  withdrawalHoldNote,
} from './payouts';
import { formatPaiseExact } from '@/lib/format';

export type PayoutWords = {
  prizeMoney: string;
  loadingDetails: string;
  kyc: {
    heading: string;
    status: (status: KycStatus) => string;
    upiId: string;
    withdrawals: string;
    pausedUntil: (when: string) => string;
    checking: string;
    intro: string;
    couldNotVerify: string;
    /** Why the details were refused: the database's sentence (English) or its code's words (Hindi), else couldNotVerify. */
    rejectedBecause: (reason: string | null, code: string | null | undefined) => string;
    sendAgain: string;
    panHint: string;
    upiHint: string;
    sending: string;
    verify: string;
  };
  withdraw: {
    heading: string;
    amount: string;
    upTo: (amount: string, held: boolean) => string;
    all: string;
    workingOut: string;
    seeTax: string;
    empty: string;
    fromBalance: string;
    taxWithheld: (ratePercent: number) => string;
    youReceive: (upiId: string | null) => string;
    reckoning: (preview: Pick<PayoutPreview, 'gross_paise' | 'tax_paise' | 'tax_rate_percent' | 'reckoning'>) => string;
    paidToGovernment: string;
    change: string;
    confirm: string;
    sending: string;
    requested: (gross: string, net: string) => string;
    another: string;
    holdNote: (holds: WithdrawalHolds) => string | null;
  };
  history: {
    heading: string;
    loading: string;
    none: string;
    less: (gross: string, tax: string) => string;
    utr: string;
  };
  payoutStatus: (status: string) => string;
  payoutNote: (payout: Parameters<typeof payoutStatusNote>[0], now?: Date) => string | null;
  /** The page's words for a problem payouts.ts words in English (the same sentence on an English page). */
  problem: (english: string | null) => string | null;
};

const en: PayoutWords = {
  prizeMoney: 'Prize money',
  loadingDetails: 'Loading your withdrawal details',
  kyc: {
    heading: 'PAN and UPI id',
    status: kycStatusLabel,
    upiId: 'UPI id',
    withdrawals: 'Withdrawals',
    pausedUntil: (when) => `Paused until ${when} after your UPI id changed`,
    checking:
      'We are checking your PAN against your legal name and your UPI id with your bank. This usually takes a minute; this page updates by itself.',
    intro:
      'Before your first withdrawal the law needs your PAN (tax is withheld against it) and we need the UPI id to pay you. The name on your PAN must match your profile’s legal name.',
    couldNotVerify: 'We could not verify these details.',
    rejectedBecause: (reason) => reason?.trim() || 'We could not verify these details.',
    sendAgain: 'Check them and send them again.',
    panHint: '10 characters, like ABCPE1234F',
    upiHint: 'As your UPI app shows it, like yourname@okaxis',
    sending: 'Sending…',
    verify: 'Verify PAN and UPI id',
  },
  withdraw: {
    heading: 'Withdraw',
    amount: 'Amount (₹)',
    upTo: (amount, held) => `${held ? 'Up to' : 'Up to your balance of'} ${amount}.`,
    all: 'Withdraw all',
    workingOut: 'Working out the tax…',
    seeTax: 'See tax and amount',
    empty: 'Your balance is empty: prizes appear here once a tournament’s results are final.',
    fromBalance: 'Withdrawal from your balance',
    taxWithheld: (rate) => `Tax withheld (${rate}% of net winnings)`,
    youReceive: (upiId) => `You receive${upiId ? ` on ${upiId}` : ''}`,
    reckoning: taxReckoningLine,
    paidToGovernment: 'It is paid to the government against your PAN and shows in your annual statement.',
    change: 'Change amount',
    confirm: 'Confirm withdrawal',
    sending: 'Sending…',
    requested: (gross, net) => `Withdrawal of ${gross} requested: you receive ${net}.`,
    another: 'Make another withdrawal',
    holdNote: (holds) => withdrawalHoldNote(holds, formatPaiseExact),
  },
  history: {
    heading: 'Withdrawals',
    loading: 'Loading your withdrawals',
    none: 'No withdrawals yet.',
    less: (gross, tax) => `${gross} less ${tax} tax`,
    utr: 'Bank reference (UTR):',
  },
  payoutStatus: payoutStatusLabel,
  payoutNote: payoutStatusNote,
  problem: (english) => english,
};

export const PAYOUT_WORDS: Record<Lang, PayoutWords> = islandWords(en, () => import('./payout-words-hi'));

export type { Payout };
