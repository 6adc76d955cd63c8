/**
 * What the match page shows, worked out from what it loaded: the players' names, the round's name, the
 * viewer's situation (match-steps.ts), the score, the winner and where they play next. Pure functions, so
 * the island only renders and the words are tested without a browser.
 */
import { type MatchResult, resultOfSides } from '@/lib/score';
import type { Bracket, BracketMatch } from '@/features/brackets/brackets';
import { anyTournamentHref } from '@/lib/routes';
import type { MatchDayState } from './match-day/match-day';
import type { MatchReports, MatchRow, MatchStatus } from './match-schemas';
import { type MatchSituation, matchSituation, reportBy, scoreLine, type Side } from './match-steps';

/** What only the two players and staff read: the reports on file, the dispute, the walkover claim. */
export interface PlayersView extends MatchReports {
  /** A short-lived link to the opponent's screenshot, when they reported. */
  opponentScreenshotUrl: string | null;
  /** Match day: who hosts and until when, the disconnection reports and the page's ruling (get_match_disconnections). */
  matchDay: MatchDayState | null;
}

export const NOTHING_ON_FILE: PlayersView = {
  reports: [],
  dispute: null,
  walkover: null,
  dispute_reasons: [],
  decision: null,
  opponentScreenshotUrl: null,
  matchDay: null,
};

export const STATUS_WORDS: Record<MatchStatus, string> = {
  pending: 'Waiting for both players',
  bye: 'Bye: no match to play',
  scheduled: 'Scheduled',
  ready: 'Both players ready',
  reported: 'Result reported, awaiting confirmation',
  disputed: 'In dispute: staff decide',
  confirmed: 'Result confirmed',
  void: 'Void: neither player was ready',
};

/** A match of the bracket with the name of its round. */
export interface PlacedMatch {
  match: BracketMatch;
  roundName: string;
  /** The viewer plays it (else it is the winner's, to follow). */
  mine?: boolean;
}

export interface MatchView {
  match: MatchRow;
  /** The tournament's title, or null when it could not be read. */
  title: string | null;
  tournamentHref: string;
  roundName: string;
  /** The names shown for the match's entries a and b. */
  names: { a: string; b: string };
  /** The viewer's own name and their opponent's (a spectator reads entry b's as "me"; nothing shows it). */
  mine: { me: string; opponent: string };
  /** Who hosts the room: the top slot, or the guest who took over. */
  hostName: string;
  side: Side | null;
  situation: MatchSituation;
  statusWords: string;
  score: string | null;
  winnerName: string | null;
  /** The result, winner first (lib/score), once there is a winner. */
  result: MatchResult | null;
  /** Whether the viewer's entry went through; null for a spectator or before a winner. */
  viewerWon: boolean | null;
  /** The match the winner plays next, once there is a winner and a next round. */
  next: PlacedMatch | null;
}

export function matchView(
  loaded: { match: MatchRow; bracket: Bracket | null; title: string | null },
  side: Side | null,
  playersView: PlayersView,
  now: number,
): MatchView {
  const { match: m, bracket, title } = loaded;
  const found = findInBracket(bracket, m.id);
  const [a, b] = found?.match.entries ?? [null, null];
  const nameA = a?.in_game_name ?? (m.entry_a ? 'A player' : 'To be decided');
  const nameB = b?.in_game_name ?? (m.entry_b ? 'A player' : 'To be decided');
  const myEntry = side === 'a' ? m.entry_a : side === 'b' ? m.entry_b : null;
  const iReported = reportBy(playersView.reports, myEntry) !== null;
  return {
    match: m,
    title,
    tournamentHref: anyTournamentHref(m.tournament_id),
    roundName: found?.roundName ?? `Round ${m.round}`,
    names: { a: nameA, b: nameB },
    mine: { me: side === 'a' ? nameA : nameB, opponent: side === 'a' ? nameB : nameA },
    hostName: m.room_host === 'b' ? nameB : nameA,
    side,
    situation: matchSituation(
      m,
      { side, iReported, hostDeadline: playersView.matchDay ? Date.parse(playersView.matchDay.host_deadline) : null },
      now,
    ),
    statusWords: STATUS_WORDS[m.status],
    score: scoreLine(m, null),
    winnerName: m.winner_entry_id === m.entry_a ? nameA : m.winner_entry_id === m.entry_b ? nameB : null,
    result: resultOfSides({
      names: [nameA, nameB],
      score: m.score_a === null || m.score_b === null ? null : [m.score_a, m.score_b],
      winner: m.winner_entry_id === null ? null : m.winner_entry_id === m.entry_a ? 0 : m.winner_entry_id === m.entry_b ? 1 : null,
    }),
    viewerWon: side === null || m.winner_entry_id === null ? null : m.winner_entry_id === myEntry,
    next: nextMatchOf(bracket, m, myEntry),
  };
}

function findInBracket(bracket: Bracket | null, matchId: string): PlacedMatch | null {
  for (const round of bracket?.rounds ?? []) {
    const match = round.matches.find((candidate) => candidate.id === matchId);
    if (match) return { match, roundName: round.name };
  }
  return null;
}

/** The match the winner plays next (null after the final, or before a winner). */
/**
 * Where to go after a confirmed result: the viewer's own next match, else the winner's (the first later match,
 * in play order, holding that entry). Following the players, not round arithmetic, serves every format: a group's
 * next matchday, a losers' bracket, a knockout filled from the groups.
 */
function nextMatchOf(bracket: Bracket | null, match: MatchRow, myEntry: string | null): PlacedMatch | null {
  if (match.status !== 'confirmed') return null;
  const firstWith = (entryId: string | null): PlacedMatch | null => {
    if (!entryId) return null;
    for (const round of bracket?.rounds ?? []) {
      if (round.round <= match.round) continue;
      const next = round.matches.find((candidate) => candidate.entries.some((entry) => entry?.entry_id === entryId));
      if (next) return { match: next, roundName: round.name, mine: entryId === myEntry };
    }
    return null;
  };
  return firstWith(myEntry) ?? firstWith(match.winner_entry_id);
}
