/**
 * My Tournaments' data: the player's registrations (the list; a toast when it cannot be read) and, read
 * separately so the list shows without them, the refunds of cancelled tournaments (get_my_payments), the
 * places in finished ones (get_my_places), the entries with their check-in and extra slots, and each
 * tournament's own status. A check-in made on the page shows at once.
 */
import { useState } from 'react';
import type { MyEntries } from '@/features/brackets/entries';
import { type MyPlace, placesByTournament } from '@/features/standings/standings';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import { useSignedInLoad } from '@/lib/use-signed-in-load';
import { ACCOUNT_MESSAGES, firstTab, invitedRows, type MyTournamentTab, newestFirst, type Payment, type TournamentFacts } from './account';
import { useToastOnError } from './use-toast-on-error';

const accountApi = () => import('./account.api');

/** A read the list shows without: its failure is logged and reads as nothing. */
const orNothing =
  <T>(what: string, nothing: T) =>
  (error: unknown): T => {
    console.warn(`${what} could not be read`, error);
    return nothing;
  };

async function readEntries(): Promise<{ entries: MyEntries[]; facts: TournamentFacts }> {
  const api = await import('@/features/brackets/brackets.api');
  const entries = await api.fetchAllMyEntries();
  const invitedOnly = entries.filter((mine) => mine.my_entry && !mine.my_entry.bought_by_me).map((mine) => mine.tournament_id);
  const facts = await api.fetchTournamentTitles(invitedOnly).catch(() => ({}));
  return { entries, facts };
}

const NO_ENTRIES = { entries: [], facts: {} };
const NO_PAYMENTS: Payment[] = [];
const NO_PLACES: Record<string, MyPlace> = {};

export function useMyTournaments(userId: string | undefined) {
  const [registrations] = useSignedInLoad(userId, () =>
    accountApi()
      .then((api) => api.fetchMyRegistrations())
      .then((rows) => newestFirst(rows, (row) => row.registered_at))
      .catch((error: unknown) => {
        console.error(ACCOUNT_MESSAGES.tournamentsLoadFailed, error);
        throw error;
      }),
  );
  useToastOnError(registrations, ACCOUNT_MESSAGES.tournamentsLoadFailed);
  const [payments] = useSignedInLoad(userId, () =>
    accountApi()
      .then((api) => api.fetchMyPayments())
      .catch(orNothing('Payments for the refund lines', NO_PAYMENTS)),
  );
  const [places] = useSignedInLoad(userId, () =>
    import('@/features/standings/standings.api')
      .then((api) => api.fetchMyPlaces())
      .then(placesByTournament)
      .catch(orNothing('Places in finished tournaments', NO_PLACES)),
  );
  const [entries] = useSignedInLoad(userId, () => readEntries().catch(orNothing('Entries and check-in', NO_ENTRIES)));
  // Check-ins made on this page, by tournament: the card shows them without reading the entries again.
  const [checkedInAt, setCheckedInAt] = useState<Record<string, string>>({});
  const [pickedTab, setTab] = useState<MyTournamentTab | null>(null);

  const { entries: myEntries, facts } = entries.status === 'ready' ? entries.value : NO_ENTRIES;
  const rows = registrations.status === 'ready' ? [...registrations.value, ...invitedRows(myEntries, registrations.value, facts)] : [];
  const states = useTournamentStates([...new Set(rows.map((row) => row.tournament_id))]);

  const entriesByTournament: Record<string, MyEntries> = Object.fromEntries(
    myEntries.map((mine) => {
      const at = checkedInAt[mine.tournament_id];
      return [mine.tournament_id, at && mine.my_entry ? { ...mine, my_entry: { ...mine.my_entry, checked_in_at: at } } : mine];
    }),
  );

  return {
    status: registrations.status,
    rows,
    tab: pickedTab ?? firstTab(rows),
    setTab,
    entries: entriesByTournament,
    payments: payments.status === 'ready' ? payments.value : NO_PAYMENTS,
    places: places.status === 'ready' ? places.value : NO_PLACES,
    states,
    checkedIn: (tournamentId: string, at: string) => setCheckedInAt((current) => ({ ...current, [tournamentId]: at })),
  };
}
