/**
 * The sign-in screen's state, as one reducer: which step the player is on, what they typed, what is
 * in flight, and the error they read. The island only performs the calls an event asks for; every
 * transition is here, pure, and unit-tested (sign-in-flow.test.ts).
 *
 * Steps: `email` → (code sent) `code` → (authenticator enrolled) `authenticator` → `leaving`.
 */
import { AUTH_FAILURE_MESSAGES, CODE_LENGTH, isCompleteCode, isPlausibleEmail, normaliseCode } from './auth';

type SignInStep = 'email' | 'code' | 'authenticator' | 'leaving';

export interface SignInState {
  step: SignInStep;
  email: string;
  code: string;
  error: string | null;
  /** A call to the server is in flight: buttons wait. */
  busy: boolean;
  /** Signing out first (`/login?signout=1`). */
  signingOut: boolean;
  /** The island has started: before that the form must not submit as plain HTML. */
  hydrated: boolean;
  /** When the last code was sent (ms), for the resend countdown. */
  sentAt: number | null;
  /** The code last sent for checking, so an unchanged code is not sent twice. */
  lastSubmittedCode: string | null;
}

export type SignInEvent =
  | { type: 'started'; typedEmail: string; signingOut: boolean }
  | { type: 'emailTyped'; email: string }
  | { type: 'codeTyped'; raw: string }
  | { type: 'sendRequested' }
  | { type: 'codeSent'; at: number }
  | { type: 'verifyRequested'; code: string }
  | { type: 'authenticatorRequired' }
  | { type: 'signedIn' }
  | { type: 'failed'; message: string }
  | { type: 'differentEmailChosen' }
  | { type: 'signOutFinished' }
  | { type: 'cancelRequested' }
  | { type: 'cancelled' }
  /** The shared session changed: someone arriving signed in leaves, or owes their authenticator code. */
  | { type: 'sessionSeen'; signedIn: boolean; owesSecondStep: boolean };

export const initialSignInState: SignInState = {
  step: 'email',
  email: '',
  code: '',
  error: null,
  busy: false,
  signingOut: false,
  hydrated: false,
  sentAt: null,
  lastSubmittedCode: null,
};

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'started':
      // A fast typist (or a slow phone) may have typed before the island woke up: keep it.
      return { ...state, hydrated: true, signingOut: event.signingOut, email: event.typedEmail || state.email };
    case 'emailTyped':
      return { ...state, email: event.email };
    case 'codeTyped':
      return { ...state, code: normaliseCode(event.raw) };
    case 'sendRequested':
      if (!isPlausibleEmail(state.email)) return { ...state, error: AUTH_FAILURE_MESSAGES['invalid-email'] };
      return { ...state, error: null, busy: true };
    case 'codeSent':
      return { ...state, step: 'code', busy: false, sentAt: event.at, code: '', lastSubmittedCode: null };
    case 'verifyRequested':
      if (!isCompleteCode(event.code)) return { ...state, error: `Enter the ${CODE_LENGTH}-digit code.` };
      return { ...state, error: null, busy: true, lastSubmittedCode: event.code };
    case 'authenticatorRequired':
      return { ...state, step: 'authenticator', busy: false, code: '', lastSubmittedCode: null };
    case 'signedIn':
      return { ...state, step: 'leaving', busy: false };
    case 'failed':
      return { ...state, busy: false, error: event.message };
    case 'differentEmailChosen':
      return { ...state, step: 'email', error: null };
    case 'signOutFinished':
      return { ...state, signingOut: false };
    case 'cancelRequested':
      return { ...state, busy: true };
    case 'cancelled':
      return { ...state, busy: false, code: '', step: 'email' };
    case 'sessionSeen':
      // Only on the first step: later steps decide for themselves once the server has answered.
      if (state.step !== 'email' || state.signingOut || state.busy) return state;
      if (event.owesSecondStep) return { ...state, step: 'authenticator' };
      if (event.signedIn) return { ...state, step: 'leaving' };
      return state;
  }
}

/** Whether a typed code should be checked at once (complete, new, nothing in flight): one less tap on a phone. */
export function shouldVerifyTypedCode(state: SignInState): boolean {
  return isCompleteCode(state.code) && state.code !== state.lastSubmittedCode && !state.busy;
}
