/**
 * Whether the signed-in player may enter (the database's answer), and the one-call entry into a free
 * tournament.
 */
import { useEffect, useState } from 'react';
import { describeFailure } from '@/lib/describe-failure';
import { useAction } from '@/lib/use-island-data';
import { type EntryEligibility, FREE_ENTRY_SUCCESS } from './eligibility';

/** The database's answer for the signed-in player (null while unknown or signed out). */
export function useEntryEligibility(userId: string | null): EntryEligibility | null {
  const [eligibility, setEligibility] = useState<EntryEligibility | null>(null);
  useEffect(() => {
    setEligibility(null);
    if (!userId) return;
    let cancelled = false;
    import('./eligibility.api')
      .then(({ fetchMyEntryEligibility }) => fetchMyEntryEligibility())
      .then((answer) => {
        if (!cancelled) setEligibility(answer);
      })
      // Unknown is not "blocked": the order function still refuses an ineligible player with the reason.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return eligibility;
}

export type EntryMessage = { tone: 'success' | 'error'; text: string };

/** Enters a free tournament; the outcome goes to `onMessage`, and `onEntered` runs after a success. */
export function useFreeEntry(
  tournamentId: string,
  onEntered: () => void,
  onMessage: (message: EntryMessage) => void,
  success: string = FREE_ENTRY_SUCCESS,
) {
  const { busy, run } = useAction();
  async function enter() {
    const entered = await run(async () => {
      try {
        await (await import('./eligibility.api')).enterFreeTournament(tournamentId);
        return true;
      } catch (error) {
        onMessage({ tone: 'error', text: await describeFailure(error) });
        return false;
      }
    });
    if (!entered) return;
    onMessage({ tone: 'success', text: success });
    onEntered();
  }
  return { busy, enter };
}
