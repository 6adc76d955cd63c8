/**
 * Everything the match page asks the backend: the match row (public.matches, readable by anyone and sent
 * by Realtime), the bracket for names and the round's name, the viewer's side, the private room, the
 * player's actions (lifecycle.md, A match) and the evidence bucket `match-evidence/<match>/<user>/<file>`.
 * Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts) whose hint names the rule.
 */
import * as z from 'zod/mini';
import { ApiError, readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { watchRows } from '@/lib/realtime';
import { DISPUTE_REASON_CODES, type DisputeReason } from '@/lib/rules';
import { ERROR_CODES, isErrorCode } from '../../../supabase/functions/_shared/error-codes.ts';
import { MATCH_STATUSES, type MatchReport, type MatchRow as MatchRowType, type Side } from './matchSteps';

const EVIDENCE_BUCKET = 'match-evidence';
const timestamp = z.string().check(z.minLength(1));

export const MatchRow = z.object({
  id: z.string(),
  tournament_id: z.string(),
  round: z.int(),
  position: z.int(),
  entry_a: z.nullable(z.string()),
  entry_b: z.nullable(z.string()),
  winner_entry_id: z.nullable(z.string()),
  score_a: z.nullable(z.int()),
  score_b: z.nullable(z.int()),
  status: z.enum(MATCH_STATUSES),
  scheduled_at: timestamp,
  ready_a_at: z.nullable(timestamp),
  ready_b_at: z.nullable(timestamp),
  room_posted_at: z.nullable(timestamp),
  walkover_entry_id: z.nullable(z.string()),
  walkover_claimed_at: z.nullable(timestamp),
}) satisfies z.ZodMiniType<MatchRowType>;

const MATCH_COLUMNS =
  'id, tournament_id, round, position, entry_a, entry_b, winner_entry_id, score_a, score_b, status, scheduled_at, ready_a_at, ready_b_at, room_posted_at, walkover_entry_id, walkover_claimed_at';

const BracketEntry = z.nullable(z.object({ entry_id: z.string(), in_game_name: z.nullable(z.string()) }));
const BracketMatch = z.object({
  id: z.string(),
  round: z.int(),
  position: z.int(),
  entries: z.tuple([BracketEntry, BracketEntry]),
  status: z.enum(MATCH_STATUSES),
  scheduled_at: timestamp,
});
/** The part of get_bracket (the public contract) the match page reads. */
export const Bracket = z.object({
  rounds: z.array(z.object({ round: z.int(), name: z.string(), matches: z.array(BracketMatch) })),
});
export type Bracket = z.infer<typeof Bracket>;
export type BracketMatch = z.infer<typeof BracketMatch>;

export const MatchRoom = z.object({ room_id: z.nullable(z.string()), password: z.nullable(z.string()) });
export type MatchRoom = z.infer<typeof MatchRoom>;

const DisputeAnswer = z.object({ deadline_at: timestamp });

/** A dispute's reason in the player's words. */
const PLAYER_REASON_LABELS: Record<DisputeReason, string> = {
  wrong_score: 'Wrong score',
  no_show: 'My opponent did not show up',
  disconnection: 'Disconnection',
  cheating: 'Cheating',
  other: 'Something else',
};
export const DISPUTE_REASONS = DISPUTE_REASON_CODES.map((value) => ({ value, label: PLAYER_REASON_LABELS[value] }));

/** The words to show for a failed call: the error table's message for a known hint, else the server's. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (isErrorCode(error.hint)) return ERROR_CODES[error.hint].message;
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** One match, or null when no match has this id. */
export async function fetchMatch(matchId: string): Promise<MatchRowType | null> {
  // A malformed id would be refused by Postgres as a bad uuid: it names no match either way.
  if (!/^[0-9a-f-]{36}$/i.test(matchId)) return null;
  const answer = await getSupabase().from('matches').select(MATCH_COLUMNS).eq('id', matchId).maybeSingle();
  return readAnswer('one match', z.nullable(MatchRow), answer);
}

export async function fetchBracket(tournamentId: string): Promise<Bracket> {
  return readAnswer('rpc get_bracket', Bracket, await getSupabase().rpc('get_bracket', { p_tournament_id: tournamentId }));
}

/** The tournament's title, for the page heading (null when the row is gone). */
export async function fetchTournamentTitle(tournamentId: string): Promise<string | null> {
  const answer = await getSupabase().from('tournaments').select('title').eq('id', tournamentId).maybeSingle();
  return readAnswer('tournament title', z.nullable(z.object({ title: z.string() })), answer)?.title ?? null;
}

/** The viewer's side in the match: 'a' (host), 'b', or null when they play neither entry. */
export async function fetchMySide(match: Pick<MatchRowType, 'entry_a' | 'entry_b'>, userId: string): Promise<Side | null> {
  const ids = [match.entry_a, match.entry_b].filter((id): id is string => id !== null);
  if (ids.length === 0) return null;
  // A player reads only entries they play or bought, so the filter on player_id is what matters.
  const answer = await getSupabase().from('entries').select('id').in('id', ids).eq('player_id', userId);
  const mine = readAnswer('my entry in the match', z.array(z.object({ id: z.string() })), answer);
  if (mine.some((row) => row.id === match.entry_a)) return 'a';
  if (mine.some((row) => row.id === match.entry_b)) return 'b';
  return null;
}

export async function fetchRoom(matchId: string): Promise<MatchRoom> {
  return readAnswer('rpc get_match_room', MatchRoom, await getSupabase().rpc('get_match_room', { p_match_id: matchId }));
}

const Acknowledged = z.looseObject({ match_id: z.string() });

export async function postRoom(matchId: string, roomId: string, password: string): Promise<void> {
  const answer = await getSupabase().rpc('post_room', { p_match_id: matchId, p_room_id: roomId.trim(), p_password: password.trim() });
  readAnswer('rpc post_room', Acknowledged, answer);
}

export async function setReady(matchId: string): Promise<void> {
  readAnswer('rpc set_ready', Acknowledged, await getSupabase().rpc('set_ready', { p_match_id: matchId }));
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
  wentThrough: 'me' | 'opponent';
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

const MatchReportRow = z.object({
  entry_id: z.string(),
  score: z.tuple([z.int(), z.int()]),
  winner_entry_id: z.string(),
  screenshot_path: z.string(),
  reported_at: timestamp,
}) satisfies z.ZodMiniType<MatchReport>;

/** What the two players and staff read besides the row (get_match_reports): reports, the dispute, a walkover claim. */
export const MatchReports = z.object({
  reports: z.array(MatchReportRow),
  dispute: z.nullable(
    z.object({
      reason: z.string(),
      details: z.nullable(z.string()),
      opened_at: timestamp,
      deadline_at: timestamp,
      opened_by_entry_id: z.nullable(z.string()),
      settled_at: z.nullable(timestamp),
      outcome: z.nullable(z.string()),
      note: z.nullable(z.string()),
    }),
  ),
  walkover: z.nullable(z.object({ entry_id: z.string(), claimed_at: timestamp, contest_until: timestamp })),
});
export type MatchReports = z.infer<typeof MatchReports>;
export type MatchDispute = NonNullable<MatchReports['dispute']>;

export async function fetchMatchReports(matchId: string): Promise<MatchReports> {
  const answer = await getSupabase().rpc('get_match_reports', { p_match_id: matchId });
  return readAnswer('rpc get_match_reports', MatchReports, answer);
}

/** A short-lived link to a screenshot in the evidence bucket, or null when storage refuses it. */
export async function screenshotUrl(path: string): Promise<string | null> {
  const storage = await getSupabase().storage();
  const { data } = await storage.from(EVIDENCE_BUCKET).createSignedUrl(path, 15 * 60);
  return data?.signedUrl ?? null;
}

/** The words for a dispute's reason code. */
export function disputeReasonLabel(reason: string): string {
  return DISPUTE_REASONS.find((option) => option.value === reason)?.label ?? reason;
}

/**
 * Calls `onChange` whenever the match row changes (Realtime); answers the function that stops it. A result
 * moves the winner on in the same transaction, so the bracket read after this change already shows it.
 */
export function watchMatch(matchId: string, onChange: () => void): () => void {
  return watchRows(`match-${matchId}`, [{ table: 'matches', filter: `id=eq.${matchId}`, onChange: () => onChange() }], onChange);
}
