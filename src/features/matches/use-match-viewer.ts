/**
 * Who is looking at the match: the viewer's side (only a signed-in player of one of its two entries has
 * one), and for a player what is on file (reports, the dispute, a walkover claim), read again whenever the
 * row changes.
 */
import { useEffect, useState } from 'react';
import type { MatchRow } from './match-schemas';
import type { Side } from './match-steps';
import { NOTHING_ON_FILE, type PlayersView } from './match-view';
import type { ViewerSide } from './public-match';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./matches.api'));

/**
 * The viewer's side; `known` stays false until the session and the viewer's entries are read, so nobody is
 * shown as a spectator for a moment. The side the match's load read with the stored session (`readAhead`)
 * counts as soon as the session names the same player; otherwise it is read here.
 */
export function useViewerSide(
  match: Pick<MatchRow, 'entry_a' | 'entry_b'> | null,
  session: { known: boolean; userId: string | null },
  readAhead: ViewerSide | null,
): { side: Side | null; known: boolean } {
  const [side, setSide] = useState<Side | null>(null);
  const [known, setKnown] = useState(false);
  const entryA = match?.entry_a ?? null;
  const entryB = match?.entry_b ?? null;
  const { known: sessionKnown, userId } = session;
  const earlySide = sessionKnown && userId !== null && readAhead?.userId === userId ? readAhead.side : undefined;

  useEffect(() => {
    if (!sessionKnown) return;
    if (earlySide !== undefined) {
      // Kept as the last side known, for a refresh whose early read fails while this one is asked again.
      setSide(earlySide);
      setKnown(true);
      return;
    }
    if (!userId || (!entryA && !entryB)) {
      setSide(null);
      setKnown(true);
      return;
    }
    let cancelled = false;
    api()
      .then((matches) => matches.fetchMySide({ entry_a: entryA, entry_b: entryB }, userId))
      .then(
        (found) => !cancelled && setSide(found),
        () => !cancelled && setSide(null),
      )
      .finally(() => !cancelled && setKnown(true));
    return () => {
      cancelled = true;
    };
  }, [sessionKnown, userId, entryA, entryB, earlySide]);

  return earlySide !== undefined ? { side: earlySide, known: true } : { side, known };
}

const ENDED: ReadonlySet<MatchRow['status']> = new Set(['confirmed', 'void']);

/** What the two players read besides the row; for anyone else, the referee's public note on a decided match. */
export function usePlayersView(match: MatchRow | null, side: Side | null): PlayersView {
  const [view, setView] = useState<PlayersView>(NOTHING_ON_FILE);

  useEffect(() => {
    if (!match) return;
    // Anyone else reads only what is public: the referee's note once the match is decided.
    if (!side && !ENDED.has(match.status)) return;
    const opponentEntry = side === 'a' ? match.entry_b : match.entry_a;
    let cancelled = false;
    api()
      .then((matches) => (side ? matches.fetchPlayersView(match.id, opponentEntry) : matches.fetchPublicDecision(match.id)))
      .then((found) => !cancelled && setView(found))
      // The row still drives the steps; without the reports the page only lacks their details.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [match, side]);

  return view;
}
