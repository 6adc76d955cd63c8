/**
 * The tournament detail page's pay area: choose 1 to 10 slots, pay through Razorpay's checkout,
 * get registered. The server prices the order and confirms the payment; usePayPanel asks, this renders
 * what the panel offers now: registered, closed, full, blocked, free entry, or the slots to pay for.
 */
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import StatusPill from '@/features/tournaments/StatusPill';
import { STATUS_LOOK } from '@/features/tournaments/status';
import { statusLabelIn } from '@/features/tournaments/status-words';
import { useStore } from '@nanostores/react';
import { $lang } from '@/stores/lang';
import { EntryBlockedButton, FreeEntryButton } from './EntryGate';
import { moreSlotsFrom } from './payments';
import RegisteredNote from './RegisteredNote';
import SlotPicker from './SlotPicker';
import { type PayMessage, type PayPanelProps, usePayPanel } from './use-pay-panel';

const toneClass: Record<PayMessage['tone'], string> = {
  success: 'text-lime',
  error: 'text-danger',
  info: 'text-mist',
};

export default function PayPanelIsland({ children, ...props }: PayPanelProps & { children?: ReactNode }) {
  const panel = usePayPanel(props);
  const { status, free, message, words } = panel;
  const lang = useStore($lang);
  const card = useRef<HTMLDivElement>(null);
  const tallest = useRef(0);
  // The panel never gets shorter while the page is open. The built panel (registration open: the slot picker and the
  // promises, 35 rem on a phone) is taller than the room the page reserves, and the database's status for a drawn or
  // live tournament is one line: the tabs under the panel moved up by 80 px as it arrived, in view when the page was
  // opened at #brackets (CLS 0.026 on a drawn championship).
  useLayoutEffect(() => {
    const height = card.current?.offsetHeight ?? 0;
    if (card.current && height > tallest.current) {
      tallest.current = height;
      card.current.style.minHeight = `${height}px`;
    }
  });

  let body: ReactNode;
  if (panel.recentlyRegistered) {
    body = (
      <RegisteredNote
        free={free}
        words={words}
        justPaid={panel.justPaid}
        slots={panel.registration?.slots ?? panel.chosenSlots}
        moreFrom={
          STATUS_LOOK[status].takesEntries
            ? moreSlotsFrom(panel.registration?.nextRegistrationAt ?? null, panel.registrationClosesAt)
            : null
        }
      />
    );
  } else if (!STATUS_LOOK[status].takesEntries) {
    body = (
      <Button className="w-full" disabled data-pay-button>
        {statusLabelIn(lang, status)}
      </Button>
    );
  } else if (panel.full) {
    body = (
      <Button className="w-full" disabled data-pay-button>
        {words.full}
      </Button>
    );
  } else if (panel.block) {
    body = <EntryBlockedButton block={panel.block} />;
  } else if (free) {
    body = panel.signedIn ? (
      <FreeEntryButton
        tournamentId={props.tournamentId}
        disabled={!panel.interactive}
        onMessage={panel.showMessage}
        onEntered={panel.entered}
        labels={words}
      />
    ) : (
      <Button tone="primary" className="w-full" onClick={panel.askToSignIn} data-pay-button>
        {words.signInToEnter}
      </Button>
    );
  } else {
    body = <SlotPicker panel={panel} tournamentId={props.tournamentId} entryFeeRupees={props.entryFeeRupees} />;
  }

  return (
    <div ref={card} className="card p-5" data-pay-panel data-tournament-id={props.tournamentId}>
      {/* Two lines' height: a long status ("Registration open") wraps the label, and the live one may not. */}
      <div className="flex min-h-10 items-center justify-between gap-2">
        <p className="text-sm text-mist">{free ? words.entry : words.entryFeePerSlot}</p>
        <StatusPill tournamentId={props.tournamentId} status={status} live={panel.statusIsLive} />
      </div>
      <p className="font-display text-4xl">{words.fee(props.entryFeeRupees)}</p>
      {props.promises && props.promises.length > 0 && (
        <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-sm leading-snug marker:text-lime" data-pay-promises>
          {props.promises.map((line) => (
            <li key={line.key} data-promise={line.key}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">{body}</div>
      <p
        className={`mt-3 min-h-5 text-sm font-semibold ${message ? toneClass[message.tone] : ''}`}
        role="status"
        aria-live="polite"
        data-pay-message
      >
        {message?.text}
      </p>
      {/* What the page adds under the panel inside its reserved room (a full tournament's waitlist). */}
      {children}
    </div>
  );
}
