/**
 * What a match asks of the person looking at it, from the match row, their side and the time: the rules
 * of docs/areas/matches.md ("Playing a match") as one pure function, so the page, its tests and the database agree on
 * the windows. The database enforces every rule again when a button is pressed; this only decides which
 * step the page puts in front of the player.
 *
 * Times are relative to the match time T (matches.scheduled_at):
 *   Ready      T - 5 min .. T + 10 min
 *   Report     T - 5 min .. T + 45 min
 *   Walkover   after T + 10 min, by a ready player whose opponent was not ready; the opponent may contest
 *              it for 5 minutes.
 */
import { isDeclaredMove, STATE_MACHINES } from '@/lib/state-machines';
import {
  MINUTE,
  READY_CLOSES_AFTER,
  READY_OPENS_BEFORE,
  REPORT_AFTER_REPLAY,
  REPORT_CLOSES_AFTER,
  WALKOVER_CONTEST_WINDOW,
} from '@/lib/match-windows';
import type { MatchReport, MatchRow, MatchStatus } from './match-schemas';
/** The host's minutes to post the room after Ready opens, when the match's own are not read yet (the default). */
const DEFAULT_HOST_WINDOW = 5 * MINUTE;

export type Side = 'a' | 'b';

/** The one thing the page asks of its viewer now. */
export type ActiveStep =
  | 'spectating' // not one of the two players
  | 'waiting_for_opponent' // the other place is not decided yet
  | 'room' // the host posts the room
  | 'ready' // press Ready (or wait for its window)
  | 'report' // report the result
  | 'confirm' // the opponent reported: confirm, report too, or dispute
  | 'awaiting_opponent_report' // I reported: the opponent confirms, or it is confirmed 10 min later
  | 'walkover' // I was ready, the opponent was not: claim the walkover
  | 'walkover_claimed' // I claimed it: the opponent has 5 minutes to contest
  | 'contest_walkover' // the opponent claimed a walkover against me
  | 'disputed' // staff decide
  | 'too_late' // no result in time: staff decide
  | 'outcome'; // confirmed or void

export interface MatchSituation {
  /** The match's T in ms, and the edges of its windows. */
  at: number;
  readyOpensAt: number;
  readyClosesAt: number;
  reportClosesAt: number;
  /** When a walkover claimed against a player stops being contestable, when one was claimed. */
  contestUntil: number | null;
  /** The viewer's seat: the top slot ('host') or the other ('guest'); who posts the room is `hosting`. */
  role: 'host' | 'guest' | 'spectator';
  /** The viewer posts the room (the top slot, or the guest who took over). */
  hosting: boolean;
  /** Until when only the top slot may post the room; then the guest may host. */
  hostDeadline: number;
  /** The guest may post the room now: the host's minutes have passed without one. */
  canTakeOverRoom: boolean;
  /** A disconnection was ruled and no room was posted since: the host posts a new one. */
  newRoomNeeded: boolean;
  /** Both players known, not confirmed or void, not cancelled by staff. */
  open: boolean;
  over: boolean;
  myReady: boolean;
  opponentReady: boolean;
  roomPosted: boolean;
  canPostRoom: boolean;
  canReady: boolean;
  /** A player who will press Ready once its window opens (the button shows, disabled, until then). */
  readySoon: boolean;
  canReport: boolean;
  canConfirm: boolean;
  canDispute: boolean;
  canClaimWalkover: boolean;
  active: ActiveStep;
}

export interface ViewerFacts {
  /** The viewer's entry in this match, or null for a spectator. */
  side: Side | null;
  /** Whether a report of the viewer's entry is on file (get_match_reports, see {@link reportBy}). */
  iReported: boolean;
  /** The host's deadline the database computed (get_match_disconnections), when read. */
  hostDeadline?: number | null;
}

/**
 * The statuses of a match still being played: those the match machine lets a result confirm, but pending
 * (no players yet): scheduled, ready, reported, disputed.
 */
const OPEN_STATUSES: readonly MatchStatus[] = STATE_MACHINES.match.statuses.filter(
  (s) => s !== 'pending' && isDeclaredMove('match', s, 'confirmed'),
);

