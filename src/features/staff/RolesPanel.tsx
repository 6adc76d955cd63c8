/**
 * Admins only: who holds which staff role, the form to grant one, and revoking one after a confirmation.
 * State and calls live in useStaffRoles.
 */
import { formatShortDateIST } from '@/lib/format';
import GrantRoleForm from './GrantRoleForm';
import StaffDialog from './StaffDialog';
import { ROLE_LABELS } from './staff';
import type { StaffTournament } from './staff.schemas';
import { useStaffRoles } from './use-staff-roles';

export default function RolesPanel({ tournaments }: { tournaments: StaffTournament[] }) {
  const { roles, notice, form, revoking, ...revocation } = useStaffRoles();

  return (
    <section aria-labelledby="roles-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="roles-heading" className="section-title text-3xl">
        Roles
      </h2>
      <p role="status" className="min-h-5 text-sm font-semibold text-lime">
        {notice}
      </p>
      <GrantRoleForm form={form} tournaments={tournaments} />

      {roles.status === 'loading' && <p className="text-mist">Loading roles…</p>}
      {roles.status === 'error' && <p className="font-semibold text-danger">{roles.message}</p>}
      {roles.status === 'ready' && (
        <ul role="list" className="grid gap-2 sm:grid-cols-2" aria-label="Staff roles">
          {roles.value.map((grant) => (
            <li key={grant.id} className="card flex items-start justify-between gap-3 p-4 text-sm">
              <div className="min-w-0">
                <p className="font-bold break-all">{grant.email ?? grant.in_game_name ?? 'Unknown account'}</p>
                <p className="text-mist">
                  {ROLE_LABELS[grant.role]} · {grant.tournament_id ?? 'all tournaments'}
                </p>
                <p className="text-xs text-mist">Since {formatShortDateIST(grant.granted_at)}</p>
              </div>
              <button
                type="button"
                className="btn btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm"
                onClick={() => revocation.askToRevoke(grant)}
              >
                Revoke
                <span className="sr-only">
                  {' '}
                  the {grant.role} role of {grant.email}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {revoking && (
        <StaffDialog
          title="Revoke this role?"
          confirmLabel="Revoke"
          danger
          busy={revocation.revokeBusy}
          error={revocation.revokeError}
          onConfirm={() => void revocation.revoke()}
          onClose={revocation.cancelRevoke}
          description={`${revoking.email ?? revoking.in_game_name} loses the ${ROLE_LABELS[revoking.role].toLowerCase()} role for ${revoking.tournament_id ?? 'all tournaments'}.`}
        />
      )}
    </section>
  );
}
