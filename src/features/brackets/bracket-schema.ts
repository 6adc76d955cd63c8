/**
 * The shape of `get_bracket`'s answer (the public contract, docs/contract.md), checked with zod: the one
 * schema of it. The bracket island, the staff console and the draw verification script all read the
 * bracket through it. Loaded lazily with the bracket's data, so zod never delays a first paint.
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
  // Where the match sits in a tournament of stages (groups, Swiss, double elimination). Optional: a
  // bracket served before stages existed, and every fixture of one, has none of the three.
  stage: z.optional(z.nullable(z.string())),
  group: z.optional(z.nullable(z.string())),
  bracket: z.optional(z.nullable(z.string())),
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
  // Groups seeded by rating: each entry's rating at the draw, in the order of entry_ids (the pots come from it).
  ratings: z.optional(z.array(z.int())),
});

/**
 * The draw and every match, round by round: what the staff console and the verification scripts read. The
 * bracket page reads `format` and `stages` too (formats/stage-schema.ts), which only it loads.
 */
export const BracketSchema = z.object({
  draw: DrawSchema,
  rounds: z.array(BracketRoundSchema),
});
