/**
 * Parental consent for players of 13 to 17: the player's side (whether consent is still needed, and
 * naming the parent's e-mail) and the parent's side (confirming the link from that e-mail).
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import { describeFailure } from '@/lib/describe-failure';
import { useLoad } from '@/lib/use-island-data';

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
      setMessage({ tone: 'ok', text: `We e-mailed ${email.trim()} a link. Once they open it, you can join free tournaments.` });
    } catch (error) {
      setMessage({ tone: 'error', text: await describeFailure(error) });
    } finally {
      setSending(false);
    }
  }

  const known = eligibility.status === 'ready' ? eligibility.value : null;
  return {
    needed: known?.free_entry_refusal === 'parental_consent_required',
    pendingParentEmail: known?.pending_parent_email ?? null,
    email,
    setEmail,
    message,
    sending,
    submit,
  };
}

export type ConsentState =
  | { status: 'ready'; token: string }
  | { status: 'missing' }
  | { status: 'sending'; token: string }
  | { status: 'confirmed'; name: string | null }
  | { status: 'refused'; message: string };

function tokenFromLocation(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return fromHash ?? new URLSearchParams(window.location.search).get('token');
}

/**
 * The parent's confirmation: the link's token (in the fragment, so it never reaches a server log) is sent
 * only when the parent presses the button, never on load, so a mail scanner cannot consent for them.
 */
export function useParentalConsentConfirmation() {
  const [state, setState] = useState<ConsentState>({ status: 'missing' });
  useEffect(() => {
    const token = tokenFromLocation();
    setState(token ? { status: 'ready', token } : { status: 'missing' });
  }, []);

  async function confirm(token: string) {
    setState({ status: 'sending', token });
    try {
      const answer = await (await api()).confirmParentalConsent(token);
      setState({ status: 'confirmed', name: answer.in_game_name });
    } catch (error) {
      setState({ status: 'refused', message: await describeFailure(error) });
    }
  }

  return { state, confirm };
}
