/**
 * My Tournaments' data (and the dashboard's): the player's registrations (the list; a toast when it cannot
 * be read) and, read separately so the list shows without them, the refunds of cancelled tournaments
 * (get_my_payments), the places in finished ones (get_my_places), the entries with their check-in and extra
 * slots, the next match in each drawn tournament (get_my_next_matches), the waitlist places still waiting
 * (get_my_waitlist_places), and each tournament's own status.
 * A check-in made on the page shows at once. Everything follows the database live: a check-in from another
 * tab, a pod filling, the draw and each result read again as they happen, and so do the states when
 * check-in opens or closes by the clock.
 */
import { useEffect, useState } from 'react';
import { requestTournamentStates } from '@/features/tournaments/live-states';
import type { MyEntries } from '@/features/brackets/entries';
import type { MyWaitlistPlace } from '@/features/seasons/my-waitlist-place';
import { type MyPlace, placesByTournament } from '@/features/standings/standings';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import { useSignedInLoad } from '@/lib/use-signed-in-load';
import { ACCOUNT_MESSAGES, firstTab, invitedRows, type MyTournamentTab, newestFirst, type Payment, type TournamentFacts } from './account';
import { type NextMatch, nextClockChange } from './home';
import { useToastOnError } from './use-toast-on-error';
import { onDemand } from '@/lib/on-demand';

const accountApi = onDemand(() => import('./account.api'));
const homeApi = onDemand(() => import('./home.api'));

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
const NO_NEXT_MATCHES: NextMatch[] = [];
const NO_WAITLIST_PLACES: MyWaitlistPlace[] = [];
/** setTimeout's longest wait; a clock change further ahead is picked up by a later read. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export function useMyTournaments(userId: string | undefined) {
  const [registrations, reloadRegistrations] = useSignedInLoad(userId, () =>
    accountApi()
      .then((api) => api.fetchMyRegistrations())
      .then((rows) => newestFirst(rows, (row) => row.registered_at))
      .catch((error: unknown) => {
        console.error(ACCOUNT_MESSAGES.tournamentsLoadFailed, error);
        throw error;
      }),
  );
  useToastOnError(registrations, ACCOUNT_MESSAGES.tournamentsLoadFailed);
  const [payments, reloadPayments] = useSignedInLoad(userId, () =>
    accountApi()
      .then((api) => api.fetchMyPayments())
      .catch(orNothing('Payments for the refund lines', NO_PAYMENTS)),
  );
  const [places, reloadPlaces] = useSignedInLoad(userId, () =>
    import('@/features/standings/standings.api')
      .then((api) => api.fetchMyPlaces())
      .then(placesByTournament)
      .catch(orNothing('Places in finished tournaments', NO_PLACES)),
  );
  const [entries, reloadEntries] = useSignedInLoad(userId, () => readEntries().catch(orNothing('Entries and check-in', NO_ENTRIES)));
  const [nextMatches, reloadNextMatches] = useSignedInLoad(userId, () =>
    homeApi()
      .then((api) => api.fetchMyNextMatches())
      .catch(orNothing('Next matches', NO_NEXT_MATCHES)),
  );
  const [waitlist, reloadWaitlist] = useSignedInLoad(userId, () =>
    import('@/features/seasons/waitlist.api')
      .then((api) => api.fetchMyWaitlistPlaces())
      .catch(orNothing('Waitlist places', NO_WAITLIST_PLACES)),
  );
  // Check-ins made on this page, by tournament: the card shows them without reading the entries again.
  const [checkedInAt, setCheckedInAt] = useState<Record<string, string>>({});
  const [pickedTab, setTab] = useState<MyTournamentTab | null>(null);

  const { entries: myEntries, facts } = entries.status === 'ready' ? entries.value : NO_ENTRIES;
  const rows = registrations.status === 'ready' ? [...registrations.value, ...invitedRows(myEntries, registrations.value, facts)] : [];
  const ids = [...new Set(rows.map((row) => row.tournament_id))];
  const states = useTournamentStates(ids);
  const idsKey = ids.join(',');

  // Live: any change behind these tournaments reads the player's side of them again.
  useEffect(() => {
    if (!userId) return;
    const watched = idsKey ? idsKey.split(',') : [];
    let stop: (() => void) | undefined;
    let stopped = false;
    void homeApi().then((api) => {
      if (stopped) return;
      stop = api.watchMyTournaments(userId, watched, () => {
        reloadRegistrations();
        reloadEntries();
        reloadNextMatches();
        reloadPlaces();
        // A promotion at check-in close writes a registration: the waitlist place moves into the list.
        reloadWaitlist();
        void requestTournamentStates(watched);
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [userId, idsKey, reloadRegistrations, reloadEntries, reloadNextMatches, reloadPlaces, reloadWaitlist]);

  // By the clock: when a check-in window opens or closes, the statuses (and the check-in area) change.
  const windows = myEntries.flatMap((mine) => [mine.check_in.opens_at, mine.check_in.closes_at]).join(',');
  useEffect(() => {
    const at = windows ? nextClockChange(windows.split(',')) : null;
    if (!at) return;
    const timer = setTimeout(
      () => {
        reloadEntries();
        reloadNextMatches();
        void requestTournamentStates(idsKey.split(','));
      },
      Math.min(LONGEST_WAIT_MS, at.getTime() - Date.now() + 1000),
    );
    return () => clearTimeout(timer);
  }, [windows, idsKey, reloadEntries, reloadNextMatches]);

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
    /** The waitlist places still waiting, soonest tournament first. */
    waitlist: waitlist.status === 'ready' ? waitlist.value : NO_WAITLIST_PLACES,
    /** Reads the waitlist places again (after a check-in). */
    reloadWaitlist,
    /** After a waitlist place is left: the places and the payments (its refund) are read again. */
    leftWaitlist: () => {
      reloadWaitlist();
      reloadPayments();
    },
    states,
    /** The next match in each drawn tournament the player is still in, by tournament. */
    nextMatches: Object.fromEntries(
      (nextMatches.status === 'ready' ? nextMatches.value : NO_NEXT_MATCHES).map((next) => [next.tournament_id, next]),
    ) as Record<string, NextMatch | undefined>,
    checkedIn: (tournamentId: string, at: string) => setCheckedInAt((current) => ({ ...current, [tournamentId]: at })),
  };
}
