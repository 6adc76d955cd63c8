/**
 * My Tournaments: the player's registrations (Regular tab) and the Champions Tour teaser.
 * Guarded: anonymous visitors go to /login.
 */
import { useEffect, useState } from 'react';
import { formatDateIST } from '@/lib/format';
import { showToast } from '@/stores/toast';
import { useRequiredSession } from '@/features/auth/useRequiredSession';
import Toaster from '@/features/auth/Toaster';
import { ACCOUNT_MESSAGES, capitalise, newestFirst, registrationStatusTone, type Registration } from './account';
import { Badge, ComingSoonCard, PageHeading, Spinner, TabPanel, Tabs } from './AccountUi';
import StatusPill from '@/features/tournaments/StatusPill';
import { anyTournamentHref } from '@/lib/routes';
import { useTournamentStates } from '@/features/tournaments/useTournamentStates';

type Tab = 'regular' | 'champions';
const tabs = [
  { id: 'regular', label: 'Regular' },
  { id: 'champions', label: 'Champions' },
] as const;

type Load = { status: 'loading' } | { status: 'ready'; rows: Registration[] } | { status: 'error' };

export default function MyTournamentsIsland() {
  const session = useRequiredSession();
  const userId = session?.user.id;
  const [tab, setTab] = useState<Tab>('regular');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // The tournament's own status (the same words as every other page), one request for the whole list.
  const states = useTournamentStates(load.status === 'ready' ? [...new Set(load.rows.map((r) => r.tournament_id))] : []);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    import('./account.api')
      .then((api) => api.fetchMyRegistrations(userId))
      .then((rows) => {
        if (!cancelled) setLoad({ status: 'ready', rows: newestFirst(rows, (r) => r.registered_at) });
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

  return (
    <>
      <Toaster />
      <PageHeading eyebrow="Your games" title="My Tournaments">
        Every tournament you have registered for, with its status.
      </PageHeading>
      <Tabs tabs={tabs} active={tab} onChange={setTab} label="Tournament type" />
      {tab === 'regular' ? (
        <TabPanel id="regular">
          {!session || load.status === 'loading' ? (
            <Spinner label="Loading your tournaments" />
          ) : load.status === 'error' ? (
            <div className="card px-6 py-10 text-center">
              <p className="font-semibold text-danger">{ACCOUNT_MESSAGES.tournamentsLoadFailed}</p>
              <button type="button" className="btn btn-ghost mt-4" onClick={() => window.location.reload()}>
                Try again
              </button>
            </div>
          ) : load.rows.length === 0 ? (
            <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
              <p className="text-lg font-semibold">{ACCOUNT_MESSAGES.noRegistrations}</p>
              <a href="/tournaments" className="btn btn-primary">
                Browse available tournaments
              </a>
            </div>
          ) : (
            <ul role="list" className="grid gap-3 sm:grid-cols-2">
              {load.rows.map((row) => (
                <li key={`${row.tournament_id}-${row.registered_at}`} className="card flex items-start justify-between gap-4 p-5">
                  <div className="min-w-0">
                    <a href={anyTournamentHref(row.tournament_id)} className="text-lg font-bold leading-snug hover:text-lime">
                      {row.tournament_title}
                    </a>
                    <p className="mt-1 text-sm text-mist">Registered on {formatDateIST(row.registered_at)}</p>
                    {row.slots > 1 && <p className="mt-1 text-sm text-mist">{row.slots} entries</p>}
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
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
      ) : (
        <TabPanel id="champions">
          <ComingSoonCard title="Champions Tour Coming Soon">
            Invitation-only events for the community's best players. Keep winning: the first season is announced in the WhatsApp and Discord
            community.
          </ComingSoonCard>
        </TabPanel>
      )}
    </>
  );
}
