/**
 * The dashboard's signed-in home in both languages (check-ins due, next matches, entries), read through the page's
 * language store; the Hindi words load in a chunk of their own (home-words-hi.ts, lib/i18n/island-words.ts). The
 * record (shared with the profile) speaks record-words.ts, the deletion banner profile/deletion-words.ts.
 */
import { islandWords } from '@/lib/i18n/island-words';

export type HomeWords = {
  loadingTournaments: string;
  checkInNow: string;
  /** The check-in rule under "Check in now" (entries.ts withdraws what is not checked in). */
  checkInRule: string;
  nextMatches: (count: number) => string;
  myEntries: string;
  allMine: string;
  loadingEntries: string;
  entriesFailed: string;
  noEntries: string;
  findTournament: string;
  tradeCenter: string;
  tradeSoon: string;
};

const en: HomeWords = {
  loadingTournaments: 'Loading your tournaments…',
  checkInNow: 'Check in now',
  checkInRule: 'An entry not checked in when check-in closes is withdrawn.',
  nextMatches: (count) => (count === 1 ? 'Your next match' : 'Your next matches'),
  myEntries: 'My entries',
  allMine: 'All my tournaments',
  loadingEntries: 'Loading your entries…',
  entriesFailed: 'Your entries could not be loaded. Reload the page to try again.',
  noEntries: 'No entries in a running or upcoming tournament.',
  findTournament: 'Find a tournament',
  tradeCenter: 'Trade Center',
  tradeSoon: '(player cards): coming soon.',
};

export const HOME_WORDS = islandWords(en, () => import('./home-words-hi'));
