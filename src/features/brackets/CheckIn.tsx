/**
 * The check-in area of a player's entry: "Check-in opens at …" before the window, a Check in button with
 * a countdown to the close while it is open, "Checked in ✓" after, and what happened to an entry that
 * missed it. Used on tournament and pod pages (CheckInIsland) and on My Tournaments.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { whenIn } from '@/lib/i18n/format';
import { $lang } from '@/stores/lang';
import { CHECK_IN_WORDS } from './check-in-words';
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
  const lang = useStore($lang);
  if (!view) return null;
  const w = CHECK_IN_WORDS[lang];
  const when = (at: string) => whenIn(lang, at, now);

  return (
    <div className="rounded-2xl border border-line bg-night/60 p-4" data-check-in={view.kind}>
      {view.kind === 'before' && (
        <p className="text-sm">
          <span className="font-semibold">{w.opensAt(when(view.opensAt))}</span>{' '}
          <span className="text-mist">{w.closesAt(when(view.closesAt))}</span>
        </p>
      )}
      {view.kind === 'when-full' && (
        <p className="text-sm">
          <span className="font-semibold">{w.opensWhenFull}</span> <span className="text-mist">{w.podLasts}</span>
        </p>
      )}
      {view.kind === 'open' && (
        <>
          <button type="button" className="btn btn-primary w-full" onClick={() => void checkIn()} disabled={busy} aria-busy={busy}>
            {busy ? w.checkingIn : w.checkIn}
          </button>
          <p className="mt-2 text-center text-sm text-mist">
            {w.closesIn} <span className="font-bold text-chalk tabular-nums">{countdown(view.closesAt, now, w)}</span> (
            {when(view.closesAt)})
          </p>
        </>
      )}
      {view.kind === 'checked-in' && (
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="rounded-full bg-lime/15 px-3 py-1 text-sm font-bold text-lime">{w.checkedIn}</span>
          {view.drawAt && <span className="text-sm text-mist">{w.drawAt(when(view.drawAt))}</span>}
        </p>
      )}
      {view.kind === 'closed' && <p className="text-sm font-semibold">{w.closed}</p>}
      {view.kind === 'withdrawn' && (
        <p className="text-sm font-semibold text-danger">
          {view.reason ? w.withdrawnBecause(view.reason, view.code) : w.withdrawnMissed(when(view.closedAt))}
        </p>
      )}
      <p className="mt-2 min-h-0 text-sm font-semibold text-danger empty:hidden" role="alert">
        {error}
      </p>
    </div>
  );
}