export function matchSituation(match: MatchRow, viewer: ViewerFacts, now: number): MatchSituation {
  const at = Date.parse(match.scheduled_at);
  const readyOpensAt = at - READY_OPENS_BEFORE;
  const readyClosesAt = at + READY_CLOSES_AFTER;
  const replayEndsAt = match.replay_ends_at ? Date.parse(match.replay_ends_at) : null;
  const reportClosesAt = Math.max(at + REPORT_CLOSES_AFTER, replayEndsAt === null ? 0 : replayEndsAt + REPORT_AFTER_REPLAY);
  const hostDeadline = viewer.hostDeadline ?? readyOpensAt + DEFAULT_HOST_WINDOW;
  const { side } = viewer;
  const host = match.room_host ?? 'a';
  const hosting = side !== null && side === host;
  const role = side === 'a' ? 'host' : side === 'b' ? 'guest' : 'spectator';
  const player = side !== null;
  const open = OPEN_STATUSES.includes(match.status) && match.entry_a !== null && match.entry_b !== null;
  const over = match.status === 'confirmed' || match.status === 'void';
  const myReady = side === 'a' ? match.ready_a_at !== null : side === 'b' ? match.ready_b_at !== null : false;
  const opponentReady = side === 'a' ? match.ready_b_at !== null : side === 'b' ? match.ready_a_at !== null : false;
  const myEntry = side === 'a' ? match.entry_a : side === 'b' ? match.entry_b : null;
  const walkoverByMe = match.walkover_entry_id !== null && match.walkover_entry_id === myEntry;
  const walkoverAgainstMe = player && match.walkover_entry_id !== null && !walkoverByMe;
  const contestUntil = match.walkover_claimed_at ? Date.parse(match.walkover_claimed_at) + WALKOVER_CONTEST_WINDOW : null;
  const disputed = match.status === 'disputed';
  const playing = player && open && !disputed;
  const iReported = viewer.iReported && match.status === 'reported';
  const opponentReported = match.status === 'reported' && !viewer.iReported;

  const canTakeOverRoom =
    playing && side === 'b' && host === 'a' && match.room_posted_at === null && now >= hostDeadline && now <= reportClosesAt;
  const canPostRoom = (hosting && playing && now <= reportClosesAt) || canTakeOverRoom;
  const newRoomNeeded =
    match.disconnection_ruling != null &&
    (match.room_posted_at === null ||
      Date.parse(match.room_posted_at) <= Date.parse(match.disconnection_reported_at ?? match.scheduled_at));
  const canReady = playing && !myReady && now >= readyOpensAt && now <= readyClosesAt && match.walkover_entry_id === null;
  const readySoon = playing && !myReady && now < readyOpensAt && match.walkover_entry_id === null;
  const canReport = playing && !iReported && match.walkover_entry_id === null && now >= readyOpensAt && now <= reportClosesAt;
  const canConfirm = playing && opponentReported;
  const canClaimWalkover = playing && now > readyClosesAt && myReady && !opponentReady && match.walkover_entry_id === null;
  const canDispute = playing;

  let active: ActiveStep;
  if (over) active = 'outcome';
  else if (!player) active = 'spectating';
  else if (match.status === 'pending' || !open) active = 'waiting_for_opponent';
  else if (disputed) active = 'disputed';
  else if (walkoverAgainstMe) active = 'contest_walkover';
  else if (walkoverByMe) active = 'walkover_claimed';
  else if (canClaimWalkover) active = 'walkover';
  else if (canConfirm) active = 'confirm';
  else if (iReported) active = 'awaiting_opponent_report';
  else if (now > reportClosesAt || (!myReady && !canReport && now > readyClosesAt)) active = 'too_late';
  else if (hosting && newRoomNeeded) active = 'room';
  else if (hosting && match.room_posted_at === null && now < readyClosesAt) active = 'room';
  // The guest may host once the host's minutes passed, unless the two already got going without the page.
  else if (canTakeOverRoom && !myReady && !opponentReady && now < readyClosesAt) active = 'room';
  else if (!myReady && now <= readyClosesAt) active = 'ready';
  else active = 'report';

  return {
    at,
    readyOpensAt,
    readyClosesAt,
    reportClosesAt,
    contestUntil,
    role,
    hosting,
    hostDeadline,
    canTakeOverRoom,
    newRoomNeeded,
    open,
    over,
    myReady,
    opponentReady,
    roomPosted: match.room_posted_at !== null && !newRoomNeeded,
    canPostRoom,
    canReady,
    readySoon,
    canReport,
    canConfirm,
    canDispute,
    canClaimWalkover,
    active,
  };
}

/** How a step of the player's list reads: finished, the one to do now, or one still ahead. */
export type StepMark = 'done' | 'now' | 'later';

