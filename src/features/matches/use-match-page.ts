/**
 * Everything the match island renders, in one hook: the match (use-match.ts), the viewer's side and what
 * is on file for them (use-match-viewer.ts), the clock, and the view worked out from them (match-view.ts).
 */
import { useSession } from '@/stores/use-session';
import { isSignedIn } from '@/stores/session';
import { useNow } from '@/lib/use-now';
import type { MatchView, PlayersView } from './match-view';
import { matchView } from './match-view';
import { type MatchLoad, useMatch } from './use-match';
import { usePlayersView, useViewerSide } from './use-match-viewer';

export type MatchPage =
  | Exclude<MatchLoad, { status: 'ready' }>
  | {
      status: 'ready';
      view: MatchView;
      /** False until the viewer's side is read: the steps area keeps its space meanwhile. */
      sideKnown: boolean;
      playersView: PlayersView;
      /** The signed-in viewer's id, null for a visitor. */
      userId: string | null;
      now: number;
      reload: () => void;
    };

export function useMatchPage(): MatchPage {
  const session = useSession();
  const { load, reload } = useMatch();
  const match = load.status === 'ready' ? load.match : null;
  const readAhead = load.status === 'ready' ? load.viewer : null;
  // The side read with the stored session stands for the session until the store (which loads the Supabase
  // client first) has read that same stored session: the player's steps need not wait for it.
  const sessionLoading = session.status === 'loading';
  const userId = sessionLoading ? (readAhead?.userId ?? null) : isSignedIn(session) ? session.user.id : null;
  const { side, known } = useViewerSide(match, { known: !sessionLoading || readAhead !== null, userId }, readAhead);
  const playersView = usePlayersView(match, side);
  const now = useNow();

  if (load.status !== 'ready') return load;
  return {
    status: 'ready',
    view: matchView(load, side, playersView, now),
    sideKnown: known,
    playersView,
    userId,
    now,
    reload,
  };
}
