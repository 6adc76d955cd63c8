import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_MESSAGES } from './auth';
import { initialSignInState, shouldVerifyTypedCode, signInReducer, type SignInEvent, type SignInState } from './sign-in-flow';

const run = (events: SignInEvent[], from: SignInState = initialSignInState) => events.reduce(signInReducer, from);
const started: SignInEvent = { type: 'started', typedEmail: '', signingOut: false };

describe('sign-in flow', () => {
  it('keeps an address typed before the island started', () => {
    expect(run([{ type: 'started', typedEmail: 'early@golazo.test', signingOut: false }])).toMatchObject({
      hydrated: true,
      email: 'early@golazo.test',
    });
  });

  it('refuses an implausible address without calling the server', () => {
    const state = run([started, { type: 'emailTyped', email: 'not-an-address' }, { type: 'sendRequested' }]);
    expect(state).toMatchObject({ step: 'email', busy: false, error: AUTH_FAILURE_MESSAGES['invalid-email'] });
  });

  it('goes from the e-mail to the code step once the code is sent, with the countdown started', () => {
    const sending = run([started, { type: 'emailTyped', email: 'player@golazo.test' }, { type: 'sendRequested' }]);
    expect(sending).toMatchObject({ busy: true, error: null });
    expect(signInReducer(sending, { type: 'codeSent', at: 1_000 })).toMatchObject({ step: 'code', busy: false, sentAt: 1_000, code: '' });
  });

  it('keeps only digits of a pasted code and checks a complete one once', () => {
    const onCode = run([started, { type: 'emailTyped', email: 'p@golazo.test' }, { type: 'sendRequested' }, { type: 'codeSent', at: 0 }]);
    const typed = signInReducer(onCode, { type: 'codeTyped', raw: '12 34-56' });
    expect(typed.code).toBe('123456');
    expect(shouldVerifyTypedCode(typed)).toBe(true);
    const checking = signInReducer(typed, { type: 'verifyRequested', code: '123456' });
    expect(checking).toMatchObject({ busy: true, lastSubmittedCode: '123456' });
    // A wrong code stays on screen; typing the same digits again does not send them twice.
    const wrong = signInReducer(checking, { type: 'failed', message: 'That code is wrong.' });
    expect(shouldVerifyTypedCode(signInReducer(wrong, { type: 'codeTyped', raw: '123456' }))).toBe(false);
    expect(shouldVerifyTypedCode(signInReducer(wrong, { type: 'codeTyped', raw: '123457' }))).toBe(true);
  });

  it('asks for the whole code before checking it', () => {
    expect(signInReducer(initialSignInState, { type: 'verifyRequested', code: '123' })).toMatchObject({
      busy: false,
      error: 'Enter the 6-digit code.',
    });
  });

  it('asks players with an authenticator app for its code, then leaves', () => {
    const second = run([started, { type: 'verifyRequested', code: '123456' }, { type: 'authenticatorRequired' }]);
    expect(second).toMatchObject({ step: 'authenticator', code: '', busy: false, lastSubmittedCode: null });
    expect(signInReducer(second, { type: 'signedIn' }).step).toBe('leaving');
  });

  it('cancelling the second step signs out and returns to the e-mail step', () => {
    const second = run([started, { type: 'authenticatorRequired' }, { type: 'codeTyped', raw: '12' }, { type: 'cancelRequested' }]);
    expect(second.busy).toBe(true);
    expect(signInReducer(second, { type: 'cancelled' })).toMatchObject({ step: 'email', code: '', busy: false });
  });

  it('a player arriving signed in leaves at once; one owing the authenticator code is asked for it', () => {
    expect(run([started, { type: 'sessionSeen', signedIn: true, owesSecondStep: false }]).step).toBe('leaving');
    expect(run([started, { type: 'sessionSeen', signedIn: false, owesSecondStep: true }]).step).toBe('authenticator');
    expect(run([started, { type: 'sessionSeen', signedIn: false, owesSecondStep: false }]).step).toBe('email');
  });

  it('a session arriving mid-sign-in or during sign-out does not move the screen on its own', () => {
    const signingOut = run([
      { type: 'started', typedEmail: '', signingOut: true },
      { type: 'sessionSeen', signedIn: true, owesSecondStep: false },
    ]);
    expect(signingOut.step).toBe('email');
    const checking = run([
      started,
      { type: 'verifyRequested', code: '123456' },
      { type: 'sessionSeen', signedIn: true, owesSecondStep: false },
    ]);
    expect(checking.step).toBe('email');
    expect(run([{ type: 'signOutFinished' }], signingOut).signingOut).toBe(false);
  });
});
