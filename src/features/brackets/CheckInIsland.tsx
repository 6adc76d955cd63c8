/**
 * Check-in on a tournament or pod page, next to the pay area: loads the signed-in player's entry and
 * shows nothing to anyone without one.
 */
import { useSession } from '@/stores/use-session';
import { useEffect, useState } from 'react';
import type { MyEntries } from './entries';
import { CheckIn } from './CheckIn';

export default function CheckInIsland({ tournamentId }: { tournamentId: string }) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const [entries, setEntries] = useState<MyEntries | null>(null);

  useEffect(() => {
    if (!userId) {
      setEntries(null);
      return;
    }
    let cancelled = false;
    let stop = () => {};
    const load = () =>
      import('./brackets.api')
        .then((api) => api.fetchMyEntries(tournamentId))
        .then((found) => {
          if (!cancelled) setEntries(found);
        })
        .catch(() => {
          // No entry to show (or the API is unreachable): the pay panel still says what it knows.
        });
    void load();
    // A payment, an accepted invitation or staff can change the entry while the page is open.
    void import('./brackets.api').then(({ watchTournament }) => {
      if (!cancelled) stop = watchTournament(tournamentId, () => void load(), 'check-in');
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [userId, tournamentId]);

  if (!entries?.my_entry) return null;
  return (
    <section className="mt-4" aria-label="Check-in" data-check-in-island={tournamentId}>
      <CheckIn
        entries={entries}
        onCheckedIn={(at) =>
          setEntries((current) => (current?.my_entry ? { ...current, my_entry: { ...current.my_entry, checked_in_at: at } } : current))
        }
      />
    </section>
  );
}
