/**
 * Whether this visitor may use the staff console. A staff member still owing the authenticator code is
 * sent to finish signing in (every staff function needs the second step); the answer also sets the
 * header's Staff link for this account.
 */
import { useEffect } from 'react';
import { redirectToLogin } from '@/features/auth/guard';
import { ApiError } from '@/lib/api-answer';
import { useLoad } from '@/lib/use-island-data';
import { markHeaderStaff } from '@/lib/staff-flag';
import { useSession } from '@/stores/use-session';
import { STAFF_MESSAGES } from './staff';
import type { MyStaffRole } from './staff.schemas';

export type StaffAccess =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'not-staff' }
  | { status: 'needs-authenticator' }
  | { status: 'error'; message: string }
  | { status: 'staff'; roles: MyStaffRole[] };

const SECOND_STEP_MESSAGE = 'Enter the code from your authenticator app to open the staff console';
const CHECKING: StaffAccess = { status: 'checking' };

async function checkAccess(userId: string, assurance: string | null): Promise<StaffAccess> {
  const { fetchMyStaffRoles } = await import('./staff.api');
  try {
    const roles = await fetchMyStaffRoles();
    markHeaderStaff(userId, roles.length > 0);
    if (roles.length === 0) return { status: 'not-staff' };
    return assurance === 'aal2' ? { status: 'staff', roles } : { status: 'needs-authenticator' };
  } catch (error) {
    if (error instanceof ApiError && error.hint === 'second_step_required') return { status: 'needs-authenticator' };
    throw error;
  }
}

export function useStaffAccess(): StaffAccess {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const assurance = session.status === 'signed-in' ? session.assurance.current : null;
  const [access] = useLoad(
    () => (userId ? checkAccess(userId, assurance) : Promise.resolve(CHECKING)),
    `${userId}:${assurance}`,
    STAFF_MESSAGES,
  );

  // Owing the authenticator code: the sign-in screen asks for it, then comes back here.
  useEffect(() => {
    if (session.status === 'second-step') redirectToLogin(SECOND_STEP_MESSAGE);
  }, [session.status]);

  if (session.status === 'signed-out') return { status: 'signed-out' };
  if (!userId || access.status === 'loading') return CHECKING;
  if (access.status === 'error') return { status: 'error', message: access.message };
  return access.value;
}
