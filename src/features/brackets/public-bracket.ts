/**
 * A tournament's bracket, read by anyone with a plain request (no supabase-js, no session): the bracket
 * paints as soon as it arrives, while the signed-in player's own entry loads through brackets.api.ts.
 */
import * as z from 'zod/mini';
import { callPublicFunction } from '@/features/tournaments/public-api';
import { BracketWithStagesSchema, GroupRowSchema } from './formats/stage-schema';

export const fetchPublicBracket = (tournamentId: string) =>
  callPublicFunction('get_bracket', { p_tournament_id: tournamentId }, BracketWithStagesSchema);

/** One group's table (get_group_table: the rows get_bracket's stages give), read after a result in that group. */
export const fetchGroupTable = (tournamentId: string, group: string) =>
  callPublicFunction('get_group_table', { p_tournament_id: tournamentId, p_group: group }, z.array(GroupRowSchema));
