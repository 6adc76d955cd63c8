/**
 * The player page's data: the id from `?id=` and get_player's answer. An id the database does not know
 * (or a player it keeps off public pages) is `missing`, like a link with no id.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-answer';
import { useLoad } from '@/lib/use-island-data';
import type { PlayerPage } from './seasons';

export type PlayerState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: PlayerPage };

const MISSING = Symbol('missing');

export function usePlayer(): PlayerState {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id')?.trim() || null), []);
  const [load] = useLoad<PlayerPage | typeof MISSING>(
    () =>
      id
        ? import('./seasons.api').then((api) =>
            api.fetchPlayer(id).catch((error: unknown) => {
              if (error instanceof ApiError && error.hint === 'player_not_found') return MISSING;
              throw error;
            }),
          )
        : new Promise<never>(() => undefined),
    id ?? null,
  );
  if (id === null) return { status: 'missing' };
  if (id === undefined || load.status === 'loading') return { status: 'loading' };
  if (load.status === 'error') return { status: 'error', message: load.message };
  return load.value === MISSING ? { status: 'missing' } : { status: 'ready', page: load.value };
}
