/** The database's word on who may enter what, and the one-button entry into free tournaments. */
import { getSupabase } from '@/lib/supabase';
import type { EntryEligibility } from './eligibility';

export async function fetchMyEntryEligibility(): Promise<EntryEligibility> {
  const { data, error } = await getSupabase().rpc('get_my_entry_eligibility');
  if (error) throw error;
  return data as EntryEligibility;
}

/** Enters a free tournament; throws the database's refusal (full, closed, consent ...) with its message. */
export async function enterFreeTournament(tournamentId: string): Promise<void> {
  const { error } = await getSupabase().rpc('enter_free_tournament', { p_tournament_id: tournamentId });
  if (error) throw new Error(error.message);
}

/** Asks for a parent's consent: the database e-mails them a link. */
export async function requestParentalConsent(parentEmail: string): Promise<void> {
  const { error } = await getSupabase().rpc('request_parental_consent', { p_parent_email: parentEmail });
  if (error) throw new Error(error.message);
}

/** Records the consent behind an e-mailed link (the parent needs no account). */
export async function confirmParentalConsent(token: string): Promise<{ in_game_name: string | null }> {
  const { data, error } = await getSupabase().rpc('confirm_parental_consent', { p_token: token });
  if (error) throw new Error(error.message);
  return data as { in_game_name: string | null };
}
