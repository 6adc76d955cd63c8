/**
 * Reads behind My Tournaments and My Earnings. Each database function answers for the
 * signed-in player only (auth.uid()), so nothing here can show another player's data.
 */
import { getSupabase } from '@/lib/supabase';
import { EMPTY_STATS, type Payment, type PlayerStats, type Registration } from './account';

export async function fetchMyRegistrations(userId: string): Promise<Registration[]> {
  const { data, error } = await getSupabase().rpc('get_user_registrations', { p_user_id: userId });
  if (error) throw error;
  return (data ?? []) as Registration[];
}

export async function fetchMyPayments(): Promise<Payment[]> {
  const { data, error } = await getSupabase().rpc('get_my_payments');
  if (error) throw error;
  return (data ?? []) as Payment[];
}

export async function fetchMyStats(): Promise<PlayerStats> {
  const { data, error } = await getSupabase().rpc('get_my_stats');
  if (error) throw error;
  const row = (Array.isArray(data) ? data[0] : data) as Partial<PlayerStats> | null | undefined;
  // A player without matches has no stats row yet: that is all zeros, not an error.
  return { ...EMPTY_STATS, ...(row ?? {}) };
}
