/**
 * The page a parent opens from a consent e-mail. From the request: who asks, then (signed in with the
 * parent's own account) the code from the e-mail, the parent's name and relation, and the declaration they
 * tick; nothing is sent before they press the button. From the e-mail that confirmed it: the one button
 * that withdraws the consent.
 */
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { PAID_ENTRY_MIN_AGE } from '@/lib/rules';
import { $lang } from '@/stores/lang';
import { CONSENT_CODE_LENGTH, CONSENT_READING } from './consent-words';
import { type ConsentForm, useParentalConsentConfirmation } from './use-parental-consent-confirmation';

const FIELD = 'min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk';

export default function ParentalConsentIsland() {
  const { state, words: w, parent, confirm, withdraw } = useParentalConsentConfirmation();
  const [form, setForm] = useState<ConsentForm>({ code: '', parentName: '', relation: '', declaration: false });
  const lang = useStore($lang);

  if (state.status === 'loading' || w === null) return <p className="text-mist">{CONSENT_READING[lang]}</p>;
  if (state.status === 'missing') return <p className="text-mist">{w.missing}</p>;
  if (state.status === 'confirmed') {
    return (
      <p role="status" className="font-semibold text-lime">
        {w.confirmed(state.name)}
      </p>
    );
  }
  if (state.status === 'withdrawn') {
    return (
      <p role="status" className="font-semibold text-lime">
        {w.withdrawn(state.name)}
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
        <p>{w.withdrawIntro}</p>
        <Button tone="primary" className="self-start" busy={state.sending} busyLabel={w.withdrawing} onClick={() => void withdraw()}>
          {w.withdraw}
        </Button>
      </div>
    );
  }

  const [beforeName, afterName] = w.asks(PAID_ENTRY_MIN_AGE);
  const asks = (
    <p>
      {beforeName}
      <strong>{state.request.in_game_name ?? w.yourChild}</strong>
      {afterName}
    </p>
  );
  const accountNeeds = <p className="text-sm text-mist">{w.accountNeeds}</p>;
  if (parent === null) return <p className="text-mist">{w.checkingSignIn}</p>;
  if (parent === false) {
    return (
      <div className="flex flex-col gap-4">
        {asks}
        {accountNeeds}
        <a href={w.signInHref()} className="btn btn-primary self-start">
          {w.signInToConsent}
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
      {parent.email && <p className="text-sm">{w.signedInAs(parent.email)}</p>}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {w.code(CONSENT_CODE_LENGTH)}
        <input
          name="code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`[0-9]{${CONSENT_CODE_LENGTH}}`}
          maxLength={CONSENT_CODE_LENGTH}
          value={form.code}
          onChange={(e) => setForm({ ...form, code: e.target.value.trim() })}
          className={`${FIELD} max-w-40 tracking-widest`}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {w.fullName}
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
        {w.relationLabel}
        <select
          name="relation"
          required
          value={form.relation}
          onChange={(e) => setForm({ ...form, relation: e.target.value })}
          className={`${FIELD} max-w-60`}
        >
          <option value="">{w.choose}</option>
          {state.request.relations.map((relation) => (
            <option key={relation} value={relation}>
              {w.relations[relation] ?? relation}
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
        {/* The database's declaration in the page's language: the consent keeps these very words, with their language. */}
        <span data-declaration>{state.request.declaration}</span>
      </label>
      <Button type="submit" tone="primary" className="self-start" busy={state.sending} busyLabel={w.recording}>
        {w.consent}
      </Button>
      {state.note && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {state.note}
        </p>
      )}
    </form>
  );
}
