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
});

/** A round of a stage: its name and its matches' ids in play order (each match itself is in `rounds`). */
const StageRoundSchema = z.object({ name: z.string(), matches: z.array(z.string()) });

export const GroupRowSchema = z.object({
  entry_id: z.string(),
  in_game_name: z.nullable(z.string()),
  played: z.int(),
  won: z.int(),
  drawn: z.int(),
  lost: z.int(),
  goals_for: z.int(),
  goals_against: z.int(),
  goal_difference: z.int(),
  points: z.int(),
  rank: z.int(),
  qualified: z.boolean(),
  // The tie-break step that put this row above the next one; a step this page does not know is shown as it comes.
  decided_by: z.nullable(z.string()),
});

export const GroupsStageSchema = z.object({
  kind: z.literal('groups'),
  name: z.string(),
  advance: z.object({ per_group: z.int(), best_of_next: z._default(z.int(), 0) }),
  groups: z.array(z.object({ name: z.string(), table: z.array(GroupRowSchema), matches: z._default(z.array(z.string()), []) })),
});

export const KnockoutStageSchema = z.object({
  kind: z.literal('knockout'),
  name: z.string(),
  rounds: z.array(StageRoundSchema),
  third_place: z.optional(z.nullable(z.string())),
});

export const SwissRowSchema = z.object({
  entry_id: z.string(),
  in_game_name: z.nullable(z.string()),
  played: z.int(),
  won: z.int(),
  drawn: z.int(),
  lost: z.int(),
  points: z.int(),
  median_buchholz: z.number(),
  buchholz: z.number(),
  goal_difference: z.int(),
  byes: z._default(z.int(), 0),
  rank: z.int(),
});

export const SwissStageSchema = z.object({
  kind: z.literal('swiss'),
  name: z.string(),
  rounds: z.array(StageRoundSchema),
  table: z.array(SwissRowSchema),
});

export const DoubleStageSchema = z.object({
  kind: z.literal('double_elimination'),
  name: z.string(),
  winners: z.array(StageRoundSchema),
  losers: z.array(StageRoundSchema),
  grand_final: z.array(z.string()),
});

/**
 * A stage this page cannot draw (a kind added later, or one whose details the server does not send yet) reads
 * as `other`: the page then shows the tournament's rounds as it always did instead of refusing the bracket.
 */
const OtherStageSchema = z.pipe(
  z.object({ kind: z.string(), name: z.optional(z.nullable(z.string())) }),
  z.transform((stage) => ({ kind: 'other' as const, was: stage.kind, name: stage.name ?? '' })),
);

export const StageSchema = z.union([GroupsStageSchema, KnockoutStageSchema, SwissStageSchema, DoubleStageSchema, OtherStageSchema]);

export const BracketSchema = z.object({
  // `knockout` (every tournament before stages), `groups_knockout`, `swiss` or `double_elimination`. Optional
  // for answers and fixtures from before formats; a word this page does not know reads as a knockout.
  format: z.optional(z.string()),
  draw: DrawSchema,
  rounds: z.array(BracketRoundSchema),
  stages: z.optional(z.array(StageSchema)),
});
