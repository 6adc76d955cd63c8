/**
 * The tournament detail page's pay area: choose 1 to 10 slots, pay through Razorpay's checkout,
 * get registered. The server prices the order and confirms the payment; this island only asks.
 *
 *   not signed in ──Pay──▶ /login (back here after)
 *   idle ──Pay──▶ processing (order, checkout open) ──paid──▶ verify ──▶ registered
 *                    │                                 └─ refused / refunded ──▶ idle + why
 *                    └─ failed / closed ──▶ idle + 'Payment processing failed' / 'Payment cancelled by user'
 */
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/stores/useSession';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { redirectToLogin } from '@/features/auth/guard';
import { formatDateIST, formatEntryFee, formatTimeIST } from '@/lib/format';
import { $liveTournament, followTournament, refreshTournament } from './live-registrations';
import StatusPill from '@/features/tournaments/StatusPill';
import { requestTournamentStates } from '@/features/tournaments/live-states';
import { STATUS_LOOK, type TournamentStatus } from '@/features/tournaments/status';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import { PAID_ENTRY_OFFERED } from '@/lib/paid-entry-setting';
import { REREGISTRATION_WAIT_MS } from '@/lib/rules';
import { EntryBlockedButton, entryBlock, FreeEntryButton, useEntryEligibility } from './EntryGate';
import {
  checkoutOptions,
  dismissMessage,
  failureDescription,
  payButtonLabel,
  PaymentMessages,
  selectableSlots,
  slotChoices,
  summariseRegistrations,
  type CheckoutFailure,
  type RegistrationSummary,
} from './payments';

type PayPanelProps = {
  tournamentId: string;
  tournamentTitle: string;
  entryFeeRupees: number;
  maxPlayers: number;
  /** Build-time status from the catalog's times; the database's status replaces it on load. */
  initialStatus: TournamentStatus;
  productName: string;
  checkoutUrl: string;
};

type Message = { tone: 'success' | 'error' | 'info'; text: string };

const toneClass: Record<Message['tone'], string> = {
  success: 'text-lime',
  error: 'text-danger',
  info: 'text-mist',
};

