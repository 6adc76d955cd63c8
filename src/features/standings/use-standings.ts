/**
 * A tournament's standings once it is finished (get_standings), following its live status so a page left
 * open on the final shows them as soon as the result is confirmed. Null until the standings are final.
 */
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import type { Load } from '@/lib/load-state';
import { useLoad } from '@/lib/use-island-data';
import type { MatchResult } from '@/lib/score';
import { matchResult as finalResultOf } from '@/features/brackets/brackets';
import { type StandingBand, standingsAreFinal } from './standings';

export function useStandings(tournamentId: string): {
  status: string | undefined;
  standings: Load<StandingBand[]> | null;
  /** The final's result, winner first ("PlayerA won 2–1 against PlayerB"), once the standings are final. */
  /** The final's result, worded by the island in the page's language. */
  finalResult: MatchResult | null;
} {
  const status = useTournamentStates([tournamentId])[tournamentId]?.status;
  const final = standingsAreFinal(status);
  const [standings] = useLoad(
    () => (final ? import('./standings.api').then((api) => api.fetchStandings(tournamentId)) : Promise.resolve([])),
    `${tournamentId}:${final}`,
  );
  const [finalMatch] = useLoad(
    () =>
      final
        ? import('@/features/brackets/public-bracket').then(async ({ fetchPublicBracket }) => {
            const bracket = await fetchPublicBracket(tournamentId);
            const final = bracket.rounds.at(-1)?.matches[0];
            const result = final ? finalResultOf(final) : null;
            return result;
          })
        : Promise.resolve(null),
    `final:${tournamentId}:${final}`,
  );
  return { status, standings: final ? standings : null, finalResult: final && finalMatch.status === 'ready' ? finalMatch.value : null };
}
