/**
 * The dashboard's islands in both languages: the signed-in home (check-ins due, next matches, entries), the
 * record's frame shared with the profile, and the banner of a scheduled account deletion. Read through the page's
 * language store; the Hindi words load in a chunk of their own (home-words-hi.ts, lib/i18n/island-words.ts).
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
  record: { title: string; earnings: string; lead: string; loading: string; publicPage: string; publicPageNote: string };
  deletion: { on: (date: string) => string; changeMind: string; cancel: string; cancelling: string };
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
  record: {
    title: 'Your record',
    earnings: 'Earnings & payments',
    lead: 'Prize money credited to you and your confirmed matches in every tournament.',
    loading: 'Loading…',
    publicPage: 'See your public player page',
    publicPageNote: '(what other players see: rating and record)',
  },
  deletion: {
    on: (date) => `Your account will be deleted on ${date}.`,
    changeMind: 'Changed your mind? Cancel before then and nothing changes.',
    cancel: 'Cancel deletion',
    cancelling: 'Cancelling…',
  },
};

export const HOME_WORDS = islandWords(en, () => import('./home-words-hi'));
