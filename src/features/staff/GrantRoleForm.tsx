/** The admin's form to grant a staff role by e-mail, for every tournament or one. */
import { useId } from 'react';
import { ROLE_LABELS } from './staff';
import { STAFF_ROLES, type StaffRoleName, type StaffTournament } from './staff.schemas';
import type { GrantForm } from './use-staff-roles';

export default function GrantRoleForm({ form, tournaments }: { form: GrantForm; tournaments: StaffTournament[] }) {
  const formId = useId();
  return (
    <form
      onSubmit={form.grant}
      noValidate
      className="card grid grid-cols-[minmax(0,1fr)] gap-3 p-5 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,14rem)_auto] md:items-end"
    >
      <div className="flex flex-col gap-1 text-sm font-semibold">
        <label htmlFor={`${formId}-email`}>E-mail</label>
        <input
          id={`${formId}-email`}
          type="email"
          value={form.email}
          onChange={(event) => form.setEmail(event.target.value)}
          autoComplete="off"
          className="rounded-xl border-2 border-line bg-night px-3 py-2 font-normal text-chalk focus:border-lime focus:outline-none"
        />
      </div>
      <div className="flex flex-col gap-1 text-sm font-semibold">
        <label htmlFor={`${formId}-role`}>Role</label>
        <select
          id={`${formId}-role`}
          value={form.role}
          onChange={(event) => form.setRole(event.target.value as StaffRoleName)}
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
          value={form.tournamentId}
          onChange={(event) => form.setTournamentId(event.target.value)}
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
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        Grant role
      </button>
      {form.problem && (
        <p role="alert" className="text-sm font-semibold text-danger md:col-span-4">
          {form.problem}
        </p>
      )}
    </form>
  );
}
