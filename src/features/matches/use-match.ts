/**
 * The match page's data: the match named by `?id=` with its bracket, tournament title and the stored
 * session's side (public-match.ts; the page's script starts the first read, first-read.ts), kept fresh through Realtime (any change of the row reloads it, at most
 * every 300 ms while changes arrive).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Bracket } from '@/features/brackets/brackets';
import { describeFailure } from '@/lib/describe-failure';
import type { MatchRow } from './match-schemas';
import type { ViewerSide } from './public-match';
import { onDemand } from '@/lib/on-demand';

export type MatchLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; match: MatchRow; bracket: Bracket | null; title: string | null; viewer: ViewerSide | null };

const reads = onDemand(() => import('./first-read'));
const api = onDemand(() => import('./matches.api'));

const REALTIME_SETTLE_MS = 300;

export function useMatch(): { load: MatchLoad; reload: () => void } {
  const [matchId, setMatchId] = useState<string | null>(null);
  const [load, setLoad] = useState<MatchLoad>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // The id is in the address, which only the browser knows: the server renders the loading frame.
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id')?.trim() ?? '';
    if (id) setMatchId(id);
    else setLoad({ status: 'missing' });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload signal that actions and Realtime bump.
  useEffect(() => {
    if (!matchId) return;
    let cancelled = false;
    reads()
      .then((page) => page.readMatchPage(matchId))
      .then(
        (page) => !cancelled && setLoad(page ? { status: 'ready', ...page } : { status: 'missing' }),
        async (error: unknown) => {
          const message = await describeFailure(error);
          if (cancelled) return;
          // A failed refresh keeps the match on screen; only a first load that fails says so.
          setLoad((previous) => (previous.status === 'ready' ? previous : { status: 'error', message }));
        },
      );
    return () => {
      cancelled = true;
    };
  }, [matchId, version]);

  const shown = load.status === 'ready';
  useEffect(() => {
    if (!matchId || !shown) return;
    let stop = () => {};
    let stopped = false;
    let timer: number | undefined;
    void api().then((matches) => {
      if (stopped) return;
      stop = matches.watchMatch(matchId, () => {
        window.clearTimeout(timer);
        timer = window.setTimeout(reload, REALTIME_SETTLE_MS);
      });
    });
    return () => {
      stopped = true;
      stop();
      window.clearTimeout(timer);
    };
  }, [matchId, shown, reload]);

  return { load, reload };
}
