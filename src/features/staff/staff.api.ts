/**
 * The only place the staff console talks to Supabase. Every answer is checked with zod (lib/api-answer);
 * every failure is an ApiError whose message is already the sentence to show a staff member and whose
 * `hint` is the database's code (second_step_required, staff_only, check_in_locked ...), so the console
 * can branch on it.
 */
import * as z from 'zod/mini';
import { ApiError, oneRow, parseAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import {
  AttentionItem,
  AuditRow,
  CancelResult,
  CheckInChange,
  CorrectionAnswer,
  DrawResult,
  GrantedRole,
  GrantResult,
  MatchDecision,
  MatchEvidence,
  MyStaffRole,
  OpenDispute,
  PostponedState,
  RefundProgress,
  RetryResult,
  StaffBracket,
  StaffEntry,
  type StaffRoleName,
  StaffTournament,
} from './staff.schemas';
import { staffMessage } from './staff';

type RpcFailure = { message?: string; hint?: string | null; code?: string };

/** The hint PostgREST passed through, else what kind of failure it was. */
export function failureCode(error: RpcFailure): string {
  if (error.hint && /^[a-z0-9_]+$/.test(error.hint)) return error.hint;
  // supabase-js reports a failed fetch with an empty code and the browser's message.
  if (!error.code && /fetch|network|load failed/i.test(error.message ?? '')) return 'network';
  return 'unknown';
}

/** A refusal in staff words, the database's code kept as the hint. */
export function staffRefusal(call: string, error: RpcFailure): ApiError {
  const code = failureCode(error);
  return new ApiError('refused', staffMessage(code), call, error.code ?? null, code, error.message ?? null);
}

/** One staff RPC: its data, or an ApiError in staff words (a refusal, or `network` when the request never got an answer). */
export async function staffCall(name: string, args?: Record<string, unknown>): Promise<unknown> {
  let answer: { data: unknown; error: RpcFailure | null };
  try {
    answer = await getSupabase().rpc(name, args);
  } catch (error) {
    throw staffRefusal(`rpc ${name}`, { message: error instanceof Error ? error.message : 'network' });
  }
  if (answer.error) throw staffRefusal(`rpc ${name}`, answer.error);
  return answer.data;
}

const list = async <T extends z.ZodMiniType>(schema: T, name: string, args?: Record<string, unknown>) =>
  parseAnswer(z.array(schema), (await staffCall(name, args)) ?? [], `rpc ${name}`);
const one = async <T extends z.ZodMiniType>(schema: T, name: string, args?: Record<string, unknown>) =>
  parseAnswer(schema, oneRow(await staffCall(name, args)), `rpc ${name}`);

export const fetchMyStaffRoles = () => list(MyStaffRole, 'get_my_staff_roles');
export const fetchNeedsAttention = () => list(AttentionItem, 'staff_needs_attention');
export const fetchStaffTournaments = () => list(StaffTournament, 'staff_list_tournaments');
export const fetchEntries = (tournamentId: string) => list(StaffEntry, 'staff_get_entries', { p_tournament_id: tournamentId });
export const fetchAudit = (tournamentId: string) => list(AuditRow, 'staff_get_audit', { p_tournament_id: tournamentId });
export const fetchRefundProgress = (tournamentId: string) =>
  one(RefundProgress, 'staff_refund_progress', { p_tournament_id: tournamentId });

export const setCheckIn = (entryId: string, checkedIn: boolean, reason: string) =>
  one(CheckInChange, 'staff_set_check_in', { p_entry_id: entryId, p_checked_in: checkedIn, p_reason: reason });
export const closeCheckInAndDraw = (tournamentId: string) => one(DrawResult, 'staff_close_check_in', { p_tournament_id: tournamentId });
export const postponeTournament = (tournamentId: string, startsAt: string, reason: string) =>
  one(PostponedState, 'staff_postpone_tournament', { p_tournament_id: tournamentId, p_starts_at: startsAt, p_reason: reason });
export const cancelTournament = (tournamentId: string, reason: string) =>
  one(CancelResult, 'staff_cancel_tournament', { p_tournament_id: tournamentId, p_reason: reason });
export const retryOutsideCall = (jobId: number) => one(z.object({ status: z.string() }), 'staff_retry_outside_call', { p_job_id: jobId });
export const retryDueWork = (step: string, item: string | null) =>
  one(z.object({ step: z.string(), released: z.number() }), 'staff_retry_due_work', { p_step: step, p_item: item });
export const retryRefunds = (tournamentId: string) => one(RetryResult, 'staff_retry_refunds', { p_tournament_id: tournamentId });

export const fetchGrantedRoles = () => list(GrantedRole, 'admin_list_roles');
export const grantRole = (email: string, role: StaffRoleName, tournamentId: string | null) =>
  one(GrantResult, 'admin_grant_role', { p_email: email, p_role: role, p_tournament_id: tournamentId });
export async function revokeRole(roleId: string): Promise<void> {
  await staffCall('admin_revoke_role', { p_role_id: roleId });
}

// Disputes and corrections (docs/areas/matches.md, Playing a match; docs/areas/standings.md).
export const fetchOpenDisputes = () => list(OpenDispute, 'staff_list_disputes');
export const fetchMatchEvidence = (matchId: string) => one(MatchEvidence, 'get_match_reports', { p_match_id: matchId });
export const fetchStaffBracket = (tournamentId: string) => one(StaffBracket, 'get_bracket', { p_tournament_id: tournamentId });

/** A short-lived link to a screenshot in the private evidence bucket (staff may read it), or null. */
export async function evidenceUrl(path: string): Promise<string | null> {
  const storage = await getSupabase().storage();
  const { data } = await storage.from('match-evidence').createSignedUrl(path, 15 * 60);
  return data?.signedUrl ?? null;
}

/** `score` is [a, b] in the order of the match's entries. */
export const settleMatch = (matchId: string, winnerEntryId: string, score: [number, number] | null, note: string) =>
  one(MatchDecision, 'staff_settle_match', { p_match_id: matchId, p_winner_entry_id: winnerEntryId, p_score: score, p_note: note });
export const orderReplay = (matchId: string, note: string) =>
  one(MatchDecision, 'staff_order_replay', { p_match_id: matchId, p_note: note });
export const disqualify = (matchId: string, entryId: string, note: string) =>
  one(MatchDecision, 'staff_disqualify', { p_match_id: matchId, p_entry_id: entryId, p_note: note });
export const correctResult = (matchId: string, winnerEntryId: string, score: [number, number] | null, reason: string, apply: boolean) =>
  one(CorrectionAnswer, 'staff_correct_result', {
    p_match_id: matchId,
    p_winner_entry_id: winnerEntryId,
    p_score: score,
    p_reason: reason,
    p_apply: apply,
  });
