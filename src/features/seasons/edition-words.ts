/**
 * The edition page's words (EditionIsland.tsx) in the page's language; the Hindi ones are a chunk only Hindi pages
 * load (lib/i18n/island-words.ts). The series' own words come from the catalog (its Hindi twin on a Hindi page).
 */
import { islandWords } from '@/lib/i18n/island-words';

const en = {
  loading: 'Loading the edition…',
  missingHeading: 'No such edition',
  missing: (id: string | null) => (id ? `There is no edition "${id}".` : 'This link names no edition.'),
  seeAll: 'See all tournaments',
  fullPage: "Open the edition's full page",
  starts: 'Starts',
  entry: 'Entry',
  prizePool: 'Prize pool',
  status: 'Status',
  players: (entries: number | string, capacity: number) => `${entries} / ${capacity} players`,
  rules: 'Rules',
  /** A sentence's full stop after a link (Hindi ends a sentence with the danda). */
  end: '.',
  /** The static page around the island (edition/index.astro). */
  title: 'Edition',
  pageDescription: (product: string) => `An edition of a monthly ${product} series: its date, entry, prizes and rules.`,
  needsScript: 'This edition page needs JavaScript to show the edition.',
  /** The page opened without `?id=`: what an edition page is and where the editions are (before the link to them). */
  noLink:
    'An edition page shows one edition of a monthly series: the one its link names. Every edition open now, with its date, entry fee, prizes and rules, is on the tournaments page: ',
};

export type EditionWords = typeof en;

export const EDITION_WORDS = islandWords(en, () => import('./edition-words-hi'));
