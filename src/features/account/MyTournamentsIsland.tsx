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
import { useStore } from '@nanostores/react';
import { formatPaiseExact } from '@/lib/format';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { MY_TOURNAMENT_TABS, refundNote } from './account';
import { MY_TOURNAMENTS_WORDS } from './my-tournaments-words';
import { MyTournamentCard } from './MyTournamentCard';
import { useMyTournaments } from './use-my-tournaments';

export default function MyTournamentsIsland() {
  const userId = useRequiredSession()?.user.id;
  const mine = useMyTournaments(userId);
  const { rows, tab } = mine;
  const inTab = rows.filter((row) => row.series === tab);
  const lang = useStore($lang);
  const w = MY_TOURNAMENTS_WORDS[lang];
  const tabs = MY_TOURNAMENT_TABS.map((t) => ({ id: t.id, label: w.tabs[t.id] }));
  const refundWords = { pending: w.refundOnWay, refunded: w.refunded };

  return (
    <>
      <Toaster />
      <PageHeading eyebrow={w.eyebrow} title={w.title}>
        {w.lead}
      </PageHeading>
      <div className="mb-6 empty:hidden">
        <MyWaitlistPlaces
          places={mine.waitlist}
          onLeft={mine.leftWaitlist}
          onCheckedIn={mine.reloadWaitlist}
          headingClass="section-title text-2xl"
        />
      </div>
      <Tabs tabs={tabs} active={tab} onChange={mine.setTab} label={w.tabsLabel} />
      <TabPanel id={tab}>
        {mine.status === 'loading' ? (
          <Spinner label={w.loading} />
        ) : mine.status === 'error' ? (
          <div className="card px-6 py-10 text-center">
            <p className="font-semibold text-danger">{w.loadFailed}</p>
            <Button tone="ghost" className="mt-4" onClick={() => window.location.reload()}>
              {w.tryAgain}
            </Button>
          </div>
        ) : inTab.length === 0 ? (
          <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-lg font-semibold">{rows.length === 0 ? w.noRegistrations : w.noneInSeries(w.tabs[tab])}</p>
            <a href={localePath(ROUTES.tournaments.path, lang)} className="btn btn-primary">
              {w.browse}
            </a>
          </div>
        ) : (
          <ul role="list" className="grid gap-3 sm:grid-cols-2">
            {inTab.map((row) => (
              <MyTournamentCard
                key={`${row.tournament_id}-${row.registered_at}`}
                row={row}
                mine={mine.entries[row.tournament_id]}
                refund={refundNote(mine.payments, row.tournament_id, formatPaiseExact, refundWords)}
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
