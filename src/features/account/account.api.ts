/**
 * Reads behind My Tournaments and My Earnings. Each database function answers for the
 * signed-in player only (auth.uid()), so nothing here can show another player's data.
 * Answers are checked against the row types of account.ts; see lib/api-answer.ts for the errors.
 */
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { oneRow, readAnswer } from '@/lib/api-answer';
import { EMPTY_STATS, type Payment, type PlayerStats, type Registration } from './account';

const RegistrationRow = z.object({
  tournament_id: z.string(),
  tournament_title: z.string(),
  series: z.string(),
  slots: z.number().int(),
  status: z.string(),
  registered_at: z.string(),
}) satisfies z.ZodType<Registration>;

const PaymentRow = z.object({
  id: z.string(),
  razorpay_payment_id: z.string().nullable(),
  razorpay_order_id: z.string().nullable(),
  amount_paise: z.number().int(),
  currency: z.string(),
  tournament_id: z.string(),
  tournament_title: z.string().nullable(),
  slots: z.number().int(),
  status: z.string(),
  status_reason: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<Payment>;

// A player without matches has no stats row yet: that is all zeros, not an error.
const StatsRow = z
  .object({
    total_earnings_paise: z.number(),
    matches_played: z.number().int(),
    matches_won: z.number().int(),
    matches_lost: z.number().int(),
    goals_scored: z.number().int(),
    goals_conceded: z.number().int(),
    titles: z.number().int(),
    win_rate_percent: z.number().int(),
  })
  .partial()
  .nullish()
  .transform((row): PlayerStats => ({ ...EMPTY_STATS, ...row }));

const rows = <Row extends z.ZodType>(row: Row) =>
  z
    .array(row)
    .nullable()
    .transform((list) => list ?? []);

export async function fetchMyRegistrations(): Promise<Registration[]> {
  return readAnswer('rpc get_my_registrations', rows(RegistrationRow), await getSupabase().rpc('get_my_registrations'));
}

export async function fetchMyPayments(): Promise<Payment[]> {
  return readAnswer('rpc get_my_payments', rows(PaymentRow), await getSupabase().rpc('get_my_payments'));
}

export async function fetchMyStats(): Promise<PlayerStats> {
  const answer = await getSupabase().rpc('get_my_stats');
  return readAnswer('rpc get_my_stats', StatsRow, { data: oneRow(answer.data), error: answer.error });
}

// The prize money won, a sum over the ledger: the record's winnings card on the dashboard and profile.
const EarningsWon = z
  .object({ won_paise: z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number) })
  .partial()
  .nullish()
  .transform((row) => row?.won_paise ?? 0);

export async function fetchMyWinnings(): Promise<number> {
  const answer = await getSupabase().rpc('get_my_earnings');
  return readAnswer('rpc get_my_earnings', EarningsWon, { data: oneRow(answer.data), error: answer.error });
}
