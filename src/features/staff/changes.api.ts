/**
 * The public record of staff actions on a tournament (get_tournament_changes): anyone may read it, signed
 * in or not. Loaded lazily by the Changes section, so zod and supabase-js never delay a page's first paint.
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { TournamentChange } from './staff.schemas';

export async function fetchTournamentChanges(tournamentId: string): Promise<TournamentChange[]> {
  const answer = await getSupabase().rpc('get_tournament_changes', { p_tournament_id: tournamentId });
  return readAnswer('rpc get_tournament_changes', z.array(TournamentChange), answer);
}
