/**
 * The console's privacy section: the grievance queue with acknowledge and resolve, and the search for the
 * people whose data of a kind was touched in a window (for breach reports). Admins of the whole platform at
 * aal2; the database checks and audits.
 */
import { useEffect, useState } from 'react';
import { errorText } from '@/lib/error-text';
import type { StaffGrievance, TouchedPerson } from './privacy.api';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./privacy.api'));

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

async function readQueue(includeResolved: boolean): Promise<Load<StaffGrievance[]>> {
  try {
    return { status: 'ready', value: await (await api()).listGrievances(includeResolved) };
  } catch (error) {
    return { status: 'error', message: errorText(error) };
  }
}

export function useGrievanceQueue() {
  const [queue, setQueue] = useState<Load<StaffGrievance[]>>({ status: 'loading' });
  const [includeResolved, setIncludeResolved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    void readQueue(includeResolved).then(setQueue);
  }, [includeResolved]);

  async function act(ticketId: string, action: 'acknowledge' | 'resolve', text: string) {
    setBusy(ticketId);
    try {
      const calls = await api();
      if (action === 'acknowledge') await calls.acknowledgeGrievance(ticketId, text);
      else await calls.resolveGrievance(ticketId, text);
      setNotice(`${ticketId} ${action === 'acknowledge' ? 'acknowledged' : 'resolved'}: the filer gets an e-mail.`);
      setQueue(await readQueue(includeResolved));
      return true;
    } catch (error) {
      setNotice(errorText(error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { queue, includeResolved, setIncludeResolved, notice, busy, act };
}

export function usePeopleTouched() {
  const [kinds, setKinds] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Load<TouchedPerson[]> | null>(null);

  useEffect(() => {
    api()
      .then((calls) => calls.fetchIncidentDataKinds())
      .then(setKinds)
      .catch((error: unknown) => setResult({ status: 'error', message: errorText(error) }));
  }, []);

  async function search(kind: string, from: string, to: string) {
    setResult({ status: 'loading' });
    try {
      setResult({ status: 'ready', value: await (await api()).listPeopleTouched(kind, from, to) });
    } catch (error) {
      setResult({ status: 'error', message: errorText(error) });
    }
  }

  return { kinds, result, search };
}
