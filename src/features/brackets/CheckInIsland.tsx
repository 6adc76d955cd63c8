/**
 * Check-in on a tournament or pod page, next to the pay area: loads the signed-in player's entry and
 * shows nothing to anyone without one. For a signed-in visitor (the header's flag, set before the first
 * paint) its place is kept from the first frame, so the card never pushes the page down as it arrives.
 */
import { useMessages } from '@/lib/i18n/use-messages';
import { CheckIn } from './CheckIn';
import { CHECK_IN_WORDS } from './check-in-words';
import { useMyEntries } from './use-entries';

/** The card's usual height with its top margin (a Check in button and the countdown under it). */
const CHECK_IN_ROOM = 'in-data-[auth=signed-in]:min-h-[7.5rem]';

/** `tournamentId` is null while the page does not know it yet (a pod page loading its pod): only the room shows. */
export default function CheckInIsland({ tournamentId }: { tournamentId: string | null }) {
  const { entries: mine, markCheckedIn } = useMyEntries(tournamentId);
  const w = useMessages(CHECK_IN_WORDS);
  return (
    <div className={CHECK_IN_ROOM}>
      {mine?.my_entry && (
        <section className="pt-4" aria-label={w.region} data-check-in-island={tournamentId}>
          <CheckIn entries={mine} onCheckedIn={markCheckedIn} />
        </section>
      )}
    </div>
  );
}
