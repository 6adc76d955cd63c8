/**
 * The calls behind My Earnings' prizes, KYC, withdrawals and statement: each answers for the signed-in
 * player only (auth.uid()). Answers are checked with zod (lib/api-answer): a refusal keeps the database's
 * code as the ApiError's hint, so the screens can say what it means. The staff console's calls are in
 * staff-payouts.api.ts, built from the same readers, so My Earnings does not load the staff schemas.
 */
import * as z from 'zod/mini';
import { oneRow, readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import {
  EMPTY_EARNINGS,
  type Earnings,
  type Kyc,
  KYC_RECORD_STATUSES,
  NO_KYC,
  type Payout,
  type PayoutPreview,
  type PayoutRequest,
  NO_HOLDS,
  type TaxStatement,
  type WithdrawalHolds,
} from './payouts';

/** bigint sums may arrive as numbers or numeric strings, depending on the column type. */
export const sum = z.pipe(z.union([z.number(), z.string().check(z.regex(/^-?\d+$/))]), z.transform(Number));
export const text = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value ?? null),
);

const EarningsRow = z.pipe(
  z.nullish(
    z.partial(
      z.object({
        won_paise: sum,
        tax_withheld_paise: sum,
        paid_out_paise: sum,
        balance_paise: sum,
        balance_after_tax_paise: sum,
        pending_paise: sum,
      }),
    ),
  ),
  // An answer without balance_after_tax_paise shows the balance as it is, never a made-up amount after tax.
  z.transform((row): Earnings => ({ ...EMPTY_EARNINGS, balance_after_tax_paise: row?.balance_paise ?? 0, ...row })),
);

const KycRow = z.pipe(
  z.nullish(
    z.partial(
      z.object({
        status: z.nullish(z.enum(KYC_RECORD_STATUSES)),
        reason: text,
        reason_code: text,
        pan_masked: text,
        upi_id: text,
        payouts_held_until: text,
      }),
    ),
  ),
  z.transform((row): Kyc => (row?.status ? { ...NO_KYC, ...row, status: row.status } : NO_KYC)),
);

// get_my_payouts names the id payout_id, as request_payout does.
const PayoutRow = z.pipe(
  z.object({
    payout_id: z.string(),
    gross_paise: sum,
    tax_paise: sum,
    net_paise: sum,
    status: z.string(),
    upi_id: text,
    failure_reason: text,
    created_at: z.string(),
    processed_at: text,
    utr: text,
    delayed: z.optional(z.nullable(z.boolean())),
    approval_due_at: z.optional(text),
  }),
  z.transform(
    ({ payout_id, delayed, approval_due_at, ...row }): Payout => ({
      ...row,
      id: payout_id,
      delayed: delayed ?? false,
      approval_due_at: approval_due_at ?? null,
    }),
  ),
);

const HoldsRow = z.pipe(
  z.nullish(
    z.object({
      held_paise: sum,
      available_paise: sum,
      chargebacks: z.pipe(
        z.nullish(z.array(z.object({ tournament_title: text, amount_paise: sum, opened_at: z.string() }))),
        z.transform((rows) => rows ?? []),
      ),
    }),
  ),
  z.transform((row): WithdrawalHolds => row ?? NO_HOLDS),
);

const PreviewRow = z.object({
  gross_paise: sum,
  tax_paise: sum,
  net_paise: sum,
  balance_paise: sum,
  tax_rate_percent: sum,
  reckoning: z.object({
    withdrawn_paise: sum,
    entry_fees_paise: sum,
    opening_balance_paise: sum,
    already_counted_paise: sum,
    net_winnings_paise: sum,
  }),
}) satisfies z.ZodMiniType<PayoutPreview, unknown>;

const RequestRow = z.pipe(
  z.object({
    payout_id: z.string(),
    gross_paise: sum,
    tax_paise: sum,
    net_paise: sum,
    status: z.string(),
    approval_due_at: z.optional(text),
  }),
  z.transform((row): PayoutRequest => ({ ...row, approval_due_at: row.approval_due_at ?? null })),
);

const StatementRow = z.object({
  financial_year: z.int(),
  legal_name: z.optional(text),
  pan_masked: z.optional(text),
  deductor_tan: z.optional(text),
  winnings_paise: sum,
  entry_fees_paise: z.optional(sum),
  opening_balance_paise: sum,
  closing_balance_paise: sum,
  tax_withheld: z.pipe(
    z.nullish(z.array(z.object({ at: z.string(), paise: sum, payout_id: text, net_winnings_paise: z.optional(sum) }))),
    z.transform((rows) => rows ?? []),
  ),
  payouts: z.pipe(
    z.nullish(
      z.array(
        z.pipe(
          z.object({
            at: z.optional(z.string()),
            created_at: z.optional(z.string()),
            gross_paise: sum,
            tax_paise: sum,
            net_paise: sum,
            status: z.string(),
            payout_id: text,
            id: text,
            utr: z.optional(text),
          }),
          z.transform((row) => ({
            at: row.at ?? row.created_at ?? '',
            gross_paise: row.gross_paise,
            tax_paise: row.tax_paise,
            net_paise: row.net_paise,
            status: row.status,
            payout_id: row.payout_id ?? row.id,
            utr: row.utr ?? null,
          })),
        ),
      ),
    ),
    z.transform((rows) => rows ?? []),
  ),
}) satisfies z.ZodMiniType<TaxStatement, unknown>;

const list = <Row extends z.ZodMiniType>(row: Row) =>
  z.pipe(
    z.nullable(z.array(row)),
    z.transform((rows) => rows ?? []),
  );

async function rpc(
  name: string,
  args?: Record<string, unknown>,
): Promise<{ data: unknown; error: { message: string; code?: string; hint?: string | null } | null }> {
  try {
    return await getSupabase().rpc(name, args);
  } catch (error) {
    return { data: null, error: { message: error instanceof Error ? error.message : String(error), hint: 'network' } };
  }
}

export const readOne = async <Schema extends z.ZodMiniType>(name: string, schema: Schema, args?: Record<string, unknown>) => {
  const answer = await rpc(name, args);
  return readAnswer(`rpc ${name}`, schema, { data: oneRow(answer.data), error: answer.error });
};
export const readList = async <Schema extends z.ZodMiniType>(name: string, schema: Schema, args?: Record<string, unknown>) =>
  readAnswer(`rpc ${name}`, list(schema), await rpc(name, args));

// Player
export const fetchMyEarnings = () => readOne('get_my_earnings', EarningsRow);
export const fetchMyKyc = () => readOne('get_my_kyc', KycRow);
export const fetchMyPayouts = () => readList('get_my_payouts', PayoutRow);
export const fetchMyWithdrawalHolds = () => readOne('get_my_withdrawal_holds', HoldsRow);
export async function submitKyc(pan: string, upiId: string): Promise<void> {
  const answer = await rpc('submit_kyc', { p_pan: pan, p_upi_id: upiId });
  readAnswer('rpc submit_kyc', z.unknown(), answer);
}
export const previewPayout = (amountPaise: number) => readOne('preview_payout', PreviewRow, { p_amount_paise: amountPaise });
export const requestPayout = (amountPaise: number, idempotencyKey: string) =>
  readOne('request_payout', RequestRow, { p_amount_paise: amountPaise, p_idempotency_key: idempotencyKey });
export const fetchMyTaxStatement = (financialYear: number) =>
  readOne('get_my_tax_statement', StatementRow, { p_financial_year: financialYear });
