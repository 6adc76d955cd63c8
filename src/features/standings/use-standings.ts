/**
 * A tournament's standings once it is finished (get_standings), following its live status so a page left
 * open on the final shows them as soon as the result is confirmed. Null until the standings are final.
 */
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import type { Load } from '@/lib/load-state';
import { useLoad } from '@/lib/use-island-data';
import { type StandingBand, standingsAreFinal } from './standings';

export function useStandings(tournamentId: string): { status: string | undefined; standings: Load<StandingBand[]> | null } {
  const status = useTournamentStates([tournamentId])[tournamentId]?.status;
  const final = standingsAreFinal(status);
  const [standings] = useLoad(
    () => (final ? import('./standings.api').then((api) => api.fetchStandings(tournamentId)) : Promise.resolve([])),
    `${tournamentId}:${final}`,
  );
  return { status, standings: final ? standings : null };
}
