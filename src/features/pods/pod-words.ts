/**
 * The pod page's own words in both languages (its facts, the notice under them, the bracket's and standings'
 * headings and the promises above the Pay button), read through the page's language store; the Hindi words and
 * the Hindi promises (promises-hi.ts `payPanelPromisesHi`, built from the same numbers) load in their own chunk
 * (pod-words-hi.ts). The start delay of a pod comes from the rules.
 */
import { formatIntro } from '@/features/brackets/formats/intro';
import { entriesOrPending } from '@/features/tournaments/status';
import { payPanelPromises } from '@/features/tournaments/promises';
import { formatRupees } from '@/lib/format';
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { POD_START_DELAY_MINUTES } from '@/lib/rules';

export type PodWords = {
  missing: string;
  loadFailed: string;
  seeAll: string;
  pod: (n: number) => string;
  title: string;
  lead: (isPod: boolean) => string;
  entries: string;
  entriesValue: typeof entriesOrPending;
  prizePool: string;
  prizePoolValue: (rupees: number) => string;
  /** The pod's format as the database names it, in the page's language (format-names.ts). */
  formatName: (format: string) => string;
  starts: string;
  afterItFills: string;
  notFullBy: (when: string) => string;
  cancelled: string;
  /** Why a pod was called off: the database's sentence (English) or its code's words (Hindi), else `cancelled`. */
  cancelledBecause: (reason: string | null | undefined, code: string | null | undefined) => string;
  bracket: string;
  format: (kinds: readonly string[] | null) => string;
  drawRuns: string;
  loadingBracket: string;
  standings: string;
  standingsLead: string;
  promises: typeof payPanelPromises;
  /** The static page around the island (pod/index.astro). */
  pageDescription: (product: string) => string;
  needsScript: string;
  seeAllTournaments: string;
};

const en: PodWords = {
  missing: 'No pod has this link.',
  loadFailed: 'The pod could not be loaded.',
  seeAll: 'See every tournament and its open pod',
  pod: (n) => ` · pod #${n}`,
  title: 'Pod',
  lead: (isPod) =>
    `${isPod ? 'A quick-format tournament' : 'A tournament'}: who is in, when it starts, check-in, the draw and every match, live as they happen.`,
  entries: 'Entries',
  entriesValue: entriesOrPending,
  prizePool: 'Prize pool',
  // money-words.ts's words, kept here so the pod page loads no shared chunk for them (money-words.test.ts compares).
  prizePoolValue: (rupees) => (rupees === 0 ? 'No cash prize' : formatRupees(rupees)),
  formatName: (format) => format,
  starts: 'Starts',
  afterItFills: `${POD_START_DELAY_MINUTES} min after it fills`,
  notFullBy: (when) => `If it is not full by ${when}, the pod is cancelled and every entry refunded.`,
  cancelled: 'This pod was cancelled and every entry refunded.',
  cancelledBecause: (reason) => reason?.trim() || 'This pod was cancelled and every entry refunded.',
  bracket: 'Bracket',
  format: formatIntro,
  drawRuns: 'The draw runs when check-in closes; only checked-in entries are drawn.',
  loadingBracket: 'Loading the bracket…',
  standings: 'Standings',
  standingsLead: 'Places by the round each player went out in: players out in the same round share a place.',
  promises: payPanelPromises,
  pageDescription: (product) =>
    `A quick-format pod on ${product}: it starts ${POD_START_DELAY_MINUTES} minutes after its last place is taken.`,
  needsScript: "This pod page needs JavaScript to show the pod's players and status.",
  seeAllTournaments: 'See all tournaments',
};

export const POD_WORDS: Record<Lang, PodWords> = islandWords(en, () => import('./pod-words-hi'));
