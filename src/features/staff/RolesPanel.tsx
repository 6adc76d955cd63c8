/**
 * Admins only: who holds which staff role, granting one by e-mail (for every tournament or one), and
 * revoking one after a confirmation.
 */
import { type SubmitEvent, useCallback, useEffect, useId, useState } from 'react';
import { formatShortDateIST } from '@/lib/format';
import { isPlausibleEmail } from '@/features/auth/auth';
import StaffDialog from './StaffDialog';
import { type GrantedRole, STAFF_ROLES, type StaffRoleName, type StaffTournament } from './staff.schemas';
import { ROLE_LABELS } from './staff';
import type { Load } from './tournament-panel-state';

const api = () => import('./staff.api');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default function RolesPanel({ tournaments }: { tournaments: StaffTournament[] }) {
  const [roles, setRoles] = useState<Load<GrantedRole[]>>({ status: 'loading' });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('referee');
  const [tournamentId, setTournamentId] = useState('');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<GrantedRole | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const formId = useId();

  const load = useCallback(async () => {
    try {
      setRoles({ status: 'ready', value: await (await api()).fetchGrantedRoles() });
    } catch (error) {
      setRoles({ status: 'error', message: messageOf(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function grant(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setFormError('Enter the e-mail address the person signs in with.');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await (await api()).grantRole(email.trim().toLowerCase(), role, tournamentId || null);
      setNotice(`${ROLE_LABELS[role]} role granted to ${email.trim()}.`);
      setEmail('');
      await load();
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    setRevokeError(null);
    try {
      await (await api()).revokeRole(revoking.id);
      setNotice(`${ROLE_LABELS[revoking.role]} role of ${revoking.email ?? revoking.in_game_name ?? 'that account'} revoked.`);
      setRevoking(null);
      await load();
    } catch (error) {
      setRevokeError(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="roles-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="roles-heading" className="section-title text-3xl">
        Roles
      </h2>
      <p role="status" className="min-h-5 text-sm font-semibold text-lime">
        {notice}
      </p>
      <form
        onSubmit={grant}
        noValidate
        className="card grid grid-cols-[minmax(0,1fr)] gap-3 p-5 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,14rem)_auto] md:items-end"
      >
        <div className="flex flex-col gap-1 text-sm font-semibold">
          <label htmlFor={`${formId}-email`}>E-mail</label>
          <input
            id={`${formId}-email`}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="off"
            className="rounded-xl border-2 border-line bg-night px-3 py-2 font-normal text-chalk focus:border-lime focus:outline-none"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm font-semibold">
          <label htmlFor={`${formId}-role`}>Role</label>
          <select
            id={`${formId}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRoleName)}
            className="rounded-xl border-2 border-line bg-night px-3 py-2 font-normal text-chalk"
          >
            {STAFF_ROLES.map((name) => (
              <option key={name} value={name}>
                {ROLE_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-semibold">
          <label htmlFor={`${formId}-tournament`}>Tournament</label>
          <select
            id={`${formId}-tournament`}
            value={tournamentId}
            onChange={(event) => setTournamentId(event.target.value)}
            className="w-full min-w-0 rounded-xl border-2 border-line bg-night px-3 py-2 font-normal text-chalk"
          >
            <option value="">All tournaments</option>
            {tournaments.map((tournament) => (
              <option key={tournament.id} value={tournament.id}>
                {tournament.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Grant role
        </button>
        {formError && (
          <p role="alert" className="text-sm font-semibold text-danger md:col-span-4">
            {formError}
          </p>
        )}
      </form>

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
              <button type="button" className="btn btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm" onClick={() => setRevoking(grant)}>
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
          busy={busy}
          error={revokeError}
          onConfirm={() => void revoke()}
          onClose={() => {
            setRevoking(null);
            setRevokeError(null);
          }}
          description={`${revoking.email ?? revoking.in_game_name} loses the ${ROLE_LABELS[revoking.role].toLowerCase()} role for ${revoking.tournament_id ?? 'all tournaments'}.`}
        />
      )}
    </section>
  );
}
