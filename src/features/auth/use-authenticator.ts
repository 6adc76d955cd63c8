/**
 * The player's authenticator app: whether one is set up, adding one (the QR code and secret, then a
 * first code to prove it) and removing one. Failures are worded as the sign-in screen words them.
 */
import { type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { showToast } from '@/stores/toast';
import { AUTH_FAILURE_MESSAGES, type AuthErrorLike, CODE_LENGTH, classifyAuthError, isCompleteCode, normaliseCode } from './auth';
import type { Authenticator, PendingEnrolment } from './auth.api';
import { onDemand } from '@/lib/on-demand';

export type AuthenticatorView =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'enrolling'; pending: PendingEnrolment }
  | { kind: 'on'; factor: Authenticator }
  | { kind: 'error' };

const api = onDemand(() => import('./auth.api'));

function messageFor(error: unknown): string {
  return AUTH_FAILURE_MESSAGES[classifyAuthError((error ?? {}) as AuthErrorLike)];
}

export function useAuthenticator() {
  const [view, setView] = useState<AuthenticatorView>({ kind: 'loading' });
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

  return {
    view,
    code,
    typeCode: (raw: string) => setCode(normaliseCode(raw)),
    error,
    busy,
    start,
    confirm,
    remove,
    /** Stops adding one: back to what is set up. */
    cancel: refresh,
  };
}
