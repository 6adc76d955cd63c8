/**
 * The signed-in home's reads (the dashboard and My Tournaments): the next match in each drawn tournament,
 * and the live feed of the rows behind a player's tournaments. Apart from account.api.ts, which My
 * Earnings loads too.
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { watchRows, type RowChanges } from '@/lib/realtime';
import { getSupabase } from '@/lib/supabase';
import type { NextMatch } from './home';

const rows = <Row extends z.ZodMiniType>(row: Row) =>
  z.pipe(
    z.nullable(z.array(row)),
    z.transform((list) => list ?? []),
  );

const NextMatchRow = z.object({
  tournament_id: z.string(),
  title: z.string(),
  match_id: z.string(),
  round: z.int(),
  round_name: z.string(),
  scheduled_at: z.string(),
  status: z.string(),
  opponent: z.nullable(z.string()),
}) satisfies z.ZodMiniType<NextMatch>;

export async function fetchMyNextMatches(): Promise<NextMatch[]> {
  return readAnswer('rpc get_my_next_matches', rows(NextMatchRow), await getSupabase().rpc('get_my_next_matches'));
}

/**
 * Calls `onChange` (at most every 300 ms) whenever something behind the player's tournaments changes: their
 * entries (check-in from another tab, a withdrawal at the draw, an invitation accepted), their
 * registrations, and each tournament's row (a pod filling, the draw) and matches (results, the next match).
 * Returns the function that stops following.
 */
export function watchMyTournaments(userId: string, tournamentIds: readonly string[], onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, 300);
  };
  const list = [...tournamentIds].sort().join(',');
  const changes: RowChanges[] = [
    { table: 'entries', filter: `player_id=eq.${userId}`, onChange: changed },
    { table: 'entries', filter: `buyer_id=eq.${userId}`, onChange: changed },
    { table: 'tournament_registrations', filter: `user_id=eq.${userId}`, onChange: changed },
  ];
  if (list) {
    changes.push(
      { table: 'tournaments', filter: `id=in.(${list})`, event: 'UPDATE', onChange: changed },
      { table: 'matches', filter: `tournament_id=in.(${list})`, onChange: changed },
    );
  }
  const stop = watchRows(`my-tournaments:${userId}:${list}`, changes, changed);
  return () => {
    clearTimeout(timer);
    stop();
  };
}
