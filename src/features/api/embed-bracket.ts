/**
 * The embeddable bracket's script (/embed/bracket/?id=, docs/api.md): reads the public API (api_v1) with the
 * public key and draws the knockout bracket as plain HTML, one column per round. No framework, no session, no
 * cookies (the requests go to Supabase without credentials), at most 4 KB gzip (scripts/size.mjs). After each
 * drawing it tells the parent frame its height, so the host page can size the iframe.
 */
import { anyTournamentHref, podHref } from '@/lib/routes';
import { SUPABASE_ADDRESS } from '@/lib/supabase-address';

type Match = {
  id: string;
  round: number;
  position: number;
  player_a: string | null;
  player_b: string | null;
  score_a: number | null;
  score_b: number | null;
  entry_a: string | null;
  entry_b: string | null;
  winner_entry_id: string | null;
  status: string;
};
type Tournament = { id: string; title: string; status: string; series: string };

/** Messages the parent may listen for: `{ type: 'golazo:embed-height', height }`. */
export const HEIGHT_MESSAGE = 'golazo:embed-height';

/** A view of api_v1, as any outside program reads it. */
async function read<T>(path: string): Promise<T[]> {
  const response = await fetch(`${SUPABASE_ADDRESS.url}/rest/v1/${path}`, {
    headers: { apikey: SUPABASE_ADDRESS.anonKey, 'Accept-Profile': 'api_v1' },
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
}

/** The round's name counted from the last: Final, Semi-finals, Quarter-finals, then Round n. */
export function roundName(round: number, rounds: number): string {
  const fromLast = rounds - round;
  return ['Final', 'Semi-finals', 'Quarter-finals'][fromLast] ?? `Round ${round}`;
}

/** An element with a class and text (never HTML: names come from players). */
function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One side of a match: the name (or "To be decided"), the goals, and whether it went through. */
function side(name: string | null, goals: number | null, entry: string | null, match: Match): HTMLElement {
  const won = entry !== null && entry === match.winner_entry_id;
  const row = el('div', won ? 'side won' : 'side');
  row.append(el('span', 'name', name ?? (match.status === 'bye' && entry === null ? 'Bye' : 'To be decided')));
  row.append(el('span', 'goals', goals === null ? '' : String(goals)));
  return row;
}

/** The bracket of these matches, one column per round in play order. */
export function renderBracket(matches: Match[]): HTMLElement {
  const rounds = Math.max(0, ...matches.map((m) => m.round));
  const bracket = el('div', 'bracket');
  for (let round = 1; round <= rounds; round++) {
    const column = el('section', 'round');
    const games = el('div', 'games');
    column.append(el('h2', '', roundName(round, rounds)), games);
    for (const match of matches.filter((m) => m.round === round).sort((a, b) => a.position - b.position)) {
      const box = el('div', 'match');
      box.append(side(match.player_a, match.score_a, match.entry_a, match), side(match.player_b, match.score_b, match.entry_b, match));
      games.append(box);
    }
    bracket.append(column);
  }
  return bracket;
}

function postHeight() {
  parent.postMessage({ type: HEIGHT_MESSAGE, height: document.documentElement.scrollHeight }, '*');
}

async function main() {
  const root = document.querySelector<HTMLElement>('[data-embed]');
  const id = new URLSearchParams(location.search).get('id') ?? '';
  if (!root || !/^[A-Za-z0-9_-]{1,80}$/.test(id)) return;
  const link = root.querySelector<HTMLAnchorElement>('[data-tournament-link]');
  const status = root.querySelector<HTMLElement>('[data-status]');
  try {
    const [tournaments, matches] = await Promise.all([
      read<Tournament>(`tournaments?id=eq.${id}&select=id,title,status,series`),
      read<Match>(`matches?tournament_id=eq.${id}&order=round,position&limit=1000`),
    ]);
    const title = root.querySelector('[data-title]');
    const tournament = tournaments[0];
    if (title && tournament) title.textContent = tournament.title;
    // Where the site shows this tournament: a quick series' pod has the pod page, the rest their own.
    if (link && tournament) link.href = tournament.series === 'quick' ? podHref(id) : anyTournamentHref(id);
    if (status) status.textContent = tournament ? (matches.length ? '' : 'The bracket appears after the draw.') : 'No such tournament.';
    if (matches.length) root.querySelector('[data-bracket]')?.replaceChildren(renderBracket(matches));
  } catch {
    if (status) status.textContent = 'The bracket could not be loaded. Try again in a moment.';
  }
  postHeight();
}

new ResizeObserver(postHeight).observe(document.documentElement);
void main();
