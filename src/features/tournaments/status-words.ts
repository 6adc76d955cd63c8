/**
 * A tournament's status and its "212 / 300 players" count in the page's language. English is STATUS_LOOK's
 * label (status.ts, the one English source); Hindi is here, per status, following docs/hindi-glossary.md.
 * The build renders them, and the live script reads the Hindi words from the page (LiveTournamentStates), so
 * the English pages' script carries none of them.
 */
import type { Lang } from '@/lib/i18n/lang';
import { entriesLabel, pendingEntriesLabel, STATUS_LOOK, type TournamentStatus } from './status';

export const HINDI_STATUS_WORDS: Record<TournamentStatus, string> = {
  scheduled: 'जल्द आ रहा है',
  open: 'रजिस्ट्रेशन खुला',
  full: 'भर गया',
  'check-in': 'चेक-इन',
  live: 'लाइव',
  finished: 'खत्म',
  settled: 'प्राइज़ जमा',
  cancelled: 'रद्द',
};

/** "खिलाड़ी" after the count in Hindi (the same word for one and many). */
export const HINDI_PLAYERS_WORD = 'खिलाड़ी';

export function statusLabelIn(lang: Lang, status: TournamentStatus): string {
  return lang === 'hi' ? HINDI_STATUS_WORDS[status] : STATUS_LOOK[status].label;
}

/** "212 / 300 खिलाड़ी"; before the live count, "– / 300 खिलाड़ी". */
export function entriesLabelIn(lang: Lang, entries: number | null, capacity: number): string {
  if (lang === 'hi') return `${entries ?? '–'} / ${capacity} ${HINDI_PLAYERS_WORD}`;
  return entries === null ? pendingEntriesLabel(capacity) : entriesLabel(entries, capacity);
}
