/**
 * Everything the match page asks the backend: the match row (public.matches, readable by anyone and sent
 * by Realtime), the bracket for names and the round's name (the brackets area's get_bracket reader), the
 * viewer's side, the private room, the player's actions (lifecycle.md, A match) and the evidence bucket
 * `match-evidence/<match>/<user>/<file>`. Answers are checked with the schemas of match-schemas.ts;
 * failures are ApiErrors (lib/api-answer.ts) whose hint names the rule.
 */
import * as z from 'zod/mini';
import { fetchTournamentTitles } from '@/features/brackets/brackets.api';
import { fetchPublicBracket } from '@/features/brackets/public-bracket';
import type { Bracket } from '@/features/brackets/brackets';
import { ApiError, readAnswer } from '@/lib/api-answer';
import { watchRows } from '@/lib/realtime';
import type { DisputeReason } from '@/lib/rules';
import { getSupabase } from '@/lib/supabase';
import { Acknowledged, DisputeAnswer, MATCH_COLUMNS, MatchReports, MatchRoom, MatchRow } from './match-schemas';
import { reportBy, type Side } from './match-steps';
import type { PlayersView } from './match-view';

const EVIDENCE_BUCKET = 'match-evidence';

/** One match, or null when no match has this id. */
async function fetchMatch(matchId: string): Promise<MatchRow | null> {
  // A malformed id would be refused by Postgres as a bad uuid: it names no match either way.
  if (!/^[0-9a-f-]{36}$/i.test(matchId)) return null;
  const answer = await getSupabase().from('matches').select(MATCH_COLUMNS).eq('id', matchId).maybeSingle();
  return readAnswer('one match', z.nullable(MatchRow), answer);
}

/**
 * The match with what its page shows around it: the bracket (names, the round's name, the next match)
 * and the tournament's title. Null when no match has this id. Without the bracket or the title the page
 * still shows the match, so their failures only leave them out.
 */
export async function fetchMatchPage(matchId: string): Promise<{ match: MatchRow; bracket: Bracket | null; title: string | null } | null> {
  const match = await fetchMatch(matchId);
  if (!match) return null;
  const [bracket, title] = await Promise.all([
    fetchPublicBracket(match.tournament_id).catch(() => null),
    fetchTournamentTitles([match.tournament_id])
      .then((titles) => titles[match.tournament_id]?.title ?? null)
      .catch(() => null),
  ]);
  return { match, bracket, title };
}

/** The viewer's side in the match: 'a' (host), 'b', or null when they play neither entry. */
export async function fetchMySide(match: Pick<MatchRow, 'entry_a' | 'entry_b'>, userId: string): Promise<Side | null> {
  const ids = [match.entry_a, match.entry_b].filter((id): id is string => id !== null);
  if (ids.length === 0) return null;
  // A player reads only entries they play or bought, so the filter on player_id is what matters.
  const answer = await getSupabase().from('entries').select('id').in('id', ids).eq('player_id', userId);
  const mine = readAnswer('my entry in the match', z.array(z.object({ id: z.string() })), answer);
  if (mine.some((row) => row.id === match.entry_a)) return 'a';
  if (mine.some((row) => row.id === match.entry_b)) return 'b';
  return null;
}

/** The reports, dispute and walkover claim on file, with a short-lived link to the opponent's screenshot. */
export async function fetchPlayersView(matchId: string, opponentEntry: string | null): Promise<PlayersView> {
  const answer = await getSupabase().rpc('get_match_reports', { p_match_id: matchId });
  const found = readAnswer('rpc get_match_reports', MatchReports, answer);
  const opponentReport = reportBy(found.reports, opponentEntry);
  const opponentScreenshotUrl = opponentReport ? await screenshotUrl(opponentReport.screenshot_path) : null;
  return { ...found, opponentScreenshotUrl };
}

export async function fetchRoom(matchId: string): Promise<MatchRoom> {
  return readAnswer('rpc get_match_room', MatchRoom, await getSupabase().rpc('get_match_room', { p_match_id: matchId }));
}

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
