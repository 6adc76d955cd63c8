/**
 * The sign-in screen's calls and timers around its reducer (sign-in-flow.ts): reading the address (where
 * to go afterwards, a sign-out visit, a guard's toast), sending and checking codes, the authenticator
 * step, Google, the resend countdown, and leaving once signed in.
 */
import { type SubmitEvent, useEffect, useReducer, useRef, useState } from 'react';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { isSignedIn, signOut } from '@/stores/session';
import { showToast } from '@/stores/toast';
import { useSession } from '@/stores/use-session';
import {
  AUTH_FAILURE_MESSAGES,
  type AuthErrorLike,
  classifyAuthError,
  DEFAULT_AFTER_SIGN_IN,
  isCompleteCode,
  isPlausibleEmail,
  safeNextPath,
  secondsUntilResend,
} from './auth';
import { takeFlashMessage } from './guard';
import { initialSignInState, shouldVerifyTypedCode, signInReducer } from './sign-in-flow';
import { SIGN_IN_WORDS } from './sign-in-words';
import { onDemand } from '@/lib/on-demand';

function messageFor(error: unknown): string {
  return AUTH_FAILURE_MESSAGES[classifyAuthError((error ?? {}) as AuthErrorLike)];
}

/** Lazy so that the first paint of the form does not wait for supabase-js. */
const authApi = onDemand(() => import('./auth.api'));

export function useSignIn() {
  const session = useSession();
  const [state, dispatch] = useReducer(signInReducer, initialSignInState);
  const { step, email, sentAt } = state;
  const [now, setNow] = useState(() => Date.now());
  // A Hindi sign-in page sends the player on to the Hindi pages.
  const defaultNext = localePath(DEFAULT_AFTER_SIGN_IN, $lang.get());
  const [next, setNext] = useState(defaultNext);
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  // Read the address once: where to go afterwards, and whether this visit is a sign-out.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const signingOutNow = params.has('signout');
    dispatch({ type: 'started', typedEmail: emailInput.current?.value ?? '', signingOut: signingOutNow });
    setNext(safeNextPath(params.get('next'), defaultNext));
    const flash = takeFlashMessage();
    if (flash) showToast(flash, 'info', 6000);
    if (signingOutNow) {
      signOut()
        .then(() => showToast(SIGN_IN_WORDS[$lang.get()].loggedOut, 'success'))
        .catch(() => showToast(SIGN_IN_WORDS[$lang.get()].somethingWrong, 'error'))
        .finally(() => {
          params.delete('signout');
          const query = params.toString();
          window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
          dispatch({ type: 'signOutFinished' });
        });
    }
    // `defaultNext` is the page's language's home: fixed for the page's life, so this still runs once.
  }, [defaultNext]);

  // Arriving already signed in: leave at once, or ask for the authenticator code still owed.
  const signedIn = isSignedIn(session);
  const owesSecondStep = session.status === 'second-step';
  useEffect(() => {
    dispatch({ type: 'sessionSeen', signedIn, owesSecondStep });
  }, [signedIn, owesSecondStep]);

  useEffect(() => {
    if (step === 'leaving') window.location.replace(next);
  }, [step, next]);

  // The resend countdown ticks only while it matters.
  const secondsLeft = sentAt === null ? 0 : secondsUntilResend(sentAt, now);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  useEffect(() => {
    if (step === 'code' || step === 'authenticator') codeInput.current?.focus();
  }, [step]);

  async function sendCode(event?: SubmitEvent) {
    event?.preventDefault();
    dispatch({ type: 'sendRequested' });
    if (!isPlausibleEmail(email)) return;
    try {
      await (await authApi()).sendSignInCode(email);
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'codeSent', at });
    } catch (err) {
      dispatch({ type: 'failed', message: messageFor(err) });
    }
  }

  async function verify(value: string) {
    dispatch({ type: 'verifyRequested', code: value });
    if (!isCompleteCode(value)) return;
    try {
      const api = await authApi();
      if (step === 'code') {
        await api.verifySignInCode(email, value);
        // Ask the server (not the cached session) whether an authenticator guards this account.
        const hasAuthenticator = (await api.listAuthenticators()).some((f) => f.status === 'verified');
        if (hasAuthenticator) {
          dispatch({ type: 'authenticatorRequired' });
          return;
        }
      } else {
        await api.verifyAuthenticatorCode(value);
      }
      dispatch({ type: 'signedIn' });
    } catch (err) {
      dispatch({ type: 'failed', message: messageFor(err) });
    }
  }

  function typeCode(raw: string) {
    const typed = signInReducer(state, { type: 'codeTyped', raw });
    dispatch({ type: 'codeTyped', raw });
    // A complete code (typed or pasted from the e-mail) is sent at once: one less tap on a phone.
    if (shouldVerifyTypedCode(typed)) void verify(typed.code);
  }

  async function continueWithGoogle() {
    try {
      const back = `${window.location.origin}${ROUTES.login.path}?next=${encodeURIComponent(next)}`;
      await (await authApi()).signInWithGoogle(back);
    } catch (err) {
      dispatch({ type: 'failed', message: messageFor(err) });
    }
  }

  async function cancelSecondFactor() {
    dispatch({ type: 'cancelRequested' });
    try {
      await signOut();
    } finally {
      dispatch({ type: 'cancelled' });
    }
  }

  return {
    defaultNext,
    state,
    next,
    secondsLeft,
    codeInput,
    emailInput,
    typeEmail: (value: string) => dispatch({ type: 'emailTyped', email: value }),
    typeCode,
    sendCode,
    verify,
    continueWithGoogle,
    cancelSecondFactor,
    chooseDifferentEmail: () => dispatch({ type: 'differentEmailChosen' }),
  };
}
