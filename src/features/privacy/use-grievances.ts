/**
 * The grievance page: whether the visitor is signed in (then their tickets load, and the e-mail field is
 * optional), the form's state and the receipt of a ticket just filed. The data module loads with the island.
 */
import { useEffect, useState } from 'react';
import { errorText } from '@/lib/error-text';
import { type GrievanceForm, grievanceFormProblem } from './privacy';
import type { Grievance, GrievanceReceipt } from './privacy.api';
import { onDemand } from '@/lib/on-demand';
import { useMessages } from '@/lib/i18n/use-messages';
import { GRIEVANCE_WORDS } from './grievance-words';

const api = onDemand(() => import('./privacy.api'));

type Mine =
  | { status: 'loading' }
  | { status: 'visitor' }
  | { status: 'ready'; tickets: Grievance[] }
  | { status: 'failed'; message: string };

/** The visitor's own tickets, or that they are not signed in. */
async function readMine(): Promise<Mine> {
  try {
    const calls = await api();
    if (!(await calls.signedIn())) return { status: 'visitor' };
    return { status: 'ready', tickets: await calls.fetchMyGrievances() };
  } catch (error) {
    return { status: 'failed', message: errorText(error) };
  }
}

export function useGrievances() {
  const [mine, setMine] = useState<Mine>({ status: 'loading' });
  const [form, setForm] = useState<GrievanceForm>({ subject: '', body: '', email: '' });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<GrievanceReceipt | null>(null);
  // Until the island runs, the server-rendered form would send itself as a plain GET: its button waits.
  const [hydrated, setHydrated] = useState(false);
  const words = useMessages(GRIEVANCE_WORDS);

  useEffect(() => {
    setHydrated(true);
    void readMine().then(setMine);
  }, []);

  const change = (field: keyof GrievanceForm, value: string) => setForm((current) => ({ ...current, [field]: value }));

  async function submit() {
    const found = grievanceFormProblem(form, mine.status !== 'ready', words.problems);
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      const answer = await (await api()).submitGrievance(form.subject.trim(), form.body.trim(), form.email.trim() || null);
      setReceipt(answer);
      setForm({ subject: '', body: '', email: '' });
      if (mine.status === 'ready') setMine(await readMine());
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setSending(false);
    }
  }

  return { mine, hydrated, form, change, submit, sending, problem, receipt, fileAnother: () => setReceipt(null) };
}
