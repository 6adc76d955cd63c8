/**
 * The player's waitlist places on the dashboard and in My Tournaments: each with its tournament (a link to
 * its page), the position and the check-in window that can move it up, Check in while that window is
 * open, and a button to leave it. A place just left stays in the list with what is refunded until the
 * next read.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { whenIn } from '@/lib/i18n/format';
import { $lang } from '@/stores/lang';
import { LeaveWaitlist } from './LeaveWaitlist';
import { useWaitlistPlaceCheckIn } from './use-my-waitlist-place';
import { type MyWaitlistPlace, myPlaceLine } from './my-waitlist-place';
import { WAITLIST_WORDS } from './waitlist-words';

type Props = {
  places: MyWaitlistPlace[];
  /** Called after a place is left: the list and the payments are read again. */
  onLeft: () => void;
  /** Called after a place is checked in: the list is read again. */
  onCheckedIn: () => void;
  /** The heading's level and look follow the page around it. */
  headingClass?: string;
};

export function MyWaitlistPlaces({ places, onLeft, onCheckedIn, headingClass = 'section-title text-3xl' }: Props) {
  // Places left on this page, by tournament, with the refund: shown until the list no longer holds them.
  const [left, setLeft] = useState<Record<string, { place: MyWaitlistPlace; refund: number }>>({});
  const lang = useStore($lang);
  const w = WAITLIST_WORDS[lang];
  const shown = [
    ...places,
    ...Object.values(left).flatMap(({ place }) => (places.some((p) => p.tournament_id === place.tournament_id) ? [] : [place])),
  ];
  if (shown.length === 0) return null;

  return (
    <section aria-labelledby="waitlist-places-heading" data-my-waitlist-places>
      <h2 id="waitlist-places-heading" className={headingClass}>
        {w.onWaitlist}
      </h2>
      <ul role="list" className="mt-3 grid gap-3 sm:grid-cols-2">
        {shown.map((place) => {
          const gone = left[place.tournament_id];
          return (
            <li key={place.tournament_id} className="card p-4" data-waitlist-place={place.tournament_id}>
              <a href={place.link} className="font-bold break-words hover:text-lime">
                {place.tournament_title}
              </a>
              {gone ? (
                <p className="mt-2 text-sm font-semibold text-lime" role="status" data-waitlist-left>
                  {w.left(gone.refund)}
                </p>
              ) : (
                <>
                  <p className="mt-2 text-sm" data-waitlist-line={place.position}>
                    {myPlaceLine(place, new Date(), { line: w.waitlistLine, when: (at, now) => whenIn(lang, at, now) })}
                  </p>
                  <CheckInPlace place={place} onCheckedIn={onCheckedIn} />
                  <LeaveWaitlist
                    tournamentId={place.tournament_id}
                    paidPaise={place.paid_paise}
                    onLeft={(refund) => {
                      setLeft((current) => ({ ...current, [place.tournament_id]: { place, refund } }));
                      onLeft();
                    }}
                  />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Check in, while the window is open and the place is not checked in yet: only checked-in places move up. */
function CheckInPlace({ place, onCheckedIn }: { place: MyWaitlistPlace; onCheckedIn: () => void }) {
  const { busy, error, checkIn } = useWaitlistPlaceCheckIn(place.tournament_id, onCheckedIn);
  const w = WAITLIST_WORDS[useStore($lang)];
  const now = Date.now();
  const open = new Date(place.check_in_opens_at).getTime() <= now && now < new Date(place.check_in_closes_at).getTime();
  if (place.checked_in_at || !open) return null;

  return (
    <div className="mt-3">
      <Button tone="primary" onClick={() => void checkIn()} busy={busy} busyLabel={w.checkingIn}>
        {w.checkIn}
      </Button>
      <p className="mt-2 text-sm font-semibold text-danger empty:hidden" role="alert">
        {error}
      </p>
    </div>
  );
}
