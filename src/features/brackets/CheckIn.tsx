/**
 * The check-in area of a player's entry: "Check-in opens at …" before the window, a Check in button with
 * a countdown to the close while it is open, "Checked in ✓" after, and what happened to an entry that
 * missed it. Used on tournament and pod pages (CheckInIsland) and on My Tournaments.
 */
import { useEffect, useState } from 'react';
import { whenIST } from '@/lib/format';
import { POD_CHECK_IN_MINUTES } from '@/lib/rules';
import { checkInView, countdown, type MyEntries } from './entries';
import { useCheckIn } from './use-entries';

/** Re-renders every second while a countdown or a time still ahead is on screen. */
function useNow(ticking: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

export function CheckIn({ entries, onCheckedIn }: { entries: MyEntries; onCheckedIn: (checkedInAt: string) => void }) {
  const { busy, error, checkIn } = useCheckIn(entries, onCheckedIn);
  const first = checkInView(entries);
  const now = useNow(first?.kind === 'open' || first?.kind === 'before' || (first?.kind === 'checked-in' && first.drawAt !== null));
  const view = checkInView(entries, now);
  if (!view) return null;

  return (
    <div className="rounded-2xl border border-line bg-night/60 p-4" data-check-in={view.kind}>
      {view.kind === 'before' && (
        <p className="text-sm">
          <span className="font-semibold">Check-in opens at {whenIST(view.opensAt, now)}.</span>{' '}
          <span className="text-mist">It closes at {whenIST(view.closesAt, now)}; an entry not checked in by then is withdrawn.</span>
        </p>
      )}
      {view.kind === 'when-full' && (
        <p className="text-sm">
          <span className="font-semibold">Check-in opens the moment the pod is full.</span>{' '}
          <span className="text-mist">
            It lasts {POD_CHECK_IN_MINUTES} minutes: check in then. If you miss it, your entry is withdrawn and its fee refunded in full.
          </span>
        </p>
      )}
      {view.kind === 'open' && (
        <>
          <button type="button" className="btn btn-primary w-full" onClick={() => void checkIn()} disabled={busy} aria-busy={busy}>
            {busy ? 'Checking in…' : 'Check in'}
          </button>
          <p className="mt-2 text-center text-sm text-mist">
            Check-in closes in <span className="font-bold text-chalk tabular-nums">{countdown(view.closesAt, now)}</span> (
            {whenIST(view.closesAt, now)})
          </p>
        </>
      )}
      {view.kind === 'checked-in' && (
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="rounded-full bg-lime/15 px-3 py-1 text-sm font-bold text-lime">Checked in ✓</span>
          {view.drawAt && <span className="text-sm text-mist">The draw runs at {whenIST(view.drawAt, now)}.</span>}
        </p>
      )}
      {view.kind === 'closed' && <p className="text-sm font-semibold">Check-in has closed.</p>}
      {view.kind === 'withdrawn' && (
        <p className="text-sm font-semibold text-danger">
          {view.reason
            ? `You were withdrawn: ${view.reason.charAt(0).toLowerCase()}${view.reason.slice(1)}`
            : `You were withdrawn: you did not check in by ${whenIST(view.closedAt, now)}.`}
        </p>
      )}
      <p className="mt-2 min-h-0 text-sm font-semibold text-danger empty:hidden" role="alert">
        {error}
      </p>
    </div>
  );
}
