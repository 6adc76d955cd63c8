/**
 * Everything staff and the database did to a tournament, newest first: when, what, who, why, and the
 * values before and after (folded away: they are for the rare dispute). Public rows carry a marker:
 * those are the ones players read under "Changes".
 */
import { formatDateTimeIST } from '@/lib/format';
import type { AuditRow } from './staff.schemas';
import { actionLabel } from './staff';

function Values({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div>
      <p className="text-xs font-bold text-mist uppercase">{label}</p>
      <pre className="mt-1 overflow-x-auto rounded-lg bg-night p-2 text-xs whitespace-pre-wrap break-all">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** "ChiefAdmin (admin) · chief@example.com" for organisers and admins, "ChiefAdmin (admin)" for referees. */
function actorLabel(row: AuditRow): string {
  const name = row.actor_in_game_name ?? row.actor_email;
  if (!name) return row.actor_role && row.actor_role !== 'automatic' ? `Staff (${row.actor_role})` : 'Automatic';
  const role = row.actor_role ? ` (${row.actor_role})` : '';
  const email = row.actor_in_game_name && row.actor_email ? ` · ${row.actor_email}` : '';
  return `${name}${role}${email}`;
}

export default function AuditLog({ rows }: { rows: AuditRow[] }) {
  if (rows.length === 0) return <p className="card p-6 text-center text-mist">Nothing has been changed by hand yet.</p>;
  return (
    <ol role="list" className="grid gap-2" aria-label="Audit log">
      {rows.map((row) => (
        <li key={row.id} className="card p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="font-bold">{row.summary ?? actionLabel(row.action)}</p>
            <time dateTime={row.at} className="text-mist">
              {formatDateTimeIST(row.at)}
            </time>
          </div>
          <p className="mt-1 break-all text-mist">
            {actorLabel(row)}
            {row.is_public && <span className="ml-2 rounded-full bg-lime/15 px-2 py-0.5 text-xs font-bold text-lime">Public</span>}
          </p>
          {row.reason && <p className="mt-2">“{row.reason}”</p>}
          {(row.before != null || row.after != null) && (
            <details className="mt-2">
              <summary className="cursor-pointer text-mist hover:text-chalk">Before and after</summary>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                <Values label="Before" value={row.before} />
                <Values label="After" value={row.after} />
              </div>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
