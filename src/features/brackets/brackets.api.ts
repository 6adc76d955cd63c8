/**
 * The only place the bracket, check-in and invitation screens talk to Supabase. Every answer is checked
 * against the API's shape with zod, and every refusal becomes an EntryActionError carrying the database's
 * stable hint. Islands import this module lazily: supabase-js and zod load after the first paint. The
 * bracket itself is public and read without supabase-js (public-bracket.ts).
 */
import type { PostgrestError } from '@supabase/postgrest-js';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { $lang } from '@/stores/lang';
import { watchRows } from '@/lib/realtime';
import { bracketRowChange, type RowChange } from './live-bracket';
import { EntryActionError } from './entries';
import { AcceptAnswerSchema, CheckInAnswerSchema, InvitationSchema, InviteAnswerSchema, MyEntriesSchema } from './brackets.schemas';

async function call<Schema extends z.ZodMiniType>(name: string, args: Record<string, unknown>, schema: Schema): Promise<z.infer<Schema>> {
  const { data, error } = await getSupabase().rpc(name, args);
  if (error) throw refusal(error);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new EntryActionError(`Unexpected answer from ${name}; please reload the page.`, null);
  return parsed.data;
}

function refusal(error: PostgrestError): EntryActionError {
  return new EntryActionError(error.message, error.hint || null);
}

export const fetchMyEntries = (tournamentId: string) => call('get_my_entries', { p_tournament_id: tournamentId }, MyEntriesSchema);

export const fetchAllMyEntries = () => call('get_my_entries_all', {}, z.array(MyEntriesSchema));

export const checkIn = (tournamentId: string) => call('check_in', { p_tournament_id: tournamentId }, CheckInAnswerSchema);

/**
 * Creates (or returns) the slot's invitation; with an e-mail, the database e-mails it too, in the language of
 * this page (the invited person has no account, so no language of their own yet).
 */
export const inviteToEntry = (entryId: string, email?: string) =>
  call(
    'invite_to_entry',
    email ? { p_entry_id: entryId, p_email: email, p_language: $lang.get() } : { p_entry_id: entryId },
    InviteAnswerSchema,
  );

export const fetchInvitation = (token: string) => call('get_entry_invitation', { p_token: token }, InvitationSchema);

export const acceptInvitation = (token: string) => call('accept_entry_invitation', { p_token: token }, AcceptAnswerSchema);

/**
 * Calls `onChange` whenever a match of the tournament, the tournament itself (the draw) or one of the
 * player's entries (check-in, withdrawal) changes. Returns the unsubscribe function.
 */
export function watchTournament(tournamentId: string, onChange: () => void, purpose: 'bracket' | 'check-in' = 'bracket'): () => void {
  const filter = `tournament_id=eq.${tournamentId}`;
  const changed = () => onChange();
  // One channel per island: two islands of the same page must not share (and close) one topic.
  return watchRows(
    `${purpose}:${tournamentId}`,
    [
      { table: 'matches', filter, onChange: changed },
      { table: 'entries', filter, onChange: changed },
      { table: 'tournaments', filter: `id=eq.${tournamentId}`, event: 'UPDATE', onChange: changed },
    ],
    changed,
  );
}

/** What a bracket page does with each change it hears (use-bracket.ts). */
export type BracketWatcher = {
  /** A match as the bracket shows it, changed or added: the page patches its bracket with it (live-bracket.ts). */
  match: (change: RowChange) => void;
  /** One of the player's entries (check-in, withdrawal): only the player's own line changes. */
  entry: () => void;
  /** The tournament's row (the draw, the status). */
  tournament: () => void;
  /** (Re)subscribed: changes made before now were not heard, so the page reads everything once. */
  caughtUp: () => void;
};

/**
 * Follows a bracket: each change goes to its handler, so a result patches the bracket instead of reloading
 * it. A changed match arrives as its row of `bracket_rows` (the match as the bracket shows it, about 0.7 KB
 * on the wire) rather than as its `matches` row (2.7 KB); `matches` is followed for added matches only (a
 * draw, a Swiss round paired, a grand-final reset), which the page reads the whole bracket for.
 */
export function watchBracket(tournamentId: string, on: BracketWatcher): () => void {
  const filter = `tournament_id=eq.${tournamentId}`;
  return watchRows(
    `bracket:${tournamentId}`,
    [
      { table: 'bracket_rows', filter, onChange: (change) => on.match(bracketRowChange(change)) },
      { table: 'matches', filter, event: 'INSERT', onChange: (change) => on.match({ eventType: change.eventType, new: change.new }) },
      { table: 'entries', filter, onChange: () => on.entry() },
      { table: 'tournaments', filter: `id=eq.${tournamentId}`, event: 'UPDATE', onChange: () => on.tournament() },
    ],
    () => on.caughtUp(),
  );
}

/** Titles and series of tournaments (public rows), for places a player holds through an invitation. */
export async function fetchTournamentTitles(ids: string[]): Promise<Record<string, { title: string; series: string }>> {
  if (ids.length === 0) return {};
  const { data, error } = await getSupabase().from('tournaments').select('id, title, series').in('id', ids);
  if (error) throw refusal(error);
  return Object.fromEntries((data ?? []).map((row) => [String(row.id), { title: String(row.title), series: String(row.series) }]));
}
