/** For React islands: the database's state of these tournaments (undefined until it arrives). */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useHydrated } from '@/stores/use-session';
import { $tournamentStates, requestTournamentStates } from './live-states';
import type { TournamentStateWithId } from './status';

const NONE: Record<string, TournamentStateWithId | undefined> = {};

export function useTournamentStates(ids: readonly string[]): Record<string, TournamentStateWithId | undefined> {
  const states = useStore($tournamentStates);
  const key = ids.join(',');
  useEffect(() => {
    if (key) void requestTournamentStates(key.split(','));
  }, [key]);
  // While React hydrates, the states the server rendered with: none. The page's script may have read them before a
  // late island hydrates (a cancelled tournament's standings would then say so where the HTML does not).
  return useHydrated() ? states : NONE;
}
