/**
 * A small client for the RazorpayX APIs the payouts need: Contacts, Fund Accounts (UPI ids),
 * Fund Account Validation and Payouts. Plain fetch with HTTP basic auth (key id : key secret), so it talks
 * to the real API or the local test double depending on `apiBase`. Every answer is checked with zod:
 * a shape we do not expect is a temporary failure (retried), never a guess.
 *
 * Errors use Razorpay's envelope, so they are RazorpayApiError like the payments client's.
 */
import { z } from 'npm:zod@4';
import { PROVIDER_PAYOUT_STATUSES, returnsMoney } from './payout-status.ts';
import { everyPage, RazorpayApiError, rangeQuery } from './razorpay-client.ts';

export const RazorpayXContact = z.object({
  id: z.string(),
  entity: z.literal('contact'),
  name: z.string(),
  email: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  reference_id: z.string().nullable().optional(),
  active: z.boolean(),
});
export type RazorpayXContact = z.infer<typeof RazorpayXContact>;

export const RazorpayXFundAccount = z.object({
  id: z.string(),
  entity: z.literal('fund_account'),
  contact_id: z.string(),
  account_type: z.literal('vpa'),
  vpa: z.object({ address: z.string() }),
  active: z.boolean(),
});
export type RazorpayXFundAccount = z.infer<typeof RazorpayXFundAccount>;

export const RazorpayXValidation = z.object({
  id: z.string(),
  entity: z.literal('fund_account.validation'),
  fund_account: z.object({ id: z.string().optional(), vpa: z.object({ address: z.string() }).optional() }).passthrough(),
  /** created: still running (ask again later); completed: `results` say what the bank found. */
  status: z.enum(['created', 'completed', 'failed']),
  results: z
    .object({ account_status: z.enum(['active', 'invalid']).nullable(), registered_name: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
export type RazorpayXValidation = z.infer<typeof RazorpayXValidation>;

export const RazorpayXPayout = z.object({
  id: z.string(),
  entity: z.literal('payout'),
  fund_account_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PROVIDER_PAYOUT_STATUSES),
  mode: z.string(),
  purpose: z.string(),
  reference_id: z.string().nullable().optional(),
  utr: z.string().nullable().optional(),
  notes: z.union([z.record(z.string(), z.string()), z.array(z.unknown())]).optional(),
  failure_reason: z.string().nullable().optional(),
  status_details: z
    .object({
      reason: z.string().nullable().optional(),
      description: z.string().nullable().optional(),
      source: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  created_at: z.number(),
});
export type RazorpayXPayout = z.infer<typeof RazorpayXPayout>;

const PayoutList = z.object({ entity: z.literal('collection'), count: z.number(), items: z.array(RazorpayXPayout) });

/** Why a payout did not go through, in words for staff and the player (null unless it failed or came back). */
export function payoutFailureReason(payout: Pick<RazorpayXPayout, 'status' | 'status_details' | 'failure_reason'>): string | null {
  if (!returnsMoney(payout.status)) return null;
  return payout.status_details?.description ?? payout.failure_reason ?? null;
}

export type RazorpayXClient = {
  createContact(input: { name: string; email: string | null; referenceId: string }): Promise<RazorpayXContact>;
  createVpaFundAccount(input: { contactId: string; upiId: string }): Promise<RazorpayXFundAccount>;
  /** Asks the bank whether the UPI id exists (RazorpayX fund account validation). */
  validateVpa(input: { fundAccountId: string; referenceId: string }): Promise<RazorpayXValidation>;
  /** Sent with X-Payout-Idempotency: the same key answers the first payout again, never a second one. */
  createPayout(input: {
    fundAccountId: string;
    amountPaise: number;
    referenceId: string;
    narration: string;
    notes: Record<string, string>;
    idempotencyKey: string;
  }): Promise<RazorpayXPayout>;
  fetchPayout(payoutId: string): Promise<RazorpayXPayout>;
  /** Payouts made with our reference id (the payout's own id): finds one whose creation answer was lost. */
  payoutsByReference(referenceId: string): Promise<RazorpayXPayout[]>;
  /** Every payout created in [from, to] (reconciliation), page by page. */
  listPayouts(range: { from: Date; to: Date }): Promise<RazorpayXPayout[]>;
};

export type RazorpayXClientOptions = {
  keyId: string;
  keySecret: string;
  /** The business's RazorpayX account number payouts are paid from. */
  accountNumber: string;
  apiBase: string;
  fetch?: typeof fetch;
  /** A call that takes longer is abandoned as a temporary failure (default 15 s). */
  timeoutMs?: number;
};

export function createRazorpayXClient(options: RazorpayXClientOptions): RazorpayXClient {
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${btoa(`${options.keyId}:${options.keySecret}`)}`;

  async function send<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${options.apiBase}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      text = await response.text();
    } catch (error) {
      // Unreachable or too slow: status 0, a temporary failure. The call may still have happened,
      // which is why every call that moves money carries an idempotency key.
      throw new RazorpayApiError(`RazorpayX could not be reached: ${(error as Error).message}`, 0, undefined);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy error page, say): reported below with the status.
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; description?: string; reason?: string; field?: string } } | undefined)?.error;
      throw new RazorpayApiError(
        error?.description ?? `RazorpayX answered ${response.status}`,
        response.status,
        error?.code,
        error?.reason,
        error?.field,
      );
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      throw new RazorpayApiError(`RazorpayX answered ${method} ${path} with an unexpected shape`, 502, 'UNEXPECTED_ANSWER');
    }
    return checked.data;
  }

  return {
    createContact: ({ name, email, referenceId }) =>
      send(RazorpayXContact, 'POST', '/v1/contacts', {
        name,
        ...(email ? { email } : {}),
        type: 'customer',
        reference_id: referenceId,
      }),
    createVpaFundAccount: ({ contactId, upiId }) =>
      send(RazorpayXFundAccount, 'POST', '/v1/fund_accounts', { contact_id: contactId, account_type: 'vpa', vpa: { address: upiId } }),
    validateVpa: ({ fundAccountId, referenceId }) =>
      send(RazorpayXValidation, 'POST', '/v1/fund_accounts/validations', {
        account_number: options.accountNumber,
        fund_account: { id: fundAccountId },
        notes: { reference_id: referenceId },
      }),
    createPayout: ({ fundAccountId, amountPaise, referenceId, narration, notes, idempotencyKey }) =>
      send(
        RazorpayXPayout,
        'POST',
        '/v1/payouts',
        {
          account_number: options.accountNumber,
          fund_account_id: fundAccountId,
          amount: amountPaise,
          currency: 'INR',
          mode: 'UPI',
          purpose: 'payout',
          // Waits for funds instead of failing when the account runs low.
          queue_if_low_balance: true,
          reference_id: referenceId,
          narration,
          notes,
        },
        { 'x-payout-idempotency': idempotencyKey },
      ),
    fetchPayout: (payoutId) => send(RazorpayXPayout, 'GET', `/v1/payouts/${encodeURIComponent(payoutId)}`),
    payoutsByReference: async (referenceId) =>
      (
        await send(
          PayoutList,
          'GET',
          `/v1/payouts?account_number=${encodeURIComponent(options.accountNumber)}&reference_id=${encodeURIComponent(referenceId)}`,
        )
      ).items,
    listPayouts: (range) =>
      everyPage(
        async (page) =>
          (
            await send(
              PayoutList,
              'GET',
              `/v1/payouts?account_number=${encodeURIComponent(options.accountNumber)}&${rangeQuery(range, page)}`,
            )
          ).items,
      ),
  };
}
