/**
 * The embeddable bracket's script (/embed/bracket/?id=, docs/api.md): reads the public API (api_v1) with the
 * public key and draws the bracket of any format as plain HTML (embed-sections.ts), one column per round. No framework, no session, no
 * cookies (the requests go to Supabase without credentials), at most 4 KB gzip (scripts/size.mjs). After each
 * drawing it tells the parent frame its height, so the host page can size the iframe.
 */
import { anyTournamentHref, podHref } from '@/lib/routes';
import { SUPABASE_ADDRESS } from '@/lib/supabase-address';
import { type EmbedMatch, embedSections } from './embed-sections';

type Tournament = { id: string; title: string; status: string; series: string };
type Match = EmbedMatch;
/** A group or Swiss table row as api_v1.stages gives it (ranked by the site's SQL). */
type TableRow = {
  rank: number;
  in_game_name: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  points: number;
  qualified?: boolean;
};
type Stage = { stage_no: number; groups: { name: string; table: TableRow[] }[] | null; swiss_table: TableRow[] | null };

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

/** A table: place, name, played, won, drawn, lost, points; qualified rows marked. */
function table(rows: TableRow[]): HTMLElement {
  const node = el('table', 'table');
  const line = (cells: (string | number)[], tag: string, className = '') => {
    const tr = el('tr', className);
    for (const cell of cells) tr.append(el(tag, '', String(cell)));
    node.append(tr);
  };
  line(['#', '', 'P', 'W', 'D', 'L', 'Pts'], 'th');
  for (const r of rows) line([r.rank, r.in_game_name, r.played, r.won, r.drawn, r.lost, r.points], 'td', r.qualified ? 'won' : '');
  return node;
}

/**
 * Every format: a section per group (its table, then its matches), per bracket of a double elimination, per
 * Swiss or knockout stage, each in columns by round. A lone knockout is drawn as before, without a title.
 */
export function renderBracket(matches: Match[], stages: Stage[] = []): HTMLElement {
  const sections = embedSections(matches);
  const root = el('div', '');
  const heading = sections.length > 1 ? 'h3' : 'h2';
  for (const section of sections) {
    const stage = stages.find((s) => s.stage_no === section.stageNo);
    const box = el('section', 'stage');
    if (section.title) box.append(el('h2', '', section.title));
    const rows = section.group ? stage?.groups?.find((g) => g.name === section.group)?.table : stage?.swiss_table;
    if (rows?.length) box.append(table(rows));
    const bracket = el('div', 'bracket');
    for (const round of section.rounds) {
      const column = el('section', 'round');
      const games = el('div', 'games');
      column.append(el(heading, '', round.name), games);
      for (const match of round.matches) {
        const game = el('div', 'match');
        game.append(side(match.player_a, match.score_a, match.entry_a, match), side(match.player_b, match.score_b, match.entry_b, match));
        games.append(game);
      }
      bracket.append(column);
    }
    box.append(bracket);
    root.append(box);
  }
  return root;
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
    // Group and Swiss tables are ranked by the site's SQL: read them only when the matches have some.
    const stages = matches.some((m) => m.group_name || m.stage === 'swiss')
      ? await read<Stage>(`stages?tournament_id=eq.${id}&select=stage_no,groups,swiss_table&order=stage_no`)
      : [];
    if (matches.length) root.querySelector('[data-bracket]')?.replaceChildren(renderBracket(matches, stages));
  } catch {
    if (status) status.textContent = 'The bracket could not be loaded. Try again in a moment.';
  }
  postHeight();
}

new ResizeObserver(postHeight).observe(document.documentElement);
void main();
