/**
 * The contract's `format` and `stages` of `get_bracket` (docs/contract.md, Formats), checked with zod: stages name
 * matches by id (each match itself is in `rounds`). Apart from bracket-schema.ts so that only the bracket page
 * loads it, not the staff console or the scripts that read rounds alone.
 */
import * as z from 'zod/mini';
import { BracketSchema } from '../bracket-schema';

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
  groups: z.array(
    z.object({
      name: z.string(),
      table: z.array(GroupRowSchema),
      matches: z._default(z.array(z.string()), []),
      // The page's first data (get_bracket_first) gives other groups by name only: their table and matches follow.
      later: z.optional(z.boolean()),
    }),
  ),
});

/**
 * What feeds a first-round knockout slot after a group stage: a direct place ({ group: 'A', place: 1 } is A1), or
 * the best-th best of the next place across groups ({ place: 2, best: 3 }: the third-best runner-up); null a bye.
 */
export const QualifierSlotSchema = z.nullable(
  z.union([z.object({ group: z.string(), place: z.int() }), z.object({ place: z.int(), best: z.int() })]),
);

export const KnockoutStageSchema = z.object({
  kind: z.literal('knockout'),
  name: z.string(),
  rounds: z.array(StageRoundSchema),
  third_place: z.optional(z.nullable(z.string())),
  // After a group stage: each first-round match's two slots, in match order (the projected path).
  feeds: z.optional(z.array(z.tuple([QualifierSlotSchema, QualifierSlotSchema]))),
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

export const BracketWithStagesSchema = z.object({
  ...BracketSchema.shape,
  // `knockout` (every tournament before stages), `groups_knockout`, `swiss` or `double_elimination`. Optional
  // for answers and fixtures from before formats; a word this page does not know reads as a knockout.
  format: z.optional(z.string()),
  stages: z.optional(z.array(StageSchema)),
});

/** get_bracket_first: the bracket with, in a group stage, only the player's own groups whole; `complete` when nothing was left out. */
export const FirstBracketSchema = z.object({
  ...BracketWithStagesSchema.shape,
  complete: z.boolean(),
});
