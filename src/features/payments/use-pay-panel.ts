/**
 * The pay area's state and its one flow: the live slot count, the player's registration, the entry
 * block, the slots chosen, and paying through Razorpay's checkout (order → checkout → verify).
 *
 *   not signed in ──Pay──▶ /login (back here after)
 *   idle ──Pay──▶ processing (order, checkout open) ──paid──▶ verify ──▶ registered
 *                    │                                 └─ refused / refunded ──▶ idle + why
 *                    └─ failed / closed ──▶ idle + 'Payment processing failed' / 'Payment cancelled by user'
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { redirectToLogin } from '@/features/auth/guard';
import { requestTournamentStates } from '@/features/tournaments/live-states';
import type { TournamentStatus } from '@/features/tournaments/status';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import { refusalIn } from '@/lib/describe-failure';
import { useMessages } from '@/lib/i18n/use-messages';
import { PAID_ENTRY_OFFERED } from '@/lib/paid-entry-setting';
import { REREGISTRATION_WAIT_MS } from '@/lib/rules';
import { useHydrated, useSession } from '@/stores/use-session';
import { entryBlock } from './eligibility';
import { $liveTournament, followTournament, refreshTournament } from './live-registrations';
import {
  type CheckoutFailure,
  checkoutOptions,
  checkoutTimedOut,
  failureDescription,
  type RegistrationSummary,
  selectableSlots,
  slotChoices,
  summariseRegistrations,
} from './payments';
import { PAY_WORDS } from './pay-words';
import { useEntryEligibility } from './use-entry-eligibility';

export type PayPanelProps = {
  tournamentId: string;
  tournamentTitle: string;
  entryFeeRupees: number;
  maxPlayers: number;
  /** Build-time status from the catalog's times; the database's status replaces it on load. */
  initialStatus: TournamentStatus;
  productName: string;
  checkoutUrl: string;
  /** What a player relies on before paying, one line each (payPanelPromises: prizes, tax, payout, who may enter). */
  promises?: readonly { key: string; text: string }[];
};

export type PayMessage = { tone: 'success' | 'error' | 'info'; text: string };

/** The player's registrations for this tournament (null while unknown or signed out). */
function useRegistration(userId: string | undefined, tournamentId: string) {
  const [registration, setRegistration] = useState<RegistrationSummary | null>(null);
  useEffect(() => {
    if (!userId) {
      setRegistration(null);
      return;
    }
    let cancelled = false;
    import('./payments.api')
      .then(({ fetchOwnRegistrations }) => fetchOwnRegistrations())
      .then((rows) => {
        if (!cancelled) setRegistration(summariseRegistrations(rows, tournamentId));
      })
      .catch(() => {
        // Unknown is treated as "not registered": the server still refuses a second order within 24 hours.
        if (!cancelled) setRegistration({ slots: 0, nextRegistrationAt: null });
      });
    return () => {
      cancelled = true;
    };
  }, [userId, tournamentId]);
  return [registration, setRegistration] as const;
}

