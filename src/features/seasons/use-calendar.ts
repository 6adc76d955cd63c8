/**
 * The calendar's data for its islands: the edition page's edition (the id from `?id=` and its row; an id the
 * database does not know, or a link with no id, is `missing`) and the staff console's calendar.
 */
import { useEffect, useState } from 'react';
import { onDemand } from '@/lib/on-demand';
import { useLoad } from '@/lib/use-island-data';
import type { EditionRow } from './calendar.api';

const api = onDemand(() => import('./calendar.api'));

export type EditionState =
  | { status: 'loading' }
  | { status: 'missing'; id: string | null }
  | { status: 'error'; message: string }
  | { status: 'ready'; edition: EditionRow };

export function useEdition(): EditionState {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id') || null), []);
  const [load] = useLoad(() => (id ? api().then((calls) => calls.fetchEdition(id)) : new Promise<never>(() => undefined)), id ?? null);
  if (id === null) return { status: 'missing', id: null };
  if (id === undefined || load.status === 'loading') return { status: 'loading' };
  if (load.status === 'error') return { status: 'error', message: load.message };
  return load.value ? { status: 'ready', edition: load.value } : { status: 'missing', id };
}

/** The staff console's calendar: the editions the recurring series create next, and the overrides. */
export function useStaffCalendar() {
  const [calendar] = useLoad(() => api().then((calls) => calls.fetchStaffCalendar()));
  return calendar;
}
