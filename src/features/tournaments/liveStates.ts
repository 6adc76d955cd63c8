/**
 * The database's status of every tournament on screen, loaded in ONE call however many badges, cards and
 * islands ask for it (requests made in the same tick are batched into one `get_tournament_states`).
 * Pre-rendered markup carries the build-time status; islands and the page script replace it from here.
 */
import { map } from 'nanostores';
import { getSupabase } from '@/lib/supabase';
import { TournamentStateWithId, type TournamentStateWithId as State } from './status';

export const $tournamentStates = map<Record<string, State>>({});

const wanted = new Set<string>();
let flush: Promise<void> | undefined;

async function fetchStates(ids: string[]): Promise<State[]> {
  const { data, error } = await getSupabase().rpc('get_tournament_states', { p_tournament_ids: ids });
  if (error) throw error;
  const parsed = TournamentStateWithId.array().safeParse(data);
  return parsed.success ? parsed.data : [];
}

/** Loads (or reloads) the states of these tournaments; calls in the same tick share one request. */
export function requestTournamentStates(ids: Iterable<string>): Promise<void> {
  for (const id of ids) wanted.add(id);
  flush ??= Promise.resolve().then(async () => {
    const batch = [...wanted];
    wanted.clear();
    flush = undefined;
    if (batch.length === 0) return;
    try {
      for (const state of await fetchStates(batch)) $tournamentStates.setKey(state.id, state);
    } catch {
      // The build-time values stay on screen; the next request tries again.
    }
  });
  return flush;
}
