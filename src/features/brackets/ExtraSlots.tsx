/**
 * A buyer's extra slots on My Tournaments: each slot's state (waiting for a player, invited x@y, taken by
 * demo3) and, while it can still be handed on, its invitation link to copy or to send to an e-mail.
 */
import { type BoughtSlot, canInvite, slotState, slotStateLabel } from './entries';
import { useSlotInvitation } from './use-entries';

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

function SlotRow({ initial, checkInClosesAt }: { initial: BoughtSlot; checkInClosesAt: string }) {
  const { slot, email, setEmail, busy, note, shownLink, copyLink, sendEmail } = useSlotInvitation(initial);
  const state = slotState(slot);
  const open = canInvite(slot, checkInClosesAt);
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
          <form
            className="flex flex-col gap-2 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              void sendEmail();
            }}
            noValidate
          >
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
