/**
 * The words of the format views (group tables, Swiss, double elimination) in both languages, read through the
 * page's language store (`useMessages(FORMAT_WORDS)`). Loaded with the views only; the line above the bracket
 * keeps its words in bracket-words.ts and the format's sentence in intro.ts, so a knockout page does not carry
 * these. Hindi follows docs/hindi-glossary.md (ग्रुप, स्विस, बुखहोल्ज़, लूज़र्स ब्रैकेट, लॉटरी); places read
 * "नंबर 2", which needs no gender.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { ordinal } from './intro';

/** One row of a group table above the next: the published tie-break step that separated them, in plain words. */
export function tieReasonWords(step: string, below: string): string {
  switch (step) {
    case 'head_to_head_points':
      return `Ahead of ${below} on head-to-head points: the points in the matches between the players level on points.`;
    case 'head_to_head_goal_difference':
      return `Ahead of ${below} on head-to-head goal difference: level on points, and on points between them, but a better goal difference in the matches between them.`;
    case 'head_to_head_goals_for':
      return `Ahead of ${below} on head-to-head goals: level on points and goal difference between them, but more goals scored in the matches between them.`;
    case 'goal_difference':
      return `Ahead of ${below} on goal difference: level in the matches between them, so the goal difference in all group matches decided.`;
    case 'goals_for':
      return `Ahead of ${below} on goals scored: level in the matches between them and on goal difference, so goals scored in all group matches decided.`;
    case 'wins':
      return `Ahead of ${below} on wins: level on points, head-to-head, goal difference and goals, so the number of wins decided.`;
    case 'lots':
      return `Level with ${below} on everything the table counts, so lots decided: drawn from the draw's revealed secret (the lower SHA-256 of the secret, ":lots:" and the entry id goes first), which anyone can check — check the secret with npm run verify-draw.`;
    default:
      return `Ahead of ${below} on ${step.replaceAll('_', ' ')}.`;
  }
}

const en = {
  tieReason: tieReasonWords,
  group: (name: string) => `Group ${name}`,
  yourGroup: 'Your group',
  groupsHeading: 'Group tables',
  otherGroupsLoading: (count: number) => (count === 1 ? 'The other group is loading…' : `The other ${count} groups are loading…`),
  knockoutHeading: 'Knockout',
  thirdPlace: 'Third place',
  groupMatches: 'Matches',
  tableCaption: (group: string) => `Group ${group} table`,
  columns: {
    rank: { short: '#', long: 'Place' },
    player: { short: 'Player', long: 'Player' },
    played: { short: 'P', long: 'Played' },
    won: { short: 'W', long: 'Won' },
    drawn: { short: 'D', long: 'Drawn' },
    lost: { short: 'L', long: 'Lost' },
    goalDifference: { short: 'GD', long: 'Goal difference' },
    points: { short: 'Pts', long: 'Points' },
    medianBuchholz: { short: 'mBH', long: 'Median-Buchholz' },
    buchholz: { short: 'BH', long: 'Buchholz' },
  },
  qualified: 'Through to the knockout',
  qualifiedMark: 'Q',
  qualifyingLine: (perGroup: number) =>
    perGroup === 1 ? 'The group winner goes through to the knockout.' : `The top ${perGroup} go through to the knockout.`,
  unplayed: 'No match played yet: the table is in the order of the lots from the draw.',
  whyHere: (name: string) => `Why is ${name} above the next player?`,
  tieRule:
    'Level on points? Points, goal difference and goals in the matches between the tied players decide first, then goal difference, goals and wins in all group matches, then lots from the draw’s secret.',
  you: '(you)',
  qualifierNote: (place: number, group: string) =>
    place === 1 ? `winner of group ${group}` : place === 2 ? `runner-up of group ${group}` : `${ordinal(place)} in group ${group}`,
  swissHeading: 'Swiss rounds',
  swissTable: 'Table',
  swissRound: (n: number) => `Round ${n}`,
  swissExplain:
    'Players are ranked by points (3 a win, 1 a draw, a bye counts as a win), then by median-Buchholz (mBH: the points of your opponents, leaving out the highest and the lowest), then Buchholz (BH: the points of all your opponents), then goal difference. Both reward having played strong opponents; a bye is not an opponent.',
  swissNotPaired: 'Paired when every match of the round before is settled.',
  winnersBracket: 'Winners’ bracket',
  losersBracket: 'Losers’ bracket',
  grandFinal: 'Grand final',
  grandFinalReset: 'Grand final, second match',
  doubleExplain:
    'Lose once and you drop into the losers’ bracket; lose twice and you are out. If the losers’ bracket winner wins the grand final, it is played a second time.',
  grandFinalWaiting: 'The grand final is played when both brackets have a winner.',
  noMatchesYet: 'No matches yet.',
};

export type FormatWords = typeof en;

export const FORMAT_WORDS: Record<Lang, FormatWords> = islandWords(en, () => import('./words-hi'));

/** The English words, for the pure modules' defaults and their tests. */
export const WORDS = en;
