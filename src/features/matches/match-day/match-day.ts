/**
 * Match day on the match page, in words: who hosts and until when, the disconnection reports on file and
 * the page's ruling (report_disconnection decides it in SQL; this only says it). Pure, so the words are
 * tested without a browser.
 */
import { formatTimeIST } from '@/lib/format';
import type { MatchRow } from '../match-schemas';
import type { Side } from '../match-steps';

/** One player's disconnection report: the score in the order of the match's entries a, b. */
export interface DisconnectionReport {
  entry_id: string;
  episode: number;
  minute: number;
  score: [number, number];
  claims_quit: boolean;
  reported_at: string;
}

/** get_match_disconnections: the two players' and staff's view of match day. */
export interface MatchDayState {
  reports: DisconnectionReport[];
  ruling: 'restart' | 'play_remaining' | null;
  minute: number | null;
  minutes_left: number | null;
  carried_score: [number, number] | null;
  replay_ends_at: string | null;
  report_closes_at: string;
  host: Side;
  host_deadline: string;
  settings_checked_at: string | null;
  restart_by_minute: number;
}

/** report_disconnection's answer (the public contract). */
export interface DisconnectionRuling {
  ruling: 'awaiting_opponent' | 'restart' | 'play_remaining' | 'disputed';
  minutes_left: number | null;
  carried_score: [number, number] | null;
}

/** The two players' names in the match's entry order (a, b). */
export interface SideNames {
  a: string;
  b: string;
}

/** A score with its names, the same on both players' screens: "ArjunK10 1–0 demo2" (entry a first). */
export function namedScore(score: readonly [number, number], names: SideNames): string {
  return `${names.a} ${score[0]}–${score[1]} ${names.b}`;
}

/** The reports of the disconnection being reported now (none once it was ruled and no new one came). */
export function currentReports(state: MatchDayState): DisconnectionReport[] {
  const episode = state.ruling === null ? 1 : 2;
  return state.reports.filter((report) => report.episode === episode);
}

export type DisconnectionStage =
  | { kind: 'none' }
  | { kind: 'mine_waiting'; report: DisconnectionReport }
  | { kind: 'opponent_waiting'; report: DisconnectionReport };

/** Whether a disconnection is half reported: by me (the opponent reports next) or by the opponent (I do). */
export function disconnectionStage(state: MatchDayState | null, myEntry: string | null): DisconnectionStage {
  if (!state || !myEntry) return { kind: 'none' };
  const reports = currentReports(state);
  const mine = reports.find((report) => report.entry_id === myEntry);
  const theirs = reports.find((report) => report.entry_id !== myEntry);
  if (mine && !theirs) return { kind: 'mine_waiting', report: mine };
  if (theirs && !mine) return { kind: 'opponent_waiting', report: theirs };
  return { kind: 'none' };
}

/** "minute 12 at ArjunK10 0–0 demo2". */
export function reportWords(report: DisconnectionReport, names: SideNames): string {
  return `minute ${report.minute} at ${namedScore(report.score, names)}${report.claims_quit ? ', saying the opponent quit on purpose' : ''}`;
}

/**
 * The ruling in words for the viewer: a title and what to do now, in the game's own terms. A friend match cannot
 * start at minute 60: the replay is a new friend match with the same settings, played until the game clock shows
 * the minutes that were left, and its goals are added to the carried score.
 */
export function rulingWords(
  match: Pick<MatchRow, 'disconnection_ruling' | 'minutes_left' | 'carried_score_a' | 'carried_score_b'>,
  names: SideNames,
  host: { name: string; me: boolean },
  reportClosesAt: number,
): { title: string; body: string } | null {
  if (!match.disconnection_ruling) return null;
  const room = host.me ? 'Post a new room in step 1' : `${host.name} posts a new room in step 1`;
  const by = formatTimeIST(new Date(reportClosesAt));
  if (match.disconnection_ruling === 'restart') {
    return {
      title: 'Disconnection: the match restarts',
      body: `You both reported the disconnection early at 0–0, so the match is played again from the start. ${room}; play a full match, then report the score by ${by}.`,
    };
  }
  const left = match.minutes_left ?? 0;
  const carried: [number, number] = [match.carried_score_a ?? 0, match.carried_score_b ?? 0];
  const example: [number, number] = [carried[0], carried[1] + 1];
  return {
    title: `Disconnection: play the ${left} minutes left`,
    body:
      `${namedScore(carried, names)} carries over. ${room}: a new friend match with the same match settings. ` +
      `Play it until the game clock shows ${left}:00, then both leave the match. ` +
      `Add the replay's goals to the carried score and report the total by ${by}: if the replay ends ${namedScore([0, 1], names)}, report ${namedScore(example, names)}.`,
  };
}

/** The ruling a report answered, in words for the form's line. */
export function answerWords(answer: DisconnectionRuling, opponent: string): string {
  switch (answer.ruling) {
    case 'awaiting_opponent':
      return `Reported. ${opponent} now reports the same disconnection; the page rules as soon as they do.`;
    case 'restart':
      return 'You agree: the match restarts.';
    case 'play_remaining':
      return `You agree: play the ${answer.minutes_left ?? 0} minutes left with the score carried.`;
    case 'disputed':
      return 'Staff decide this disconnection: both accounts are with them.';
  }
}
