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

/** A score in entry order, the viewer's goals first: "1–0" for the player of b when b leads. */
export function scoreForSide(score: readonly [number, number], side: Side): string {
  return side === 'b' ? `${score[1]}–${score[0]}` : `${score[0]}–${score[1]}`;
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

/** "minute 12 at 0–0", the viewer's goals first. */
export function reportWords(report: DisconnectionReport, side: Side): string {
  return `minute ${report.minute} at ${scoreForSide(report.score, side)}${report.claims_quit ? ', saying the opponent quit on purpose' : ''}`;
}

/** The ruling in words for the viewer: a title and what to do now. */
export function rulingWords(
  match: Pick<MatchRow, 'disconnection_ruling' | 'minutes_left' | 'carried_score_a' | 'carried_score_b'>,
  side: Side,
  host: { name: string; me: boolean },
  reportClosesAt: number,
): { title: string; body: string } | null {
  if (!match.disconnection_ruling) return null;
  const carried: [number, number] = [match.carried_score_a ?? 0, match.carried_score_b ?? 0];
  const room = host.me ? 'Post a new room in step 1' : `${host.name} posts a new room in step 1`;
  const report = `then report the total score by ${formatTimeIST(new Date(reportClosesAt))}`;
  if (match.disconnection_ruling === 'restart') {
    return {
      title: 'Disconnection: the match restarts',
      body: `You both reported the disconnection early at 0–0, so the match is played again from the start. ${room}; play a full match, ${report}.`,
    };
  }
  return {
    title: `Disconnection: play the ${match.minutes_left ?? 0} minutes left`,
    body: `The score ${scoreForSide(carried, side)} carries over (your goals first). ${room}; play the remaining ${match.minutes_left ?? 0} minutes of game time, ${report}: the final report is the total score, carried goals included.`,
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
