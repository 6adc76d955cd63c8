/**
 * The annual tax statement's words (TaxStatementCard) in both languages; the card loads after My Earnings' first
 * paint, and its Hindi words in a chunk of their own (statement-words-hi.ts, lib/i18n/island-words.ts). The
 * net-winnings rule is payouts.ts `netWinningsRule`, with the rules' rate passed in. The CSV stays English, the
 * language the return is filed in.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { netWinningsRule } from './payouts';

export type StatementWords = {
  heading: string;
  financialYear: string;
  loading: string;
  /** The page's words for a failure to load it (the English page shows the load's own sentence). */
  loadFailed: (english: string) => string;
  period: (year: string) => string;
  name: string;
  pan: string;
  panNotGiven: string;
  tan: string;
  tanNotSet: string;
  opening: string;
  winnings: string;
  entryFees: string;
  netTaxed: string;
  taxWithheld: string;
  taxToBeWithheld: string;
  closing: string;
  /** payouts.ts `netWinningsRule`: the rate comes from the rules, never typed. */
  rule: (taxRatePercent: number) => string;
  caption: (year: string) => string;
  columns: { date: string; gross: string; tax: string; net: string; status: string; utr: string };
  download: string;
  print: string;
};

const en: StatementWords = {
  heading: 'Annual tax statement',
  financialYear: 'Financial year',
  loading: 'Loading your statement',
  loadFailed: (english) => english,
  period: (year) => `Financial year ${year} (1 April to 31 March)`,
  name: 'Name',
  pan: 'PAN',
  panNotGiven: 'Not given yet',
  tan: "Deductor's TAN",
  tanNotSet: 'Not set yet',
  opening: 'Opening balance (1 April)',
  winnings: 'Winnings',
  entryFees: 'Entry fees paid (less refunds)',
  netTaxed: 'Net winnings taxed',
  taxWithheld: 'Tax withheld',
  taxToBeWithheld: 'Tax to be withheld (payout not processed yet)',
  closing: 'Closing balance',
  rule: netWinningsRule,
  caption: (year) => `Withdrawals in FY ${year}`,
  columns: { date: 'Date', gross: 'Gross', tax: 'Tax', net: 'Net', status: 'Status', utr: 'UTR' },
  download: 'Download statement (CSV)',
  print: 'Print / Save as PDF',
};

export const STATEMENT_WORDS: Record<Lang, StatementWords> = islandWords(en, () => import('./statement-words-hi'));
