/** The tournaments staff look after, as cards; the open one is marked current. */
import { staffStartsLabel } from './staff';
import StatusPill from '@/features/tournaments/StatusPill';
import { formatDateTimeIST } from '@/lib/format';
import type { Load } from '@/lib/load-state';
import type { StaffTournament } from './staff.schemas';

interface Props {
  tournaments: Load<StaffTournament[]>;
  selectedId: string | null;
  onSelect: (tournamentId: string) => void;
}

export default function StaffTournamentList({ tournaments, selectedId, onSelect }: Props) {
  const list = tournaments.status === 'ready' ? tournaments.value : [];
  return (
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
                onClick={() => onSelect(tournament.id)}
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
                <span className="text-sm text-mist">Starts {staffStartsLabel(tournament, formatDateTimeIST)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
