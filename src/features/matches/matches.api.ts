/**
 * What the match page asks the backend through supabase-js (its first reads need none: public-match.ts):
 * the match row's changes (Realtime), the viewer's side when no fresh session was stored, the private
 * room, the player's actions (docs/areas/matches.md, Playing a match) and the evidence bucket
 * `match-evidence/<match>/<user>/<file>`. Answers are checked with the schemas of match-schemas.ts;
 * failures are ApiErrors (lib/api-answer.ts) whose hint names the rule.
 */
import * as z from 'zod/mini';
import { ApiError, readAnswer } from '@/lib/api-answer';
import { watchRows } from '@/lib/realtime';
import type { DisputeReason } from '@/lib/rules';
import { getSupabase } from '@/lib/supabase';
import { callPublicFunction } from '@/features/tournaments/public-api';
import { Acknowledged, DisputeAnswer, MatchReports, MatchRoom, type MatchRow, RefereeDecision } from './match-schemas';
import { reportBy, type Side, sideAmong } from './match-steps';
import { NOTHING_ON_FILE, type PlayersView } from './match-view';
import { fetchMatchDay } from './match-day/match-day.api';

const EVIDENCE_BUCKET = 'match-evidence';

/** The viewer's side in the match: 'a' (host), 'b', or null when they play neither entry. */
export async function fetchMySide(match: Pick<MatchRow, 'entry_a' | 'entry_b'>, userId: string): Promise<Side | null> {
  const ids = [match.entry_a, match.entry_b].filter((id): id is string => id !== null);
  if (ids.length === 0) return null;
  // A player reads only entries they play or bought, so the filter on player_id is what matters.
  const answer = await getSupabase().from('entries').select('id').in('id', ids).eq('player_id', userId);
  const mine = readAnswer('my entry in the match', z.array(z.object({ id: z.string() })), answer);
  return sideAmong(
    match,
    mine.map((row) => row.id),
  );
}

/** The reports, dispute and walkover claim on file, with a short-lived link to the opponent's screenshot. */
export async function fetchPlayersView(matchId: string, opponentEntry: string | null): Promise<PlayersView> {
  const [answer, matchDay] = await Promise.all([
    getSupabase().rpc('get_match_reports', { p_match_id: matchId }),
    // Match day's part (the host's deadline, disconnections) is a detail: without it the steps still run.
    fetchMatchDay(matchId).catch(() => null),
  ]);
  const found = readAnswer('rpc get_match_reports', MatchReports, answer);
  const opponentReport = reportBy(found.reports, opponentEntry);
  const opponentScreenshotUrl = opponentReport ? await screenshotUrl(opponentReport.screenshot_path) : null;
  return { ...found, opponentScreenshotUrl, matchDay };
}

/** What anyone reads of a decided match besides its row: the referee's public decision and note, if any. */
export async function fetchPublicDecision(matchId: string): Promise<PlayersView> {
  const decision = await callPublicFunction('get_match_decision', { p_match_id: matchId }, z.nullable(RefereeDecision));
  return { ...NOTHING_ON_FILE, decision };
}

export async function fetchRoom(matchId: string): Promise<MatchRoom> {
  return readAnswer('rpc get_match_room', MatchRoom, await getSupabase().rpc('get_match_room', { p_match_id: matchId }));
}

export async function postRoom(matchId: string, roomId: string, password: string): Promise<void> {
  const answer = await getSupabase().rpc('post_room', { p_match_id: matchId, p_room_id: roomId.trim(), p_password: password.trim() });
  readAnswer('rpc post_room', Acknowledged, answer);
}

/** Ready; the guest's press also says the room's settings were checked against the match's. */
export async function setReady(matchId: string, settingsChecked = true): Promise<void> {
  const answer = await getSupabase().rpc('set_ready', { p_match_id: matchId, p_settings_checked: settingsChecked });
  readAnswer('rpc set_ready', Acknowledged, answer);
}

export async function claimWalkover(matchId: string): Promise<void> {
  readAnswer('rpc claim_walkover', Acknowledged, await getSupabase().rpc('claim_walkover', { p_match_id: matchId }));
}

export async function confirmMatch(matchId: string): Promise<void> {
  readAnswer('rpc confirm_match', Acknowledged, await getSupabase().rpc('confirm_match', { p_match_id: matchId }));
}

/** Opens a dispute; answers the staff deadline. */
export async function disputeMatch(matchId: string, reason: DisputeReason, details: string): Promise<string> {
  const answer = await getSupabase().rpc('dispute_match', { p_match_id: matchId, p_reason: reason, p_details: details.trim() || null });
  return readAnswer('rpc dispute_match', DisputeAnswer, answer).deadline_at;
}

/** Adds the player's side (and a screenshot already uploaded) to the dispute open on the match. */
export async function addDisputeEvidence(matchId: string, details: string, screenshotPath: string | null): Promise<void> {
  const answer = await getSupabase().rpc('add_dispute_evidence', {
    p_match_id: matchId,
    p_details: details.trim(),
    p_screenshot_path: screenshotPath,
  });
  readAnswer('rpc add_dispute_evidence', Acknowledged, answer);
}

/** Uploads the (already resized) screenshot into the viewer's folder of the match; answers its path. */
export async function uploadScreenshot(matchId: string, userId: string, picture: Blob): Promise<string> {
  const path = `${matchId}/${userId}/${Date.now()}.jpg`;
  const { error } = await (await getSupabase().storage())
    .from(EVIDENCE_BUCKET)
    .upload(path, picture, { contentType: 'image/jpeg', upsert: false });
  if (error) throw new ApiError('refused', `The screenshot could not be uploaded: ${error.message}`, 'storage upload match-evidence');
  return path;
}

export async function reportMatch(report: {
  matchId: string;
  myGoals: number;
  opponentGoals: number;
  /** Null for a draw, where a draw is a result (the database ignores it there). */
  wentThrough: 'me' | 'opponent' | null;
  screenshotPath: string;
}): Promise<void> {
  const answer = await getSupabase().rpc('report_match', {
    p_match_id: report.matchId,
    p_my_goals: report.myGoals,
    p_opponent_goals: report.opponentGoals,
    p_went_through: report.wentThrough,
    p_screenshot_path: report.screenshotPath,
  });
  readAnswer('rpc report_match', Acknowledged, answer);
}

/** A short-lived link to a screenshot in the evidence bucket, or null when storage refuses it. */
async function screenshotUrl(path: string): Promise<string | null> {
  const storage = await getSupabase().storage();
  const { data } = await storage.from(EVIDENCE_BUCKET).createSignedUrl(path, 15 * 60);
  return data?.signedUrl ?? null;
}

/**
 * Calls `onChange` whenever the match row changes (Realtime); answers the function that stops it. A result
 * moves the winner on in the same transaction, so the bracket read after this change already shows it.
 */
export function watchMatch(matchId: string, onChange: () => void): () => void {
  return watchRows(`match-${matchId}`, [{ table: 'matches', filter: `id=eq.${matchId}`, onChange: () => onChange() }], onChange);
}
