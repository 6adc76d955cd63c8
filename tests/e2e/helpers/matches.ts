/**
 * A match's result reported by its players without their pages: each uploads the result screen's screenshot
 * to the evidence bucket (as the match page's form does) and calls `report_match` with it, a minute after the
 * match's start: the match is moved to have started a minute ago, as a late round would, rather than the
 * database's clock to the match (the tests share one stack, and a clock held at one test's match time would judge
 * every other test's live matches then). Tests whose subject is another page (the bracket, the dashboard, the
 * standings) start from a played match this way; the report form itself is driven through the page by the
 * match tests.
 */
import { readFileSync } from 'node:fs';
import type { Session } from '../../support/players.ts';
import { stack } from './auth';

const SCREENSHOT = readFileSync(new URL('../fixtures/result-screen.png', import.meta.url));

/** The facts of a match a report needs: its id (its start is moved to a minute ago). */
export type ReportedMatch = { id: string; scheduled_at: string };

/** Moves a match's time `minutes` from now, as a late round would (the status stays as it is). */
export async function moveMatchTime(matchId: string, minutes: number): Promise<void> {
  await stack.rest(`/rest/v1/matches?id=eq.${matchId}`, {
    method: 'PATCH',
    body: { scheduled_at: new Date(Date.now() + minutes * 60_000).toISOString() },
  });
}

/** A player's screenshot upload to the evidence bucket, as the match page does it; answers the path. */
export async function uploadEvidence(session: Session, matchId: string, name = 'result.png'): Promise<string> {
  const path = `${matchId}/${session.user.id}/${name}`;
  const response = await stack.request(`/storage/v1/object/match-evidence/${path}`, {
    as: session,
    headers: { 'content-type': 'image/png' },
    body: SCREENSHOT,
  });
  if (!response.ok) throw new Error(`uploading ${path} answered ${response.status}: ${await response.text()}`);
  return path;
}

/** Runs `steps` a minute after the match's start: the match is moved to have started a minute ago. */
async function duringMatch<T>(match: ReportedMatch, steps: () => Promise<T>): Promise<T> {
  await moveMatchTime(match.id, -1);
  return steps();
}

/**
 * One player's report: their goals, the opponent's and the screenshot already uploaded (`uploadEvidence`).
 * Who went through follows the score; a draw needs `wentThrough`. Answers the match's status after it.
 */
export async function reportScore(
  match: ReportedMatch,
  session: Session,
  score: { mine: number; theirs: number; screenshot: string; wentThrough?: 'me' | 'opponent' },
): Promise<string> {
  const wentThrough = score.wentThrough ?? (score.mine > score.theirs ? 'me' : score.mine < score.theirs ? 'opponent' : undefined);
  if (!wentThrough) throw new Error('a drawn score needs wentThrough');
  const reported = await stack.call<{ status: string }>(
    'report_match',
    {
      p_match_id: match.id,
      p_my_goals: score.mine,
      p_opponent_goals: score.theirs,
      p_went_through: wentThrough,
      p_screenshot_path: score.screenshot,
    },
    session,
  );
  return reported.status;
}

/**
 * Both players upload their screenshot and report the same score, the host (entry a) first, a minute after
 * the match's start; with `room`, the host posts the room and both press Ready before. Answers the status
 * the second report leaves (`confirmed` when the match accepts the result).
 */
export async function reportAgreedResult(
  match: ReportedMatch,
  players: {
    host: Session;
    guest: Session;
    hostGoals: number;
    guestGoals: number;
    room?: { id: string; password: string };
    screenshotName?: string;
  },
): Promise<string> {
  const { host, guest, hostGoals, guestGoals, room, screenshotName } = players;
  const hostShot = await uploadEvidence(host, match.id, screenshotName);
  const guestShot = await uploadEvidence(guest, match.id, screenshotName);
  return duringMatch(match, async () => {
    if (room) {
      await stack.call('post_room', { p_match_id: match.id, p_room_id: room.id, p_password: room.password }, host);
      await stack.call('set_ready', { p_match_id: match.id }, host);
      await stack.call('set_ready', { p_match_id: match.id }, guest);
    }
    await reportScore(match, host, { mine: hostGoals, theirs: guestGoals, screenshot: hostShot });
    return reportScore(match, guest, { mine: guestGoals, theirs: hostGoals, screenshot: guestShot });
  });
}
