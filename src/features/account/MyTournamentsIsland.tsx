/**
 * My Tournaments: the player's registrations and the places they hold through an invitation, one tab per
 * series (the monthly Champions Tour, and the quick 1v1 / Super 4 / Super 8 pods), each with its
 * check-in and, for a buyer of several slots, the extra slots to hand on. Guarded: anonymous visitors go
 * to /login.
 */
import { Button } from '@/components/ui/Button';
import { useEffect, useState } from 'react';
import { formatDateIST, formatPaiseExact } from '@/lib/format';
import { showToast } from '@/stores/toast';
import { useRequiredSession } from '@/features/auth/useRequiredSession';
import Toaster from '@/components/ui/Toaster';
import {
  ACCOUNT_MESSAGES,
  capitalise,
  MY_TOURNAMENT_TABS,
  type MyTournamentTab,
  newestFirst,
  type Payment,
  refundNote,
  registrationStatusTone,
  type Registration,
} from './account';
import { Badge } from '@/components/ui/Badge';
import { PageHeading } from '@/components/ui/PageHeading';
import { TabPanel, Tabs } from '@/components/ui/IslandTabs';
import { Spinner } from '@/components/ui/Spinner';
import StatusPill from '@/features/tournaments/StatusPill';
import { anyTournamentHref, ROUTES } from '@/lib/routes';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import type { MyEntries } from '@/features/brackets/entries';
import { CheckIn } from '@/features/brackets/CheckIn';
import { ExtraSlots } from '@/features/brackets/ExtraSlots';
import { type MyPlace, placesByTournament } from '@/features/standings/standings';

type Load = { status: 'loading' } | { status: 'ready'; rows: Registration[] } | { status: 'error' };

const tabLabel = (id: MyTournamentTab) => MY_TOURNAMENT_TABS.find((t) => t.id === id)?.label ?? id;

/** Entries, check-in and extra slots per tournament (empty until loaded, or when the player has none). */
type EntriesByTournament = Record<string, MyEntries>;
type TournamentFacts = Record<string, { title: string; series: string }>;

/** A place held through an accepted invitation: listed like a registration of one entry. */
function invitedRows(entries: EntriesByTournament, registrations: Registration[], facts: TournamentFacts): Registration[] {
  const registered = new Set(registrations.map((row) => row.tournament_id));
  return Object.values(entries)
    .filter((mine) => mine.my_entry && !mine.my_entry.bought_by_me && !registered.has(mine.tournament_id))
    .map((mine) => ({
      tournament_id: mine.tournament_id,
      tournament_title: facts[mine.tournament_id]?.title ?? mine.tournament_id,
      series: facts[mine.tournament_id]?.series ?? '',
      slots: 1,
      status: mine.my_entry?.status ?? 'active',
      registered_at: '',
    }));
}

function RefundLine({ note }: { note: string | null }) {
  return note ? (
    <p className="mt-1 text-sm font-semibold text-gold" data-refund-note>
      {note}
    </p>
  ) : null;
}

