/**
 * The database's status of every tournament on screen, loaded in ONE call however many badges, cards and
 * islands ask for it (requests made in the same tick are batched into one `get_tournament_states`).
 * Pre-rendered markup carries the build-time status; islands and the page script replace it from here.
 * A plain request to the REST endpoint (the function is public): public pages do not load supabase-js.
 */
import { map } from 'nanostores';
import { parseTournamentStates, type TournamentStateWithId as State } from './status';

export const $tournamentStates = map<Record<string, State>>({});

const wanted = new Set<string>();
let flush: Promise<void> | undefined;

/**
 * Where the public REST API is, for plain requests with the anon key (here and in public-api.ts): written
 * into the page by LiveTournamentStates.astro (so public pages load no settings module at all), else this
 * build's Supabase address.
 */
export async function publicRestApi(): Promise<{ url: string; anonKey: string }> {
  // No document where a unit test runs the api modules.
  const node = globalThis.document?.querySelector<HTMLElement>('[data-tournament-states-api]');
  const url = node?.dataset.tournamentStatesApi;
  const anonKey = node?.dataset.anonKey;
  if (url && anonKey) return { url, anonKey };
  const { SUPABASE_ADDRESS } = await import('@/lib/supabase-address');
  return SUPABASE_ADDRESS;
}

async function fetchStates(ids: string[]): Promise<State[]> {
  const { url, anonKey } = await publicRestApi();
  const response = await fetch(`${url}/rest/v1/rpc/get_tournament_states`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_tournament_ids: ids }),
  });
  if (!response.ok) throw new Error(`get_tournament_states answered ${response.status}`);
  return parseTournamentStates(await response.json());
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
