/**
 * A tournament's bracket, read by anyone with a plain request (no supabase-js, no session): the bracket
 * paints as soon as it arrives, while the signed-in player's own entry loads through brackets.api.ts.
 */
import * as z from 'zod/mini';
import { callPublicFunction } from '@/features/tournaments/public-api';
import { storedSession } from '@/lib/browser-session';
import { BracketWithStagesSchema, FirstBracketSchema, GroupRowSchema } from './formats/stage-schema';

export const fetchPublicBracket = (tournamentId: string) =>
  callPublicFunction('get_bracket', { p_tournament_id: tournamentId }, BracketWithStagesSchema);

/**
 * What the page shows first (get_bracket_first): in a 300-entry group stage, the player's own group and the
 * knockout are a sixth of the whole bracket. The stored session's token tells the database whose group that is
 * (a visitor gets the first two groups); `complete` false means the whole bracket is still to read.
 */
export const fetchFirstBracket = (tournamentId: string) =>
  callPublicFunction('get_bracket_first', { p_tournament_id: tournamentId }, FirstBracketSchema, storedSession()?.access_token);

/** One group's table (get_group_table: the rows get_bracket's stages give), read after a result in that group. */
export const fetchGroupTable = (tournamentId: string, group: string) =>
  callPublicFunction('get_group_table', { p_tournament_id: tournamentId, p_group: group }, z.array(GroupRowSchema));
