/**
 * My Tournaments: the player's registrations and the places they hold through an invitation, one tab per
 * series (the monthly Champions Tour, and the quick 1v1 / Super 4 / Super 8 pods), each with its
 * check-in and, for a buyer of several slots, the extra slots to hand on; above them, the waitlist places
 * still waiting (position, check-in window, a button to leave). Guarded: anonymous visitors go to /login. The data comes from useMyTournaments; this only lays it out.
 */
import { Button } from '@/components/ui/Button';
import { TabPanel, Tabs } from '@/components/ui/IslandTabs';
import { PageHeading } from '@/components/ui/PageHeading';
import { Spinner } from '@/components/ui/Spinner';
import Toaster from '@/components/ui/Toaster';
import { useRequiredSession } from '@/features/auth/use-required-session';
import { MyWaitlistPlaces } from '@/features/seasons/MyWaitlistPlaces';
import { formatPaiseExact } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { ACCOUNT_MESSAGES, MY_TOURNAMENT_TABS, type MyTournamentTab, refundNote } from './account';
import { MyTournamentCard } from './MyTournamentCard';
import { useMyTournaments } from './use-my-tournaments';

const tabLabel = (id: MyTournamentTab) => MY_TOURNAMENT_TABS.find((t) => t.id === id)?.label ?? id;

export default function MyTournamentsIsland() {
  const userId = useRequiredSession()?.user.id;
  const mine = useMyTournaments(userId);
  const { rows, tab } = mine;
  const inTab = rows.filter((row) => row.series === tab);

  return (
    <>
      <Toaster />
      <PageHeading eyebrow="Your games" title="My Tournaments">
        Every tournament you have registered for, with its status. Check in here when check-in opens, then follow your draw, your matches
        and your place.
      </PageHeading>
      <div className="mb-6 empty:hidden">
        <MyWaitlistPlaces
          places={mine.waitlist}
          onLeft={mine.leftWaitlist}
          onCheckedIn={mine.reloadWaitlist}
          headingClass="section-title text-2xl"
        />
      </div>
      <Tabs tabs={MY_TOURNAMENT_TABS} active={tab} onChange={mine.setTab} label="Tournament series" />
      <TabPanel id={tab}>
        {mine.status === 'loading' ? (
          <Spinner label="Loading your tournaments" />
        ) : mine.status === 'error' ? (
          <div className="card px-6 py-10 text-center">
            <p className="font-semibold text-danger">{ACCOUNT_MESSAGES.tournamentsLoadFailed}</p>
            <Button tone="ghost" className="mt-4" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </div>
        ) : inTab.length === 0 ? (
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
            {inTab.map((row) => (
              <MyTournamentCard
                key={`${row.tournament_id}-${row.registered_at}`}
                row={row}
                mine={mine.entries[row.tournament_id]}
                refund={refundNote(mine.payments, row.tournament_id, formatPaiseExact)}
                place={mine.places[row.tournament_id]}
                status={mine.states[row.tournament_id]?.status}
                next={mine.nextMatches[row.tournament_id]}
                onCheckedIn={(at) => mine.checkedIn(row.tournament_id, at)}
              />
            ))}
          </ul>
        )}
      </TabPanel>
    </>
  );
}
