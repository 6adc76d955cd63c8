/**
 * The profile's "Download my data" in both languages (its sections and sizes), read through the page's language
 * store; the Hindi words load in a chunk of their own (my-data-words-hi.ts, lib/i18n/island-words.ts). The
 * download's interval is the rules' (lib/rules.ts). Deleting the account has its own words (profile/deletion-words.ts),
 * loaded with its section.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { SECTION_TITLES, sectionSize } from './privacy';

/** The summary under a finished download: each section's title by its key and how much it holds. */
export type ExportSummaryWords = {
  /** A section's title by its key; a key no language names yet shows its own words. */
  section: (key: string) => string;
  size: (value: unknown) => string;
};

const SUMMARY_EN: ExportSummaryWords = {
  section: (key) => (Object.hasOwn(SECTION_TITLES, key) ? (SECTION_TITLES[key] ?? key) : key.replaceAll('_', ' ')),
  size: sectionSize,
};

/** The summary's words in `lang`: shown only with a download, so the Hindi ones load with its data (export-summary-hi.ts). */
export async function exportSummaryWordsIn(lang: Lang): Promise<ExportSummaryWords> {
  return lang === 'hi' ? (await import('./export-summary-hi')).default : SUMMARY_EN;
}

export type MyDataWords = {
  download: {
    title: string;
    lead: (minutes: number) => string;
    why: string;
    saveAgain: string;
    saveHtml: string;
    preparing: string;
    button: string;
    ready: string;
  };
};

const en: MyDataWords = {
  download: {
    title: 'Your data',
    lead: (minutes) =>
      `Download everything we hold about you: profile, entries, matches, your evidence, payments, ledger, tax, payouts, PAN (last four characters only), notifications and decisions about you. One download every ${minutes} minutes.`,
    why: 'What we keep and why',
    saveAgain: 'Save the JSON file again',
    saveHtml: 'Save a readable copy (HTML)',
    preparing: 'Preparing your data…',
    button: 'Download my data',
    ready: 'Your data is ready: the JSON file is downloading.',
  },
};

export const MY_DATA_WORDS = islandWords(en, () => import('./my-data-words-hi'));
