/**
 * The match page's reads that need no supabase-js (plain requests, tournaments/public-api.ts): the match
 * row (public.matches is readable by anyone), then at once its bracket, the tournament's title and, when
 * the browser holds a fresh session, the viewer's side, read with that session's token (RLS lets a player
 * read only their own entries). A player's steps then render one round trip after the row, instead of
 * after supabase-js, the session and a request of their own. Loaded lazily, so zod never delays the first
 * paint.
 */
import * as z from 'zod/mini';
import type { Bracket } from '@/features/brackets/brackets';
import { fetchPublicBracket } from '@/features/brackets/public-bracket';
import { selectPublicRows, selectRowsAs } from '@/features/tournaments/public-api';
import { storedSession } from '@/lib/browser-session';
import { assuranceOf, needsSecondFactor } from '@/lib/stored-session';
import { MATCH_COLUMNS, MatchRow } from './match-schemas';
import { type Side, sideAmong } from './match-steps';

/**
 * The side of the player whose stored session read it. The session store starts from the same stored
 * session, so the page takes this player as the viewer until the store has spoken, and after only while it
 * names the same player.
 */
export interface ViewerSide {
  userId: string;
  side: Side | null;
}

export interface MatchPageData {
  match: MatchRow;
  bracket: Bracket | null;
  title: string | null;
  /** Null without a fresh stored session, or when the read failed: the side is then read once the session is known. */
  viewer: ViewerSide | null;
}

const MATCH_QUERY = `select=${MATCH_COLUMNS.replace(/\s/g, '')}`;

/**
 * The match with what its page shows around it, or null when no match has this id. Without the bracket,
 * the title or the early side the page still shows the match, so their failures only leave them out.
 */
export async function fetchMatchPage(matchId: string): Promise<MatchPageData | null> {
  const match = await fetchMatch(matchId);
  if (!match) return null;
  const [bracket, title, viewer] = await Promise.all([
    fetchPublicBracket(match.tournament_id).catch(() => null),
    fetchTitle(match.tournament_id).catch(() => null),
    fetchStoredViewerSide(match).catch(() => null),
  ]);
  return { match, bracket, title, viewer };
}

async function fetchMatch(matchId: string): Promise<MatchRow | null> {
  // A malformed id would be refused by Postgres as a bad uuid: it names no match either way.
  if (!/^[0-9a-f-]{36}$/i.test(matchId)) return null;
  const rows = await selectPublicRows('one match', 'matches', `${MATCH_QUERY}&id=eq.${matchId}`, z.array(MatchRow));
  return rows[0] ?? null;
}

async function fetchTitle(tournamentId: string): Promise<string | null> {
  const TitleRows = z.array(z.object({ title: z.string() }));
  const rows = await selectPublicRows('tournament title', 'tournaments', `select=title&id=eq.${tournamentId}`, TitleRows);
  return rows[0]?.title ?? null;
}

/**
 * The side of the player the browser's stored session names, read with its token; null without one, or
 * when the session still owes the authenticator code (not signed in, as the session store will say).
 */
async function fetchStoredViewerSide(match: MatchRow): Promise<ViewerSide | null> {
  const session = storedSession();
  if (!session) return null;
  const assurance = assuranceOf(session.access_token, session.user.factors);
  if (needsSecondFactor(assurance.current, assurance.next)) return null;
  const userId = session.user.id;
  const ids = [match.entry_a, match.entry_b].filter((id): id is string => id !== null);
  if (ids.length === 0) return { userId, side: null };
  // A player reads only entries they play or bought, so the filter on player_id is what matters.
  const query = `select=id&id=in.(${ids.join(',')})&player_id=eq.${userId}`;
  const mine = await selectRowsAs(session.access_token, 'my entry in the match', 'entries', query, z.array(z.object({ id: z.string() })));
  return {
    userId,
    side: sideAmong(
      match,
      mine.map((row) => row.id),
    ),
  };
}
