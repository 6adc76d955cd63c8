/** For React islands: the database's state of these tournaments (undefined until it arrives). */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $tournamentStates, requestTournamentStates } from './live-states';
import type { TournamentStateWithId } from './status';

export function useTournamentStates(ids: readonly string[]): Record<string, TournamentStateWithId | undefined> {
  const states = useStore($tournamentStates);
  const key = ids.join(',');
  useEffect(() => {
    if (key) void requestTournamentStates(key.split(','));
  }, [key]);
  return states;
}
