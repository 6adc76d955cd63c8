/**
 * The refunds after a cancellation: their progress, asked again every couple of seconds while some are in
 * the queue, and a retry of the failed ones. `onSettled` runs when the last refund leaves the queue, so the
 * entries' payment column and the audit log can catch up.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '@/lib/error-text';
import { STAFF_MESSAGES, shouldPollRefunds } from './staff';
import type { RefundProgress } from './staff.schemas';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./staff.api'));

/** How often the refund bar asks again while refunds are in the queue. */
const REFUND_POLL_MS = 2000;

export function useRefundProgress(tournamentId: string, onSettled: () => void) {
  const [progress, setProgress] = useState<RefundProgress | null>(null);
  const [retrying, setRetrying] = useState(false);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  const reload = useCallback(async () => {
    try {
      setProgress(await (await api()).fetchRefundProgress(tournamentId));
    } catch (error) {
      // The bar is extra information: the entries' payment column still says where each refund is.
      console.error('Refund progress could not be read', error);
    }
  }, [tournamentId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const polling = shouldPollRefunds(progress);
  useEffect(() => {
    if (!polling) return;
    const timer = window.setInterval(() => void reload(), REFUND_POLL_MS);
    return () => window.clearInterval(timer);
  }, [polling, reload]);
  const wasPolling = useRef(false);
  useEffect(() => {
    if (wasPolling.current && !polling) onSettledRef.current();
    wasPolling.current = polling;
  }, [polling]);

  /** Puts the failed refunds back in the queue; answers the sentence for the panel's notice either way. */
  const retry = useCallback(async (): Promise<string> => {
    setRetrying(true);
    try {
      const { retried } = await (await api()).retryRefunds(tournamentId);
      await reload();
      return `${retried} failed ${retried === 1 ? 'refund is' : 'refunds are'} back in the queue.`;
    } catch (error) {
      return errorText(error, STAFF_MESSAGES);
    } finally {
      setRetrying(false);
    }
  }, [tournamentId, reload]);

  return { progress, retrying, retry, reload };
}
