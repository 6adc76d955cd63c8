/**
 * Two-step sign-in (spec 4 and 7.10) from the profile page: add an authenticator app (scan the
 * QR code or type the secret, then prove it with a first code), or remove it. While one is set
 * up, sign-in asks for its code after the e-mail code.
 */
import { Button } from '@/components/ui/Button';
import { formatDateIST } from '@/lib/format';
import { CODE_LENGTH } from './auth';
import { useAuthenticator } from './use-authenticator';

export default function AuthenticatorSettings() {
  const { view, code, error, busy, ...authenticator } = useAuthenticator();

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
          <Button tone="ghost" onClick={() => void authenticator.start()} disabled={busy}>
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
          <Button tone="ghost" onClick={() => void authenticator.remove(view.factor.id)} disabled={busy}>
            Remove authenticator app
          </Button>
        </div>
      )}

      {view.kind === 'enrolling' && (
        <form onSubmit={authenticator.confirm} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
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
                onChange={(e) => authenticator.typeCode(e.target.value)}
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
              <Button tone="ghost" onClick={() => void authenticator.cancel()} disabled={busy}>
                Cancel
              </Button>
            </div>
          </div>
        </form>
      )}
    </section>
  );
}
