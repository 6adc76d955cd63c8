/**
 * The console for a staff member with the second step done: what needs attention, the disputes, the
 * tournaments staff look after, one tournament's panel (?t=<id> in the address, so a panel can be shared
 * with a colleague), and for admins of the whole platform the payouts and the roles. Staff whose grants are
 * limited to tournaments see those tournaments' panels only, and read why.
 */
import { Suspense } from 'react';
import AttentionList from './AttentionList';
import RolesPanel from './RolesPanel';
import StaffTournamentList from './StaffTournamentList';
import TournamentPanel from './TournamentPanel';
import { describeRole, hasPlatformGrant, isAdmin } from './staff';
import type { MyStaffRole } from './staff.schemas';
import { useAddressParam } from './use-address-param';
import { useStaffOverview } from './use-staff-overview';
import { lazyOnDemand } from '@/lib/lazy-on-demand';

// The disputes queue loads after the console's first paint: its code is not part of the page's first load.
const DisputesPanel = lazyOnDemand(() => import('./DisputesPanel'));
// The calendar of recurring editions, loaded after the console's first paint.
const CalendarPanel = lazyOnDemand(() => import('@/features/seasons/CalendarPanel'));
// Admins only, and loaded after the console: the payouts section stays out of everyone else's download.
const PayoutsPanel = lazyOnDemand(() => import('./PayoutsPanel'));
// Admins only: grievances and the incident search, loaded after the console like the payouts.
const PrivacyConsolePanel = lazyOnDemand(() => import('@/features/privacy/PrivacyConsolePanel'));
// Admins only: endpoints for the platform's events, loaded after the console like the payouts.
const WebhooksPanel = lazyOnDemand(() => import('./WebhooksPanel'));

export default function StaffConsole({ roles }: { roles: MyStaffRole[] }) {
  const { attention, tournaments, reload, retry } = useStaffOverview();
  const [selectedId, select] = useAddressParam('t', 'tournament-panel');
  const list = tournaments.status === 'ready' ? tournaments.value : [];
  const selected = list.find((tournament) => tournament.id === selectedId) ?? null;
  const admin = isAdmin(roles);
  const titleOf = (id: string) => list.find((tournament) => tournament.id === id)?.title;

  return (
    <>
      <p className="-mt-3 mb-6 text-sm text-mist" data-staff-scope>
        Signed in as {roles.map((grant) => describeRole(grant, titleOf)).join(', ')}.
        {!hasPlatformGrant(roles) &&
          ' Your roles cover these tournaments only; payouts, staff roles and the tax registers are for staff of the whole platform.'}
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
        <AttentionList attention={attention} onOpen={select} retry={retry} />

        <Suspense fallback={<p className="text-mist">Loading the disputes…</p>}>
          <DisputesPanel onChanged={reload} />
        </Suspense>

        <StaffTournamentList tournaments={tournaments} selectedId={selectedId} onSelect={select} />

        <div id="tournament-panel" className="scroll-mt-20">
          {selected ? (
            <TournamentPanel key={selected.id} tournament={selected} roles={roles} onChanged={reload} />
          ) : (
            selectedId &&
            tournaments.status === 'ready' && (
              <p className="card p-6 text-mist">That tournament is not in your list (it may be older than 30 days).</p>
            )
          )}
        </div>

        <Suspense fallback={<p className="text-mist">Loading the calendar…</p>}>
          <CalendarPanel />
        </Suspense>

        {admin && (
          <Suspense fallback={<p className="text-mist">Loading payouts…</p>}>
            <PayoutsPanel />
          </Suspense>
        )}
        {admin && (
          <Suspense fallback={<p className="text-mist">Loading grievances…</p>}>
            <PrivacyConsolePanel />
          </Suspense>
        )}
        {admin && <RolesPanel tournaments={list} />}
        {admin && (
          <Suspense fallback={<p className="text-mist">Loading webhooks…</p>}>
            <WebhooksPanel />
          </Suspense>
        )}
      </div>
    </>
  );
}
