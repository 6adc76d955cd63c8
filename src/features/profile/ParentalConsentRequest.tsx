/**
 * Players of 13 to 17 join free tournaments once a parent consents: the player names the e-mail address of
 * the parent's own account, the parent signs in with it (it needs a verified PAN) and confirms with the link
 * and code e-mailed to them. Shown on a completed profile while consent is still needed; once
 * given, the player may withdraw it here in one click.
 */
import { Button } from '@/components/ui/Button';
import { useParentalConsentRequest } from './use-parental-consent';

export function ParentalConsentRequest({ userId }: { userId: string }) {
  const consent = useParentalConsentRequest(userId);
  if (consent.given) {
    return (
      <section className="card flex flex-col gap-3 p-5" aria-labelledby="parental-consent">
        <h2 id="parental-consent" className="section-title text-xl">
          A parent&apos;s consent
        </h2>
        <p className="text-sm text-mist">
          Your parent&apos;s consent is recorded: you can join free tournaments. You can withdraw it here at any time; your entries end with
          it (a place in a tournament not started yet is given back, a match under way goes to your opponent).
        </p>
        <Button tone="ghost" className="self-start" busy={consent.sending} busyLabel="Withdrawing…" onClick={() => void consent.withdraw()}>
          Withdraw consent
        </Button>
      </section>
    );
  }
  if (!consent.needed && !consent.message) return null;
  if (!consent.needed) {
    return (
      <p role="status" className="card p-5 text-sm font-semibold text-lime">
        {consent.message?.text}
      </p>
    );
  }

  return (
    <form onSubmit={consent.submit} className="card flex flex-col gap-3 p-5" aria-labelledby="parental-consent">
      <h2 id="parental-consent" className="section-title text-xl">
        A parent&apos;s consent
      </h2>
      <p className="text-sm text-mist">
        Players under 18 can join free tournaments once a parent agrees. Give the e-mail address of your parent&apos;s own Golazo Arena
        account (not one of yours): we e-mail them a link and a code, and they confirm signed in with that account, which needs a PAN our
        PAN check has verified.
        {consent.pendingParentEmail && ` A link was sent to ${consent.pendingParentEmail}.`}
      </p>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Your parent&apos;s account e-mail
        <input
          type="email"
          name="parentEmail"
          required
          autoComplete="off"
          value={consent.email}
          onChange={(e) => consent.setEmail(e.target.value)}
          className="min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk"
        />
      </label>
      <Button type="submit" tone="primary" className="self-start" busy={consent.sending} busyLabel="Sending…">
        Send the consent link
      </Button>
      {consent.message && (
        <p
          role={consent.message.tone === 'error' ? 'alert' : 'status'}
          className={`text-sm font-semibold ${consent.message.tone === 'error' ? 'text-danger' : 'text-lime'}`}
        >
          {consent.message.text}
        </p>
      )}
    </form>
  );
}
