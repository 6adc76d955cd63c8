/**
 * The bracket island's words in both languages: the card before the draw, how the draw was made, a match
 * card's status and result, the line that says where the signed-in player stands, and the rounds' names. Read
 * through the page's language store (lib/i18n/use-messages). The database names rounds in English from a
 * closed list (private.stage_round_name: "Final", "Round of 16", "Group matchday 2" …): Hindi reads each from
 * the same pattern. Places read "नंबर 2" in Hindi, which needs no gender. Follows docs/hindi-glossary.md.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { type MatchResult, resultSentence } from '@/lib/score';
import { type Standing, standingLine } from './brackets';

export type BracketWords = {
  loading: string;
  loadFailed: string;
  drawNotRun: string;
  runsAt: (when: string) => string;
  runsWhenCheckInCloses: string;
  randomPlaces: string;
  commitmentLabel: string;
  verifyDraw: string;
  howDrawMade: string;
  commitmentPublished: string;
  secretRevealed: string;
  entriesDrawn: string;
  inBracketOf: (size: number) => string;
  rounds: string;
  bracketTree: string;
  status: Record<string, string>;
  against: (a: string, b: string) => string;
  you: string;
  draw: (score: string) => string;
  bye: string;
  toBeDecided: string;
  unnamed: string;
  result: (result: MatchResult) => string;
  /** `when` formats a time in the page's language. */
  standing: (standing: Standing, when: (at: string) => string) => string;
  round: (name: string) => string;
};

const en: BracketWords = {
  loading: 'Loading the bracket…',
  loadFailed: 'The bracket could not be loaded.',
  drawNotRun: 'The draw has not run yet',
  runsAt: (when) => `It runs when check-in closes, at ${when}.`,
  runsWhenCheckInCloses: 'It runs when check-in closes.',
  randomPlaces: 'Every checked-in entry gets a random place; byes go to the highest seeds.',
  commitmentLabel: 'Commitment (SHA-256 of the secret that decides it):',
  verifyDraw: 'How to verify a draw',
  howDrawMade: 'How this draw was made',
  commitmentPublished: 'Commitment, published before the draw',
  secretRevealed: 'Secret, revealed at the draw',
  entriesDrawn: 'Entries drawn',
  inBracketOf: (size) => ` in a bracket of ${size}`,
  rounds: 'Rounds',
  bracketTree: 'Bracket tree',
  status: {
    pending: 'Waiting',
    bye: 'Bye',
    scheduled: 'Scheduled',
    ready: 'Ready',
    reported: 'Reported',
    disputed: 'Disputed',
    confirmed: 'Final score',
    void: 'Void',
  },
  against: (a, b) => `${a} against ${b}`,
  you: '(you)',
  draw: (score) => `Draw ${score}`,
  bye: 'bye',
  toBeDecided: 'to be decided',
  unnamed: 'Unnamed player',
  result: resultSentence,
  standing: (standing) => standingLine(standing),
  round: (name) => name,
};

export const BRACKET_WORDS: Record<Lang, BracketWords> = islandWords(en, () => import('./bracket-words-hi'));
