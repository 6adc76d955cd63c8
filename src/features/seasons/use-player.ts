/**
 * The player page's data: the id from `?id=` and get_player's answer, with the words shown with it in the page's
 * language (player-words.ts: they load with the data, not before). An id the database does not know (or a player it
 * keeps off public pages) is `missing`, like a link with no id.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-answer';
import { useLoad } from '@/lib/use-island-data';
import { $lang } from '@/stores/lang';
import { type PlayerWords, playerWordsIn } from './player-words';
import type { PlayerPage } from './seasons';

export type PlayerState =
  | { status: 'loading' }
  | { status: 'missing'; words: PlayerWords }
  | { status: 'error'; message: string; words: PlayerWords }
  | { status: 'ready'; page: PlayerPage; words: PlayerWords };

const MISSING = Symbol('missing');

export function usePlayer(): PlayerState {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id')?.trim() || null), []);
  // The page's language is fixed for the page's life: read once, no store subscription needed.
  const lang = $lang.get();
  const fetchPage = (id: string | null): Promise<PlayerPage | typeof MISSING> =>
    id === null
      ? Promise.resolve(MISSING)
      : import('./seasons.api').then((api) =>
          api.fetchPlayer(id).catch((error: unknown) => {
            if (error instanceof ApiError && error.hint === 'player_not_found') return MISSING;
            throw error;
          }),
        );
  const [load] = useLoad<[PlayerPage | typeof MISSING, PlayerWords]>(
    () => (id === undefined ? new Promise<never>(() => undefined) : Promise.all([fetchPage(id), playerWordsIn(lang)])),
    // A string, so "no id yet" and "no id in the link" are different keys (useLoad reads undefined as null).
    String(id),
  );
  const [failureWords, setFailureWords] = useState<PlayerWords | null>(null);
  useEffect(() => {
    if (load.status === 'error') void playerWordsIn(lang).then(setFailureWords);
  }, [load.status, lang]);
  if (load.status === 'loading') return { status: 'loading' };
  if (load.status === 'error')
    return failureWords ? { status: 'error', message: load.message, words: failureWords } : { status: 'loading' };
  const [page, words] = load.value;
  return page === MISSING ? { status: 'missing', words } : { status: 'ready', page, words };
}
