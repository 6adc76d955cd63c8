/**
 * The waitlist's data and actions for its islands: a tournament's waitlist as the signed-in player sees it
 * (read again when the tournament row changes, when the player changes, and after every action), joining
 * it (free, or paid through the checkout) and checking in from the tournament page; leaving a place and the
 * account pages' check-in are in use-my-waitlist-place.ts. The cards only render.
 */
import { useCallback, useState } from 'react';
import { redirectToLogin } from '@/features/auth/guard';
import { onDemand } from '@/lib/on-demand';
import { useWatchedValue } from '@/lib/use-island-data';
import { useSession } from '@/stores/use-session';
import { $lang } from '@/stores/lang';
import type { Waitlist } from './waitlist';
import { WAITLIST_WORDS } from './waitlist-words';

const api = onDemand(() => import('./waitlist.api'));

/** A refusal in the waitlist's own words (its error table), else the message it came with. */
function refusalText(refusal: unknown): string {
  const { hint, message } = refusal as { hint?: string | null; message?: string };
  return WAITLIST_WORDS[$lang.get()].error(hint ?? null, message ?? 'Something went wrong. Please try again.');
}

type Checkout = { tournamentTitle: string; productName: string; checkoutUrl: string };

export function useWaitlist(tournamentId: string | null, checkout: Checkout) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  // Read again when the tournament row changes, when the player changes and after every action (`version`).
  const [list] = useWatchedValue<Waitlist>(
    tournamentId !== null && session.status !== 'loading',
    async () => (await api()).fetchWaitlist(tournamentId ?? ''),
    async (onChange) => (await api()).watchTournamentRow(tournamentId ?? '', onChange),
    [tournamentId, user?.id, version],
  );

  /** Runs one action, its refusal shown in the waitlist's words, then reads the list again either way. */
  async function act(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (refusal) {
      setError(refusalText(refusal));
    } finally {
      setBusy(false);
      reload();
    }
  }

  async function join() {
    if (!tournamentId || !list) return;
    if (!user) {
      redirectToLogin(WAITLIST_WORDS[$lang.get()].signInToJoin);
      return;
    }
    await act(async () => {
      const calls = await api();
      if (list.entry_fee_paise === 0) {
        await calls.joinFreeWaitlist(tournamentId);
        return;
      }
      const paid = await calls.payForWaitlistPlace({ tournamentId, ...checkout, email: user.email ?? null });
      if (paid.ok === false) setError(WAITLIST_WORDS[$lang.get()].error(paid.hint, paid.error));
    });
  }

  async function checkIn() {
    if (!tournamentId) return;
    await act(async () => {
      await (await api()).checkInWaitlistPlace(tournamentId);
    });
  }

  return { list, busy, error, join, checkIn, reload };
}
