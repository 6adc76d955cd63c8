/**
 * The public record of staff actions on a tournament, newest first; empty until it arrives. A failure
 * leaves it empty: the record is extra information on the page. Without an id (the pod page is one static
 * page for every pod) the id comes from `?id=` in the address.
 */
import { useEffect, useState } from 'react';
import type { TournamentChange } from './staff.schemas';

export function useTournamentChanges(tournamentId: string | undefined): TournamentChange[] {
  const [changes, setChanges] = useState<TournamentChange[]>([]);
  useEffect(() => {
    const id = tournamentId ?? new URLSearchParams(window.location.search).get('id')?.trim();
    if (!id) return;
    let cancelled = false;
    import('./changes.api')
      .then((api) => api.fetchTournamentChanges(id))
      .then((rows) => {
        if (!cancelled) setChanges(rows);
      })
      .catch((error: unknown) => console.warn('Could not load the changes of this tournament', error));
    return () => {
      cancelled = true;
    };
  }, [tournamentId]);
  return changes;
}
