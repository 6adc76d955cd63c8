/**
 * The answers the match page reads, one zod schema each, with the types inferred from them: the row of
 * public.matches, the private room, the reports on file (get_match_reports) and the actions' answers.
 * This is the one definition of a match row: other areas import it from here. Only matches.api.ts (and
 * what it loads lazily) imports the schemas at runtime; the page's pure modules import the types only,
 * so zod never delays the first paint.
 */
import * as z from 'zod/mini';
import { DISPUTE_REASON_CODES } from '@/lib/rules';
import { STATE_MACHINES } from '@/lib/state-machines';

/** matches.status: the statuses of the database's match machine (supabase/tests/rules.test.ts holds them to its list). */
export const MATCH_STATUSES = STATE_MACHINES.match.statuses;

const timestamp = z.string().check(z.minLength(1));

/** The columns of public.matches the page reads (the Realtime payload carries the same row). */
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
  /** Who hosts the room: the top slot (a) unless the guest took over (match day). */
  room_host: z.optional(z.enum(['a', 'b'])),
  settings_checked_at: z.optional(z.nullable(timestamp)),
  /** The page's ruling on a disconnection both players reported, and what it carries (match-day/match-day.ts). */
  disconnection_ruling: z.optional(z.nullable(z.enum(['restart', 'play_remaining']))),
  minutes_left: z.optional(z.nullable(z.int())),
  carried_score_a: z.optional(z.nullable(z.int())),
  carried_score_b: z.optional(z.nullable(z.int())),
  replay_ends_at: z.optional(z.nullable(timestamp)),
  disconnection_reported_at: z.optional(z.nullable(timestamp)),
});
export type MatchRow = z.infer<typeof MatchRow>;
export type MatchStatus = MatchRow['status'];

/** The select list of a match row: the schema's own keys, so the two cannot drift apart. */
export const MATCH_COLUMNS = Object.keys(MatchRow.shape).join(', ');

/** get_match_room: what the host posted, for the two players and staff only. */
export const MatchRoom = z.object({ room_id: z.nullable(z.string()), password: z.nullable(z.string()) });
export type MatchRoom = z.infer<typeof MatchRoom>;

/** One report on file: its score is in the order of the match's entries a, b. */
const MatchReport = z.object({
  entry_id: z.string(),
  score: z.tuple([z.int(), z.int()]),
  /** Null for a draw, where a draw stands (groups, Swiss). */
  winner_entry_id: z.nullable(z.string()),
  screenshot_path: z.string(),
  reported_at: timestamp,
});
export type MatchReport = z.infer<typeof MatchReport>;

/** A player's side of an open dispute (add_dispute_evidence): their account and, maybe, a screenshot. */
const DisputeStatement = z.object({
  entry_id: z.string(),
  details: z.string(),
  screenshot_path: z.nullable(z.string()),
  added_at: timestamp,
});

/** The referee's last public decision on a match with their note (get_match_decision, get_match_reports). */
export const RefereeDecision = z.object({ action: z.string(), note: z.nullable(z.string()), at: timestamp });

/**
 * A reason the viewer may dispute the match with, from when (the database's rule: private.dispute_reason_opens_at),
 * and whether staff need the details for it.
 */
const DisputeReasonOption = z.object({
  reason: z.enum(DISPUTE_REASON_CODES),
  opens_at: timestamp,
  details_required: z.boolean(),
});
export type DisputeReasonOption = z.infer<typeof DisputeReasonOption>;

/**
 * get_match_reports: what the two players and staff read besides the row (reports, the dispute with both
 * sides, a walkover claim, the reasons the viewer may dispute with, the referee's last decision and note).
 */
export const MatchReports = z.object({
  reports: z.array(MatchReport),
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
      statements: z.array(DisputeStatement),
    }),
  ),
  walkover: z.nullable(z.object({ entry_id: z.string(), claimed_at: timestamp, contest_until: timestamp })),
  dispute_reasons: z.array(DisputeReasonOption),
  decision: z.nullable(RefereeDecision),
});
export type MatchReports = z.infer<typeof MatchReports>;

/** dispute_match: the staff deadline. */
export const DisputeAnswer = z.object({ deadline_at: timestamp });

/** post_room, set_ready, claim_walkover, confirm_match and report_match: the match they acted on. */
export const Acknowledged = z.looseObject({ match_id: z.string() });
