/**
 * Two-step sign-in (spec 4 and 7.10) from the profile page: add an authenticator app (scan the
 * QR code or type the secret, then prove it with a first code), or remove it. While one is set
 * up, sign-in asks for its code after the e-mail code.
 */
import { Button } from '@/components/ui/Button';
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { formatDateIST } from '@/lib/format';
import { showToast } from '@/stores/toast';
import { AUTH_FAILURE_MESSAGES, classifyAuthError, CODE_LENGTH, isCompleteCode, normaliseCode, type AuthErrorLike } from './auth';
import type { Authenticator, PendingEnrolment } from './auth.api';

type View =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'enrolling'; pending: PendingEnrolment }
  | { kind: 'on'; factor: Authenticator }
  | { kind: 'error' };

const api = () => import('./auth.api');

function messageFor(error: unknown): string {
  return AUTH_FAILURE_MESSAGES[classifyAuthError((error ?? {}) as AuthErrorLike)];
}

export default function AuthenticatorSettings() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const factor = (await (await api()).listAuthenticators()).find((f) => f.status === 'verified');
      setView(factor ? { kind: 'on', factor } : { kind: 'off' });
    } catch {
      setView({ kind: 'error' });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const pending = await (await api()).startAuthenticatorEnrolment();
      setCode('');
      setView({ kind: 'enrolling', pending });
    } catch (err) {
      showToast(messageFor(err), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: SubmitEvent) {
    event.preventDefault();
    if (view.kind !== 'enrolling') return;
    if (!isCompleteCode(code)) {
      setError(`Enter the ${CODE_LENGTH}-digit code your app shows.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await api()).confirmAuthenticatorEnrolment(view.pending.factorId, code);
      showToast('Authenticator app added. Sign-in will now ask for its code.', 'success');
      await refresh();
    } catch (err) {
      setError(messageFor(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove(factorId: string) {
    if (!window.confirm('Remove the authenticator app? Sign-in will only ask for the e-mail code.')) return;
    setBusy(true);
    try {
      await (await api()).removeAuthenticator(factorId);
      showToast('Authenticator app removed.', 'success');
      await refresh();
    } catch (err) {
      showToast(messageFor(err), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="two-step" className="card flex flex-col gap-4 p-5 sm:p-7">
      <div>
        <h2 id="two-step" className="section-title text-2xl sm:text-3xl">
          Two-step sign-in
        </h2>
        <p className="mt-1 text-sm text-mist">
          Protect your account and prize money: after the e-mail code, sign-in also asks for a code from an authenticator app (Google
          Authenticator, Microsoft Authenticator, 2FAS…).
        </p>
      </div>

      {view.kind === 'loading' && <p className="text-sm text-mist">Checking…</p>}
      {view.kind === 'error' && <p className="text-sm text-danger">Could not load your sign-in settings. Reload the page to try again.</p>}

      {view.kind === 'off' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-semibold">Status: off</p>
          <Button tone="ghost" onClick={() => void start()} disabled={busy}>
            Set up authenticator app
          </Button>
        </div>
      )}

      {view.kind === 'on' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            <span className="font-bold text-lime">Status: on</span>
            <span className="block text-mist">Authenticator app added on {formatDateIST(view.factor.createdAt)}</span>
          </p>
          <Button tone="ghost" onClick={() => void remove(view.factor.id)} disabled={busy}>
            Remove authenticator app
          </Button>
        </div>
      )}

      {view.kind === 'enrolling' && (
        <form onSubmit={confirm} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={view.pending.qrCode}
            alt="QR code to scan with your authenticator app"
            width={176}
            height={176}
            className="size-44 shrink-0 self-center rounded-xl bg-white p-2"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-mist">
              <li>Scan the QR code with your authenticator app.</li>
              <li>
                Can't scan? Enter this key by hand:{' '}
                <code data-testid="totp-secret" className="rounded bg-night px-1.5 py-0.5 font-mono break-all text-chalk">
                  {view.pending.secret}
                </code>
              </li>
              <li>Type the {CODE_LENGTH}-digit code the app shows.</li>
            </ol>
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              Code from your app
              <input
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(normaliseCode(e.target.value))}
                aria-invalid={error ? true : undefined}
                className="min-h-12 rounded-xl border border-line bg-night px-4 font-mono text-xl tracking-[0.4em] text-chalk focus:border-lime"
              />
            </label>
            {error && (
              <p role="alert" className="text-sm font-semibold text-danger">
                {error}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" tone="primary" busy={busy} busyLabel="Checking…">
                Turn on two-step sign-in
              </Button>
              <Button tone="ghost" onClick={() => void refresh()} disabled={busy}>
                Cancel
              </Button>
            </div>
          </div>
        </form>
      )}
    </section>
  );
}
