/**
 * Match day's calls: the settings of a match (public, a plain request), the players' view of who hosts and of
 * disconnections (get_match_disconnections), and a disconnection report. Answers are checked with zod;
 * refusals are ApiErrors whose hint names the rule.
 */
import * as z from 'zod/mini';
import { callPublicFunction } from '@/features/tournaments/public-api';
import { readAnswer } from '@/lib/api-answer';
import { CONDITIONS } from '@/lib/match-settings';
import { getSupabase } from '@/lib/supabase';
import type { DisconnectionRuling, MatchDayState } from './match-day';

const timestamp = z.string().check(z.minLength(1));
const score = z.tuple([z.int(), z.int()]);

/** get_match_settings (the public contract). */
const MatchSettingsAnswer = z.object({
  match_minutes: z.int(),
  extra_time: z.boolean(),
  penalties: z.boolean(),
  injuries: z.boolean(),
  condition: z.enum(CONDITIONS),
  substitutions: z.int(),
});

const MatchDayAnswer = z.object({
  reports: z.array(
    z.object({ entry_id: z.string(), episode: z.int(), minute: z.int(), score, claims_quit: z.boolean(), reported_at: timestamp }),
  ),
  ruling: z.nullable(z.enum(['restart', 'play_remaining'])),
  minute: z.nullable(z.int()),
  minutes_left: z.nullable(z.int()),
  carried_score: z.nullable(score),
  replay_ends_at: z.nullable(timestamp),
  report_closes_at: timestamp,
  host: z.enum(['a', 'b']),
  host_deadline: timestamp,
  settings_checked_at: z.nullable(timestamp),
  restart_by_minute: z.int(),
});

const RulingAnswer = z.object({
  ruling: z.enum(['awaiting_opponent', 'restart', 'play_remaining', 'disputed']),
  minutes_left: z.nullable(z.int()),
  carried_score: z.nullable(score),
});

export type MatchSettingsAnswer = z.infer<typeof MatchSettingsAnswer>;

/** get_match_result_rule: whether a level score stands as a draw (groups, Swiss) or goes to a shoot-out. */
const MatchResultRuleAnswer = z.object({ draw_is_result: z.boolean() });
export type MatchResultRuleAnswer = z.infer<typeof MatchResultRuleAnswer>;

export function fetchMatchResultRule(matchId: string): Promise<MatchResultRuleAnswer> {
  return callPublicFunction('get_match_result_rule', { p_match_id: matchId }, MatchResultRuleAnswer);
}

export function fetchMatchSettings(matchId: string): Promise<MatchSettingsAnswer> {
  return callPublicFunction('get_match_settings', { p_match_id: matchId }, MatchSettingsAnswer);
}

export async function fetchMatchDay(matchId: string): Promise<MatchDayState> {
  const answer = await getSupabase().rpc('get_match_disconnections', { p_match_id: matchId });
  return readAnswer('rpc get_match_disconnections', MatchDayAnswer, answer);
}

export async function reportDisconnection(report: {
  matchId: string;
  minute: number;
  myGoals: number;
  opponentGoals: number;
  claimsQuit: boolean;
}): Promise<DisconnectionRuling> {
  const answer = await getSupabase().rpc('report_disconnection', {
    p_match_id: report.matchId,
    p_minute: report.minute,
    p_my_goals: report.myGoals,
    p_opponent_goals: report.opponentGoals,
    p_claims_quit: report.claimsQuit,
  });
  return readAnswer('rpc report_disconnection', RulingAnswer, answer);
}
