/**
 * The shapes of the staff functions' answers (and of the public changes list), checked with zod. Only the
 * api modules import this, and islands load those lazily.
 *
 * Words the database may add to later (attention kinds, payment and entry states, audit actions) are plain
 * strings here, so one new word never blanks a whole list; roles are an exact set because the console
 * decides what to offer from them.
 */
import * as z from 'zod/mini';
import { BracketSchema } from '@/features/brackets/bracket-schema';
import { TOURNAMENT_STATUSES } from '@/features/tournaments/status';
import { MatchReports } from '@/features/matches/match-schemas';

export const STAFF_ROLES = ['referee', 'organiser', 'admin'] as const;
export const StaffRoleName = z.enum(STAFF_ROLES);
export type StaffRoleName = z.infer<typeof StaffRoleName>;

/** Ids are uuids or bigints depending on the table: always read them as text. */
const Id = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
const Time = z.string().check(z.minLength(1));
const Count = z.int().check(z.nonnegative());

export const MyStaffRole = z.object({
  id: Id,
  role: StaffRoleName,
  tournament_id: z.nullable(z.string()),
});
export type MyStaffRole = z.infer<typeof MyStaffRole>;

/**
 * An item's detail: a sentence, or (chargebacks, outside calls given up, periodic work that failed, withdrawals
 * waiting) an object with the sentence as `text` and what staff act on: the Razorpay payment, the outbox call to
 * retry, the parked item of a periodic step to retry, or the payout.
 */
const AttentionDetail = z.pipe(
  z.nullable(
    z.union([
      z.string(),
      z.object({
        text: z.optional(z.string()),
        razorpay_payment_id: z.optional(z.string()),
        job_id: z.optional(z.number()),
        retry: z.optional(z.nullable(z.string())),
        step: z.optional(z.string()),
        item: z.optional(z.nullable(z.string())),
        payout_id: z.optional(z.string()),
      }),
    ]),
  ),
  z.transform((detail) =>
    typeof detail === 'string' || detail === null
      ? { text: detail, paymentId: null, retryJobId: null, retryDueItem: null, key: '' }
      : {
          text: detail.text ?? null,
          paymentId: detail.razorpay_payment_id ?? null,
          retryJobId: detail.retry === 'staff_retry_outside_call' && detail.job_id !== undefined ? detail.job_id : null,
          retryDueItem:
            detail.retry === 'staff_retry_due_work' && detail.step !== undefined ? { step: detail.step, item: detail.item ?? null } : null,
          /** What tells two items of one kind apart in the list. */
          key: [detail.razorpay_payment_id, detail.job_id, detail.step, detail.item, detail.payout_id]
            .filter((part) => part != null)
            .join('/'),
        },
  ),
);

export const AttentionItem = z.object({
  kind: z.string(),
  tournament_id: z.nullable(z.string()),
  title: z.string(),
  due_at: z.nullable(Time),
  detail: AttentionDetail,
});
export type AttentionItem = z.infer<typeof AttentionItem>;

export const StaffTournament = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  label: z.string(),
  entries: Count,
  capacity: Count,
  starts_at: Time,
  /** For an open pod, its cancel deadline: not full by then, it is cancelled and refunded. */
  registration_closes_at: z.optional(z.nullable(Time)),
  check_in_opens_at: z.nullable(Time),
  check_in_closes_at: z.nullable(Time),
  is_pod: z.boolean(),
});
export type StaffTournament = z.infer<typeof StaffTournament>;

export const StaffEntry = z.object({
  entry_id: Id,
  slot_number: z.int(),
  buyer_in_game_name: z.nullable(z.string()),
  /** Organisers and admins only: referees get no e-mail addresses (the fields are absent). */
  buyer_email: z.nullish(z.string()),
  player_in_game_name: z.nullable(z.string()),
  player_email: z.nullish(z.string()),
  status: z.string(),
  checked_in_at: z.nullable(Time),
  /** Why the draw withdrew an entry (not checked in), when it did. */
  withdraw_reason: z.optional(z.nullable(z.string())),
  payment_status: z.nullable(z.string()),
  amount_paise: z.nullable(z.int()),
});
export type StaffEntry = z.infer<typeof StaffEntry>;

export const CheckInChange = z.object({ entry_id: Id, checked_in_at: z.nullable(Time) });
export type CheckInChange = z.infer<typeof CheckInChange>;

