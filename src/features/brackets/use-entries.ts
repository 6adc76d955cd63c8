/**
 * Entries' data and actions for the brackets islands: the signed-in player's entry in a tournament (read
 * again when the tournament changes), checking it in, and handing an extra slot on by link or e-mail (the
 * invitation page has its own, use-invitation.ts). The islands only render.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { whenIn } from '@/lib/i18n/format';
import { onDemand } from '@/lib/on-demand';
import { useWatchedValue } from '@/lib/use-island-data';
import { $lang } from '@/stores/lang';
import { useSession } from '@/stores/use-session';
import { CHECK_IN_WORDS } from './check-in-words';
import { type BoughtSlot, entryErrorMessage, invitationLink, type MyEntries } from './entries';

const api = onDemand(() => import('./brackets.api'));

/** The signed-in player's entries in `tournamentId` (null when signed out, or while the id is unknown). */
export function useMyEntries(tournamentId: string | null) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  // A payment, an accepted invitation or staff can change the entry while the page is open.
  const [entries, setEntries] = useWatchedValue<MyEntries>(
    userId !== null && tournamentId !== null,
    async () => (await api()).fetchMyEntries(tournamentId ?? ''),
    async (onChange) => (await api()).watchTournament(tournamentId ?? '', onChange, 'check-in'),
    [userId, tournamentId],
  );

  const mine = entries?.tournament_id === tournamentId ? entries : null;
  /** Shows the check-in at once, before the next read confirms it. */
  const markCheckedIn = (at: string) =>
    setEntries((current) => (current?.my_entry ? { ...current, my_entry: { ...current.my_entry, checked_in_at: at } } : current));
  return { entries: mine, markCheckedIn };
}

/** Checks in the player's entry; a refusal reads in the entries' words (with when check-in opens). */
export function useCheckIn(entries: MyEntries, onCheckedIn: (checkedInAt: string) => void) {
  const lang = useStore($lang);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function checkIn() {
    setBusy(true);
    setError(null);
    try {
      const answer = await (await api()).checkIn(entries.tournament_id);
      onCheckedIn(answer.checked_in_at);
    } catch (refusal) {
      setError(entryErrorMessage(refusal, { opensAt: entries.check_in.opens_at }, CHECK_IN_WORDS[lang].errors, (at) => whenIn(lang, at)));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, checkIn };
}

type Note = { tone: 'ok' | 'error'; text: string };

/** One extra slot a buyer hands on: its invitation link (made on first use, copied) or an e-mail invitation. */
export function useSlotInvitation(initial: BoughtSlot) {
  const [slot, setSlot] = useState(initial);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const [shownLink, setShownLink] = useState<string | null>(null);

  async function invite(to?: string): Promise<string | null> {
    setBusy(true);
    setNote(null);
    try {
      const answer = await (await api()).inviteToEntry(slot.entry_id, to);
      setSlot((current) => ({
        ...current,
        invitation_token: answer.invitation_token,
        invited_email: answer.invited_email ?? current.invited_email,
      }));
      return answer.invitation_token;
    } catch (error) {
      setNote({ tone: 'error', text: entryErrorMessage(error) });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function copyLink() {
    const token = slot.invitation_token ?? (await invite());
    if (!token) return;
    const link = invitationLink(window.location.origin, token);
    setShownLink(link);
    try {
      await navigator.clipboard.writeText(link);
      setNote({ tone: 'ok', text: 'Invitation link copied. Send it to the player who will take this slot.' });
    } catch {
      setNote({ tone: 'ok', text: 'Copy the invitation link below and send it to the player who will take this slot.' });
    }
  }

  async function sendEmail() {
    const to = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) {
      setNote({ tone: 'error', text: 'Enter the e-mail address of the player you are inviting.' });
      return;
    }
    if (await invite(to)) {
      setEmail('');
      setNote({ tone: 'ok', text: `Invitation sent to ${to}.` });
    }
  }

  return { slot, email, setEmail, busy, note, shownLink, copyLink, sendEmail };
}
