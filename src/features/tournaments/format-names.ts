/**
 * A tournament format's name as the page's language says it. "Super 4" and "Super 8" are the game's and our
 * brand names and read the same on both pages; the others are words a Hindi reader should read in Hindi
 * (docs/hindi-glossary.md). A pod's format comes from the database as the English name, so an unknown name
 * is shown as it is rather than dropped. Small and free of the catalog's schema, so an island may load it.
 */
import type { Lang } from '@/lib/i18n/lang';
import type { TournamentFormat } from './tournaments';

const HINDI_FORMAT_NAMES: Readonly<Record<TournamentFormat, string>> = {
  '1v1 Knockout': '1v1 नॉकआउट',
  'Super 4': 'Super 4',
  'Super 8': 'Super 8',
  'Monthly Championship': 'मंथली चैंपियनशिप',
  'Community Cup': 'कम्युनिटी कप',
};

/** "Monthly Championship" / "मंथली चैंपियनशिप"; a name not in the catalog's list as it is. */
export function formatNameIn(lang: Lang, format: string): string {
  if (lang === 'en' || !Object.hasOwn(HINDI_FORMAT_NAMES, format)) return format;
  return HINDI_FORMAT_NAMES[format as TournamentFormat];
}