export default function PayPanelIsland(props: PayPanelProps) {
  const session = useSession();
  const live = useStore($liveTournament);
  const [slots, setSlots] = useState(1);
  const [processing, setProcessing] = useState(false);
  const [registration, setRegistration] = useState<RegistrationSummary | null>(null);
  const [justPaid, setJustPaid] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  // The pre-rendered panel has no handlers: until React takes over, a click or a choice of slots
  // would be lost silently, so the controls stay disabled until then.
  const [interactive, setInteractive] = useState(false);
  const mounted = useRef(true);

  const user = session.status === 'signed-in' ? session.user : null;
  // The first render must be the server's (the build-time status) for React to take the panel over; the
  // database's status, which the page may already hold by then, follows in the next render.
  const states = useTournamentStates([props.tournamentId]);
  const liveState = interactive ? states[props.tournamentId] : undefined;
  const status = liveState?.status ?? props.initialStatus;
  const free = props.entryFeeRupees === 0;
  const block = entryBlock(useEntryEligibility(user?.id ?? null), { free, paidEntryOffered: PAID_ENTRY_OFFERED });

  useEffect(() => {
    mounted.current = true;
    setInteractive(true);
    followTournament(props.tournamentId);
    return () => {
      mounted.current = false;
    };
  }, [props.tournamentId]);

  // Registration is checked on load: a player who already holds slots sees so at once.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) {
      setRegistration(null);
      return;
    }
    let cancelled = false;
    import('./payments.api')
      .then(({ fetchOwnRegistrations }) => fetchOwnRegistrations())
      .then((rows) => {
        if (!cancelled) setRegistration(summariseRegistrations(rows, props.tournamentId));
      })
      .catch(() => {
        // Unknown is treated as "not registered": the server still refuses a second order within 24 hours.
        if (!cancelled) setRegistration({ slots: 0, nextRegistrationAt: null });
      });
    return () => {
      cancelled = true;
    };
  }, [userId, props.tournamentId]);

  const filled = live?.tournamentId === props.tournamentId && live.slots ? live.slots.filled : null;
  const total = live?.slots?.total ?? props.maxPlayers;
  // Until the live count arrives, offer what the tournament could take at most.
  const placesLeft = filled === null ? selectableSlots(0, props.maxPlayers) : selectableSlots(filled, total);
  const recentlyRegistered = justPaid || (registration !== null && registration.nextRegistrationAt !== null);
  const full = filled !== null && placesLeft === 0;
  const chosenSlots = Math.min(slots, Math.max(placesLeft, 1));
  const choices = slotChoices(props.entryFeeRupees).filter((choice) => choice.slots <= Math.max(placesLeft, 1));

  function finish(next: Message) {
    if (!mounted.current) return;
    setProcessing(false);
    setMessage(next);
  }

  async function pay() {
    if (processing) return;
    if (session.status !== 'signed-in') {
      redirectToLogin(PaymentMessages.loginRequired);
      return;
    }
    setMessage(null);
    setProcessing(true);
    const api = await import('./payments.api');

    let order: Awaited<ReturnType<typeof api.createOrder>>;
    try {
      order = await api.createOrder(props.tournamentId, chosenSlots);
    } catch (error) {
      return finish({ tone: 'error', text: PaymentMessages.createOrderFailed((error as Error).message) });
    }
    if (!order.success) return finish({ tone: 'error', text: PaymentMessages.createOrderFailed(order.error) });

    let Razorpay: Awaited<ReturnType<typeof api.loadCheckout>>;
    try {
      Razorpay = await api.loadCheckout(props.checkoutUrl);
    } catch (error) {
      return finish({ tone: 'error', text: PaymentMessages.processingFailed((error as Error).message) });
    }

    const onPaid = async (response: unknown) => {
      const paid = api.parseCheckoutSuccess(response);
      if (!paid) return finish({ tone: 'error', text: PaymentMessages.registrationFailed });
      try {
        const verified = await api.verifyPayment(props.tournamentId, paid);
        if (!verified.success) {
          // A refund is not a verification problem: say plainly what happened to the money.
          return finish({
            tone: 'error',
            text: verified.refunded ? verified.error : PaymentMessages.verificationFailed(verified.error),
          });
        }
        if (!mounted.current) return;
        setJustPaid(true);
        setRegistration((current) => ({
          slots: (current?.slots ?? 0) + chosenSlots,
          nextRegistrationAt: new Date(Date.now() + REREGISTRATION_WAIT_MS),
        }));
        finish({ tone: 'success', text: PaymentMessages.success });
        void refreshTournament();
        void requestTournamentStates([props.tournamentId]);
      } catch {
        finish({ tone: 'error', text: PaymentMessages.registrationFailed });
      }
    };

    let openedAt = Date.now();
    try {
      const checkout = new Razorpay(
        checkoutOptions({
          order,
          productName: props.productName,
          tournamentTitle: props.tournamentTitle,
          tournamentId: props.tournamentId,
          slots: chosenSlots,
          email: user?.email ?? null,
          onPaid: (response) => void onPaid(response),
          onDismiss: () => finish({ tone: 'info', text: dismissMessage(openedAt, Date.now(), order.timeout) }),
        }),
      );
      checkout.on('payment.failed', (failure) =>
        finish({ tone: 'error', text: PaymentMessages.processingFailed(failureDescription(failure as CheckoutFailure)) }),
      );
      openedAt = Date.now();
      checkout.open();
    } catch (error) {
      finish({ tone: 'error', text: PaymentMessages.processingFailed((error as Error).message) });
    }
  }

  let body: ReactNode;
  if (recentlyRegistered) {
    body = (
      <>
        <Button tone="held" className="w-full" disabled data-pay-button>
          Registered
        </Button>
        <p className="mt-2 text-center text-sm font-bold text-lime">{free ? 'Entry confirmed' : 'Payment completed'}</p>
        {!justPaid && <p className="mt-3 text-sm font-semibold">{PaymentMessages.alreadyRegistered}</p>}
        <p className="mt-2 text-sm text-mist">
          You hold {registration?.slots ?? chosenSlots} {(registration?.slots ?? chosenSlots) === 1 ? 'slot' : 'slots'}.
          {/* Only while the tournament still takes entries: a finished one has no more slots to offer. */}
          {registration?.nextRegistrationAt && STATUS_LOOK[status].takesEntries && (
            <>
              {' '}
              More slots from {formatDateIST(registration.nextRegistrationAt)}, {formatTimeIST(registration.nextRegistrationAt)}.
            </>
          )}
        </p>
        <ul className="mt-3 grid gap-1 text-sm" role="list">
          <li>
            <a href={ROUTES.myTournaments.path} className="underline hover:text-lime">
              Go to My Tournaments
            </a>
          </li>
        </ul>
      </>
    );
  } else if (!STATUS_LOOK[status].takesEntries) {
    body = (
      <Button className="w-full" disabled data-pay-button>
        {STATUS_LOOK[status].label}
      </Button>
    );
  } else if (full) {
    body = (
      <Button className="w-full" disabled data-pay-button>
        Full
      </Button>
    );
  } else if (block) {
    body = <EntryBlockedButton block={block} />;
  } else if (free) {
    body = user ? (
      <FreeEntryButton
        tournamentId={props.tournamentId}
        disabled={!interactive}
        onMessage={setMessage}
        onEntered={() => {
          setJustPaid(true);
          void refreshTournament();
        }}
      />
    ) : (
      <Button tone="primary" className="w-full" onClick={() => redirectToLogin(PaymentMessages.loginRequired)} data-pay-button>
        Sign in to enter
      </Button>
    );
  } else {
    body = (
      <>
        {registration && registration.slots > 0 && (
          <p className="mb-3 text-sm text-mist">
            You hold {registration.slots} {registration.slots === 1 ? 'slot' : 'slots'}. Add more below.
          </p>
        )}
        <label htmlFor={`slots-${props.tournamentId}`} className="text-sm font-semibold">
          Select Number of Slots
        </label>
        <select
          id={`slots-${props.tournamentId}`}
          className="mt-1 w-full rounded-xl border-2 border-line bg-night px-3 py-2 font-semibold"
          value={chosenSlots}
          disabled={processing || !interactive}
          onChange={(event) => setSlots(Number(event.target.value))}
        >
          {choices.map((choice) => (
            <option key={choice.slots} value={choice.slots}>
              {choice.label}
            </option>
          ))}
        </select>
        <Button
          tone="primary"
          className="mt-3 w-full"
          onClick={() => void pay()}
          disabled={!interactive || session.status === 'loading'}
          busy={processing}
          busyLabel="Processing..."
          data-pay-button
        >
          {payButtonLabel(chosenSlots, props.entryFeeRupees)}
        </Button>
      </>
    );
  }

  return (
    <div className="card p-5" data-pay-panel data-tournament-id={props.tournamentId}>
      {/* Two lines' height: a long status ("Registration open") wraps the label, and the live one may not. */}
      <div className="flex min-h-10 items-center justify-between gap-2">
        <p className="text-sm text-mist">{free ? 'Entry' : 'Entry fee per slot'}</p>
        <StatusPill tournamentId={props.tournamentId} status={status} live={liveState !== undefined} />
      </div>
      <p className="font-display text-4xl">{formatEntryFee(props.entryFeeRupees)}</p>
      <div className="mt-4">{body}</div>
      <p
        className={`mt-3 min-h-5 text-sm font-semibold ${message ? toneClass[message.tone] : ''}`}
        role="status"
        aria-live="polite"
        data-pay-message
      >
        {message?.text}
      </p>
    </div>
  );
}
