/**
 * A player's own waitlist place, acted on where it is listed (the dashboard, My Tournaments, the tournament's
 * card): leaving it after a confirmation, and checking it in. Apart from joining (use-waitlist.ts), so the
 * account pages load only these; a refusal is worded from the shared error table, loaded only then.
 */
import { useState } from 'react';
import { describeFailure } from '@/lib/describe-failure';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./waitlist.api'));

/** The refusal's sentence in the page's language, from the error table that loads only when a refusal needs it. */
const errorText = (refusal: unknown) => describeFailure(refusal);

/** "Leave the waitlist": the confirmation step, then leave_waitlist; `onLeft` gets what is refunded. */
export function useLeaveWaitlist(tournamentId: string, onLeft: (refundPaise: number) => void) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function leave() {
    setBusy(true);
    setError(null);
    try {
      const left = await (await api()).leaveWaitlist(tournamentId);
      setConfirming(false);
      onLeft(left.refund_paise);
    } catch (refusal) {
      setError(await errorText(refusal));
    } finally {
      setBusy(false);
    }
  }

  return { confirming, setConfirming, busy, error, leave };
}

/** Checking in one of the player's waitlist places (dashboard, My Tournaments). */
export function useWaitlistPlaceCheckIn(tournamentId: string, onCheckedIn: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function checkIn() {
    setBusy(true);
    setError(null);
    try {
      await (await api()).checkInWaitlistPlace(tournamentId);
      onCheckedIn();
    } catch (refusal) {
      setError(await errorText(refusal));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, checkIn };
}
