/**
 * The shapes the bracket, entry and invitation functions answer with (the database API), checked with
 * zod. Only brackets.api.ts and the verification script import this module: islands load it lazily, so
 * zod never delays the first paint of a tournament page.
 */
import { z } from 'zod';

const isoTime = z.string().min(1);

export const BracketEntrySchema = z.object({ entry_id: z.string(), in_game_name: z.string().nullable() });

export const MATCH_STATUSES = ['pending', 'bye', 'scheduled', 'ready', 'reported', 'disputed', 'confirmed', 'void'] as const;

export const BracketMatchSchema = z.object({
  id: z.string(),
  round: z.number().int().positive(),
  position: z.number().int().positive(),
  entries: z.tuple([BracketEntrySchema.nullable(), BracketEntrySchema.nullable()]),
  score: z.tuple([z.number().int(), z.number().int()]).nullable(),
  winner_entry_id: z.string().nullable(),
  // A word this page does not know yet is shown as it comes rather than breaking the bracket.
  status: z.string(),
  scheduled_at: isoTime.nullable(),
});

export const BracketRoundSchema = z.object({
  round: z.number().int().positive(),
  name: z.string(),
  scheduled_at: isoTime.nullable().optional(),
  matches: z.array(BracketMatchSchema),
});

export const DrawSchema = z.object({
  commitment: z.string().nullable(),
  secret: z.string().nullable(),
  entry_ids: z.array(z.string()),
  same_buyer: z.array(z.array(z.string())).default([]),
  drawn_at: isoTime.nullable().optional(),
  bracket_size: z.number().int().positive().nullable().optional(),
});

export const BracketSchema = z.object({
  draw: DrawSchema,
  rounds: z.array(BracketRoundSchema),
});

const EntryStatus = z.enum(['active', 'withdrawn', 'cancelled']);

export const MyEntriesSchema = z.object({
  tournament_id: z.string(),
  check_in: z.object({ opens_at: isoTime, closes_at: isoTime, is_open: z.boolean() }),
  my_entry: z
    .object({
      entry_id: z.string(),
      slot_number: z.number().int(),
      status: EntryStatus,
      checked_in_at: isoTime.nullable(),
      bought_by_me: z.boolean(),
    })
    .nullable(),
  bought: z.array(
    z.object({
      entry_id: z.string(),
      slot_number: z.number().int(),
      status: EntryStatus,
      player_in_game_name: z.string().nullable(),
      invitation_token: z.string().nullable(),
      invited_email: z.string().nullable(),
    }),
  ),
});

export const CheckInAnswerSchema = z.object({ entry_id: z.string(), checked_in_at: isoTime });

export const InviteAnswerSchema = z.object({
  entry_id: z.string(),
  invitation_token: z.string(),
  invited_email: z.string().nullable(),
});

export const InvitationSchema = z.object({
  tournament_id: z.string(),
  tournament_title: z.string(),
  starts_at: isoTime,
  check_in_closes_at: isoTime,
  buyer_in_game_name: z.string().nullable(),
  status: z.enum(['open', 'accepted', 'withdrawn']),
});

export const AcceptAnswerSchema = z.object({ entry_id: z.string(), tournament_id: z.string() });