const REPORT_UNDER_WAY: readonly ActiveStep[] = ['confirm', 'awaiting_opponent_report', 'walkover', 'walkover_claimed', 'contest_walkover'];

/**
 * The marks of the three numbered steps (Room, Ready, Report). The guest's room step stays "now" until the
 * room is posted: reading it is their first thing to do. Ready is "now" only once its window has opened:
 * before that the step says when it opens, and reads "later" like its words.
 */
export function stepMarks(
  s: Pick<MatchSituation, 'active' | 'role' | 'roomPosted' | 'myReady' | 'canReady'> & { hosting?: boolean },
): Record<'room' | 'ready' | 'report', StepMark> {
  const guest = s.hosting === undefined ? s.role === 'guest' : !s.hosting;
  return {
    room: s.roomPosted ? 'done' : s.active === 'room' || guest ? 'now' : 'later',
    ready: s.myReady ? 'done' : s.active === 'ready' && s.canReady ? 'now' : 'later',
    report:
      s.active === 'awaiting_opponent_report' ? 'done' : s.active === 'report' || REPORT_UNDER_WAY.includes(s.active) ? 'now' : 'later',
  };
}

/** The viewer's side among the match's entries, from the ids of the entries they play: 'a' hosts. */
export function sideAmong(match: Pick<MatchRow, 'entry_a' | 'entry_b'>, myEntryIds: readonly string[]): Side | null {
  if (match.entry_a !== null && myEntryIds.includes(match.entry_a)) return 'a';
  if (match.entry_b !== null && myEntryIds.includes(match.entry_b)) return 'b';
  return null;
}

/** The report an entry filed, if any: "I reported" is a report with my entry on file. */
export function reportBy(reports: readonly MatchReport[], entryId: string | null): MatchReport | null {
  if (entryId === null) return null;
  return reports.find((report) => report.entry_id === entryId) ?? null;
}

/**
 * A report in words, its author's goals first as they would say it: "demo3 reported 2–1, demo3 through".
 * `names` maps the match's two entries to the names shown on the page.
 */
export function reportLine(report: MatchReport, match: Pick<MatchRow, 'entry_a' | 'entry_b'>, names: { a: string; b: string }): string {
  const byA = report.entry_id === match.entry_a;
  const [goalsA, goalsB] = report.score;
  const author = byA ? names.a : names.b;
  const goals = byA ? `${goalsA}–${goalsB}` : `${goalsB}–${goalsA}`;
  if (report.winner_entry_id === null) return `${author} reported ${goals}, a draw`;
  const winner = report.winner_entry_id === match.entry_a ? names.a : names.b;
  return `${author} reported ${goals}, ${winner} through`;
}

/** The countdown's words in one language (match-words.ts gives the Hindi ones). */
export type CountdownUnits = { h: string; min: string; s: string; ahead: (span: string) => string; ago: (span: string) => string };
const COUNTDOWN_EN: CountdownUnits = { h: 'h', min: 'min', s: 's', ahead: (span) => `in ${span}`, ago: (span) => `${span} ago` };

/** "in 1 h 05 min", "in 4 min 09 s", "2 min ago": the countdown to a time, for the match header. */
export function countdown(target: number, now: number, units: CountdownUnits = COUNTDOWN_EN): string {
  const diff = target - now;
  const total = Math.floor(Math.abs(diff) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const { h, min, s } = units;
  const span =
    hours > 0
      ? `${hours} ${h} ${two(minutes)} ${min}`
      : minutes >= 10
        ? `${minutes} ${min}`
        : minutes > 0
          ? `${minutes} ${min} ${two(seconds)} ${s}`
          : `${seconds} ${s}`;
  return diff >= 0 ? units.ahead(span) : units.ago(span);
}

/** The score as the viewer reads it: their own goals first when they play, else in bracket order. */
export function scoreLine(match: Pick<MatchRow, 'score_a' | 'score_b'>, side: Side | null): string | null {
  if (match.score_a === null || match.score_b === null) return null;
  return side === 'b' ? `${match.score_b}–${match.score_a}` : `${match.score_a}–${match.score_b}`;
}

/**
 * Who went through as the report says it, or the reason the form cannot be sent yet. More goals win; a
 * level score needs the shoot-out winner.
 */
export function wentThrough(myGoals: number, opponentGoals: number, shootOutWinner: 'me' | 'opponent' | null): 'me' | 'opponent' | null {
  if (myGoals > opponentGoals) return 'me';
  if (myGoals < opponentGoals) return 'opponent';
  return shootOutWinner;
}
