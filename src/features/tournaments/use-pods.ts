/**
 * Pods' data for their islands: the pod page's pod (named by `?id=`; `missing` for a link with no id or an
 * unknown one) and a series page's pods, newest first. The islands only render.
 */
import { useEffect, useState } from 'react';
import { onDemand } from '@/lib/on-demand';
import type { PodRow } from './pods.api';

const api = onDemand(() => import('./pods.api'));

export type PodLoad = { status: 'loading' } | { status: 'ready'; pod: PodRow } | { status: 'missing' } | { status: 'error' };

export function usePod(): PodLoad {
  const [load, setLoad] = useState<PodLoad>({ status: 'loading' });
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id')?.trim();
    if (!id) {
      setLoad({ status: 'missing' });
      return;
    }
    api()
      .then((calls) => calls.fetchPod(id))
      .then((found) => setLoad(found ? { status: 'ready', pod: found } : { status: 'missing' }))
      .catch(() => setLoad({ status: 'error' }));
  }, []);
  return load;
}

export type PodsLoad = { status: 'loading' } | { status: 'ready'; pods: PodRow[] } | { status: 'error' };

export function usePodsOfSeries(seriesId: string): PodsLoad {
  const [load, setLoad] = useState<PodsLoad>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    api()
      .then((calls) => calls.fetchPodsOfSeries(seriesId))
      .then((pods) => !cancelled && setLoad({ status: 'ready', pods }))
      .catch(() => !cancelled && setLoad({ status: 'error' }));
    return () => {
      cancelled = true;
    };
  }, [seriesId]);
  return load;
}
