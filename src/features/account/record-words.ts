/**
 * A player's figures in both languages (My Earnings' four cards and the record shared by the dashboard, the
 * profile and My Earnings), read through the page's language store; the Hindi words load in their own chunk
 * (record-words-hi.ts). Counts and rates arrive as numbers, each note states them in its own grammar.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { ACCOUNT_MESSAGES, foldedLabel, type HistoryRow, paymentStatusLabel, STAT_WORDS_EN, type StatWords } from './account';

/** The payment history's rows (PaymentHistoryList): its table, its badges and the line under each status. */
export type PaymentRowWords = {
  columns: { tournament: string; paymentId: string; amount: string; date: string; status: string };
  slots: (count: number) => string;
  declined: string;
  notCharged: string;
  attemptNotCharged: (amount: string) => string;
  folded: (count: number) => string;
  status: (status: string) => string;
  /** What the player reads under a row's status; English is the row's own note (payment-history.ts `paymentNote`). */
  note: (row: HistoryRow) => string | null;
};

export type RecordWords = {
  totalEarnings: string;
  prizeMoneyWon: string;
  matchesPlayed: string;
  acrossAll: string;
  matchesWon: string;
  noMatches: string;
  winRate: (percent: number) => string;
  goalsScored: string;
  perMatch: (average: string) => string;
  /** The shared record's cards (account.ts statFigures). */
  record: StatWords;
  /** "Your record" around the figures on the dashboard and the profile (SignedInRecord). */
  frame: { title: string; earnings: string; lead: string; publicPage: string; publicPageNote: string };
  statsLoadFailed: string;
  loadingPayments: string;
  paymentsLoadFailed: string;
  noPayments: string;
  payments: PaymentRowWords;
};

const en: RecordWords = {
  totalEarnings: 'Total Earnings',
  prizeMoneyWon: 'Prize money won',
  matchesPlayed: 'Matches Played',
  acrossAll: 'Across all tournaments',
  matchesWon: 'Matches Won',
  noMatches: 'No matches yet',
  winRate: (percent) => `${percent}% win rate`,
  goalsScored: 'Goals Scored',
  perMatch: (average) => `${average} per match`,
  record: STAT_WORDS_EN,
  frame: {
    title: 'Your record',
    earnings: 'Earnings & payments',
    lead: 'Prize money credited to you and your confirmed matches in every tournament.',
    publicPage: 'See your public player page',
    publicPageNote: '(what other players see: rating and record)',
  },
  statsLoadFailed: ACCOUNT_MESSAGES.statsLoadFailed,
  loadingPayments: 'Loading your payments',
  paymentsLoadFailed: ACCOUNT_MESSAGES.paymentsLoadFailed,
  noPayments: ACCOUNT_MESSAGES.noPayments,
  payments: {
    columns: { tournament: 'Tournament', paymentId: 'Payment ID', amount: 'Amount', date: 'Date', status: 'Status' },
    slots: (count) => `${count} slots`,
    declined: 'Declined',
    notCharged: 'not charged',
    attemptNotCharged: (amount) => `${amount} not charged`,
    folded: foldedLabel,
    status: paymentStatusLabel,
    note: (row) => row.note,
  },
};

export const RECORD_WORDS: Record<Lang, RecordWords> = islandWords(en, () => import('./record-words-hi'));
