/**
 * Razorpay test double, served by the local stack under /razorpay.
 *
 * The real checkout and API need the internet and a merchant account; this stand-in speaks
 * the same shapes so the edge functions and the site run unchanged against it:
 *   POST /razorpay/v1/orders                  Orders API (basic auth with the local key)
 *   GET  /razorpay/v1/orders/:id              an order
 *   GET  /razorpay/v1/orders/:id/payments     the payments made on an order (reconciliation)
 *   GET  /razorpay/v1/payments                the payments (from, to, count, skip: reconciliation)
 *   GET  /razorpay/v1/payments/:id            a payment
 *   POST /razorpay/v1/payments/:id/refund     Refunds API, idempotent by X-Refund-Idempotency
 *   GET  /razorpay/checkout.js                stand-in for https://checkout.razorpay.com/v1/checkout.js
 *   POST /razorpay/test/pay                   {order_id, outcome: "success"|"failure"} → the handler's payload
 *   POST /razorpay/test/dispute               {payment_id, event?: created|under_review|action_required|won|lost|closed,
 *                                             dispute_id?, amount?} a chargeback event on a captured payment
 *                                             (service role bearer); send the same dispute_id again to take that
 *                                             dispute on to its next event
 * Every state change is reported like Razorpay does: a webhook signed with the local webhook
 * secret, POSTed to the stack's /functions/v1/razorpay-webhook.
 *
 * State lives in memory: restarting the stack forgets orders and payments (the database keeps
 * its rows), which is enough for development and tests.
 */
import {
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_PATH,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
} from '../../functions/_shared/razorpay-local.ts';
import { checkoutSignature, constantTimeEqual, webhookSignature } from '../../functions/_shared/razorpay-signature.ts';
import type { RazorpayOrder, RazorpayRefund } from '../../functions/_shared/razorpay-client.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import type { ServiceModule } from '../service.ts';
import { readBody } from '../http.ts';
import { renderCheckoutScript } from './razorpay-checkout.ts';
import { listPage } from './web-handler.ts';

/** The Orders API's order, with the fields the real API adds that the functions do not read. */
type Order = RazorpayOrder & { offer_id: null; attempts: number };

type Payment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: 'card';
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  description: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
};

/** The Refunds API's refund: the double processes every refund at once. */
type Refund = Omit<RazorpayRefund, 'status'> & {
  receipt: string | null;
  status: 'processed';
  speed_processed: 'normal';
  speed_requested: string;
};

/** When the signed webhooks of a test payment are sent, relative to the /test/pay answer. */
export type WebhookTiming = 'deferred' | 'immediate' | 'none';

/** The chargeback events Razorpay sends (payment.dispute.<event>). */
const DISPUTE_STEPS = ['created', 'under_review', 'action_required', 'won', 'lost', 'closed'] as const;