export default function MyTournamentsIsland() {
  const session = useRequiredSession();
  const userId = session?.user.id;
  // The tab the player picked; until then the series of their newest entry, so a player who only plays
  // pods (or only holds an invited place) does not land on an empty tab.
  const [pickedTab, setTab] = useState<MyTournamentTab | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [entries, setEntries] = useState<EntriesByTournament>({});
  const [facts, setFacts] = useState<TournamentFacts>({});
  const rows = load.status === 'ready' ? [...load.rows, ...invitedRows(entries, load.rows, facts)] : [];
  const tab = pickedTab ?? MY_TOURNAMENT_TABS.find((t) => t.id === rows[0]?.series)?.id ?? 'championship';
  // Refunds of cancelled tournaments show on their cards; without them the list still shows.
  const [payments, setPayments] = useState<Payment[]>([]);
  // The player's place in each finished tournament; the list shows without it.
  const [places, setPlaces] = useState<Record<string, MyPlace>>({});
  // The tournament's own status (the same words as every other page), one request for the whole list.
  const states = useTournamentStates([...new Set(rows.map((r) => r.tournament_id))]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    import('./account.api')
      .then((api) => api.fetchMyPayments())
      .then((rows) => {
        if (!cancelled) setPayments(rows);
      })
      .catch((error: unknown) => console.warn('Payments for the refund lines could not be read', error));
    import('./account.api')
      .then((api) => api.fetchMyRegistrations())
      .then((rows) => {
        if (cancelled) return;
        setLoad({ status: 'ready', rows: newestFirst(rows, (r) => r.registered_at) });
      })
      .catch((error: unknown) => {
        console.error(ACCOUNT_MESSAGES.tournamentsLoadFailed, error);
        if (cancelled) return;
        setLoad({ status: 'error' });
        showToast(ACCOUNT_MESSAGES.tournamentsLoadFailed, 'error');
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    import('@/features/standings/standings.api')
      .then((api) => api.fetchMyPlaces())
      .then((rows) => !cancelled && setPlaces(placesByTournament(rows)))
      .catch((error: unknown) => console.warn('Places in finished tournaments could not be read', error));
    return () => {
      cancelled = true;
    };
  }, [userId]);

  // Entries, check-in and extra slots: a separate read, so the list shows even when it fails.
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void import('@/features/brackets/brackets.api')
      .then(async (api) => {
        const all = await api.fetchAllMyEntries();
        const byTournament = Object.fromEntries(all.map((mine) => [mine.tournament_id, mine]));
        const invitedOnly = all.filter((mine) => mine.my_entry && !mine.my_entry.bought_by_me).map((mine) => mine.tournament_id);
        const found = await api.fetchTournamentTitles(invitedOnly).catch(() => ({}));
        if (cancelled) return;
        setEntries(byTournament);
        setFacts(found);
      })
      .catch((error: unknown) => console.error('Entries and check-in could not be loaded', error));
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const checkedIn = (tournamentId: string, at: string) =>
    setEntries((current) => {
      const mine = current[tournamentId];
      return mine?.my_entry ? { ...current, [tournamentId]: { ...mine, my_entry: { ...mine.my_entry, checked_in_at: at } } } : current;
    });

  return (
    <>
      <Toaster />
      <PageHeading eyebrow="Your games" title="My Tournaments">
        Every tournament you have registered for, with its status. Check in here when check-in opens, then follow your draw, your matches
        and your place.
      </PageHeading>
      <Tabs tabs={MY_TOURNAMENT_TABS} active={tab} onChange={setTab} label="Tournament series" />
      <TabPanel id={tab}>
        {!session || load.status === 'loading' ? (
          <Spinner label="Loading your tournaments" />
        ) : load.status === 'error' ? (
          <div className="card px-6 py-10 text-center">
            <p className="font-semibold text-danger">{ACCOUNT_MESSAGES.tournamentsLoadFailed}</p>
            <Button tone="ghost" className="mt-4" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </div>
        ) : rows.length === 0 || rows.every((row) => row.series !== tab) ? (
          <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-lg font-semibold">
              {rows.length === 0 ? ACCOUNT_MESSAGES.noRegistrations : ACCOUNT_MESSAGES.noRegistrationsInSeries(tabLabel(tab))}
            </p>
            <a href={ROUTES.tournaments.path} className="btn btn-primary">
              Browse available tournaments
            </a>
          </div>
        ) : (
          <ul role="list" className="grid gap-3 sm:grid-cols-2">
            {rows
              .filter((row) => row.series === tab)
              .map((row) => {
                const mine = entries[row.tournament_id];
                return (
                  <li key={`${row.tournament_id}-${row.registered_at}`} className="card p-5" data-my-tournament={row.tournament_id}>
                    <div className="flex items-start justify-between gap-4">
                      <div className="min-w-0">
                        <a href={anyTournamentHref(row.tournament_id)} className="text-lg font-bold leading-snug hover:text-lime">
                          {row.tournament_title}
                        </a>
                        <p className="mt-1 text-sm text-mist">
                          {row.registered_at ? `Registered on ${formatDateIST(row.registered_at)}` : 'Your place from an invitation'}
                        </p>
                        {row.slots > 1 && <p className="mt-1 text-sm text-mist">{row.slots} entries</p>}
                        <RefundLine note={refundNote(payments, row.tournament_id, formatPaiseExact)} />
                        {places[row.tournament_id] && (
                          <p className="mt-2 font-semibold" data-my-place>
                            Your place:{' '}
                            <span className={places[row.tournament_id]?.from === 1 ? 'text-gold' : 'text-lime'}>
                              {places[row.tournament_id]?.place}
                            </span>
                          </p>
                        )}
                      </div>
                      {row.status === 'cancelled' ? (
                        <Badge tone={registrationStatusTone(row.status)}>{capitalise(row.status)}</Badge>
                      ) : states[row.tournament_id]?.status ? (
                        <StatusPill tournamentId={row.tournament_id} status={states[row.tournament_id]?.status ?? 'open'} live />
                      ) : (
                        <span
                          className="inline-block min-w-24 rounded-full bg-pitch-800 px-2.5 py-1 text-xs text-transparent"
                          aria-hidden="true"
                        >
                          …
                        </span>
                      )}
                    </div>
                    {mine?.my_entry && row.status !== 'cancelled' && (
                      <div className="mt-4">
                        <CheckIn entries={mine} onCheckedIn={(at) => checkedIn(row.tournament_id, at)} />
                      </div>
                    )}
                    {mine && <ExtraSlots slots={mine.bought} checkInClosesAt={mine.check_in.closes_at} />}
                  </li>
                );
              })}
          </ul>
        )}
      </TabPanel>
    </>
  );
}
