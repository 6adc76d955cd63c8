/**
 * A tournament's bracket, read by anyone with a plain request (no supabase-js, no session): the bracket
 * paints as soon as it arrives, while the signed-in player's own entry loads through brackets.api.ts.
 */
import { callPublicFunction } from '@/features/tournaments/public-api';
import { BracketWithStagesSchema } from './formats/stage-schema';

export const fetchPublicBracket = (tournamentId: string) =>
  callPublicFunction('get_bracket', { p_tournament_id: tournamentId }, BracketWithStagesSchema);