export function usePayPanel(props: PayPanelProps) {
  const session = useSession();
  const words = useMessages(PAY_WORDS);
  const said = words.messages;
  // The live slot count is filled by the page's own script (LiveTournament.astro), which may have heard the
  // database before this island hydrates (it hydrates when idle, later on a slow phone): a full tournament's
  // first render would then show "Full" or the per-buyer line where the server HTML has the slot picker, and
  // React throws the panel away (hydration error 418). The first render sees no live row, the next the real one.
  const liveNow = useStore($liveTournament);
  const live = useHydrated() ? liveNow : null;
  const [slots, setSlots] = useState(1);
  const [processing, setProcessing] = useState(false);
  const [justPaid, setJustPaid] = useState(false);
  const [message, setMessage] = useState<PayMessage | null>(null);
  // The pre-rendered panel has no handlers: until React takes over, a click or a choice of slots
  // would be lost silently, so the controls stay disabled until then.
  const [interactive, setInteractive] = useState(false);
  const mounted = useRef(true);

  const user = session.status === 'signed-in' ? session.user : null;
  // The first render must be the server's (the build-time status) for React to take the panel over; the
  // database's status, which the page may already hold by then, follows in the next render.
  const states = useTournamentStates([props.tournamentId]);
  const liveState = interactive ? states[props.tournamentId] : undefined;
  const free = props.entryFeeRupees === 0;
  const block = entryBlock(useEntryEligibility(user?.id ?? null), { free, paidEntryOffered: PAID_ENTRY_OFFERED }, words.blocks);
  // Registration is checked on load: a player who already holds slots sees so at once.
  const [registration, setRegistration] = useRegistration(user?.id, props.tournamentId);

  useEffect(() => {
    mounted.current = true;
    setInteractive(true);
    followTournament(props.tournamentId);
    return () => {
      mounted.current = false;
    };
  }, [props.tournamentId]);

  const filled = live?.tournamentId === props.tournamentId && live.slots ? live.slots.filled : null;
  const total = live?.slots?.total ?? props.maxPlayers;
  // Until the live row arrives (with the database's cap per buyer), offer the one slot anyone may take.
  const perBuyer = live?.tournamentId === props.tournamentId ? live.slots?.perBuyer : undefined;
  const placesLeft = filled === null ? 1 : selectableSlots(filled, total);
  const buyerMay = perBuyer === undefined ? 1 : selectableSlots(filled ?? 0, total, perBuyer, registration?.slots ?? 0);
  const chosenSlots = Math.min(slots, Math.max(Math.min(placesLeft, buyerMay), 1));

  function finish(next: PayMessage) {
    if (!mounted.current) return;
    setProcessing(false);
    setMessage(next);
  }

  async function pay() {
    if (processing) return;
    if (session.status !== 'signed-in') {
      redirectToLogin(said.loginRequired);
      return;
    }
    setMessage(null);
    setProcessing(true);
    const api = await import('./payments.api');

    let order: Awaited<ReturnType<typeof api.createOrder>>;
    try {
      order = await api.createOrder(props.tournamentId, chosenSlots);
    } catch (error) {
      return finish({ tone: 'error', text: said.createOrderFailed((await refusalIn(undefined, (error as Error).message)) ?? null) });
    }
    if (!order.success) return finish({ tone: 'error', text: said.createOrderFailed((await refusalIn(order.code, order.error)) ?? null) });

    let Razorpay: Awaited<ReturnType<typeof api.loadCheckout>>;
    try {
      Razorpay = await api.loadCheckout(props.checkoutUrl);
    } catch (error) {
      return finish({ tone: 'error', text: said.processingFailed((error as Error).message) });
    }

    const onPaid = async (response: unknown) => {
      const paid = api.parseCheckoutSuccess(response);
      if (!paid) return finish({ tone: 'error', text: said.registrationFailed });
      try {
        const verified = await api.verifyPayment(props.tournamentId, paid);
        if (!verified.success) {
          // A refund is not a verification problem: say plainly what happened to the money.
          const reason = (await refusalIn(verified.code, verified.error)) ?? null;
          return finish({ tone: 'error', text: verified.refunded ? (reason ?? said.registrationFailed) : said.verificationFailed(reason) });
        }
        if (!mounted.current) return;
        setJustPaid(true);
        setRegistration((current) => ({
          slots: (current?.slots ?? 0) + chosenSlots,
          nextRegistrationAt: new Date(Date.now() + REREGISTRATION_WAIT_MS),
        }));
        finish({ tone: 'success', text: said.success });
        void refreshTournament();
        void requestTournamentStates([props.tournamentId]);
      } catch {
        finish({ tone: 'error', text: said.registrationFailed });
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
          onDismiss: () =>
            finish({ tone: 'info', text: checkoutTimedOut(openedAt, Date.now(), order.timeout) ? said.abandoned : said.cancelled }),
        }),
      );
      checkout.on('payment.failed', (failure) =>
        finish({ tone: 'error', text: said.checkoutFailed(failureDescription(failure as CheckoutFailure)) }),
      );
      openedAt = Date.now();
      checkout.open();
    } catch (error) {
      finish({ tone: 'error', text: said.processingFailed((error as Error).message) });
    }
  }

  return {
    signedIn: user !== null,
    sessionLoading: session.status === 'loading',
    status: liveState?.status ?? props.initialStatus,
    statusIsLive: liveState !== undefined,
    /** When registration closes (an open pod: its cancel deadline), once the database's state is read. */
    registrationClosesAt: liveState?.registration_closes_at,
    free,
    block,
    registration,
    justPaid,
    recentlyRegistered: justPaid || (registration !== null && registration.nextRegistrationAt !== null),
    full: filled !== null && placesLeft === 0,
    chosenSlots,
    /** How many places one buyer may hold here (the database's max_slots_per_buyer), once read. */
    perBuyer,
    words,
    choices: slotChoices(props.entryFeeRupees, words.slotOption).filter(
      (choice) => choice.slots <= Math.max(Math.min(placesLeft, buyerMay), 1),
    ),
    chooseSlots: setSlots,
    processing,
    interactive,
    message,
    showMessage: setMessage,
    pay,
    /** A free entry went through: the panel says so and the live count catches up. */
    entered: () => {
      setJustPaid(true);
      void refreshTournament();
    },
    askToSignIn: () => redirectToLogin(said.loginRequired),
  };
}

export type PayPanel = ReturnType<typeof usePayPanel>;
