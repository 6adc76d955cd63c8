/**
 * My Tournaments' words in both languages (its heading, series tabs, each tournament's card and the next
 * match; the waitlist places speak the waitlist's own words, seasons/waitlist-words.ts), read through the page's
 * language store (lib/i18n/use-messages). Amounts and times arrive formatted in the page's language. The English
 * sentences are account.ts's and home.ts's own. Hindi follows docs/hindi-glossary.md.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { ACCOUNT_MESSAGES, MY_TOURNAMENT_TABS, type MyTournamentTab } from './account';

export type MyTournamentsWords = {
  eyebrow: string;
  title: string;
  description: string;
  lead: string;
  tabs: Record<MyTournamentTab, string>;
  tabsLabel: string;
  loading: string;
  loadFailed: string;
  tryAgain: string;
  noRegistrations: string;
  noneInSeries: (series: string) => string;
  browse: string;
  registeredOn: (date: string) => string;
  fromInvitation: string;
  entries: (count: number) => string;
  refundOnWay: (amount: string) => string;
  refunded: (amount: string) => string;
  yourPlace: string;
  cancelled: string;
  nextMatch: string;
  /** "Semi-finals vs demo3": the round (already in the page's language) and the opponent. */
  nextMatchLine: (round: string, opponent: string | null) => string;
  openMatch: string;
  /** A round's name as the database gives it ("Semi-finals"), in the page's language. */
  round: (name: string) => string;
  /** A final place as the database labels it ("1st", "3rd–4th"). */
  place: (label: string) => string;
};

const en: MyTournamentsWords = {
  eyebrow: 'Your games',
  title: 'My Tournaments',
  description: 'The tournaments you have registered for and their status.',
  lead: 'Every tournament you have registered for, with its status. Check in here when check-in opens, then follow your draw, your matches and your place.',
  tabs: Object.fromEntries(MY_TOURNAMENT_TABS.map((tab) => [tab.id, tab.label])) as Record<MyTournamentTab, string>,
  tabsLabel: 'Tournament series',
  loading: 'Loading your tournaments',
  loadFailed: ACCOUNT_MESSAGES.tournamentsLoadFailed,
  tryAgain: 'Try again',
  noRegistrations: ACCOUNT_MESSAGES.noRegistrations,
  noneInSeries: ACCOUNT_MESSAGES.noRegistrationsInSeries,
  browse: 'Browse available tournaments',
  registeredOn: (date) => `Registered on ${date}`,
  fromInvitation: 'Your place from an invitation',
  entries: (count) => `${count} entries`,
  refundOnWay: (amount) => `Refund of ${amount} on its way`,
  refunded: (amount) => `Refunded ${amount}`,
  yourPlace: 'Your place:',
  cancelled: 'Cancelled',
  nextMatch: 'Your next match',
  nextMatchLine: (round, opponent) => `${round} vs ${opponent ?? 'the winner of the other match (to be decided)'}`,
  openMatch: 'Open match',
  round: (name) => name,
  place: (label) => label,
};

export const MY_TOURNAMENTS_WORDS: Record<Lang, MyTournamentsWords> = islandWords(en, () => import('./my-tournaments-words-hi'));
