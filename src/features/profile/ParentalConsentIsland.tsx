/**
 * The page a parent opens from a consent e-mail. From the request: who asks, then (signed in with the
 * parent's own account) the code from the e-mail, the parent's name and relation, and the declaration they
 * tick; nothing is sent before they press the button. From the e-mail that confirmed it: the one button
 * that withdraws the consent.
 */
import { type SubmitEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { type ConsentForm, SIGN_IN_TO_CONSENT, useParentalConsentConfirmation } from './use-parental-consent-confirmation';

const RELATIONS: Record<string, string> = { mother: 'Mother', father: 'Father', legal_guardian: 'Legal guardian' };
const FIELD = 'min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk';

export default function ParentalConsentIsland() {
  const { state, parent, confirm, withdraw } = useParentalConsentConfirmation();
  const [form, setForm] = useState<ConsentForm>({ code: '', parentName: '', relation: '', declaration: false });

  if (state.status === 'loading') return <p className="text-mist">Reading the link…</p>;
  if (state.status === 'missing') {
    return <p className="text-mist">This page needs the link from the consent e-mail. Open the link from the e-mail again.</p>;
  }
  if (state.status === 'confirmed') {
    return (
      <p role="status" className="font-semibold text-lime">
        Thank you. Your consent is recorded{state.name ? ` for ${state.name}` : ''}: they can now join free tournaments. We e-mailed you a
        link to withdraw it at any time.
      </p>
    );
  }
  if (state.status === 'withdrawn') {
    return (
      <p role="status" className="font-semibold text-lime">
        Your consent is withdrawn{state.name ? ` for ${state.name}` : ''}: their entries have ended, and free tournaments are closed to them
        again.
      </p>
    );
  }
  if (state.status === 'refused') {
    return (
      <p role="alert" className="font-semibold text-danger">
        {state.message}
      </p>
    );
  }
  if (state.status === 'withdraw') {
    return (
      <div className="flex flex-col gap-4">
        <p>
          You gave your consent for your child to join free tournaments on Golazo Arena. You can withdraw it now, with one click. Their
          entries end with it: a place in a tournament not started yet is given back, and a match under way goes to the opponent.
        </p>
        <Button tone="primary" className="self-start" busy={state.sending} busyLabel="Withdrawing…" onClick={() => void withdraw()}>
          Withdraw my consent
        </Button>
      </div>
    );
  }

  const asks = (
    <p>
      <strong>{state.request.in_game_name ?? 'Your child'}</strong> asked to join free eFootball tournaments on Golazo Arena. Players under
      18 can only join free tournaments, and only with a parent&apos;s consent. Paid tournaments stay closed to them.
    </p>
  );
  const accountNeeds = (
    <p className="text-sm text-mist">
      You give consent from your own Golazo Arena account, the one at the address this e-mail came to, and it needs a PAN our PAN check has
      verified (My Earnings, &ldquo;PAN and UPI id&rdquo;): that is how we know an adult consents.
    </p>
  );
  if (parent === null) return <p className="text-mist">Checking whether you are signed in…</p>;
  if (parent === false) {
    return (
      <div className="flex flex-col gap-4">
        {asks}
        {accountNeeds}
        <a href={SIGN_IN_TO_CONSENT} className="btn btn-primary self-start">
          Sign in to give consent
        </a>
      </div>
    );
  }

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void confirm(form);
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      {asks}
      {accountNeeds}
      {parent.email && <p className="text-sm">Signed in as {parent.email}.</p>}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        The six-digit code from the e-mail
        <input
          name="code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          value={form.code}
          onChange={(e) => setForm({ ...form, code: e.target.value.trim() })}
          className={`${FIELD} max-w-40 tracking-widest`}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Your full name
        <input
          name="parentName"
          required
          minLength={2}
          maxLength={120}
          autoComplete="name"
          value={form.parentName}
          onChange={(e) => setForm({ ...form, parentName: e.target.value })}
          className={FIELD}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        You are their
        <select
          name="relation"
          required
          value={form.relation}
          onChange={(e) => setForm({ ...form, relation: e.target.value })}
          className={`${FIELD} max-w-60`}
        >
          <option value="">Choose…</option>
          {state.request.relations.map((relation) => (
            <option key={relation} value={relation}>
              {RELATIONS[relation] ?? relation}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="declaration"
          required
          checked={form.declaration}
          onChange={(e) => setForm({ ...form, declaration: e.target.checked })}
          className="mt-0.5 size-5 shrink-0 accent-lime"
        />
        <span>{state.request.declaration}</span>
      </label>
      <Button type="submit" tone="primary" className="self-start" busy={state.sending} busyLabel="Recording…">
        I consent
      </Button>
      {state.note && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {state.note}
        </p>
      )}
    </form>
  );
}
