/**
 * "Delete my account" at the foot of the profile page. Scheduled: the date and Cancel. Otherwise either
 * what must be settled first, in plain words (open money, open play, the last admin; a waitlist place with a
 * button to leave it), or the steps:
 * what happens, a fresh e-mail code, then the request. The database decides every refusal again.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { CODE_LENGTH } from '@/features/auth/auth';
import { DELETION_WORDS } from './deletion-words';
import { LeaveWaitlist } from '@/features/seasons/LeaveWaitlist';
import { formatPaiseExact } from '@/lib/format';
import { formatDateTimeIn } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/lang';
import { $lang } from '@/stores/lang';
import { type AccountDeletion, DELETION_CHANGED_EVENT, DELETION_CODE_SUBJECT } from './account-deletion';
import { useAccountDeletion } from './use-account-deletion';

const inputClass = 'min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk focus:border-lime';

export default function AccountDeletionSection({ email }: { email: string | null }) {
  const deletion = useAccountDeletion(email);
  const section = useRef<HTMLElement>(null);
  const w = DELETION_WORDS[useStore($lang)];

  // The e-mails' cancel link opens the profile at this section.
  useEffect(() => {
    if (deletion.state.status === 'ready' && new URLSearchParams(window.location.search).get('deletion') === 'cancel') {
      section.current?.scrollIntoView({ block: 'center' });
    }
  }, [deletion.state.status]);

  return (
    <section ref={section} id="delete-account" aria-labelledby="delete-account-title" className="card flex flex-col gap-4 p-5 sm:p-7">
      <h2 id="delete-account-title" className="section-title text-2xl sm:text-3xl">
        {w.title}
      </h2>
      {deletion.state.status === 'loading' && <p className="text-sm text-mist">{w.checking}</p>}
      {deletion.state.status === 'error' && (
        <p role="alert" className="text-sm text-danger">
          {deletion.state.message}
        </p>
      )}
      {deletion.state.status === 'ready' && <DeletionBody deletion={deletion} answer={deletion.state.value} />}
      {deletion.error && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {deletion.error}
        </p>
      )}
    </section>
  );
}

function DeletionBody({ deletion, answer }: { deletion: ReturnType<typeof useAccountDeletion>; answer: AccountDeletion }) {
  const lang = useStore($lang);
  const w = DELETION_WORDS[lang];
  if (answer.status === 'scheduled') {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          <span className="block font-bold text-gold">{w.on(formatDateTimeIn(lang, answer.erase_at))}</span>
          <span className="text-mist">{w.untilThen}</span>
        </p>
        <Button tone="primary" onClick={() => void deletion.cancel()} busy={deletion.busy} busyLabel={w.cancelling}>
          {w.cancel}
        </Button>
      </div>
    );
  }

  const blocker = answer.blocked_by;
  const smallBalance = blocker?.hint === 'open_money' && blocker.detail === 'small_balance';
  if (blocker && !smallBalance) {
    const text = w.blocker(blocker, formatPaiseExact, answer.balance_paise);
    return (
      <div className="flex flex-col gap-2 rounded-2xl border border-gold/40 bg-gold/10 p-4" data-deletion-blocked={blocker.hint}>
        <p className="font-bold text-gold">{text.title}</p>
        <p className="text-sm text-mist">{text.body}</p>
        {text.action && (
          <a href={localePath(text.action.href, lang)} className="self-start font-semibold text-lime underline-offset-4 hover:underline">
            {text.action.label}
          </a>
        )}
        {blocker.waitlist_tournament_id && (
          <LeaveWaitlist
            tournamentId={blocker.waitlist_tournament_id}
            paidPaise={0}
            onLeft={() => window.dispatchEvent(new Event(DELETION_CHANGED_EVENT))}
          />
        )}
      </div>
    );
  }

  if (deletion.step === 'idle') {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-mist">{w.idle(answer.grace)}</p>
        <Button tone="ghost" className="border-danger/60 text-danger" onClick={() => deletion.setStep('explained')}>
          {w.button}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className="list-disc space-y-2 pl-5 text-sm text-mist">
        {w.explanation(answer.grace).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {smallBalance && (
        <label className="flex items-start gap-3 rounded-2xl border border-gold/40 bg-gold/10 p-4 text-sm">
          <input
            type="checkbox"
            name="forfeitSmallBalance"
            className="mt-1 size-5 shrink-0"
            checked={deletion.forfeit}
            onChange={(event) => deletion.setForfeit(event.target.checked)}
          />
          <span>{w.forfeit(formatPaiseExact, answer.balance_paise)}</span>
        </label>
      )}
      {deletion.step === 'explained' && (
        <div className="flex flex-wrap gap-2">
          <Button
            tone="primary"
            onClick={() => void deletion.sendCode()}
            busy={deletion.busy}
            busyLabel={w.sending}
            disabled={smallBalance && !deletion.forfeit}
          >
            {w.sendCode}
          </Button>
          <Button tone="ghost" onClick={deletion.close}>
            {w.keep}
          </Button>
        </div>
      )}
      {deletion.step === 'code-sent' && (
        <form className="flex flex-col gap-3" onSubmit={(event) => void deletion.confirmCode(event)}>
          <p className="text-sm text-mist" data-deletion-mail>
            {w.lookFor(DELETION_CODE_SUBJECT)}
          </p>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {w.code(CODE_LENGTH)}
            <input
              name="deletionCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={deletion.code}
              onChange={(event) => deletion.setCode(event.target.value)}
              className={inputClass}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" tone="primary" className="bg-danger" busy={deletion.busy} busyLabel={w.confirming}>
              {w.button}
            </Button>
            <Button tone="ghost" onClick={deletion.close}>
              {w.keep}
            </Button>
          </div>
        </form>
      )}
      {deletion.step === 'second-step' && (
        <form className="flex flex-col gap-3" onSubmit={(event) => void deletion.confirmSecondStep(event)}>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {w.authenticator}
            <input
              name="authenticatorCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={deletion.authenticatorCode}
              onChange={(event) => deletion.setAuthenticatorCode(event.target.value)}
              className={inputClass}
            />
          </label>
          <Button type="submit" tone="primary" className="self-start bg-danger" busy={deletion.busy} busyLabel={w.confirming}>
            {w.button}
          </Button>
        </form>
      )}
    </div>
  );
}
