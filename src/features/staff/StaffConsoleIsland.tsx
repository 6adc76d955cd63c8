/**
 * /staff: the console for referees, organisers and admins. It is its own guard: a signed-out visitor
 * or a player reads why there is nothing here for them; a staff member still owing the authenticator
 * code is sent to finish signing in (every staff function needs the second step); a staff account
 * without an authenticator app is told to set one up.
 *
 * Then: what needs attention across tournaments, the tournaments staff look after, one tournament's
 * panel (?t=<id> in the address, so a panel can be shared with a colleague), and for admins the payouts
 * (approvals, reconciliation, the accountant's reports) and the roles.
 */
import { useSession } from '@/stores/use-session';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { redirectToLogin } from '@/features/auth/guard';
import { loginUrlFor } from '@/features/auth/auth';
import { PageHeading } from '@/components/ui/PageHeading';
import { Spinner } from '@/components/ui/Spinner';
import StatusPill from '@/features/tournaments/StatusPill';
import { formatShortDateIST, formatTimeIST } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import RolesPanel from './RolesPanel';
import TournamentPanel from './TournamentPanel';
import type { AttentionItem, MyStaffRole, StaffTournament } from './staff.schemas';
import { attentionLabel, describeRole, isAdmin, staffMessage } from './staff';
import { markHeaderStaff } from '@/lib/staff-flag';
import type { Load } from './tournament-panel-state';

// Admins only, and loaded after the console: the payouts section stays out of everyone else's download.
const PayoutsPanel = lazy(() => import('./PayoutsPanel'));

const api = () => import('./staff.api');
// The disputes queue loads after the console's first paint: its code is not part of the page's first load.
const DisputesPanel = lazy(() => import('./DisputesPanel'));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The database's code of a refusal (staff.api keeps it as the ApiError's hint). */
const codeOf = (error: unknown) => (error as { hint?: unknown }).hint;
const when = (iso: string) => `${formatShortDateIST(iso)}, ${formatTimeIST(iso)}`;
const SECOND_STEP_MESSAGE = 'Enter the code from your authenticator app to open the staff console';
const SELECTED_PARAM = 't';

type Access =
  | { status: 'checking' }
  | { status: 'not-staff' }
  | { status: 'needs-authenticator' }
  | { status: 'error'; message: string }
  | { status: 'staff'; roles: MyStaffRole[] };

function Refusal({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card mx-auto grid max-w-xl gap-4 p-6 text-center sm:p-8" data-staff-refusal>
      <h2 className="section-title text-2xl">{title}</h2>
      <div className="text-mist">{children}</div>
    </section>
  );
}

