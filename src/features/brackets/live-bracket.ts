/**
 * A live bracket patched by the row changes Realtime sends, instead of reading the whole bracket again after
 * every result (get_bracket of a 300-entry championship is about 165 KB; one confirmed result is two or three
 * match rows of about 1 KB each). A match's row carries its status, scores, winner and players (entry ids);
 * the players' names are already in the bracket, since every player appears in it from the draw on.
 *
 * What a row cannot tell is left to a read of the whole bracket (`refetch`), and so is anything the patcher
 * does not recognise: a new match (a draw, a Swiss round paired, a grand-final reset), a removed one, a row of
 * another shape, a player the bracket does not know, a result in a Swiss stage (its table is computed by the
 * database: points and tie-breaks of everyone), a knockout filled from the groups, and a row older than one
 * already applied. A result in a group patches its match and asks for that group's table alone. A wrong guess then costs one read, never a wrong bracket.
 *
 * Pure functions only: use-bracket.ts holds the bracket and does the IO.
 */
import type * as z from 'zod/mini';
import type { Bracket, BracketMatch } from './brackets';
import type { GroupRowSchema } from './formats/stage-schema';

export type GroupRow = z.infer<typeof GroupRowSchema>;

/** The columns of a `public.matches` row the bracket shows (a Realtime payload's `new`; other columns are ignored). */
export type MatchRow = {
  id: string;
  tournament_id: string;
  round: number;
  position: number;
  entry_a: string | null;
  entry_b: string | null;
  winner_entry_id: string | null;
  score_a: number | null;
  score_b: number | null;
  status: string;
  scheduled_at: string;
  updated_at: string;
  group_name: string | null;
};

/** A row change as Realtime delivers it (supabase-js's payload: `eventType`, `new`). */
export type RowChange = { eventType: string; new?: unknown };

/**
 * The bracket on screen and, per match, the `updated_at` of the last row applied to it: a row older than that
 * arrived out of order, and the whole bracket is read again.
 */
export type LiveBracket = { bracket: Bracket; versions: ReadonlyMap<string, string> };

/**
 * `table`: the patch moved a group's table, which the database computes; the page reads that group's table
 * (get_group_table) and puts it in with withGroupTable.
 */
export type ChangeOutcome = { kind: 'patched'; live: LiveBracket; table?: string } | { kind: 'refetch'; reason: string };

/**
 * A `bracket_rows` change as the match change it stands for: its first row for a match is an INSERT there but
 * an update of a match the bracket holds; a removed row (its match removed) reads the whole bracket again.
 */
export function bracketRowChange(change: { eventType: string; new?: unknown }): RowChange {
  if (change.eventType === 'DELETE') return { eventType: 'DELETE' };
  const { match_id, tournament_id, row } = (change.new ?? {}) as { match_id?: unknown; tournament_id?: unknown; row?: unknown };
  // jsonb arrives parsed from supabase-js; a server that sends it as text is read the same. The match's id and
  // tournament are the row's own columns.
  const shown = typeof row === 'string' ? safeParse(row) : row;
  if (typeof shown !== 'object' || shown === null) return { eventType: 'UPDATE', new: null };
  return { eventType: 'UPDATE', new: { ...shown, id: match_id, tournament_id } };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const liveBracketOf = (bracket: Bracket): LiveBracket => ({ bracket, versions: new Map() });

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);
const isIntOrNull = (value: unknown): value is number | null => value === null || Number.isInteger(value);

/** The row, when it has every column the bracket needs with the type it should have; else null. */
export function matchRowOf(value: unknown): MatchRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const ok =
    isText(row.id) &&
    isText(row.tournament_id) &&
    Number.isInteger(row.round) &&
    Number.isInteger(row.position) &&
    isTextOrNull(row.entry_a) &&
    isTextOrNull(row.entry_b) &&
    isTextOrNull(row.winner_entry_id) &&
    isIntOrNull(row.score_a) &&
    isIntOrNull(row.score_b) &&
    isText(row.status) &&
    isText(row.scheduled_at) &&
    isText(row.updated_at) &&
    // Absent on a row from before stages; null outside a group stage.
    (row.group_name === undefined || isTextOrNull(row.group_name));
  return ok ? ({ ...row, group_name: row.group_name ?? null } as MatchRow) : null;
}

