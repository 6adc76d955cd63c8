/**
 * The standings' and the public payout record's words in both languages, read through the page's language
 * store (lib/i18n/use-messages). The database labels places in English ordinals ("1st", "3rd–4th"): Hindi
 * shows their numbers ("1", "3–4"), which read the same in both. Amounts arrive formatted (₹ in both),
 * times formatted in the page's language (`when`). Hindi follows docs/hindi-glossary.md.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { type PayoutRecordRow, type PayoutRecordStatus, payoutStatusDetail, payoutStatusLabel } from './payout-record';
import { bandTitle, type StandingBand } from './standings';

export type StandingsWords = {
  cancelled: string;
  appearLater: string;
  loading: string;
  final: string;
  aPlayer: string;
  place: (label: string) => string;
  bandTitle: (band: Pick<StandingBand, 'from' | 'to'>) => string;
  prizesPaid: string;
  prizesLead: string;
  prizesCancelled: string;
  prizesLater: string;
  loadingPrizes: string;
  noCashPrizes: string;
  columns: { place: string; player: string; prize: string; status: string };
  status: (status: PayoutRecordStatus) => string;
  detail: (row: PayoutRecordRow, now: number, when: (at: string) => string) => string;
};

const en: StandingsWords = {
  cancelled: 'This tournament was cancelled: there are no standings.',
  appearLater: 'The standings appear here when the final is confirmed: places by the round each player went out in.',
  loading: 'Loading the standings…',
  final: 'Final:',
  aPlayer: 'A player',
  place: (label) => label,
  bandTitle,
  prizesPaid: 'Prizes paid',
  prizesLead:
    'Every prize of this tournament and where it stands: credited to the winner’s balance when the challenge window ends, paid once the winner’s withdrawals reach it.',
  prizesCancelled: 'This tournament was cancelled: it pays no prizes.',
  prizesLater: 'Prizes are listed here after the final.',
  loadingPrizes: 'Loading the prizes…',
  noCashPrizes: 'This tournament has no cash prizes.',
  columns: { place: 'Place', player: 'Player', prize: 'Prize', status: 'Status' },
  status: payoutStatusLabel,
  detail: payoutStatusDetail,
};

export const STANDINGS_WORDS: Record<Lang, StandingsWords> = islandWords(en, () => import('./standings-words-hi'));