export default function StaffConsoleIsland() {
  const session = useSession();
  const [access, setAccess] = useState<Access>({ status: 'checking' });
  const [attention, setAttention] = useState<Load<AttentionItem[]>>({ status: 'loading' });
  const [tournaments, setTournaments] = useState<Load<StaffTournament[]>>({ status: 'loading' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const aal = session.status === 'signed-in' ? session.assurance.current : null;

  // The build renders this island with whatever the shared session atom held then: until the browser
  // has taken over, show the neutral loading view, so the first client render matches the HTML.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    setSelectedId(new URLSearchParams(window.location.search).get(SELECTED_PARAM));
  }, []);

  // Owing the authenticator code: the sign-in screen asks for it, then comes back here.
  useEffect(() => {
    if (session.status === 'second-step') redirectToLogin(SECOND_STEP_MESSAGE);
  }, [session.status]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    api()
      .then((calls) => calls.fetchMyStaffRoles())
      .then((roles) => {
        if (cancelled) return;
        markHeaderStaff(userId, roles.length > 0);
        if (roles.length === 0) setAccess({ status: 'not-staff' });
        else if (aal !== 'aal2') setAccess({ status: 'needs-authenticator' });
        else setAccess({ status: 'staff', roles });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (codeOf(error) === 'second_step_required') setAccess({ status: 'needs-authenticator' });
        else setAccess({ status: 'error', message: messageOf(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [userId, aal]);

  const isStaff = access.status === 'staff';
  const reload = useCallback(() => {
    api()
      .then((calls) => Promise.allSettled([calls.fetchNeedsAttention(), calls.fetchStaffTournaments()]))
      .then(([attentionResult, tournamentsResult]) => {
        setAttention(
          attentionResult.status === 'fulfilled'
            ? { status: 'ready', value: attentionResult.value }
            : { status: 'error', message: messageOf(attentionResult.reason) },
        );
        setTournaments(
          tournamentsResult.status === 'fulfilled'
            ? { status: 'ready', value: tournamentsResult.value }
            : { status: 'error', message: messageOf(tournamentsResult.reason) },
        );
      })
      .catch((error: unknown) => {
        setTournaments({ status: 'error', message: messageOf(error) });
        setAttention({ status: 'error', message: messageOf(error) });
      });
  }, []);
  useEffect(() => {
    if (isStaff) reload();
  }, [isStaff, reload]);

  function select(id: string) {
    setSelectedId(id);
    const url = new URL(window.location.href);
    url.searchParams.set(SELECTED_PARAM, id);
    window.history.replaceState(null, '', url);
    // The panel sits under the lists: bring it into view (it renders on the next frame).
    requestAnimationFrame(() => document.getElementById('tournament-panel')?.scrollIntoView({ block: 'start' }));
  }

  const heading = (
    <PageHeading eyebrow="Staff" title="Staff console">
      Check-in, the draw, disputes and results, postponements, cancellations and refunds. Every change is recorded with its reason.
    </PageHeading>
  );

  if (!hydrated || session.status === 'loading' || session.status === 'second-step' || (userId && access.status === 'checking')) {
    return (
      <>
        {heading}
        <Spinner label="Checking your staff access" />
      </>
    );
  }
  if (session.status === 'signed-out') {
    return (
      <>
        {heading}
        <Refusal title="Staff only">
          <p>This console is for Golazo Arena referees, organisers and admins. Sign in with your staff account to use it.</p>
          <a href={loginUrlFor(ROUTES.staff.path)} className="btn btn-primary mt-5">
            Sign in
          </a>
        </Refusal>
      </>
    );
  }
  if (access.status === 'not-staff') {
    return (
      <>
        {heading}
        <Refusal title="Staff only">
          <p>
            Your account has no staff role, so there is nothing to manage here. If you organise or referee for us, ask an admin to add you.
          </p>
          <a href={ROUTES.myTournaments.path} className="btn btn-ghost mt-5">
            Go to My Tournaments
          </a>
        </Refusal>
      </>
    );
  }
  if (access.status === 'needs-authenticator') {
    return (
      <>
        {heading}
        <Refusal title="Two-step sign-in needed">
          <p>{staffMessage('second_step_required')}</p>
          <p className="mt-2">Staff accounts must use an authenticator app: set one up on your profile, then sign in again.</p>
          <a href={ROUTES.profile.path} className="btn btn-primary mt-5">
            Set up on my profile
          </a>
        </Refusal>
      </>
    );
  }
  if (access.status === 'error') {
    return (
      <>
        {heading}
        <Refusal title="The console could not load">
          <p>{access.message}</p>
          <button type="button" className="btn btn-ghost mt-5" onClick={() => window.location.reload()}>
            Try again
          </button>
        </Refusal>
      </>
    );
  }
  if (access.status !== 'staff') return heading;

  const roles = access.roles;
  const list = tournaments.status === 'ready' ? tournaments.value : [];
  const selected = list.find((tournament) => tournament.id === selectedId) ?? null;

  return (
    <>
      {heading}
      <p className="-mt-3 mb-6 text-sm text-mist">Signed in as {roles.map(describeRole).join(', ')}.</p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
        <section aria-labelledby="attention-heading">
          <h2 id="attention-heading" className="section-title text-3xl">
            Needs attention
          </h2>
          {attention.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
          {attention.status === 'error' && <p className="mt-3 font-semibold text-danger">{attention.message}</p>}
          {attention.status === 'ready' &&
            (attention.value.length === 0 ? (
              <p className="mt-3 text-mist">Nothing needs you right now.</p>
            ) : (
              <ul role="list" className="mt-4 grid gap-3 md:grid-cols-2">
                {attention.value.map((item) => (
                  <li key={`${item.kind}-${item.tournament_id}`} className="card flex items-start justify-between gap-3 border-gold/40 p-4">
                    <div className="min-w-0">
                      <p className="text-xs font-bold tracking-wider text-gold uppercase">{attentionLabel(item.kind)}</p>
                      <p className="mt-1 font-bold break-words">{item.title}</p>
                      {item.detail && <p className="text-sm text-mist">{item.detail}</p>}
                      {item.due_at && <p className="text-sm text-mist">Due {when(item.due_at)}</p>}
                    </div>
                    <button
                      type="button"
                      className="btn btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm"
                      onClick={() => select(item.tournament_id)}
                    >
                      Open<span className="sr-only"> {item.title}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ))}
        </section>

        <Suspense fallback={<p className="text-mist">Loading the disputes…</p>}>
          <DisputesPanel onChanged={reload} />
        </Suspense>

        <section aria-labelledby="tournaments-heading">
          <h2 id="tournaments-heading" className="section-title text-3xl">
            Tournaments
          </h2>
          {tournaments.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
          {tournaments.status === 'error' && <p className="mt-3 font-semibold text-danger">{tournaments.message}</p>}
          {tournaments.status === 'ready' && list.length === 0 && <p className="mt-3 text-mist">No tournaments to look after.</p>}
          {list.length > 0 && (
            <ul role="list" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((tournament) => (
                <li key={tournament.id}>
                  <button
                    type="button"
                    onClick={() => select(tournament.id)}
                    aria-current={tournament.id === selectedId ? 'true' : undefined}
                    className="card grid h-full w-full gap-2 p-4 text-left hover:border-lime aria-[current=true]:border-lime"
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <StatusPill tournamentId={tournament.id} status={tournament.status} live={false} />
                      <span className="text-sm text-mist tabular-nums">
                        {tournament.entries} / {tournament.capacity}
                      </span>
                    </span>
                    <span className="font-bold break-words">{tournament.title}</span>
                    <span className="text-sm text-mist">Starts {when(tournament.starts_at)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

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

        {isAdmin(roles) && (
          <Suspense fallback={<p className="text-mist">Loading payouts…</p>}>
            <PayoutsPanel />
          </Suspense>
        )}
        {isAdmin(roles) && <RolesPanel tournaments={list} />}
      </div>
    </>
  );
}