/** Every player's name the bracket holds, by entry id. */
function namesOf(bracket: Bracket): Map<string, string | null> {
  const names = new Map<string, string | null>();
  for (const round of bracket.rounds)
    for (const match of round.matches) for (const entry of match.entries) if (entry) names.set(entry.entry_id, entry.in_game_name);
  for (const stage of bracket.stages ?? []) {
    const tables = stage.kind === 'groups' ? stage.groups.flatMap((group) => group.table) : stage.kind === 'swiss' ? stage.table : [];
    for (const row of tables) if (!names.has(row.entry_id)) names.set(row.entry_id, row.in_game_name);
  }
  return names;
}

/** A match the knockout after a group stage starts with: the database fills its players from the tables. */
function filledFromGroups(bracket: Bracket, matchId: string): boolean {
  const stages = bracket.stages ?? [];
  const afterGroups = stages.findIndex((stage) => stage.kind === 'groups') >= 0;
  if (!afterGroups) return false;
  return stages.some((stage) => stage.kind === 'knockout' && (stage.rounds[0]?.matches.includes(matchId) ?? false));
}

/**
 * The table the match's result feeds, computed by the database: its group's (by name); `whole` for a Swiss
 * stage's (every player's tie-breaks move) or a match that changed group, so the whole bracket is read; or none.
 */
function tableFed(bracket: Bracket, held: BracketMatch, row: MatchRow): { group: string } | 'whole' | null {
  const group = row.group_name ?? held.group ?? null;
  if (group !== null) return group === (held.group ?? group) ? { group } : 'whole';
  if (held.stage === 'groups' || held.stage === 'swiss') return 'whole';
  const swiss = (bracket.stages ?? []).some(
    (stage) => stage.kind === 'swiss' && stage.rounds.some((round) => round.matches.includes(held.id)),
  );
  return swiss ? 'whole' : null;
}

/** The bracket with one group's table replaced (get_group_table's answer); null when it has no such group. */
export function withGroupTable(live: LiveBracket, group: string, table: GroupRow[]): LiveBracket | null {
  const stages = live.bracket.stages ?? [];
  const at = stages.findIndex((stage) => stage.kind === 'groups' && stage.groups.some((g) => g.name === group));
  const stage = stages[at];
  if (stage?.kind !== 'groups') return null;
  const patched = { ...stage, groups: stage.groups.map((g) => (g.name === group ? { ...g, table } : g)) };
  return { ...live, bracket: { ...live.bracket, stages: stages.map((s, i) => (i === at ? patched : s)) } };
}

const sameEntries = (a: BracketMatch['entries'], b: BracketMatch['entries']) =>
  a[0]?.entry_id === b[0]?.entry_id && a[1]?.entry_id === b[1]?.entry_id;

/** Whether the match's result, as a table counts it, changed: ended or reopened, or another score or winner. */
const ENDED = new Set(['confirmed', 'void', 'bye']);
const resultChanged = (held: BracketMatch, next: BracketMatch) =>
  ENDED.has(held.status) !== ENDED.has(next.status) ||
  held.winner_entry_id !== next.winner_entry_id ||
  held.score?.[0] !== next.score?.[0] ||
  held.score?.[1] !== next.score?.[1];

/**
 * Applies one row change of `public.matches` to the bracket: the new bracket, nothing to do (a duplicate, or a
 * change of columns the bracket does not show), or a reason to read the whole bracket again.
 */
