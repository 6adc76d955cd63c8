/**
 * The public payout record: get_tournament_payouts (anyone). The answer is checked with zod; failures are
 * ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { PAYOUT_RECORD_STATUSES, type PayoutRecordRow } from './payout-record';

export const PayoutRecordAnswer = z.pipe(
  z.nullable(
    z.array(
      z.object({
        place: z.string(),
        in_game_name: z.nullable(z.string()),
        prize_paise: z.int().check(z.nonnegative()),
        status: z.enum(PAYOUT_RECORD_STATUSES),
        credited_at: z.nullable(z.string()),
        paid_at: z.nullable(z.string()),
        due_at: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
  z.transform((rows) => (rows ?? []).map((row) => ({ ...row, due_at: row.due_at ?? null }))),
) satisfies z.ZodMiniType<PayoutRecordRow[]>;

export async function fetchPayoutRecord(tournamentId: string): Promise<PayoutRecordRow[]> {
  return readAnswer(
    'rpc get_tournament_payouts',
    PayoutRecordAnswer,
    await getSupabase().rpc('get_tournament_payouts', { p_tournament_id: tournamentId }),
  );
}