export const DrawResult = z.object({ drawn: z.boolean(), entries: Count, bracket_size: z.nullable(Count) });
export type DrawResult = z.infer<typeof DrawResult>;

/** get_tournament_state's shape; the console only reads the new start back. */
export const PostponedState = z.looseObject({ status: z.enum(TOURNAMENT_STATUSES), starts_at: Time });
export type PostponedState = z.infer<typeof PostponedState>;

export const CancelResult = z.object({ refunds_queued: Count });
export type CancelResult = z.infer<typeof CancelResult>;

export const RefundProgress = z.object({ total: Count, done: Count, pending: Count, failed: Count });
export type RefundProgress = z.infer<typeof RefundProgress>;

export const RetryResult = z.object({ retried: Count });
export type RetryResult = z.infer<typeof RetryResult>;

export const AuditRow = z.object({
  id: Id,
  at: Time,
  action: z.string(),
  /** The change in words ("demo3 checked in by hand"). */
  summary: z.optional(z.nullable(z.string())),
  /** Who acted, by in-game name (null for the database's own decisions). */
  actor_in_game_name: z.nullish(z.string()),
  /** Organisers and admins only: referees get no e-mail addresses (the field is absent). */
  actor_email: z.nullish(z.string()),
  actor_role: z.optional(z.nullable(z.string())),
  reason: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  is_public: z.boolean(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const GrantedRole = z.object({
  id: Id,
  email: z.nullable(z.string()),
  in_game_name: z.nullable(z.string()),
  role: StaffRoleName,
  tournament_id: z.nullable(z.string()),
  granted_at: Time,
});
export type GrantedRole = z.infer<typeof GrantedRole>;

export const GrantResult = z.object({ id: Id });

/** One row of the public record (get_tournament_changes). */
export const TournamentChange = z.object({
  at: Time,
  action: z.string(),
  summary: z.string(),
  reason: z.nullable(z.string()),
  actor: z.string(),
  /** A change that decided a match: its parts, so the site words it winner first (lib/score). */
  result: z.optional(
    z.nullable(
      z.object({
        winner: z.string(),
        loser: z.string(),
        winner_goals: z.nullable(z.int()),
        loser_goals: z.nullable(z.int()),
        round: z.int(),
      }),
    ),
  ),
});
export type TournamentChange = z.infer<typeof TournamentChange>;

const MatchSide = z.object({ entry_id: z.nullable(Id), in_game_name: z.nullable(z.string()) });

/** One open dispute of staff_list_disputes (the queue, nearest staff deadline first). */
export const OpenDispute = z.object({
  dispute_id: Id,
  match_id: Id,
  tournament_id: z.string(),
  title: z.string(),
  round: z.int(),
  rounds: z.int(),
  position: z.int(),
  status: z.string(),
  scheduled_at: Time,
  entries: z.tuple([MatchSide, MatchSide]),
  reason: z.string(),
  details: z.nullable(z.string()),
  opened_at: Time,
  deadline_at: Time,
  opened_by_entry_id: z.nullable(Id),
  /** Each player's account added to the open dispute (add_dispute_evidence). */
  statements: z.optional(z.array(z.object({ entry_id: Id, details: z.string(), screenshot_path: z.nullable(z.string()), added_at: Time }))),
});
export type OpenDispute = z.infer<typeof OpenDispute>;

/** get_match_reports as staff read it: the matches area's one schema of that answer. */
export const MatchEvidence = MatchReports;
export type MatchEvidence = MatchReports;
export type MatchEvidenceReport = MatchReports['reports'][number];

/** What staff_settle_match, staff_order_replay and staff_disqualify answer. */
export const MatchDecision = z.looseObject({ match_id: Id, status: z.string() });

/** staff_correct_result: the later matches a new winner resets (a preview unless applied). */
export const CorrectionAnswer = z.object({
  match_id: Id,
  winner_changes: z.boolean(),
  later_matches: z.array(z.object({ match_id: Id, round: z.int(), position: z.int(), status: z.string(), played: z.boolean() })),
  applied: z.boolean(),
});
export type CorrectionAnswer = z.infer<typeof CorrectionAnswer>;

/** get_bracket's answer, as the brackets area reads it (the one schema of the public contract). */
export const StaffBracket = BracketSchema;
export type StaffBracket = z.infer<typeof StaffBracket>;
export type StaffBracketMatch = StaffBracket['rounds'][number]['matches'][number];
