/**
 * Loads a tournament's bracket and, for a signed-in player, their entries; follows both through Realtime.
 * A match's row change patches the bracket held in memory (live-bracket.ts): a confirmed result costs each
 * watcher the changed rows (about 0.8 KB each) instead of the whole bracket (212 KB raw at 300 entries); a
 * group's result reads that group's table alone. What a row cannot tell (a draw, a new stage, a Swiss table,
 * anything unexpected) reads the whole bracket again, at most every 300 ms while such changes arrive; an
 * entry's change reads only the player's entries.
 * The first read gives a group stage's own group and the knockout (about a sixth of the whole at 300 entries);
 * the whole bracket follows at once, and the other groups appear when it arrives.
 * The bracket is public and requested at once, while the session is still being read; it is shown with
 * the player's entries together, so the player's own line never pushes the bracket down after it painted.
 */
import { useStore } from '@nanostores/react';
import { describeFailure } from '@/lib/describe-failure';
import { useEffect, useRef, useState } from 'react';
import { $session } from '@/stores/session';
import { requestTournamentStates } from '@/features/tournaments/live-states';
import type { Bracket } from './brackets';
import type { MyEntries } from './entries';
import { onDemand } from '@/lib/on-demand';
import { applyMatchChange, type ChangeOutcome, type LiveBracket, liveBracketOf, type RowChange, withGroupTable } from './live-bracket';

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
  // Bumped to read the whole bracket again; `mineVersion` to read only the player's entries.
  const [version, setVersion] = useState(0);
  const [mineVersion, setMineVersion] = useState(0);
  // The bracket as patched so far (with the row versions applied), and the match changes heard while a read
  // is on its way: they are applied to its answer, which may predate them.
  const live = useRef<{ for: string; value: LiveBracket } | null>(null);
  const heardWhileReading = useRef<RowChange[] | null>(null);
  const refetchSoon = useRef<() => void>(() => {});
  // Whether any bracket answer has painted, and the tournament the page shows now (a superseded first read may
  // still paint: see the read below).
  const painted = useRef(false);
  const tournamentNow = useRef(tournamentId);
  if (tournamentNow.current !== tournamentId) {
    tournamentNow.current = tournamentId;
    painted.current = false;
  }
  // Answers are tagged with whose they are: one for another tournament or player never shows. A reload
  // (a Realtime change) keeps the last answers on screen until the new ones replace them.
  const mineKey = mineKeyOf(tournamentId, userId);

  useEffect(() => {
    let cancelled = false;
    const heard: RowChange[] = [];
    heardWhileReading.current = heard;
    // The first read is get_bracket_first (in a group stage, the player's own group and the knockout); every
    // later one, and the one that completes a partial first answer, reads the whole bracket.
    const first = version === 0;
    // A reload while the first read is on its way (the Realtime subscription's catch-up) must not blank the first
    // screen until the second answer: the first still paints, unless something newer already has or the page
    // now shows another tournament.
    const stale = () => cancelled && (!first || painted.current || tournamentNow.current !== tournamentId);
    import('./public-bracket')
      .then(({ fetchFirstBracket, fetchPublicBracket }) => (first ? fetchFirstBracket(tournamentId) : fetchPublicBracket(tournamentId)))
      .then((value) => {
        if (stale()) return;
        painted.current = true;
        if (heardWhileReading.current === heard) heardWhileReading.current = null;
        // A newer read is already on its way when this one was superseded: it brings the rest.
        if (cancelled) {
          setBracket({ for: tournamentId, value });
          return;
        }
        if ('complete' in value && value.complete === false) refetchSoon.current();
        let current = liveBracketOf(value);
        for (const change of heard) {
          const outcome = applyMatchChange(current, change);
          // The answer may predate a change heard meanwhile, and so may its tables: read again.
          if (outcome.kind === 'refetch' || outcome.table) {
            refetchSoon.current();
            break;
          }
          current = outcome.live;
        }
        live.current = { for: tournamentId, value: current };
        setBracket({ for: tournamentId, value: current.bracket });
      })
      .catch(async (error: unknown) => {
        if (cancelled) return;
        heardWhileReading.current = null;
        // In the page's language: a Hindi page never shows the browser's or the server's English words.
        const message = await describeFailure(error);
        if (!cancelled) setBracket({ for: tournamentId, error: message });
      });
    return () => {
      cancelled = true;
    };
  }, [tournamentId, version]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `mineVersion` are the reload signals that Realtime changes bump.
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
  }, [tournamentId, userId, sessionKnown, version, mineVersion]);

  useEffect(() => {
    let stop = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    let statesTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setVersion((v) => v + 1);
        // The draw and results move the tournament's status too (every badge on the page follows).
        void requestTournamentStates([tournamentId]);
      }, 300);
    };
    const restate = () => {
      clearTimeout(statesTimer);
      statesTimer = setTimeout(() => void requestTournamentStates([tournamentId]), 300);
    };
    refetchSoon.current = refetch;
    const show = (value: LiveBracket) => {
      live.current = { for: tournamentId, value };
      setBracket({ for: tournamentId, value: value.bracket });
    };
    // A group's result: its table alone is read and put into the bracket shown by then.
    const readTable = (group: string) =>
      void import('./public-bracket')
        .then(({ fetchGroupTable }) => fetchGroupTable(tournamentId, group))
        .then((table) => {
          if (stopped || live.current?.for !== tournamentId) return;
          const next = withGroupTable(live.current.value, group, table);
          if (next) show(next);
          else refetch();
        })
        .catch(() => !stopped && refetch());
    const onMatch = (change: RowChange) => {
      if (heardWhileReading.current) {
        heardWhileReading.current.push(change);
        return;
      }
      const held = live.current?.for === tournamentId ? live.current.value : null;
      if (!held) return refetch();
      const outcome: ChangeOutcome = applyMatchChange(held, change);
      if (outcome.kind === 'refetch') return refetch();
      show(outcome.live);
      if (outcome.table) readTable(outcome.table);
    };
    void api().then(({ watchBracket }) => {
      if (stopped) return;
      stop = watchBracket(tournamentId, {
        match: onMatch,
        // An entry's check-in or withdrawal changes no match row: only the player's own line reads again.
        entry: () => setMineVersion((v) => v + 1),
        tournament: () => {
          // Before the draw the tournament's row is how the draw announces itself; after it, only the
          // tournament's status can have moved (its matches come as rows of their own).
          if (!live.current || live.current.value.bracket.rounds.length === 0) refetch();
          else restate();
        },
        caughtUp: refetch,
      });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(statesTimer);
      refetchSoon.current = () => {};
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
