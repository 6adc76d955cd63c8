/**
 * /staff: the console for referees, organisers and admins. It is its own guard: a signed-out visitor
 * or a player reads why there is nothing here for them; a staff member still owing the authenticator
 * code is sent to finish signing in; a staff account without an authenticator app is told to set one up.
 * Staff then get the console itself (StaffConsole).
 */
import { loginUrlFor } from '@/features/auth/auth';
import { PageHeading } from '@/components/ui/PageHeading';
import { Spinner } from '@/components/ui/Spinner';
import { ROUTES } from '@/lib/routes';
import StaffConsole from './StaffConsole';
import StaffRefusal from './StaffRefusal';
import { staffMessage } from './staff';
import { useStaffAccess } from './use-staff-access';

export default function StaffConsoleIsland() {
  const access = useStaffAccess();
  return (
    <>
      <PageHeading eyebrow="Staff" title="Staff console">
        Check-in, the draw, disputes and results, postponements, cancellations and refunds. Every change is recorded with its reason.
      </PageHeading>
      {access.status === 'checking' && <Spinner label="Checking your staff access" />}
      {access.status === 'signed-out' && (
        <StaffRefusal title="Staff only">
          <p>This console is for Golazo Arena referees, organisers and admins. Sign in with your staff account to use it.</p>
          <a href={loginUrlFor(ROUTES.staff.path)} className="btn btn-primary mt-5">
            Sign in
          </a>
        </StaffRefusal>
      )}
      {access.status === 'not-staff' && (
        <StaffRefusal title="Staff only">
          <p>
            Your account has no staff role, so there is nothing to manage here. If you organise or referee for us, ask an admin to add you.
          </p>
          <a href={ROUTES.myTournaments.path} className="btn btn-ghost mt-5">
            Go to My Tournaments
          </a>
        </StaffRefusal>
      )}
      {access.status === 'needs-authenticator' && (
        <StaffRefusal title="Two-step sign-in needed">
          <p>{staffMessage('second_step_required')}</p>
          <p className="mt-2">Staff accounts must use an authenticator app: set one up on your profile, then sign in again.</p>
          <a href={ROUTES.profile.path} className="btn btn-primary mt-5">
            Set up on my profile
          </a>
        </StaffRefusal>
      )}
      {access.status === 'error' && (
        <StaffRefusal title="The console could not load">
          <p>{access.message}</p>
          <button type="button" className="btn btn-ghost mt-5" onClick={() => window.location.reload()}>
            Try again
          </button>
        </StaffRefusal>
      )}
      {access.status === 'staff' && <StaffConsole roles={access.roles} />}
    </>
  );
}
