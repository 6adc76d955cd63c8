/**
 * A small client for the two Razorpay APIs the product needs: Orders and Refunds.
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

export class RazorpayApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(message: string, status: number, code: string | undefined) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export type RazorpayClient = {
  createOrder(input: {
    amountPaise: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayOrder>;
  refundPayment(input: {
    paymentId: string;
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayRefund>;
};

export function createRazorpayClient(options: {
  keyId: string;
  keySecret: string;
  apiBase: string;
  fetch?: typeof fetch;
}): RazorpayClient {
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${btoa(`${options.keyId}:${options.keySecret}`)}`;

  async function post<T>(path: string, body: unknown): Promise<T> {
    const response = await doFetch(`${options.apiBase}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy error page, say): reported below with the status.
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; description?: string } } | undefined)?.error;
      throw new RazorpayApiError(
        error?.description ?? `Razorpay answered ${response.status}`,
        response.status,
        error?.code,
      );
    }
    return parsed as T;
  }

  return {
    createOrder: ({ amountPaise, currency, receipt, notes }) =>
      post<RazorpayOrder>('/v1/orders', { amount: amountPaise, currency, receipt, notes }),
    // speed "normal" is the default refund speed and the one every account has.
    refundPayment: ({ paymentId, amountPaise, receipt, notes }) =>
      post<RazorpayRefund>(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        amount: amountPaise,
        speed: 'normal',
        receipt,
        notes,
      }),
  };
}
