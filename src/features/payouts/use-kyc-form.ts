/**
 * The KYC form: the PAN and UPI id as typed, their problems (shown once a field is finished or the form is
 * sent), and sending them for verification.
 */
import { type SubmitEvent, useState } from 'react';
import { useAction } from '@/lib/use-island-data';
import { normalisePan, normaliseUpiId, PAYOUT_MESSAGES, panProblem, upiIdProblem } from './payouts';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./payouts.api'));

export function useKycForm(onSubmitted: () => void) {
  const [pan, setPanText] = useState('');
  const [upiId, setUpiText] = useState('');
  const [touched, setTouched] = useState({ pan: false, upi: false });
  const action = useAction(PAYOUT_MESSAGES);
  const cleanPan = normalisePan(pan);
  const cleanUpi = normaliseUpiId(upiId);
  const panCheck = panProblem(cleanPan);
  const upiCheck = upiIdProblem(cleanUpi);

  // A PAN is judged once all ten characters are in, a UPI id once its bank handle is typed.
  const setPan = (value: string) => {
    setPanText(value.toUpperCase());
    if (normalisePan(value).length >= 10) setTouched((was) => ({ ...was, pan: true }));
  };
  const setUpiId = (value: string) => {
    setUpiText(value);
    if (/@[a-zA-Z]{2,}/.test(value)) setTouched((was) => ({ ...was, upi: true }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ pan: true, upi: true });
    if (panCheck || upiCheck) return;
    void action.run(async () => {
      await (await api()).submitKyc(cleanPan, cleanUpi);
      onSubmitted();
    });
  };

  return {
    pan,
    setPan,
    upiId,
    setUpiId,
    panProblem: touched.pan ? panCheck : null,
    upiProblem: touched.upi ? upiCheck : null,
    submit,
    busy: action.busy,
    error: action.error,
  };
}
