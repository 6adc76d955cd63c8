/**
 * The calls behind the staff console's payouts section: the approvals queue, approving and rejecting, the
 * reconciliation, the withholding register and the tax certificates. Each needs an admin with two-step
 * sign-in; the database checks. Answers are read as payouts.api.ts reads the player's.
 */
import * as z from 'zod/mini';
import { readList, readOne, sum, text } from '@/features/payouts/payouts.api';
import type { CertificateRow, EndedPayout, QueueItem, ReconciliationDifference, WithholdingRow } from './staff-payouts';

const QueueRow = z.pipe(
  z.object({
    payout_id: z.string(),
    user_id: z.string(),
    gross_paise: sum,
    tax_paise: sum,
    net_paise: sum,
    status: z.string(),
    upi_id: text,
    created_at: z.string(),
    approval_due_at: z.optional(text),
    needs_approvals: z.nullish(z.int()),
    approved_by: z.pipe(
      z.nullish(z.array(z.object({ admin_id: z.string(), at: z.string() }))),
      z.transform((rows) => rows ?? []),
    ),
    can_approve: z.nullish(z.boolean()),
    player: z.nullish(z.object({ legal_name: text, in_game_name: text, email: text })),
    kyc: z.nullish(z.object({ status: text, pan_masked: text, upi_id: text })),
    tax: z.nullish(z.object({ net_winnings_paise: sum, tax_paise: sum })),
    winnings: z.pipe(
      z.nullish(z.array(z.object({ tournament_id: z.string(), title: text, place: text, amount_paise: sum, at: text }))),
      z.transform((rows) => rows ?? []),
    ),
  }),
  z.transform(
    (row): QueueItem => ({
      payout_id: row.payout_id,
      user_id: row.user_id,
      legal_name: row.player?.legal_name ?? null,
      in_game_name: row.player?.in_game_name ?? null,
      email: row.player?.email ?? null,
      gross_paise: row.gross_paise,
      tax_paise: row.tax_paise,
      net_paise: row.net_paise,
      net_winnings_paise: row.tax?.net_winnings_paise ?? null,
      status: row.status,
      created_at: row.created_at,
      approval_due_at: row.approval_due_at ?? null,
      approvals: row.approved_by.length,
      needs_approvals: row.needs_approvals ?? 1,
      can_approve: row.can_approve ?? false,
      kyc_status: row.kyc?.status ?? null,
      pan_masked: row.kyc?.pan_masked ?? null,
      upi_id: row.upi_id ?? row.kyc?.upi_id ?? null,
      winnings: row.winnings.map((winning) => ({
        tournament_id: winning.tournament_id,
        tournament_title: winning.title,
        place: winning.place,
        amount_paise: winning.amount_paise,
        at: winning.at,
      })),
    }),
  ),
);

const EndedRow = z.pipe(
  z.object({
    payout_id: z.string(),
    net_paise: sum,
    status: z.string(),
    upi_id: text,
    utr: text,
    failure_reason: text,
    updated_at: z.string(),
    player: z.nullish(z.object({ legal_name: text, in_game_name: text })),
  }),
  z.transform(({ player, ...row }): EndedPayout => ({ ...row, name: player?.legal_name ?? player?.in_game_name ?? 'A player' })),
);

const ReconciliationRow = z.object({
  kind: z.string(),
  reference: z.string(),
  ledger_paise: z.nullable(sum),
  provider_paise: z.nullable(sum),
  found_at: z.string(),
  resolved_at: text,
  note: text,
}) satisfies z.ZodMiniType<ReconciliationDifference, unknown>;

const WithholdingSchema = z.object({
  payout_id: text,
  pan: text,
  legal_name: text,
  date: z.string(),
  kind: z.string(),
  gross_paise: sum,
  net_winnings_paise: sum,
  tax_paise: sum,
}) satisfies z.ZodMiniType<WithholdingRow, unknown>;

const CertificateSchema = z.object({
  pan: text,
  legal_name: text,
  quarter: z.pipe(
    z.union([z.int(), z.string().check(z.regex(/^Q?[1-4]$/))]),
    z.transform((value) => Number(String(value).replace('Q', ''))),
  ),
  net_winnings_paise: sum,
  tax_paise: sum,
}) satisfies z.ZodMiniType<CertificateRow, unknown>;

export const fetchPayoutQueue = () => readList('staff_list_payout_queue', QueueRow);
export const approvePayout = (payoutId: string) => readOne('staff_approve_payout', z.unknown(), { p_payout_id: payoutId });
export const rejectPayout = (payoutId: string, reason: string) =>
  readOne('staff_reject_payout', z.unknown(), { p_payout_id: payoutId, p_reason: reason });
export const fetchRecentPayouts = () => readList('staff_list_recent_payouts', EndedRow);
export const fetchReconciliation = () => readList('staff_get_reconciliation', ReconciliationRow);
export const fetchWithholdingRegister = (from: string, to: string) =>
  readList('staff_withholding_register', WithholdingSchema, { p_from: from, p_to: to });
export const fetchTaxCertificates = (financialYear: number) =>
  readList('staff_tax_certificates', CertificateSchema, { p_financial_year: financialYear });
