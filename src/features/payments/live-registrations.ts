/**
 * The live numbers of the tournament on screen: slots taken and who is playing, kept current
 * through Realtime. One watcher per page, shared by the pay panel and the page's counters.
 */
import { atom } from 'nanostores';
import type { Participant, Slots } from './payments.api';
import { onDemand } from '@/lib/on-demand';

/** supabase-js comes with the API module: loaded after the first paint, never on the critical path. */
const api = onDemand(() => import('./payments.api'));

export type LiveTournament = {
  tournamentId: string;
  slots: Slots | null;
  participants: Participant[] | null;
};

export const $liveTournament = atom<LiveTournament | null>(null);

let stopWatching: (() => void) | undefined;

/** Starts (once per page) loading and following the tournament; safe to call from several places. */
export function followTournament(tournamentId: string): void {
  if ($liveTournament.get()?.tournamentId === tournamentId) return;
  stopWatching?.();
  $liveTournament.set({ tournamentId, slots: null, participants: null });

  const update = (patch: Partial<LiveTournament>) => {
    const current = $liveTournament.get();
    if (current?.tournamentId === tournamentId) $liveTournament.set({ ...current, ...patch });
  };
  const refreshParticipants = () =>
    api()
      .then(({ fetchParticipants }) => fetchParticipants(tournamentId))
      .then((participants) => update({ participants }))
      .catch(() => {
        // The list stays as it was; the count below still moves.
      });

  let stopped = false;
  let stopChannel = () => {};
  stopWatching = () => {
    stopped = true;
    stopChannel();
  };
  void api().then(({ fetchSlots, watchSlots }) => {
    if (stopped) return;
    const readSlots = () =>
      void fetchSlots(tournamentId)
        .then((slots) => update({ slots }))
        .catch(() => {});
    // Read now for the first paint, and again once the channel listens: a registration landing in
    // between is not missed.
    stopChannel = watchSlots(
      tournamentId,
      (slots) => {
        update({ slots });
        void refreshParticipants();
      },
      readSlots,
    );
    readSlots();
  });
  void refreshParticipants();
}

/** Called after this player's own payment is confirmed, so the page does not wait for Realtime. */
export async function refreshTournament(): Promise<void> {
  const current = $liveTournament.get();
  if (!current) return;
  const { fetchParticipants, fetchSlots } = await api();
  const [slots, participants] = await Promise.all([
    fetchSlots(current.tournamentId).catch(() => current.slots),
    fetchParticipants(current.tournamentId).catch(() => current.participants),
  ]);
  if ($liveTournament.get()?.tournamentId === current.tournamentId) {
    $liveTournament.set({ ...current, slots, participants });
  }
}
