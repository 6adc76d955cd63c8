/**
 * "Delete my account" at the foot of the profile page. Scheduled: the date and Cancel. Otherwise either
 * what must be settled first, in plain words (open money, open play, the last admin; a waitlist place with a
 * button to leave it), or the steps:
 * what happens, a fresh e-mail code, then the request. The database decides every refusal again.
 */
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { LeaveWaitlist } from '@/features/seasons/LeaveWaitlist';
import { formatDateTimeIST, formatPaiseExact } from '@/lib/format';
import {
  type AccountDeletion,
  blockerText,
  DELETION_CHANGED_EVENT,
  DELETION_CODE_SUBJECT,
  deletionExplanation,
  forfeitConsentText,
} from './account-deletion';
import { useAccountDeletion } from './use-account-deletion';

const inputClass = 'min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk focus:border-lime';

export default function AccountDeletionSection({ email }: { email: string | null }) {
  const deletion = useAccountDeletion(email);
  const section = useRef<HTMLElement>(null);

  // The e-mails' cancel link opens the profile at this section.
  useEffect(() => {
    if (deletion.state.status === 'ready' && new URLSearchParams(window.location.search).get('deletion') === 'cancel') {
      section.current?.scrollIntoView({ block: 'center' });
    }
  }, [deletion.state.status]);

  return (
    <section ref={section} id="delete-account" aria-labelledby="delete-account-title" className="card flex flex-col gap-4 p-5 sm:p-7">
      <h2 id="delete-account-title" className="section-title text-2xl sm:text-3xl">
        Delete my account
      </h2>
      {deletion.state.status === 'loading' && <p className="text-sm text-mist">Checking…</p>}
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
  if (answer.status === 'scheduled') {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          <span className="block font-bold text-gold">Your account will be deleted on {formatDateTimeIST(answer.erase_at)}.</span>
          <span className="text-mist">Until then you can change your mind.</span>
        </p>
        <Button tone="primary" onClick={() => void deletion.cancel()} busy={deletion.busy} busyLabel="Cancelling…">
          Cancel deletion
        </Button>
      </div>
    );
  }

  const blocker = answer.blocked_by;
  const smallBalance = blocker?.hint === 'open_money' && blocker.detail === 'small_balance';
  if (blocker && !smallBalance) {
    const text = blockerText(blocker, formatPaiseExact, answer.balance_paise);
    return (
      <div className="flex flex-col gap-2 rounded-2xl border border-gold/40 bg-gold/10 p-4" data-deletion-blocked={blocker.hint}>
        <p className="font-bold text-gold">{text.title}</p>
        <p className="text-sm text-mist">{text.body}</p>
        {text.action && (
          <a href={text.action.href} className="self-start font-semibold text-lime underline-offset-4 hover:underline">
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
        <p className="text-sm text-mist">Erase your profile and personal details. You can cancel for {answer.grace} after you confirm.</p>
        <Button tone="ghost" className="border-danger/60 text-danger" onClick={() => deletion.setStep('explained')}>
          Delete my account
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className="list-disc space-y-2 pl-5 text-sm text-mist">
        {deletionExplanation(answer.grace).map((line) => (
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
          <span>{forfeitConsentText(formatPaiseExact, answer.balance_paise)}</span>
        </label>
      )}
      {deletion.step === 'explained' && (
        <div className="flex flex-wrap gap-2">
          <Button
            tone="primary"
            onClick={() => void deletion.sendCode()}
            busy={deletion.busy}
            busyLabel="Sending…"
            disabled={smallBalance && !deletion.forfeit}
          >
            E-mail me a code to confirm
          </Button>
          <Button tone="ghost" onClick={deletion.close}>
            Keep my account
          </Button>
        </div>
      )}
      {deletion.step === 'code-sent' && (
        <form className="flex flex-col gap-3" onSubmit={(event) => void deletion.confirmCode(event)}>
          <p className="text-sm text-mist" data-deletion-mail>
            Look for the e-mail “{DELETION_CODE_SUBJECT}” (check spam too). Only that code deletes your account.
          </p>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            The 6-digit code we e-mailed you
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
            <Button type="submit" tone="primary" className="bg-danger" busy={deletion.busy} busyLabel="Confirming…">
              Delete my account
            </Button>
            <Button tone="ghost" onClick={deletion.close}>
              Keep my account
            </Button>
          </div>
        </form>
      )}
      {deletion.step === 'second-step' && (
        <form className="flex flex-col gap-3" onSubmit={(event) => void deletion.confirmSecondStep(event)}>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Staff accounts: the code from your authenticator app
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
          <Button type="submit" tone="primary" className="self-start bg-danger" busy={deletion.busy} busyLabel="Confirming…">
            Delete my account
          </Button>
        </form>
      )}
    </div>
  );
}
