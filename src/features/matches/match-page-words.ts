/**
 * The match page's frame in both languages: the header, the players, the facts (time, host, status), the
 * settings card and the host's lines, the outcome, the referee's note, the chat and the page's loading and
 * missing states. Read through the page's language store; the Hindi words load in a chunk of their own
 * (match-page-words-hi.ts, lib/i18n/island-words.ts). The steps' words are match-words.ts.
 *
 * The game's own names (the room's settings "Match Time", "Extra Time", On/Off, "Excellent") stay as eFootball
 * shows them in both languages, so a player finds them on screen; only the units around them are translated.
 * The chat's quick phrases are the database's (private.match_quick_phrases): a Hindi page shows each in Hindi
 * and still sends the database's phrase, so the other player reads it in their own page's language.
 */
import { islandWords } from '@/lib/i18n/island-words';
import { type MatchResult, resultSentence } from '@/lib/score';
import type { MatchStatus } from './match-schemas';
import { STATUS_WORDS } from './match-view';

export type MatchPageWords = {
  /** A database round name ("Round of 16") in the page's language. */
  round: (name: string) => string;
  status: Record<MatchStatus, string>;
  header: { tournament: string; placeholder: string; vs: string; match: string };
  players: { label: string; placeholder: string; you: string; host: string; through: string };
  facts: {
    time: string;
    host: string;
    hostNote: string;
    status: string;
    /** A typical date and countdown, held invisibly while loading so the fact wraps as the real one will. */
    sampleDate: string;
    sampleCountdown: string;
  };
  settings: {
    title: string;
    lead: string;
    loadFailed: (problem: string) => string;
    minutes: (count: number) => string;
    setTo: string;
    isSetTo: string;
  };
  host: {
    newRoomMine: string;
    newRoomTheirs: (opponent: string) => string;
    guestHostsMine: string;
    guestHostsTheirs: (opponent: string) => string;
    takeOver: (opponent: string, deadline: string) => string;
    postBy: (deadline: string, countdown: string) => string;
    theirDeadline: (opponent: string, deadline: string, countdown: string) => string;
  };
  outcome: {
    confirmed: string;
    drew: (a: string, b: string, score: string) => string;
    nextMatch: (round: string) => string;
    follow: (round: string) => string;
    tournament: string;
    voidTitle: string;
    voidBody: string;
    winnerFallback: string;
    /** What follows the winner's name (shown bold) in the result's sentence, full stop included; `walkover` for a result without a score won by a walkover. */
    after: (winner: string, result: MatchResult | null, walkover: boolean) => string;
    wellPlayed: string;
    thanks: string;
  };
  referee: { label: string; decisions: Record<string, string>; decided: string };
  spectator: { watching: string; playing: string; logIn: string; toSee: string };
  sound: { title: string; off: string; blocked: string; on: string };
  loading: { how: string; needsJs: string; everyTournament: string };
  missing: { noMatch: string; loadFailed: (problem: string) => string };
  chat: {
    title: string;
    loading: string;
    lead: string;
    empty: string;
    you: string;
    staff: string;
    reported: string;
    report: string;
    closed: string;
    phrasesLegend: string;
    /** A quick phrase (the database's words) in the page's language; anything else as written. */
    phrase: (body: string) => string;
    message: string;
    placeholder: string;
    send: string;
    sending: string;
    /** Free text is for adults only: the age is the rules' (a younger player plays with a parent's consent). */
    quickOnly: (adultAge: number) => string;
  };
};

