/**
 * The shapes the bracket, entry and invitation functions answer with (the database API), checked with
 * zod. Only brackets.api.ts and the verification script import this module: islands load it lazily, so
 * zod never delays the first paint of a tournament page.
 */
import * as z from 'zod/mini';

const isoTime = z.string().check(z.minLength(1));

export const BracketEntrySchema = z.object({ entry_id: z.string(), in_game_name: z.nullable(z.string()) });

export const BracketMatchSchema = z.object({
  id: z.string(),
  round: z.int().check(z.positive()),
  position: z.int().check(z.positive()),
  entries: z.tuple([z.nullable(BracketEntrySchema), z.nullable(BracketEntrySchema)]),
  score: z.nullable(z.tuple([z.int(), z.int()])),
  winner_entry_id: z.nullable(z.string()),
  // A word this page does not know yet is shown as it comes rather than breaking the bracket.
  status: z.string(),
  scheduled_at: z.nullable(isoTime),
});

export const BracketRoundSchema = z.object({
  round: z.int().check(z.positive()),
  name: z.string(),
  scheduled_at: z.optional(z.nullable(isoTime)),
  matches: z.array(BracketMatchSchema),
});

export const DrawSchema = z.object({
  commitment: z.nullable(z.string()),
  secret: z.nullable(z.string()),
  entry_ids: z.array(z.string()),
  same_buyer: z._default(z.array(z.array(z.string())), []),
  drawn_at: z.optional(z.nullable(isoTime)),
  bracket_size: z.optional(z.nullable(z.int().check(z.positive()))),
});

export const BracketSchema = z.object({
  draw: DrawSchema,
  rounds: z.array(BracketRoundSchema),
});

/** entries.status */
export const ENTRY_STATUSES = ['active', 'withdrawn', 'cancelled'] as const;
const EntryStatus = z.enum(ENTRY_STATUSES);

export const MyEntriesSchema = z.object({
  tournament_id: z.string(),
  check_in: z.object({ opens_at: isoTime, closes_at: isoTime, is_open: z.boolean() }),
  my_entry: z.nullable(
    z.object({
      entry_id: z.string(),
      slot_number: z.int(),
      status: EntryStatus,
      checked_in_at: z.nullable(isoTime),
      bought_by_me: z.boolean(),
    }),
  ),
  bought: z.array(
    z.object({
      entry_id: z.string(),
      slot_number: z.int(),
      status: EntryStatus,
      player_in_game_name: z.nullable(z.string()),
      invitation_token: z.nullable(z.string()),
      invited_email: z.nullable(z.string()),
    }),
  ),
});

export const CheckInAnswerSchema = z.object({ entry_id: z.string(), checked_in_at: isoTime });

export const InviteAnswerSchema = z.object({
  entry_id: z.string(),
  invitation_token: z.string(),
  invited_email: z.nullable(z.string()),
});

export const InvitationSchema = z.object({
  tournament_id: z.string(),
  tournament_title: z.string(),
  starts_at: isoTime,
  check_in_closes_at: isoTime,
  buyer_in_game_name: z.nullable(z.string()),
  status: z.enum(['open', 'accepted', 'withdrawn']),
});

export const AcceptAnswerSchema = z.object({ entry_id: z.string(), tournament_id: z.string() });
