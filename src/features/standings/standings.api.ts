/**
 * Reads of standings: get_standings (anyone) and get_my_places (the signed-in player's places in finished
 * tournaments). Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import type { MyPlace, StandingBand } from './standings';

const Place = z.int().check(z.positive());

export const StandingsAnswer = z.pipe(
  z.nullable(
    z.array(
      z.object({
        place: z.string(),
        from: Place,
        to: Place,
        entries: z.array(z.object({ entry_id: z.string(), in_game_name: z.nullable(z.string()) })),
      }),
    ),
  ),
  z.transform((bands) => bands ?? []),
) satisfies z.ZodMiniType<StandingBand[]>;

export const MyPlacesAnswer = z.pipe(
  z.nullable(z.array(z.object({ tournament_id: z.string(), place: z.string(), from: Place, to: Place }))),
  z.transform((places) => places ?? []),
) satisfies z.ZodMiniType<MyPlace[]>;

export async function fetchStandings(tournamentId: string): Promise<StandingBand[]> {
  return readAnswer('rpc get_standings', StandingsAnswer, await getSupabase().rpc('get_standings', { p_tournament_id: tournamentId }));
}

export async function fetchMyPlaces(): Promise<MyPlace[]> {
  return readAnswer('rpc get_my_places', MyPlacesAnswer, await getSupabase().rpc('get_my_places'));
}