export type RazorpayDoubleOptions = {
  /** The bearer token /test/dispute requires (the stack's service role key); without it, any caller. */
  controlKey?: string;
  /** Where webhooks go; by default the stack origin the request arrived on. */
  webhookUrl?: (requestOrigin: string) => string;
  fetch?: typeof fetch;
  log?: (message: string) => void;
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay ids are a prefix and 14 base62 characters. */
function razorpayId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// The stack's gateway adds Access-Control-Allow-Origin for the site's own origins (origins.ts).
const corsHeaders = {
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Razorpay's error envelope. */
function apiError(status: number, description: string, field?: string): Response {
  return json(
    {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      },
    },
    status,
  );
}

export function createRazorpayDouble(options: RazorpayDoubleOptions = {}) {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? (() => {});
  const webhookUrl = options.webhookUrl ?? ((origin: string) => `${origin}/functions/v1/razorpay-webhook`);
  const deferredDeliveries = new Set<Promise<void>>();

  function isAuthorised(request: Request): boolean {
    const header = request.headers.get('authorization') ?? '';
    const expected = `Basic ${btoa(`${LOCAL_RAZORPAY_KEY_ID}:${LOCAL_RAZORPAY_KEY_SECRET}`)}`;
    return constantTimeEqual(header, expected);
  }

  async function readJson(request: Request): Promise<Record<string, unknown> | null> {
    try {
      const body = await request.json();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  /** Sends one signed webhook, retrying a few times like Razorpay does when the receiver is not 2xx. */
  async function deliver(origin: string, event: string, payload: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_GolazoLocalDev',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': await webhookSignature(LOCAL_RAZORPAY_WEBHOOK_SECRET, body),
      'x-razorpay-event-id': razorpayId('evt'),
    };
    for (const waitMs of [0, 250, 1000, 3000]) {
      if (waitMs) await new Promise((resolve) => setTimeout(resolve, waitMs));
      try {
        const response = await doFetch(webhookUrl(origin), { method: 'POST', headers, body });
        await response.body?.cancel();
        if (response.ok) return;
        log(`razorpay double: webhook ${event} answered ${response.status}`);
      } catch (error) {
        log(`razorpay double: webhook ${event} not delivered: ${(error as Error).message}`);
      }
    }
  }

  async function deliverAll(origin: string, events: Array<[string, Record<string, unknown>]>, timing: WebhookTiming) {
    if (timing === 'none') return;
    const send = async () => {
      for (const [event, payload] of events) await deliver(origin, event, payload);
    };
    if (timing === 'immediate') return send();
    // Deferred like the real service: the browser gets its answer first, the webhook follows.
    const deferred = new Promise((resolve) => setTimeout(resolve, 50))
      .then(send)
      .catch((error) => log(`razorpay double: webhooks not sent: ${(error as Error).message}`))
      .finally(() => deferredDeliveries.delete(deferred));
    deferredDeliveries.add(deferred);
  }

  /** Resolves once every deferred webhook, and any a webhook's handling deferred in turn, is delivered or given up. */
  async function idle(): Promise<void> {
    while (deferredDeliveries.size > 0) await Promise.allSettled([...deferredDeliveries]);
  }

  async function createOrder(request: Request): Promise<Response> {
    const body = await readJson(request);
    if (!body) return apiError(400, 'The request body must be JSON');
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return apiError(400, 'The amount must be atleast INR 1.00', 'amount');
    }
    const currency = body.currency ?? 'INR';
    if (currency !== 'INR') return apiError(400, 'Currency is not supported', 'currency');
    const receipt = typeof body.receipt === 'string' ? body.receipt : null;
    if (receipt && receipt.length > 40) return apiError(400, 'receipt: the length must be no more than 40.', 'receipt');
    const order: Order = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: nowSeconds(),
    };
    orders.set(order.id, order);
    return json(order);
  }

  /** Refunds by X-Refund-Idempotency key: a retry with the same key answers the first refund again. */
  const refundsByIdempotencyKey = new Map<string, Refund>();

  async function refund(request: Request, paymentId: string): Promise<Response> {
    const idempotencyKey = request.headers.get('x-refund-idempotency');
    if (idempotencyKey !== null && !/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
      return apiError(400, 'The idempotency key must be at least 10 characters: letters, digits, - and _');
    }
    const earlier = idempotencyKey ? refundsByIdempotencyKey.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.payment_id !== paymentId)
        return apiError(400, 'Different request with the same idempotency key has already been processed.');
      return json(earlier);
    }
    const payment = payments.get(paymentId);
    if (!payment) return apiError(400, 'The id provided does not exist', 'id');
    if (!payment.captured) return apiError(400, 'The payment has not been captured');
    const body = (await readJson(request)) ?? {};
    const remaining = payment.amount - payment.amount_refunded;
    if (remaining === 0) return apiError(400, 'The payment has been fully refunded already');
    const amount = typeof body.amount === 'number' ? body.amount : remaining;
    if (!Number.isInteger(amount) || amount < 100) return apiError(400, 'The refund amount must be atleast INR 1.00', 'amount');
    if (amount > remaining) return apiError(400, 'The refund amount provided is greater than amount captured', 'amount');

    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    const created: Refund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: (body.notes as Record<string, string>) ?? {},
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: typeof body.speed === 'string' ? body.speed : 'normal',
      created_at: nowSeconds(),
    };
    refunds.set(created.id, created);
    if (idempotencyKey) refundsByIdempotencyKey.set(idempotencyKey, created);
    await deliverAll(
      new URL(request.url).origin,
      [['refund.processed', { refund: { entity: created }, payment: { entity: { ...payment } } }]],
      'deferred',
    );
    return json(created);
  }

  /** What the checkout does when the player presses Pay or Fail, callable directly by tests. */
  async function testPay(request: Request): Promise<Response> {
    const body = await readJson(request);
    const orderId = body?.order_id;
    const outcome = body?.outcome;
    const timing = (body?.webhook ?? 'deferred') as WebhookTiming;
    if (typeof orderId !== 'string' || (outcome !== 'success' && outcome !== 'failure')) {
      return apiError(400, 'Send {order_id, outcome: "success" | "failure"}');
    }
    if (!['deferred', 'immediate', 'none'].includes(timing)) return apiError(400, 'webhook: deferred, immediate or none');
    const order = orders.get(orderId);
    if (!order) return apiError(400, 'The id provided does not exist', 'order_id');
    if (order.status === 'paid') return apiError(400, 'Order already paid');

    const email = typeof body?.email === 'string' ? body.email : 'player@golazo.example';
    const payment: Payment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: outcome === 'success' ? 'captured' : 'failed',
      order_id: order.id,
      method: 'card',
      captured: outcome === 'success',
      amount_refunded: 0,
      refund_status: null,
      description: null,
      email,
      contact: '+919000000000',
      notes: order.notes,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      created_at: nowSeconds(),
    };
    order.attempts += 1;
    const origin = new URL(request.url).origin;

    if (outcome === 'failure') {
      Object.assign(payment, {
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Your payment could not be completed as the bank declined it.',
        error_source: 'bank',
        error_step: 'payment_authorization',
        error_reason: 'payment_declined',
      });
      order.status = 'attempted';
      payments.set(payment.id, payment);
      await deliverAll(origin, [['payment.failed', { payment: { entity: { ...payment } } }]], timing);
      // The shape checkout passes to a 'payment.failed' listener.
      return json(
        {
          error: {
            code: payment.error_code,
            description: payment.error_description,
            source: payment.error_source,
            step: payment.error_step,
            reason: payment.error_reason,
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        },
        400,
      );
    }

    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    payments.set(payment.id, payment);
    await deliverAll(
      origin,
      [
        ['payment.captured', { payment: { entity: { ...payment } } }],
        ['order.paid', { payment: { entity: { ...payment } }, order: { entity: { ...order } } }],
      ],
      timing,
    );
    return json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: await checkoutSignature(LOCAL_RAZORPAY_KEY_SECRET, order.id, payment.id),
    });
  }

  /** A chargeback event on a captured payment, delivered like Razorpay's: signed, to the webhook. */
  async function testDispute(request: Request): Promise<Response> {
    if (options.controlKey && !constantTimeEqual(request.headers.get('authorization') ?? '', `Bearer ${options.controlKey}`)) {
      return json({ error: { code: 'UNAUTHORIZED', description: 'The test controls take the service role key' } }, 401);
    }
    const body = await readJson(request);
    const payment = typeof body?.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!payment?.captured) return apiError(400, 'Send {payment_id} of a captured payment', 'payment_id');
    const step = body?.event ?? 'created';
    if (typeof step !== 'string' || !(DISPUTE_STEPS as readonly string[]).includes(step)) {
      return apiError(400, `event: one of ${DISPUTE_STEPS.join(', ')}`, 'event');
    }
    const amount = body?.amount ?? payment.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > payment.amount) {
      return apiError(400, 'amount: whole paise up to the payment', 'amount');
    }
    const dispute = {
      id: typeof body?.dispute_id === 'string' ? body.dispute_id : razorpayId('disp'),
      entity: 'dispute',
      payment_id: payment.id,
      amount,
      currency: payment.currency,
      amount_deducted: step === 'lost' ? amount : 0,
      reason_code: 'chargeback',
      respond_by: nowSeconds() + 7 * 24 * 3600,
      status: step === 'created' ? 'open' : step,
      phase: 'chargeback',
      created_at: nowSeconds(),
    };
    await deliverAll(
      new URL(request.url).origin,
      [[`payment.dispute.${step}`, { payment: { entity: { ...payment } }, dispute: { entity: dispute } }]],
      'immediate',
    );
    return json(dispute);
  }

  /** Answers requests under /razorpay; null for anything else so the stack's router moves on. */
  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${LOCAL_RAZORPAY_PATH}/`)) return null;
    const path = url.pathname.slice(LOCAL_RAZORPAY_PATH.length);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });

    if (request.method === 'GET' && path === '/checkout.js') {
      return new Response(renderCheckoutScript(), {
        headers: { ...corsHeaders, 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    if (request.method === 'POST' && path === '/test/pay') return testPay(request);
    if (request.method === 'POST' && path === '/test/dispute') return testDispute(request);

    if (path.startsWith('/v1/')) {
      if (!isAuthorised(request)) return apiError(401, 'Authentication failed');
      if (request.method === 'POST' && path === '/v1/orders') return createOrder(request);
      let match = /^\/v1\/orders\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && match) {
        const order = orders.get(match[1]);
        return order ? json(order) : apiError(400, 'The id provided does not exist', 'id');
      }
      match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (request.method === 'GET' && match) {
        const orderId = match[1];
        const items = [...payments.values()].filter((payment) => payment.order_id === orderId);
        return orders.has(orderId)
          ? json({ entity: 'collection', count: items.length, items })
          : apiError(400, 'The id provided does not exist', 'id');
      }
      if (request.method === 'GET' && path === '/v1/payments') return json(listPage(payments.values(), url.searchParams));
      match = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && match) {
        const payment = payments.get(match[1]);
        return payment ? json(payment) : apiError(400, 'The id provided does not exist', 'id');
      }
      match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (request.method === 'POST' && match) return refund(request, match[1]);
    }
    if (/^\/v1\/(orders|payments|refunds|customers|invoices|settlements|subscriptions|plans|payment_links)(\/|$)/.test(path)) {
      return json(
        { error: { code: 'NOT_IMPLEMENTED', description: `The Razorpay test double does not support ${request.method} ${url.pathname}` } },
        501,
      );
    }
    // Razorpay's own answer for a URL it does not have.
    return json({ error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } }, 404);
  }

  return { handle, idle, orders, payments, refunds };
}

/**
 * The double as a service of the local stack (listed in services/index.ts): Node's request is turned
 * into a web Request for the handler above, and its Response written back.
 */
export const razorpayService: ServiceModule = {
  name: 'razorpay',
  prefix: LOCAL_RAZORPAY_PATH,
  create(ctx) {
    const double = createRazorpayDouble({
      webhookUrl: () => `${ctx.apiUrl}/functions/v1/razorpay-webhook`,
      log: (message) => ctx.log('razorpay', message),
      controlKey: SERVICE_ROLE_KEY,
    });
    return {
      async handle(req, res, url) {
        const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string') headers.set(name, value);
          else if (Array.isArray(value)) headers.set(name, value.join(', '));
        }
        const request = new Request(new URL(url.pathname + url.search, ctx.apiUrl), {
          method: req.method,
          headers,
          body: hasBody ? new Uint8Array(await readBody(req, 1024 * 1024)) : undefined,
        });
        const response = (await double.handle(request)) ?? new Response(null, { status: 404 });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      },
    };
  },
};
