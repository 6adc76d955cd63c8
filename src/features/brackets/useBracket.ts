/**
 * Loads a tournament's bracket and, for a signed-in player, their entries; follows both through Realtime
 * (matches, entries, the tournament row) and reloads at most every 300 ms while changes arrive.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $session } from '@/stores/session';
import { requestTournamentStates } from '@/features/tournaments/liveStates';
import type { Bracket } from './brackets';
import type { MyEntries } from './entries';

export type BracketLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; bracket: Bracket; mine: MyEntries | null };

const api = () => import('./brackets.api');

export function useBracket(tournamentId: string): { load: BracketLoad; reload: () => void } {
  const session = useStore($session);
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const sessionKnown = session.status !== 'loading';
  const [load, setLoad] = useState<BracketLoad>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload signal that Realtime changes bump.
  useEffect(() => {
    if (!sessionKnown) return;
    let cancelled = false;
    void (async () => {
      try {
        const { fetchBracket, fetchMyEntries } = await api();
        const [bracket, mine] = await Promise.all([
          fetchBracket(tournamentId),
          // A player without an entry, or a refusal here, only means there is no own path to show.
          userId ? fetchMyEntries(tournamentId).catch(() => null) : Promise.resolve(null),
        ]);
        if (!cancelled) setLoad({ status: 'ready', bracket, mine });
      } catch (error) {
        if (!cancelled) setLoad({ status: 'error', message: error instanceof Error ? error.message : 'The bracket could not be loaded.' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [tournamentId, userId, sessionKnown, version]);

  useEffect(() => {
    let stop = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void api().then(({ watchTournament }) => {
      if (stopped) return;
      stop = watchTournament(tournamentId, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          setVersion((v) => v + 1);
          // The draw and results move the tournament's status too (every badge on the page follows).
          void requestTournamentStates([tournamentId]);
        }, 300);
      });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stop();
    };
  }, [tournamentId]);

  return { load, reload: () => setVersion((v) => v + 1) };
}