export function applyMatchChange(live: LiveBracket, change: RowChange): ChangeOutcome {
  if (change.eventType !== 'UPDATE')
    return { kind: 'refetch', reason: `a match was ${change.eventType === 'INSERT' ? 'added' : 'removed'}` };
  const row = matchRowOf(change.new);
  if (!row) return { kind: 'refetch', reason: 'a match row of an unknown shape' };

  const { bracket, versions } = live;
  const roundIndex = bracket.rounds.findIndex((round) => round.matches.some((match) => match.id === row.id));
  const round = bracket.rounds[roundIndex];
  const matchIndex = round?.matches.findIndex((match) => match.id === row.id) ?? -1;
  const held = round?.matches[matchIndex];
  if (!round || !held) return { kind: 'refetch', reason: 'a match the bracket does not hold' };
  if (held.round !== row.round || held.position !== row.position) return { kind: 'refetch', reason: 'a match moved' };

  // Rows of one transaction share their updated_at (the transaction's time) and arrive in commit order: an
  // equal time is applied again (a row is the whole match, so applying it twice changes nothing).
  const seen = versions.get(row.id);
  const at = microseconds(row.updated_at);
  if (at === null) return { kind: 'refetch', reason: 'a match row of an unknown shape' };
  if (seen !== undefined && at < (microseconds(seen) ?? 0))
    return { kind: 'refetch', reason: 'a match row older than one already applied' };

  const names = namesOf(bracket);
  const sideOf = (entryId: string | null, side: 0 | 1) => {
    if (entryId === null) return null;
    if (held.entries[side]?.entry_id === entryId) return held.entries[side];
    return names.has(entryId) ? { entry_id: entryId, in_game_name: names.get(entryId) ?? null } : undefined;
  };
  const a = sideOf(row.entry_a, 0);
  const b = sideOf(row.entry_b, 1);
  if (a === undefined || b === undefined) return { kind: 'refetch', reason: 'a player the bracket does not know' };

  const next: BracketMatch = {
    ...held,
    entries: [a, b],
    score: row.score_a === null || row.score_b === null ? null : [row.score_a, row.score_b],
    winner_entry_id: row.winner_entry_id,
    status: row.status,
    scheduled_at: row.scheduled_at,
  };
  const fed = resultChanged(held, next) ? tableFed(bracket, held, row) : null;
  if (fed === 'whole') return { kind: 'refetch', reason: 'a result that moves a whole table' };
  if (!sameEntries(held.entries, next.entries) && filledFromGroups(bracket, row.id))
    return { kind: 'refetch', reason: 'the knockout filled from the groups' };

  const matches = round.matches.map((match, i) => (i === matchIndex ? next : match));
  const patchedRound = {
    ...round,
    matches,
    // A round's time is its earliest match's (get_bracket's min(scheduled_at)).
    scheduled_at: round.scheduled_at === undefined ? undefined : earliest(matches.map((match) => match.scheduled_at)),
  };
  const rounds = bracket.rounds.map((r, i) => (i === roundIndex ? patchedRound : r));
  const patched: LiveBracket = { bracket: { ...bracket, rounds }, versions: new Map(versions).set(row.id, row.updated_at) };
  return fed ? { kind: 'patched', live: patched, table: fed.group } : { kind: 'patched', live: patched };
}

function earliest(times: Array<string | null>): string | null {
  let best: string | null = null;
  for (const time of times) if (time !== null && (best === null || (microseconds(time) ?? 0) < (microseconds(best) ?? 0))) best = time;
  return best;
}

/**
 * A timestamp in microseconds since 1970, as PostgreSQL writes it in JSON ("2026-12-06T21:00:00.123456+00:00")
 * or as text ("2026-12-06 21:00:00.123456+00"): Date.parse alone keeps milliseconds, and two updates of a match
 * within one millisecond would read as the same time. Null for anything else.
 */
export function microseconds(text: string): number | null {
  const parts = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(text);
  if (!parts) return null;
  const [, day, time, fraction = '', zone = 'Z'] = parts;
  const offset =
    zone === 'Z' ? 'Z' : /^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const ms = Date.parse(`${day}T${time}${offset}`);
  return Number.isNaN(ms) ? null : ms * 1000 + Number(fraction.padEnd(6, '0'));
}
