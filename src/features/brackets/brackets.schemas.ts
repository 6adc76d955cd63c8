/**
 * The shapes the entry, check-in and invitation functions answer with (the database API), checked with
 * zod. Only brackets.api.ts imports this module: islands load it lazily, so zod never delays the first
 * paint of a tournament page. The bracket's own shape is in bracket-schema.ts.
 */
import * as z from 'zod/mini';
import { STATE_MACHINES } from '@/lib/state-machines';

const isoTime = z.string().check(z.minLength(1));

/** entries.status: the statuses of the database's entry machine. */
export const ENTRY_STATUSES = STATE_MACHINES.entry.statuses;
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
      /** Why it was withdrawn, in the database's words (a quick pod's missed check-in: refunded in full). */
      withdraw_reason: z.optional(z.nullable(z.string())),
      /** The reason's code (entries_withdraw_reason_code_known), which a Hindi page words (reason-words-hi.ts). */
      withdraw_reason_code: z.optional(z.nullable(z.string())),
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
