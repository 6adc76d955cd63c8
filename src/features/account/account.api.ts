/**
 * Reads behind My Tournaments and My Earnings. Each database function answers for the
 * signed-in player only (auth.uid()), so nothing here can show another player's data.
 * Answers are checked against the row types of account.ts; see lib/api-answer.ts for the errors.
 */
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { oneRow, readAnswer } from '@/lib/api-answer';
import { EMPTY_STATS, type EntryOutcome, type Payment, type PlayerStats, type Registration } from './account';

const RegistrationRow = z.object({
  tournament_id: z.string(),
  tournament_title: z.string(),
  series: z.string(),
  slots: z.int(),
  status: z.string(),
  registered_at: z.string(),
}) satisfies z.ZodMiniType<Registration>;

const PaymentRow = z.object({
  id: z.string(),
  razorpay_payment_id: z.nullable(z.string()),
  razorpay_order_id: z.nullable(z.string()),
  amount_paise: z.int(),
  currency: z.string(),
  tournament_id: z.string(),
  tournament_title: z.nullable(z.string()),
  slots: z.int(),
  status: z.string(),
  status_reason: z.nullable(z.string()),
  created_at: z.string(),
  status_reason_code: z.optional(z.nullable(z.string())),
}) satisfies z.ZodMiniType<Payment>;

const EntryOutcomeRow = z.object({
  payment_id: z.string(),
  tournament_id: z.string(),
  slots: z.int(),
  withdrawn: z.int(),
  withdraw_reason: z.nullable(z.string()),
  withdrawn_at: z.nullable(z.string()),
  withdraw_reason_code: z.optional(z.nullable(z.string())),
}) satisfies z.ZodMiniType<EntryOutcome>;

// A player without matches has no stats row yet: that is all zeros, not an error.
const StatsRow = z.pipe(
  z.nullish(
    z.partial(
      z.object({
        total_earnings_paise: z.number(),
        matches_played: z.int(),
        matches_won: z.int(),
        matches_lost: z.int(),
        goals_scored: z.int(),
        goals_conceded: z.int(),
        titles: z.int(),
        win_rate_percent: z.int(),
      }),
    ),
  ),
  z.transform((row): PlayerStats => ({ ...EMPTY_STATS, ...row })),
);

const rows = <Row extends z.ZodMiniType>(row: Row) =>
  z.pipe(
    z.nullable(z.array(row)),
    z.transform((list) => list ?? []),
  );

export async function fetchMyRegistrations(): Promise<Registration[]> {
  return readAnswer('rpc get_my_registrations', rows(RegistrationRow), await getSupabase().rpc('get_my_registrations'));
}

export async function fetchMyPayments(): Promise<Payment[]> {
  return readAnswer('rpc get_my_payments', rows(PaymentRow), await getSupabase().rpc('get_my_payments'));
}

/** What became of the entries each payment bought (withdrawn, and why). */
export async function fetchMyEntryOutcomes(): Promise<EntryOutcome[]> {
  return readAnswer('rpc get_my_entry_outcomes', rows(EntryOutcomeRow), await getSupabase().rpc('get_my_entry_outcomes'));
}

export async function fetchMyStats(): Promise<PlayerStats> {
  const answer = await getSupabase().rpc('get_my_stats');
  return readAnswer('rpc get_my_stats', StatsRow, { data: oneRow(answer.data), error: answer.error });
}
