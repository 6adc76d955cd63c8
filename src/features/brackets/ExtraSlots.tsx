/**
 * A buyer's extra slots on My Tournaments: each slot's state (waiting for a player, invited x@y, taken by
 * demo3) and, while it can still be handed on, its invitation link to copy or to send to an e-mail.
 */
import { useState } from 'react';
import { type BoughtSlot, canInvite, entryErrorMessage, invitationLink, slotState, slotStateLabel } from './entries';

export function ExtraSlots({ slots, checkInClosesAt }: { slots: BoughtSlot[]; checkInClosesAt: string }) {
  if (slots.length === 0) return null;
  return (
    <section className="mt-4" aria-label="Your extra slots">
      <h3 className="text-sm font-bold tracking-wider text-mist uppercase">Your extra slots</h3>
      <ul className="mt-2 space-y-2" role="list">
        {slots.map((slot) => (
          <SlotRow key={slot.entry_id} initial={slot} checkInClosesAt={checkInClosesAt} />
        ))}
      </ul>
    </section>
  );
}

type Note = { tone: 'ok' | 'error'; text: string };

function SlotRow({ initial, checkInClosesAt }: { initial: BoughtSlot; checkInClosesAt: string }) {
  const [slot, setSlot] = useState(initial);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const [shownLink, setShownLink] = useState<string | null>(null);
  const state = slotState(slot);
  const open = canInvite(slot, checkInClosesAt);

  async function invite(to?: string): Promise<string | null> {
    setBusy(true);
    setNote(null);
    try {
      const api = await import('./brackets.api');
      const answer = await api.inviteToEntry(slot.entry_id, to);
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

  async function sendEmail(event: { preventDefault(): void }) {
    event.preventDefault();
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

  const inputId = `invite-${slot.entry_id}`;
  return (
    <li className="rounded-2xl border border-line bg-night/60 p-3" data-extra-slot={slot.slot_number} data-slot-state={state.kind}>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">Slot {slot.slot_number}</span>
        <span className={`text-sm ${state.kind === 'taken' ? 'text-lime' : 'text-mist'}`} data-slot-label>
          {slotStateLabel(state)}
        </span>
      </p>
      {open && (
        <div className="mt-2 space-y-2">
          <button type="button" className="btn btn-ghost w-full text-sm" onClick={() => void copyLink()} disabled={busy}>
            Copy invitation link
          </button>
          {shownLink && (
            <input
              readOnly
              value={shownLink}
              aria-label={`Invitation link for slot ${slot.slot_number}`}
              className="w-full rounded-xl border border-line bg-night px-3 py-2 text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
          <form className="flex flex-col gap-2 sm:flex-row" onSubmit={(event) => void sendEmail(event)} noValidate>
            <label htmlFor={inputId} className="sr-only">
              E-mail address to invite to slot {slot.slot_number}
            </label>
            <input
              id={inputId}
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="player@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="min-w-0 flex-1 rounded-xl border-2 border-line bg-night px-3 py-2"
            />
            <button type="submit" className="btn btn-primary text-sm" disabled={busy}>
              Send invitation
            </button>
          </form>
        </div>
      )}
      <p className={`mt-2 text-sm font-semibold empty:hidden ${note?.tone === 'error' ? 'text-danger' : 'text-lime'}`} role="status">
        {note?.text}
      </p>
    </li>
  );
}
