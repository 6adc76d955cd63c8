/**
 * Parental consent for players of 13 to 17: the player's side (whether consent is still needed, and
 * naming the parent's e-mail) and the parent's side (confirming the link from that e-mail).
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import { describeFailure } from '@/lib/describe-failure';
import { useLoad } from '@/lib/use-island-data';
import type { ConsentRequest } from '@/features/payments/eligibility.api';

const api = () => import('@/features/payments/eligibility.api');

/** The player's request: shown while the database says a parent's consent is what keeps free entry closed. */
export function useParentalConsentRequest(userId: string) {
  // Asked again when another player signs in on this page; a failure only means the form stays hidden.
  const [eligibility] = useLoad(() => api().then((calls) => calls.fetchMyEntryEligibility().catch(() => null)), userId);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await (await api()).requestParentalConsent(email);
      setMessage({ tone: 'ok', text: `We e-mailed ${email.trim()} a link and a code. Once they confirm, you can join free tournaments.` });
    } catch (error) {
      setMessage({ tone: 'error', text: await describeFailure(error) });
    } finally {
      setSending(false);
    }
  }

  const [withdrawn, setWithdrawn] = useState(false);
  async function withdraw() {
    setSending(true);
    try {
      await (await api()).withdrawMyParentalConsent();
      setWithdrawn(true);
      setMessage({
        tone: 'ok',
        text: "Your parent's consent is withdrawn: free tournaments are closed to you until a parent consents again.",
      });
    } catch (error) {
      setMessage({ tone: 'error', text: await describeFailure(error) });
    } finally {
      setSending(false);
    }
  }

  const known = eligibility.status === 'ready' ? eligibility.value : null;
  return {
    needed: known?.free_entry_refusal === 'parental_consent_required',
    /** A parent's consent stands: the player may withdraw it in one click. */
    given: known?.parental_consent === true && !withdrawn,
    withdraw,
    pendingParentEmail: known?.pending_parent_email ?? null,
    email,
    setEmail,
    message,
    sending,
    submit,
  };
}

export type ConsentForm = { code: string; parentName: string; relation: string; declaration: boolean };

export type ConsentState =
  | { status: 'loading' }
  | { status: 'ready'; token: string; request: ConsentRequest; sending: boolean; note: string | null }
  | { status: 'missing' }
  | { status: 'confirmed'; name: string | null }
  | { status: 'withdraw'; token: string; sending: boolean }
  | { status: 'withdrawn'; name: string | null }
  | { status: 'refused'; message: string };

function linkFromLocation(): { token: string; withdraw: boolean } | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const withdraw = hash.get('withdraw');
  if (withdraw) return { token: withdraw, withdraw: true };
  const token = hash.get('token') ?? new URLSearchParams(window.location.search).get('token');
  return token ? { token, withdraw: false } : null;
}

/**
 * The parent's side: the link's token (in the fragment, so it never reaches a server log) shows who asks;
 * the parent types the code from the e-mail, their name and relation, ticks the declaration and presses the
 * button (never on load, so a mail scanner that opens links cannot consent for them). A withdrawal link
 * (`#withdraw=`) offers the one button that withdraws.
 */
export function useParentalConsentConfirmation() {
  const [state, setState] = useState<ConsentState>({ status: 'loading' });
  useEffect(() => {
    const link = linkFromLocation();
    if (!link) return setState({ status: 'missing' });
    if (link.withdraw) return setState({ status: 'withdraw', token: link.token, sending: false });
    void (async () => {
      try {
        const request = await (await api()).fetchParentalConsentRequest(link.token);
        setState({ status: 'ready', token: link.token, request, sending: false, note: null });
      } catch (error) {
        setState({ status: 'refused', message: await describeFailure(error) });
      }
    })();
  }, []);

  async function confirm(form: ConsentForm) {
    if (state.status !== 'ready') return;
    setState({ ...state, sending: true, note: null });
    try {
      const answer = await (await api()).confirmParentalConsent(state.token, form);
      if (answer.confirmed) return setState({ status: 'confirmed', name: answer.in_game_name });
      setState({
        ...state,
        sending: false,
        note: `That code is not the one we e-mailed you. ${answer.attempts_left} ${answer.attempts_left === 1 ? 'try' : 'tries'} left.`,
      });
    } catch (error) {
      setState({ ...state, sending: false, note: await describeFailure(error) });
    }
  }

  async function withdraw() {
    if (state.status !== 'withdraw') return;
    setState({ ...state, sending: true });
    try {
      const answer = await (await api()).withdrawParentalConsent(state.token);
      setState({ status: 'withdrawn', name: answer.in_game_name });
    } catch (error) {
      setState({ status: 'refused', message: await describeFailure(error) });
    }
  }

  return { state, confirm, withdraw };
}
