/**
 * The waitlist card of a tournament or pod page, under the pay area: "Join the waitlist" when every place is
 * taken (paid through the checkout, or free), then the player's position, their check-in, a button to leave
 * (a paid place refunded in full) and, at check-in close, whether they moved up. Shows nothing to a player in the bracket, or while there is nothing to join.
 */
import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { whenIn } from '@/lib/i18n/format';
import { $lang } from '@/stores/lang';
import { LeaveWaitlist } from './LeaveWaitlist';
import { useWaitlist } from './use-waitlist';
import { waitlistView } from './waitlist';
import { WAITLIST_WORDS } from './waitlist-words';

type Props = {
  /** Null while the page does not know it yet (a pod page loading its pod). */
  tournamentId: string | null;
  tournamentTitle: string;
  productName: string;
  checkoutUrl: string;
};

export default function WaitlistIsland({ tournamentId, tournamentTitle, productName, checkoutUrl }: Props) {
  const { list, busy, error, join, checkIn, reload } = useWaitlist(tournamentId, { tournamentTitle, productName, checkoutUrl });
  const view = waitlistView(list);
  const lang = useStore($lang);
  const w = WAITLIST_WORDS[lang];
  const when = (at: string) => whenIn(lang, at);
  if (!tournamentId || view.kind === 'hidden') return null;

  return (
    <section id="waitlist" className="scroll-mt-20 pt-4" aria-label={w.region} data-waitlist={view.kind}>
      <div className="rounded-2xl border border-line bg-night/60 p-4">
        {view.kind === 'join' && (
          <>
            <p className="text-sm font-semibold">{w.joinHeadline(view)}</p>
            <Button tone="primary" className="mt-3 w-full" onClick={() => void join()} busy={busy} busyLabel={w.joining}>
              {w.joinButton(view, list?.entry_fee_paise ?? 0)}
            </Button>
            <p className="mt-2 text-sm text-mist">{w.joinRule(view, when(view.closesAt))}</p>
          </>
        )}
        {view.kind === 'full' && <p className="text-sm font-semibold">{w.full(view.capacity)}</p>}
        {view.kind === 'waiting' && (
          <>
            <p className="text-sm font-semibold" data-waitlist-position={view.position}>
              {w.position(view.position)}
            </p>
            {view.checkIn === 'open' && (
              <Button tone="primary" className="mt-3 w-full" onClick={() => void checkIn()} busy={busy} busyLabel={w.checkingIn}>
                {w.checkIn}
              </Button>
            )}
            {view.checkIn === 'done' && (
              <p className="mt-3">
                <span className="rounded-full bg-lime/15 px-3 py-1 text-sm font-bold text-lime">{w.checkedIn}</span>
              </p>
            )}
            <p className="mt-2 text-sm text-mist">
              {view.checkIn === 'before'
                ? w.checkInFrom(when(view.opensAt))
                : view.checkIn === 'closed'
                  ? w.checkInMissed
                  : w.placesGoAt(when(view.closesAt))}
            </p>
            {view.checkIn !== 'closed' && (
              <LeaveWaitlist tournamentId={tournamentId} paidPaise={list?.mine?.paid ? list.entry_fee_paise : 0} onLeft={reload} />
            )}
          </>
        )}
        {view.kind === 'left' && (
          <p className="text-sm font-semibold" data-waitlist-left>
            {w.left(view.refunded && list ? list.entry_fee_paise : 0)}
          </p>
        )}
        {view.kind === 'promoted' && (
          <p className="text-sm">
            <span className="rounded-full bg-lime/15 px-3 py-1 font-bold text-lime">{w.movedUp}</span>{' '}
            <span className="mt-2 block text-mist">{w.movedUpNote}</span>
          </p>
        )}
        {view.kind === 'not-promoted' && (
          <p className="text-sm">
            <span className="font-semibold">{w.noPlace}</span> <span className="text-mist">{view.refunded ? w.refunded : w.joinNext}</span>
          </p>
        )}
        <p className="mt-2 text-sm font-semibold text-danger empty:hidden" role="alert">
          {error}
        </p>
      </div>
    </section>
  );
}
