/**
 * A small client for the Razorpay APIs the product needs: Orders, Payments (reconciliation) and Refunds.
 * Plain fetch with HTTP basic auth (key id : key secret), so it runs anywhere and
 * talks to the real API or the local test double depending on `apiBase`.
 */

export type RazorpayOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
};

export type RazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
  created_at: number;
};

export type RazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
};

/**
 * Razorpay's error answer: `code` (BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR), with `reason` and
 * `field` naming what was wrong. Callers decide by these and the HTTP status, never by the description.
 */
export class RazorpayApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly reason: string | undefined;
  readonly field: string | undefined;
  constructor(message: string, status: number, code: string | undefined, reason?: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.field = field;
  }
  /** Worth asking again later: Razorpay's side failed, or a request with this idempotency key is still running. */
  get isTemporary(): boolean {
    return this.status >= 500 || this.status === 409 || this.status === 429 || this.status === 0;
  }
  get isBadRequest(): boolean {
    return this.code === 'BAD_REQUEST_ERROR';
  }
}

/**
 * Named in every order's notes: a capture on an order the database lost is refunded only when its notes
 * say it is ours (private.order_is_ours reads the same word; a function test checks they agree).
 */
export const ORDER_PRODUCT = 'golazo-arena';

export type RazorpayClient = {
  createOrder(input: { amountPaise: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  refundPayment(input: {
    paymentId: string;
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
    /** Sent as X-Refund-Idempotency: the same key never refunds twice. */
    idempotencyKey?: string;
  }): Promise<RazorpayRefund>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  orderPayments(orderId: string): Promise<RazorpayPayment[]>;
  /** Every payment created in [from, to] (reconciliation), page by page. */
  listPayments(range: { from: Date; to: Date }): Promise<RazorpayPayment[]>;
};

/** Razorpay's and RazorpayX's lists answer at most 100 items a call. */
export const LIST_PAGE_SIZE = 100;

/** The query of one page of a list between two times (unix seconds, both ends included). */
export function rangeQuery(range: { from: Date; to: Date }, page: number): string {
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  return `from=${seconds(range.from)}&to=${seconds(range.to)}&count=${LIST_PAGE_SIZE}&skip=${page * LIST_PAGE_SIZE}`;
}

/** Asks for page after page until one comes back short. */
export async function everyPage<T>(fetchPage: (page: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page++) {
    const items = await fetchPage(page);
    all.push(...items);
    if (items.length < LIST_PAGE_SIZE) return all;
  }
}

export function createRazorpayClient(options: { keyId: string; keySecret: string; apiBase: string; fetch?: typeof fetch }): RazorpayClient {
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${btoa(`${options.keyId}:${options.keySecret}`)}`;

  async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiBase}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      // Unreachable: status 0, a temporary failure.
      throw new RazorpayApiError(`Razorpay could not be reached: ${(error as Error).message}`, 0, undefined);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy error page, say): reported below with the status.
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; description?: string; reason?: string; field?: string } } | undefined)?.error;
      throw new RazorpayApiError(
        error?.description ?? `Razorpay answered ${response.status}`,
        response.status,
        error?.code,
        error?.reason,
        error?.field,
      );
    }
    return parsed as T;
  }

  return {
    createOrder: ({ amountPaise, currency, receipt, notes }) =>
      send<RazorpayOrder>('POST', '/v1/orders', { amount: amountPaise, currency, receipt, notes }),
    // speed "normal" is the default refund speed and the one every account has.
    refundPayment: ({ paymentId, amountPaise, receipt, notes, idempotencyKey }) =>
      send<RazorpayRefund>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: amountPaise, speed: 'normal', receipt, notes },
        idempotencyKey ? { 'x-refund-idempotency': idempotencyKey } : {},
      ),
    fetchPayment: (paymentId) => send<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
    orderPayments: async (orderId) =>
      (await send<{ items: RazorpayPayment[] }>('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`)).items,
    listPayments: (range) =>
      everyPage(async (page) => (await send<{ items: RazorpayPayment[] }>('GET', `/v1/payments?${rangeQuery(range, page)}`)).items),
  };
}
