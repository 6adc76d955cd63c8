/**
 * Check-in on a tournament or pod page, next to the pay area: loads the signed-in player's entry and
 * shows nothing to anyone without one. For a signed-in visitor (the header's flag, set before the first
 * paint) its place is kept from the first frame, so the card never pushes the page down as it arrives.
 */
import { useSession } from '@/stores/use-session';
import { useEffect, useState } from 'react';
import type { MyEntries } from './entries';
import { CheckIn } from './CheckIn';

/** The card's usual height with its top margin (a Check in button and the countdown under it). */
const CHECK_IN_ROOM = 'in-data-[auth=signed-in]:min-h-[7.5rem]';

/** `tournamentId` is null while the page does not know it yet (a pod page loading its pod): only the room shows. */
export default function CheckInIsland({ tournamentId }: { tournamentId: string | null }) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const [entries, setEntries] = useState<MyEntries | null>(null);

  useEffect(() => {
    if (!userId || !tournamentId) {
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

  const mine = entries?.tournament_id === tournamentId ? entries : null;
  return (
    <div className={CHECK_IN_ROOM}>
      {mine?.my_entry && (
        <section className="pt-4" aria-label="Check-in" data-check-in-island={tournamentId}>
          <CheckIn
            entries={mine}
            onCheckedIn={(at) =>
              setEntries((current) => (current?.my_entry ? { ...current, my_entry: { ...current.my_entry, checked_in_at: at } } : current))
            }
          />
        </section>
      )}
    </div>
  );
}
