/**
 * /login and /register: one screen, three steps, no app switching on a phone.
 *   1. e-mail → Supabase e-mails a 6-digit code (new players get an account on the way);
 *   2. the code, typed on this same screen, with a 60 s resend countdown;
 *   3. only for players with an authenticator app: its code (challenge + verify → aal2).
 * Then back to the page that sent the player here (`?next=`, same-site paths only).
 * `/login?signout=1` is where the header's "Log out" leads: it signs out, then offers sign-in.
 */
import { Button } from '@/components/ui/Button';
import Toaster from '@/components/ui/Toaster';
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { CODE_LENGTH } from './auth';
import { SIGN_IN_WORDS, signInErrorIn } from './sign-in-words';
import { useSignIn } from './use-sign-in';

type Mode = 'sign-in' | 'sign-up';

interface Props {
  mode: Mode;
  googleSignInEnabled: boolean;
}

/** Where the other mode lives: sign-in links to sign-up and back. */
const SWITCH_HREF: Record<Mode, string> = { 'sign-in': ROUTES.register.path, 'sign-up': ROUTES.login.path };

export default function SignInIsland({ mode, googleSignInEnabled }: Props) {
  const signIn = useSignIn();
  const { step, email, code, error, busy, signingOut, hydrated } = signIn.state;
  const { next, secondsLeft, codeInput, emailInput } = signIn;
  const lang = useStore($lang);
  const w = SIGN_IN_WORDS[lang];
  const text = w.modes[mode];
  const shownError = error && signInErrorIn(w, error);

  const home = signIn.defaultNext;
  const switchPath = localePath(SWITCH_HREF[mode], lang);
  const switchHref = next === home ? switchPath : `${switchPath}?next=${encodeURIComponent(next)}`;

  return (
    <div className="card w-full max-w-md p-6 sm:p-8">
      <Toaster />
      {step === 'email' && (
        <>
          <p className="eyebrow">{text.eyebrow}</p>
          <h1 className="section-title mt-2 text-4xl">{text.title}</h1>
          <p className="mt-3 text-mist">{text.intro}</p>
          <form className="mt-6 flex flex-col gap-4" onSubmit={signIn.sendCode} noValidate>
            <label className="flex flex-col gap-2 text-sm font-semibold">
              {w.email}
              <input
                ref={emailInput}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(e) => signIn.typeEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'sign-in-error' : undefined}
                placeholder="you@example.com"
                className="min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk placeholder:text-mist/60 focus:border-lime"
              />
            </label>
            {shownError && <ErrorText>{shownError}</ErrorText>}
            {/* Disabled until the island runs, so an early tap can't submit the bare HTML form. */}
            <Button
              type="submit"
              tone="primary"
              className="w-full"
              disabled={!hydrated || signingOut}
              busy={busy}
              busyLabel={w.sendingCode}
            >
              {w.sendCode}
            </Button>
          </form>
          {googleSignInEnabled && (
            <>
              <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-widest text-mist">
                <span className="h-px flex-1 bg-line" /> {w.or} <span className="h-px flex-1 bg-line" />
              </div>
              <Button tone="ghost" className="w-full" onClick={signIn.continueWithGoogle}>
                <GoogleMark /> {w.google}
              </Button>
            </>
          )}
          <p className="mt-6 text-center text-sm text-mist">
            {text.switchText}{' '}
            <a href={switchHref} className="font-bold text-lime underline-offset-4 hover:underline">
              {text.switchLink}
            </a>
          </p>
        </>
      )}

      {(step === 'code' || step === 'authenticator') && (
        <>
          <p className="eyebrow">{step === 'code' ? w.checkInbox : w.twoStep}</p>
          <h1 className="section-title mt-2 text-4xl">{step === 'code' ? w.enterCode : w.authenticatorCode}</h1>
          <p className="mt-3 text-mist">
            {step === 'code' ? (
              <>
                {w.codeSentTo[0]}
                <strong className="break-all text-chalk">{email}</strong>
                {w.codeSentTo[1]}
              </>
            ) : (
              w.openAuthenticator
            )}
          </p>
          <form
            className="mt-6 flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void signIn.verify(code);
            }}
            noValidate
          >
            <label className="flex flex-col gap-2 text-sm font-semibold">
              {step === 'code' ? w.codeFromEmail : w.codeFromApp}
              <input
                ref={codeInput}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={CODE_LENGTH + 6}
                value={code}
                onChange={(e) => signIn.typeCode(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'sign-in-error' : undefined}
                placeholder="••••••"
                className="min-h-14 rounded-xl border border-line bg-night px-4 text-center font-mono text-2xl tracking-[0.5em] text-chalk placeholder:text-mist/50 focus:border-lime"
              />
            </label>
            {shownError && <ErrorText>{shownError}</ErrorText>}
            <Button type="submit" tone="primary" className="w-full" busy={busy} busyLabel={w.checking}>
              {w.verify}
            </Button>
          </form>
          {step === 'code' ? (
            <div className="mt-5 flex flex-col items-center gap-2 text-sm">
              <button
                type="button"
                className="font-bold text-lime underline-offset-4 enabled:hover:underline disabled:font-semibold disabled:text-mist"
                disabled={secondsLeft > 0 || busy}
                onClick={() => void signIn.sendCode()}
              >
                {secondsLeft > 0 ? w.resendIn(secondsLeft) : w.resend}
              </button>
              <button
                type="button"
                className="text-mist underline-offset-4 hover:text-chalk hover:underline"
                onClick={signIn.chooseDifferentEmail}
              >
                {w.differentEmail}
              </button>
            </div>
          ) : (
            <div className="mt-5 text-center text-sm">
              <button
                type="button"
                className="text-mist underline-offset-4 hover:text-chalk hover:underline"
                onClick={() => void signIn.cancelSecondFactor()}
              >
                {w.cancelSignOut}
              </button>
            </div>
          )}
        </>
      )}

      {step === 'leaving' && (
        <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
          <span className="spinner" aria-hidden="true" />
          <p className="font-semibold">{w.leaving}</p>
        </div>
      )}
    </div>
  );
}

function ErrorText({ children }: { children: string }) {
  return (
    <p id="sign-in-error" role="alert" className="rounded-xl border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger">
      {children}
    </p>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  );
}