const en: MatchPageWords = {
  round: (name) => name,
  status: STATUS_WORDS,
  header: { tournament: 'Tournament', placeholder: 'Tournament · Round', vs: 'vs', match: 'Match' },
  players: { label: 'Players', placeholder: 'Player', you: 'You', host: 'Host', through: 'Through' },
  facts: {
    time: 'Match time',
    host: 'Host',
    hostNote: 'creates the friend-match room',
    status: 'Status',
    sampleDate: '25 November 2026, 7:40 pm IST',
    sampleCountdown: 'in 1 h 00 min',
  },
  settings: {
    title: 'Match settings',
    lead: 'Set in the eFootball friend-match room, as the game names them.',
    loadFailed: (problem) => `The settings could not be loaded: ${problem}`,
    minutes: (count) => `${count} ${count === 1 ? 'minute' : 'minutes'}`,
    setTo: 'Set the room to: ',
    isSetTo: 'The room is set to: ',
  },
  host: {
    newRoomMine: 'After the disconnection: post a new room for the replay.',
    newRoomTheirs: (opponent) => `After the disconnection: ${opponent} posts a new room.`,
    guestHostsMine: 'You host this match: the top-slot player posted no room in time.',
    guestHostsTheirs: (opponent) => `${opponent} hosts: no room was posted in time.`,
    takeOver: (opponent, deadline) =>
      `${opponent} posted no room by ${deadline}. You may host instead: create the room and post it here (staff are told).`,
    postBy: (deadline, countdown) => `Post the room by ${deadline} (${countdown}); after that your opponent may host instead.`,
    theirDeadline: (opponent, deadline, countdown) =>
      `${opponent} has until ${deadline} to post the room (${countdown}); then you may host instead.`,
  },
  outcome: {
    confirmed: 'Result confirmed',
    drew: (a, b, score) => `${a} and ${b} drew ${score}: one point each.`,
    nextMatch: (round) => `Next match: ${round}`,
    follow: (round) => `Follow the ${round}`,
    tournament: 'The tournament',
    voidTitle: 'Match void',
    voidBody: 'Neither player was ready in time, so both are out.',
    winnerFallback: 'The winner',
    // Winner first: "PlayerA won 2–0", "PlayerA drew 2–2, won on penalties" (lib/score).
    after: (winner, result, walkover) => {
      const sentence = result ? resultSentence({ ...result, loser: null }) : `${winner} went through`;
      return `${sentence.slice(winner.length)}${walkover ? ' on a walkover' : ''}.`;
    },
    wellPlayed: ' Well played!',
    thanks: ' Thanks for playing.',
  },
  referee: {
    label: "The referee's decision",
    decisions: {
      result_set_by_staff: 'The referee set the result',
      replay_ordered: 'The referee ordered a replay',
      disqualified: 'The referee disqualified a player',
      result_corrected: 'The referee corrected the result',
    },
    decided: 'The referee decided',
  },
  spectator: {
    watching: 'You are watching this match: only its two players and staff see the room.',
    playing: 'Playing this match?',
    logIn: 'Log in',
    toSee: 'to see the room and report the result.',
  },
  sound: {
    title: 'A chime when the room is posted or your opponent reports, while this page is open',
    off: 'Match sounds off',
    blocked: 'Tap to allow match sounds',
    on: 'Match sounds on',
  },
  loading: {
    how: 'Loading the match. How it runs: the host creates a friend-match room in eFootball and posts its id and password here, both players press Ready once they are in the room, then each reports the score with a screenshot of the result screen. Reports that disagree go to staff as a dispute.',
    needsJs: 'This page needs JavaScript to show the match and let its players post the room, press Ready and report the result.',
    everyTournament: 'See every tournament',
  },
  missing: { noMatch: 'No match has this link.', loadFailed: (problem) => `The match could not be loaded: ${problem}` },
  chat: {
    title: 'Match chat',
    loading: 'Loading the chat…',
    lead: 'Only the two players and staff read this. Keep it about the match.',
    empty: 'No messages yet. Say when the room is posted or if your connection drops.',
    you: 'You',
    staff: 'Staff',
    reported: 'Reported to staff',
    report: 'Report message',
    closed: 'The chat is closed: it closes a day after the match ends.',
    phrasesLegend: 'Quick phrases',
    phrase: (body) => body,
    message: 'Message',
    placeholder: 'Write a message',
    send: 'Send',
    sending: 'Sending',
    quickOnly: (adultAge) => `A player in this match is under ${adultAge}, so the chat takes the quick phrases only.`,
  },
};

export const MATCH_PAGE_WORDS = islandWords(en, () => import('./match-page-words-hi'));
