/**
 * Players of 13 to 17 join free tournaments once a parent consents: the player names the parent's e-mail,
 * the parent confirms a link in it. Shown on a completed profile while consent is still needed.
 */
import { Button } from '@/components/ui/Button';
import { useEffect, useState, type SubmitEvent } from 'react';
import type { EntryEligibility } from '@/features/payments/eligibility';

export function ParentalConsentRequest({ userId }: { userId: string }) {
  const [eligibility, setEligibility] = useState<EntryEligibility | null>(null);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when another player signs in on this page
  useEffect(() => {
    let cancelled = false;
    import('@/features/payments/eligibility.api')
      .then((api) => api.fetchMyEntryEligibility())
      .then((answer) => !cancelled && setEligibility(answer))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [userId]);

  if (eligibility?.free_entry_refusal !== 'parental_consent_required') return null;

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    setSending(true);
    try {
      const api = await import('@/features/payments/eligibility.api');
      await api.requestParentalConsent(email);
      setMessage({ tone: 'ok', text: `We e-mailed ${email.trim()} a link. Once they open it, you can join free tournaments.` });
    } catch (error) {
      setMessage({ tone: 'error', text: (error as Error).message });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="card flex flex-col gap-3 p-5" aria-labelledby="parental-consent">
      <h2 id="parental-consent" className="section-title text-xl">
        A parent&apos;s consent
      </h2>
      <p className="text-sm text-mist">
        Players under 18 can join free tournaments once a parent agrees. We e-mail them a link to confirm.
        {eligibility.pending_parent_email && ` A link was sent to ${eligibility.pending_parent_email}.`}
      </p>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Parent&apos;s e-mail address
        <input
          type="email"
          name="parentEmail"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk"
        />
      </label>
      <Button type="submit" tone="primary" className="self-start" busy={sending} busyLabel="Sending…">
        Send the consent link
      </Button>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`text-sm font-semibold ${message.tone === 'error' ? 'text-danger' : 'text-lime'}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
