/**
 * Deleting the account from the profile page: what the database says now (scheduled, or what stands in
 * the way), and the steps of confirming: a fresh e-mail code (and, for staff, the authenticator app), then
 * the request. Cancelling is one press.
 */
import { useEffect, useState } from 'react';
import { DELETION_WORDS } from './deletion-words';
import { useMessages } from '@/lib/i18n/use-messages';
import { ApiError } from '@/lib/api-answer';
import { useAction, useLoad } from '@/lib/use-island-data';
import { showToast } from '@/stores/toast';
import { DELETION_CHANGED_EVENT, SECOND_STEP_HINT } from './account-deletion';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./profile.api'));

export type DeletionStep = 'idle' | 'explained' | 'code-sent' | 'second-step';

export function useAccountDeletion(email: string | null) {
  const [state, reload] = useLoad(() => api().then((calls) => calls.fetchMyAccountDeletion()));
  const [step, setStep] = useState<DeletionStep>('idle');
  const [code, setCode] = useState('');
  const [authenticatorCode, setAuthenticatorCode] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const action = useAction();
  const w = useMessages(DELETION_WORDS);

  useEffect(() => {
    window.addEventListener(DELETION_CHANGED_EVENT, reload);
    return () => window.removeEventListener(DELETION_CHANGED_EVENT, reload);
  }, [reload]);

  async function request() {
    try {
      await (await api()).requestAccountDeletion(forfeit);
    } catch (failure) {
      if (failure instanceof ApiError && failure.hint === SECOND_STEP_HINT) {
        setStep('second-step');
        return false;
      }
      // Something opened meanwhile (a prize, an entry): the section shows it in words.
      reload();
      throw failure;
    }
    setStep('idle');
    setCode('');
    setAuthenticatorCode('');
    window.dispatchEvent(new Event(DELETION_CHANGED_EVENT));
    showToast(w.scheduled, 'success', 8000);
    return true;
  }

  async function sendCode() {
    if (!email) return;
    const sent = await action.run(async () => {
      await (await api()).sendDeletionCode();
      return true;
    });
    if (sent) setStep('code-sent');
  }

  async function confirmCode(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!email) return;
    await action.run(async () => {
      await (await api()).confirmDeletionCode(code);
      return request();
    });
  }

  async function confirmSecondStep(event: { preventDefault: () => void }) {
    event.preventDefault();
    await action.run(async () => {
      await (await import('@/features/auth/auth.api')).verifyAuthenticatorCode(authenticatorCode.trim());
      return request();
    });
  }

  async function cancel() {
    const done = await action.run(async () => {
      await (await api()).cancelAccountDeletion();
      return true;
    });
    if (!done) return;
    window.dispatchEvent(new Event(DELETION_CHANGED_EVENT));
    showToast(w.cancelled, 'success');
  }

  function close() {
    setStep('idle');
    setCode('');
    action.clearError();
  }

  return {
    state,
    step,
    setStep,
    code,
    setCode,
    authenticatorCode,
    setAuthenticatorCode,
    forfeit,
    setForfeit,
    sendCode,
    confirmCode,
    confirmSecondStep,
    cancel,
    close,
    busy: action.busy,
    error: action.error,
  };
}

/**
 * The banner of a scheduled deletion on the player's pages: when the account will be erased (null while
 * nothing is scheduled), and cancelling it, which every other deletion view on the page hears about.
 */
export function useScheduledDeletion() {
  const [state, reload] = useLoad(() => api().then((calls) => calls.fetchMyAccountDeletion()));
  const action = useAction();
  const w = useMessages(DELETION_WORDS);

  useEffect(() => {
    window.addEventListener(DELETION_CHANGED_EVENT, reload);
    return () => window.removeEventListener(DELETION_CHANGED_EVENT, reload);
  }, [reload]);

  async function cancel() {
    const done = await action.run(async () => {
      await (await api()).cancelAccountDeletion();
      return true;
    });
    if (!done) return;
    window.dispatchEvent(new Event(DELETION_CHANGED_EVENT));
    showToast(w.cancelled, 'success');
  }

  const eraseAt = state.status === 'ready' && state.value.status === 'scheduled' ? state.value.erase_at : null;
  return { eraseAt, busy: action.busy, error: action.error, cancel };
}
