/**
 * The waitlist card of a tournament or pod page, under the pay area: "Join the waitlist" when every place is
 * taken (paid through the checkout, or free), then the player's position, their check-in, a button to leave
 * (a paid place refunded in full) and, at check-in close, whether they moved up. Shows nothing to a player in the bracket, or while there is nothing to join.
 */
import { Button } from '@/components/ui/Button';
import { whenIST } from '@/lib/format';
import { LeaveWaitlist } from './LeaveWaitlist';
import { useWaitlist } from './use-waitlist';
import { leftLine } from './my-waitlist-place';
import { joinButtonLabel, joinHeadline, joinRule, positionLine, waitlistFullLine, waitlistView } from './waitlist';

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
  if (!tournamentId || view.kind === 'hidden') return null;

  return (
    <section id="waitlist" className="scroll-mt-20 pt-4" aria-label="Waitlist" data-waitlist={view.kind}>
      <div className="rounded-2xl border border-line bg-night/60 p-4">
        {view.kind === 'join' && (
          <>
            <p className="text-sm font-semibold">{joinHeadline(view)}</p>
            <Button tone="primary" className="mt-3 w-full" onClick={() => void join()} busy={busy} busyLabel="Joining…">
              {joinButtonLabel(view, list?.entry_fee_paise ?? 0)}
            </Button>
            <p className="mt-2 text-sm text-mist">{joinRule(view)}</p>
          </>
        )}
        {view.kind === 'full' && <p className="text-sm font-semibold">{waitlistFullLine(view.capacity)}</p>}
        {view.kind === 'waiting' && (
          <>
            <p className="text-sm font-semibold" data-waitlist-position={view.position}>
              {positionLine(view.position)}
            </p>
            {view.checkIn === 'open' && (
              <Button tone="primary" className="mt-3 w-full" onClick={() => void checkIn()} busy={busy} busyLabel="Checking in…">
                Check in
              </Button>
            )}
            {view.checkIn === 'done' && (
              <p className="mt-3">
                <span className="rounded-full bg-lime/15 px-3 py-1 text-sm font-bold text-lime">Checked in ✓</span>
              </p>
            )}
            <p className="mt-2 text-sm text-mist">
              {view.checkIn === 'before'
                ? `Check in from ${whenIST(view.opensAt)}: only checked-in players move up.`
                : view.checkIn === 'closed'
                  ? 'Check-in has closed without you: you cannot move up.'
                  : `At ${whenIST(view.closesAt)} every empty place goes to checked-in waitlisted players, in order.`}
            </p>
            {view.checkIn !== 'closed' && (
              <LeaveWaitlist tournamentId={tournamentId} paidPaise={list?.mine?.paid ? list.entry_fee_paise : 0} onLeft={reload} />
            )}
          </>
        )}
        {view.kind === 'left' && (
          <p className="text-sm font-semibold" data-waitlist-left>
            {leftLine(view.refunded && list ? list.entry_fee_paise : 0)}
          </p>
        )}
        {view.kind === 'promoted' && (
          <p className="text-sm">
            <span className="rounded-full bg-lime/15 px-3 py-1 font-bold text-lime">You moved up from the waitlist</span>{' '}
            <span className="mt-2 block text-mist">A place came free: you are in the draw. Your matches are in the bracket below.</span>
          </p>
        )}
        {view.kind === 'not-promoted' && (
          <p className="text-sm">
            <span className="font-semibold">No place came free for you.</span>{' '}
            <span className="text-mist">{view.refunded ? 'Your waitlist payment is refunded in full.' : 'Join the next one.'}</span>
          </p>
        )}
        <p className="mt-2 text-sm font-semibold text-danger empty:hidden" role="alert">
          {error}
        </p>
      </div>
    </section>
  );
}
