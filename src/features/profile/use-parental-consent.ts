/**
 * Parental consent for players of 13 to 17, the player's side: whether consent is still needed, naming the
 * e-mail address of the parent's account, and withdrawing a consent given. The parent's side is use-parental-consent-confirmation.ts.
 */
import { type SubmitEvent, useState } from 'react';
import { describeFailure } from '@/lib/describe-failure';
import { useLoad } from '@/lib/use-island-data';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('@/features/payments/eligibility.api'));

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
      setMessage({
        tone: 'ok',
        text: `We e-mailed ${email.trim()} a link and a code. Once they confirm from their account, you can join free tournaments.`,
      });
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
        text: "Your parent's consent is withdrawn: your entries have ended, and free tournaments are closed to you until a parent consents again.",
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
