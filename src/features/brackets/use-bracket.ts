/**
 * Loads a tournament's bracket and, for a signed-in player, their entries; follows both through Realtime
 * (matches, entries, the tournament row) and reloads at most every 300 ms while changes arrive.
 * The bracket is public and requested at once, while the session is still being read; it is shown with
 * the player's entries together, so the player's own line never pushes the bracket down after it painted.
 */
import { useStore } from '@nanostores/react';
import { describeFailure } from '@/lib/describe-failure';
import { useEffect, useState } from 'react';
import { $session } from '@/stores/session';
import { requestTournamentStates } from '@/features/tournaments/live-states';
import type { Bracket } from './brackets';
import type { MyEntries } from './entries';
import { onDemand } from '@/lib/on-demand';

export type BracketLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; bracket: Bracket; mine: MyEntries | null };

type Answer<T> = { for: string; value: T } | null;

const api = onDemand(() => import('./brackets.api'));

export function useBracket(tournamentId: string): { load: BracketLoad; reload: () => void } {
  const session = useStore($session);
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const sessionKnown = session.status !== 'loading';
  const [bracket, setBracket] = useState<Answer<Bracket> | { for: string; error: string }>(null);
  const [mine, setMine] = useState<Answer<MyEntries | null>>(null);
  const [version, setVersion] = useState(0);
  // Answers are tagged with whose they are: one for another tournament or player never shows. A reload
  // (a Realtime change) keeps the last answers on screen until the new ones replace them.
  const mineKey = mineKeyOf(tournamentId, userId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload signal that Realtime changes bump.
  useEffect(() => {
    let cancelled = false;
    import('./public-bracket')
      .then(({ fetchPublicBracket }) => fetchPublicBracket(tournamentId))
      .then((value) => !cancelled && setBracket({ for: tournamentId, value }))
      .catch(async (error: unknown) => {
        // In the page's language: a Hindi page never shows the browser's or the server's English words.
        const message = await describeFailure(error);
        if (!cancelled) setBracket({ for: tournamentId, error: message });
      });
    return () => {
      cancelled = true;
    };
  }, [tournamentId, version]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload signal that Realtime changes bump.
  useEffect(() => {
    if (!sessionKnown) return;
    const forKey = mineKeyOf(tournamentId, userId);
    if (!userId) {
      setMine({ for: forKey, value: null });
      return;
    }
    let cancelled = false;
    api()
      .then(({ fetchMyEntries }) => fetchMyEntries(tournamentId))
      // A player without an entry, or a refusal here, only means there is no own path to show.
      .catch(() => null)
      .then((value) => !cancelled && setMine({ for: forKey, value }));
    return () => {
      cancelled = true;
    };
  }, [tournamentId, userId, sessionKnown, version]);

  useEffect(() => {
    let stop = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void api().then(({ watchTournament }) => {
      if (stopped) return;
      stop = watchTournament(tournamentId, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          setVersion((v) => v + 1);
          // The draw and results move the tournament's status too (every badge on the page follows).
          void requestTournamentStates([tournamentId]);
        }, 300);
      });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stop();
    };
  }, [tournamentId]);

  return { load: loadOf(bracket, mine, tournamentId, mineKey), reload: () => setVersion((v) => v + 1) };
}

const mineKeyOf = (tournamentId: string, userId: string | null) => `${tournamentId}:${userId ?? ''}`;

/** The bracket once both answers of this tournament and player are in. */
function loadOf(
  bracket: Answer<Bracket> | { for: string; error: string },
  mine: Answer<MyEntries | null>,
  key: string,
  mineKey: string,
): BracketLoad {
  if (bracket && 'error' in bracket) return bracket.for === key ? { status: 'error', message: bracket.error } : { status: 'loading' };
  if (!bracket || bracket.for !== key || !mine || mine.for !== mineKey) return { status: 'loading' };
  return { status: 'ready', bracket: bracket.value, mine: mine.value };
}
