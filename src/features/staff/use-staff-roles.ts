/**
 * Admins only: who holds which staff role, granting one by e-mail (for every tournament or one), and
 * revoking one after a confirmation. The database decides; these are its calls and the form's state.
 */
import { type SubmitEvent, useState } from 'react';
import { isPlausibleEmail } from '@/features/auth/auth';
import { useAction, useLoad } from '@/lib/use-island-data';
import { ROLE_LABELS, STAFF_MESSAGES } from './staff';
import type { GrantedRole, StaffRoleName } from './staff.schemas';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./staff.api'));

export function useStaffRoles() {
  const [roles, reload] = useLoad(() => api().then((calls) => calls.fetchGrantedRoles()), null, STAFF_MESSAGES);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('referee');
  const [tournamentId, setTournamentId] = useState('');
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<GrantedRole | null>(null);
  const granting = useAction(STAFF_MESSAGES);
  const revocation = useAction(STAFF_MESSAGES);

  async function grant(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setFormProblem('Enter the e-mail address the person signs in with.');
      return;
    }
    setFormProblem(null);
    const address = email.trim();
    const granted = await granting.run(async () => {
      await (await api()).grantRole(address.toLowerCase(), role, tournamentId || null);
      return true;
    });
    if (!granted) return;
    setNotice(`${ROLE_LABELS[role]} role granted to ${address}.`);
    setEmail('');
    reload();
  }

  async function revoke() {
    if (!revoking) return;
    const revoked = await revocation.run(async () => {
      await (await api()).revokeRole(revoking.id);
      return true;
    });
    if (!revoked) return;
    setNotice(`${ROLE_LABELS[revoking.role]} role of ${revoking.email ?? revoking.in_game_name ?? 'that account'} revoked.`);
    setRevoking(null);
    reload();
  }

  return {
    roles,
    notice,
    form: {
      email,
      setEmail,
      role,
      setRole,
      tournamentId,
      setTournamentId,
      busy: granting.busy || revocation.busy,
      problem: formProblem ?? granting.error,
      grant,
    },
    revoking,
    askToRevoke: setRevoking,
    revoke,
    revokeBusy: granting.busy || revocation.busy,
    revokeError: revocation.error,
    cancelRevoke: () => {
      setRevoking(null);
      revocation.clearError();
    },
  };
}

export type GrantForm = ReturnType<typeof useStaffRoles>['form'];
