/**
 * The match page's first read, started by the page's own script as soon as its HTML is parsed: the match
 * row, then its bracket, title and the stored session's side (public-match.ts) are on their way while the
 * island still loads and hydrates, instead of after it. The island's hook takes that answer once; every
 * later read (Realtime, a player's action) asks afresh.
 */
import { fetchMatchPage, type MatchPageData } from './public-match';

let firstRead: { matchId: string; page: Promise<MatchPageData | null> } | null = null;

/** Reads the match the address names (`?id=`, as the island reads it); nothing when it names none. */
export function startFirstRead(): void {
  const matchId = new URLSearchParams(window.location.search).get('id')?.trim() ?? '';
  if (!matchId || firstRead) return;
  const page = fetchMatchPage(matchId);
  // The island reports a failure when it takes the answer; until then it is not an unhandled one.
  page.catch(() => undefined);
  firstRead = { matchId, page };
}

/** The match page's data: the first read's answer when it is for this match and not yet taken, else a new read. */
export function readMatchPage(matchId: string): Promise<MatchPageData | null> {
  const started = firstRead?.matchId === matchId ? firstRead.page : null;
  firstRead = null;
  return started ?? fetchMatchPage(matchId);
}
