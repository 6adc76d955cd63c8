/** What the match page recorded of a disputed match's disconnection: its reports and ruling (match-day data). */
import { onDemand } from '@/lib/on-demand';
import { useLoad } from '@/lib/use-island-data';

const api = onDemand(() => import('@/features/matches/match-day/match-day.api'));

export function useDisconnectionRecord(matchId: string) {
  const [state] = useLoad(() => api().then((calls) => calls.fetchMatchDay(matchId)), matchId);
  return state;
}
