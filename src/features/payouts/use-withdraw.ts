/**
 * The withdraw card's flow (payouts.ts' withdrawReducer): the amount typed, the preview with its tax, then
 * the confirmed request. One idempotency key per attempt, made when the preview arrives.
 */
import { type SubmitEvent, useReducer, useRef, useState } from 'react';
import { describeFailure } from '@/lib/describe-failure';
import { amountProblem, PAYOUT_MESSAGES, rupeesTextToPaise, WITHDRAW_START, withdrawReducer } from './payouts';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./payouts.api'));

export function useWithdraw(balancePaise: number, onRequested: () => void) {
  const [state, dispatch] = useReducer(withdrawReducer, WITHDRAW_START);
  const [touched, setTouched] = useState(false);
  const sending = useRef(false);
  const amountPaise = state.step === 'editing' ? rupeesTextToPaise(state.amountText) : null;
  const problem = state.step === 'editing' ? amountProblem(amountPaise, balancePaise) : null;

  async function preview(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (state.step !== 'editing' || problem || amountPaise === null) return;
    dispatch({ type: 'preview', amountPaise });
    try {
      const answer = await (await api()).previewPayout(amountPaise);
      dispatch({ type: 'preview-ok', preview: answer, key: crypto.randomUUID() });
    } catch (failure) {
      dispatch({ type: 'preview-failed', message: await describeFailure(failure, PAYOUT_MESSAGES) });
    }
  }

  async function confirm() {
    // The reducer ignores a second click; the ref keeps a second call from leaving before React re-renders.
    if (state.step !== 'confirming' || sending.current) return;
    sending.current = true;
    const { preview: shown, key } = state;
    dispatch({ type: 'confirm' });
    try {
      const result = await (await api()).requestPayout(shown.gross_paise, key);
      dispatch({ type: 'request-ok', result });
      onRequested();
    } catch (failure) {
      dispatch({ type: 'request-failed', message: await describeFailure(failure, PAYOUT_MESSAGES) });
    } finally {
      sending.current = false;
    }
  }

  return {
    state,
    /** The amount's problem, once the player typed something or tried to send. */
    problem: touched || (state.step === 'editing' && state.amountText !== '') ? problem : null,
    edit: (amountText: string) => dispatch({ type: 'edit', amountText }),
    back: () => dispatch({ type: 'back' }),
    preview,
    confirm,
  };
}
