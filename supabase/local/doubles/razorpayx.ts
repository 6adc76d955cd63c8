/**
 * RazorpayX Payouts test double, served by the local stack under /razorpayx.
 *
 * The same shapes as RazorpayX, so the outbox worker and the razorpayx-webhook function run unchanged:
 *   POST /razorpayx/v1/contacts                   a contact (the same details again answer the same contact)
 *   POST /razorpayx/v1/fund_accounts              a UPI fund account {contact_id, account_type: 'vpa', vpa: {address}}
 *   POST /razorpayx/v1/fund_accounts/validations  does the UPI id exist? Ids beginning `invalid` do not
 *   POST /razorpayx/v1/payouts                    a payout; X-Payout-Idempotency is required: the same key answers
 *                                                 the same payout, another body under a used key is refused (400)
 *   GET  /razorpayx/v1/payouts/:id                a payout
 *   GET  /razorpayx/v1/payouts                    the payouts (?reference_id=, from, to, count, skip: reconciliation)
 * All with basic auth (the local RazorpayX key, functions/_shared/razorpayx-local.ts).
 *
 * A payout moves queued → processing → processed one step a second on the stack's timer (tick), and every
 * step is reported like RazorpayX does: a webhook signed with the local RazorpayX webhook secret, POSTed
 * to /functions/v1/razorpayx-webhook. Test controls (local callers with the service role key):
 *   POST /razorpayx/test/control    {outcome?: processed|failed|rejected|reversed,
 *                                    webhooks?: normal|late|twice|out_of_order|none, delay_ms?}
 *                                   plans the next payout (plans queue up, one per payout): how it ends and how
 *                                   its webhooks arrive (late: held until it ends, then sent after delay_ms;
 *                                   out_of_order: the same, newest first; twice: each one twice, same event id)
 *   POST /razorpayx/test/advance    {payout_id?} takes every payout (or one) to its end now
 *   GET  /razorpayx/test/deliveries ?payout_id= the webhooks sent and how the function answered
 *
 * State lives in memory: restarting the stack forgets contacts and payouts.
 */
import {
  LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
  LOCAL_RAZORPAYX_KEY_ID,
  LOCAL_RAZORPAYX_KEY_SECRET,
  LOCAL_RAZORPAYX_PATH,
  LOCAL_RAZORPAYX_WEBHOOK_SECRET,
} from '../../functions/_shared/razorpayx-local.ts';
import { constantTimeEqual, webhookSignature } from '../../functions/_shared/razorpay-signature.ts';
import type {
  RazorpayXContact,
  RazorpayXFundAccount,
  RazorpayXPayout,
  RazorpayXValidation,
} from '../../functions/_shared/razorpayx-client.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import type { ServiceModule } from '../service.ts';
import { listPage, serveWebHandler } from './web-handler.ts';

type Contact = RazorpayXContact & { contact: string | null; notes: Record<string, string>; created_at: number };
type FundAccount = RazorpayXFundAccount & { vpa: { username: string; handle: string; address: string }; created_at: number };
type Payout = RazorpayXPayout & {
  fees: number;
  tax: number;
  narration: string | null;
  batch_id: null;
  notes: Record<string, string>;
  fund_account: FundAccount;
};

export const PAYOUT_OUTCOMES = ['processed', 'failed', 'rejected', 'reversed'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];
export const WEBHOOK_MODES = ['normal', 'late', 'twice', 'out_of_order', 'none'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];
export type PayoutPlan = { outcome: PayoutOutcome; webhooks: WebhookMode; delayMs: number };

/** One webhook sent, and how the receiver answered (null: it never answered). */
export type Delivery = { event_id: string; event: string; payout_id: string; status: string; http_status: number | null };

export type RazorpayXDoubleOptions = {
  /** Where webhooks go; by default the stack origin the request arrived on. */
  webhookUrl?: (requestOrigin: string) => string;
  fetch?: typeof fetch;
  log?: (message: string) => void;
  /** The bearer token the /test controls require. */
  controlKey: string;
  /** Time between two steps of a payout (default 1 s). */
  stepMs?: number;
  /** Waits before each retry of a webhook the receiver did not take (default like RazorpayX: a few, growing). */
  retryDelaysMs?: number[];
  now?: () => number;
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function razorpayId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,100}$/;
const NARRATION = /^[A-Za-z0-9 ]{1,30}$/;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** RazorpayX's error envelope. */
function apiError(status: number, description: string, field?: string): Response {
  return json(
    {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'NA',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      },
    },
    status,
  );
}

/** The same JSON whatever the order of keys: what "the same request body" means for an idempotency key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const stringRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, String(item)]))
    : {};

/** The steps after `queued` for each way a payout can end. */
const STEPS: Record<PayoutOutcome, RazorpayXPayout['status'][]> = {
  processed: ['processing', 'processed'],
  failed: ['processing', 'failed'],
  rejected: ['rejected'],
  reversed: ['processing', 'processed', 'reversed'],
};

const FAILURES: Partial<Record<RazorpayXPayout['status'], { source: string; reason: string; description: string }>> = {
  failed: { source: 'beneficiary_bank', reason: 'beneficiary_bank_failure', description: "The payee's bank could not credit the UPI id." },
  rejected: { source: 'internal', reason: 'payout_rejected', description: 'The payout was rejected by RazorpayX.' },
  reversed: { source: 'beneficiary_bank', reason: 'payout_reversed', description: "The payee's bank returned the money." },
};

type Tracked = {
  payout: Payout;
  steps: RazorpayXPayout['status'][];
  nextAt: number;
  plan: PayoutPlan;
  held: [string, Payout][];
  /** The payout's webhooks go out one after another, in the order the plan gives them. */
  sending: Promise<void>;
};

const DEFAULT_PLAN: PayoutPlan = { outcome: 'processed', webhooks: 'normal', delayMs: 0 };

export function createRazorpayXDouble(options: RazorpayXDoubleOptions) {
  const contacts = new Map<string, Contact>();
  const fundAccounts = new Map<string, FundAccount>();
  const validations = new Map<string, RazorpayXValidation>();
  const payouts = new Map<string, Tracked>();
  /** X-Payout-Idempotency key → the request body it was first used with, and the payout it made. */
  const idempotency = new Map<string, { body: string; payoutId: string }>();
  const plans: PayoutPlan[] = [];
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const stepMs = options.stepMs ?? 1000;
  const retryDelays = options.retryDelaysMs ?? [250, 1000, 3000];
  const webhookUrl = options.webhookUrl ?? ((origin: string) => `${origin}/functions/v1/razorpayx-webhook`);
  let webhookOrigin = 'http://127.0.0.1';
  const seconds = () => Math.floor(now() / 1000);

  /** Sends after the payout's earlier webhooks (a receiver sees them in the plan's order). */
  function queue(tracked: Tracked, work: () => Promise<void>) {
    tracked.sending = tracked.sending.then(work);
    track(tracked.sending);
  }

  function track(work: Promise<void>) {
    const running = work.catch((error) => log(`razorpayx double: ${(error as Error).message}`)).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  /** Resolves once every webhook sent or planned so far has been delivered or given up. */
  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  function isAuthorised(request: Request): boolean {
    const expected = `Basic ${btoa(`${LOCAL_RAZORPAYX_KEY_ID}:${LOCAL_RAZORPAYX_KEY_SECRET}`)}`;
    return constantTimeEqual(request.headers.get('authorization') ?? '', expected);
  }

  async function readJson(request: Request): Promise<Record<string, unknown> | null> {
    try {
      const body = await request.json();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  /**
   * Sends one signed webhook. When the receiver does not take it (not 2xx, unreachable) RazorpayX retries
   * later, in the background: the payout's next webhooks do not wait for those retries.
   */
  async function send(event: string, eventId: string, payout: Payout): Promise<void> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_GolazoLocalDev',
      event,
      contains: ['payout'],
      payload: { payout: { entity: payout } },
      created_at: seconds(),
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': await webhookSignature(LOCAL_RAZORPAYX_WEBHOOK_SECRET, body),
      'x-razorpay-event-id': eventId,
    };
    const delivery: Delivery = { event_id: eventId, event, payout_id: payout.reference_id ?? '', status: payout.status, http_status: null };
    deliveries.push(delivery);
    const attempt = async () => {
      try {
        const response = await doFetch(webhookUrl(webhookOrigin), { method: 'POST', headers, body });
        await response.body?.cancel();
        delivery.http_status = response.status;
        if (response.ok) return true;
        log(`razorpayx double: webhook ${event} answered ${response.status}`);
      } catch (error) {
        log(`razorpayx double: webhook ${event} not delivered: ${(error as Error).message}`);
      }
      return false;
    };
    if ((await attempt()) || retryDelays.length === 0) return;
    track(
      (async () => {
        for (const waitMs of retryDelays) {
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          if (await attempt()) return;
        }
      })(),
    );
  }

  /** Reports a payout's new status as its plan says. */
  function report(tracked: Tracked) {
    const event = `payout.${tracked.payout.status}`;
    const snapshot = structuredClone(tracked.payout);
    const { webhooks, delayMs } = tracked.plan;
    if (webhooks === 'none') return;
    if (webhooks === 'normal' || webhooks === 'twice') {
      const eventId = razorpayId('evt');
      queue(tracked, async () => {
        await send(event, eventId, snapshot);
        if (webhooks === 'twice') await send(event, eventId, snapshot);
      });
      return;
    }
    tracked.held.push([event, snapshot]);
    if (tracked.steps.length > 0) return;
    // Ended: the held webhooks go out now, after the delay, oldest first (late) or newest first (out of order).
    const held = webhooks === 'out_of_order' ? [...tracked.held].reverse() : tracked.held;
    tracked.held = [];
    queue(tracked, async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      for (const [name, payout] of held) await send(name, razorpayId('evt'), payout);
    });
  }

  function step(tracked: Tracked) {
    const status = tracked.steps.shift();
    if (!status) return;
    const payout = tracked.payout;
    payout.status = status;
    const failure = FAILURES[status];
    if (status === 'processed') payout.utr = `UTR${Math.floor(now() / 1000)}${Math.floor(Math.random() * 1e6)}`;
    if (failure) {
      payout.status_details = failure;
      payout.failure_reason = failure.description;
    }
    tracked.nextAt = now() + stepMs;
    report(tracked);
  }

  /** One step for every payout whose next step is due (the stack calls it on its timer). */
  function tick() {
    const at = now();
    for (const tracked of payouts.values()) if (tracked.steps.length > 0 && tracked.nextAt <= at) step(tracked);
  }

  /** Takes payouts to their end at once; returns how many moved. */
  function advance(payoutId?: string): number {
    let moved = 0;
    for (const tracked of payouts.values()) {
      if (payoutId && tracked.payout.id !== payoutId) continue;
      if (tracked.steps.length > 0) moved++;
      while (tracked.steps.length > 0) step(tracked);
    }
    return moved;
  }

  async function createContact(request: Request): Promise<Response> {
    const body = await readJson(request);
    if (!body) return apiError(400, 'The request body must be JSON');
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name.length < 3 || name.length > 50) return apiError(400, 'The name must be between 3 and 50 characters.', 'name');
    const fields = {
      name,
      email: typeof body.email === 'string' ? body.email : null,
      contact: typeof body.contact === 'string' ? body.contact : null,
      type: typeof body.type === 'string' ? body.type : null,
      reference_id: typeof body.reference_id === 'string' ? body.reference_id : null,
    };
    if (fields.reference_id && fields.reference_id.length > 40)
      return apiError(400, 'reference_id: at most 40 characters.', 'reference_id');
    // RazorpayX answers the existing contact (200) when the same details come again.
    for (const contact of contacts.values()) {
      if (
        ['name', 'email', 'contact', 'type', 'reference_id'].every(
          (key) => contact[key as keyof Contact] === fields[key as keyof typeof fields],
        )
      ) {
        return json(contact);
      }
    }
    const contact: Contact = {
      id: razorpayId('cont'),
      entity: 'contact',
      ...fields,
      active: true,
      notes: stringRecord(body.notes),
      created_at: seconds(),
    };
    contacts.set(contact.id, contact);
    return json(contact, 201);
  }

  function newVpaAccount(contactId: string, address: string): FundAccount {
    const [username, handle] = address.split('@');
    return {
      id: razorpayId('fa'),
      entity: 'fund_account',
      contact_id: contactId,
      account_type: 'vpa',
      vpa: { username, handle, address },
      active: true,
      created_at: seconds(),
    };
  }

  /** RazorpayX answers the existing fund account when the same contact adds the same UPI id again. */
  function vpaAccount(contactId: string, address: string): FundAccount {
    for (const account of fundAccounts.values()) if (account.contact_id === contactId && account.vpa.address === address) return account;
    const account = newVpaAccount(contactId, address);
    fundAccounts.set(account.id, account);
    return account;
  }

  async function createFundAccount(request: Request): Promise<Response> {
    const body = await readJson(request);
    if (!body) return apiError(400, 'The request body must be JSON');
    const contactId = String(body.contact_id ?? '');
    if (!contacts.has(contactId)) return apiError(400, 'The id provided does not exist', 'contact_id');
    if (body.account_type !== 'vpa') return apiError(400, 'The test double supports UPI (vpa) fund accounts only', 'account_type');
    const address = (body.vpa as { address?: unknown } | undefined)?.address;
    if (typeof address !== 'string' || !VPA.test(address))
      return apiError(400, 'Invalid VPA. Please enter a valid Virtual Payment Address', 'vpa');
    const existing = fundAccounts.size;
    const account = vpaAccount(contactId, address);
    return json(account, fundAccounts.size > existing ? 201 : 200);
  }

  async function validate(request: Request): Promise<Response> {
    const body = await readJson(request);
    if (!body) return apiError(400, 'The request body must be JSON');
    if (body.account_number !== LOCAL_RAZORPAYX_ACCOUNT_NUMBER) return apiError(400, 'The account number is invalid', 'account_number');
    const given = (body.fund_account ?? {}) as { id?: unknown; vpa?: { address?: unknown } };
    let account: FundAccount | undefined;
    if (typeof given.id === 'string') {
      account = fundAccounts.get(given.id);
      if (!account) return apiError(400, 'The id provided does not exist', 'fund_account.id');
    } else {
      const address = given.vpa?.address;
      if (typeof address !== 'string' || !VPA.test(address))
        return apiError(400, 'Invalid VPA. Please enter a valid Virtual Payment Address', 'vpa');
      // A composite validation of a UPI id that is not saved as a fund account.
      account = newVpaAccount('', address);
    }
    const known = !account.vpa.address.toLowerCase().startsWith('invalid');
    const contact = contacts.get(account.contact_id);
    const validation: RazorpayXValidation & Record<string, unknown> = {
      id: razorpayId('fav'),
      entity: 'fund_account.validation',
      fund_account: { id: account.id, entity: 'fund_account', account_type: 'vpa', vpa: account.vpa },
      status: 'completed',
      amount: null,
      currency: null,
      notes: stringRecord(body.notes),
      results: { account_status: known ? 'active' : 'invalid', registered_name: known ? (contact?.name ?? 'Golazo Test Payee') : null },
      created_at: seconds(),
      utr: null,
    };
    validations.set(validation.id, validation);
    return json(validation, 201);
  }

  async function createPayout(request: Request): Promise<Response> {
    const key = request.headers.get('x-payout-idempotency');
    if (!key) return apiError(400, 'The X-Payout-Idempotency header is required');
    if (!IDEMPOTENCY_KEY.test(key)) return apiError(400, 'The idempotency key must be 10 to 100 letters, digits, - or _');
    const body = await readJson(request);
    if (!body) return apiError(400, 'The request body must be JSON');
    const earlier = idempotency.get(key);
    if (earlier) {
      if (earlier.body !== canonical(body)) return apiError(400, 'Different request body sent for the same idempotency key');
      return json(payouts.get(earlier.payoutId)?.payout);
    }
    if (body.account_number !== LOCAL_RAZORPAYX_ACCOUNT_NUMBER) return apiError(400, 'The account number is invalid', 'account_number');
    const account = fundAccounts.get(String(body.fund_account_id ?? ''));
    if (!account) return apiError(400, 'The id provided does not exist', 'fund_account_id');
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
      return apiError(400, 'The amount must be at least INR 1.00', 'amount');
    if ((body.currency ?? 'INR') !== 'INR') return apiError(400, 'Currency is not supported', 'currency');
    if (body.mode !== 'UPI') return apiError(400, 'The mode must be UPI for a vpa fund account', 'mode');
    if (typeof body.purpose !== 'string' || !body.purpose) return apiError(400, 'The purpose field is required.', 'purpose');
    const reference = typeof body.reference_id === 'string' ? body.reference_id : null;
    if (reference && reference.length > 40) return apiError(400, 'reference_id: at most 40 characters.', 'reference_id');
    const narration = typeof body.narration === 'string' ? body.narration : null;
    if (narration !== null && !NARRATION.test(narration))
      return apiError(400, 'The narration may hold up to 30 letters, digits and spaces', 'narration');

    const plan = plans.shift() ?? DEFAULT_PLAN;
    const payout: Payout = {
      id: razorpayId('pout'),
      entity: 'payout',
      fund_account_id: account.id,
      fund_account: account,
      amount,
      currency: 'INR',
      notes: stringRecord(body.notes),
      fees: 0,
      tax: 0,
      status: 'queued',
      purpose: body.purpose,
      utr: null,
      mode: 'UPI',
      reference_id: reference,
      narration,
      batch_id: null,
      failure_reason: null,
      status_details: null,
      created_at: seconds(),
    };
    const tracked: Tracked = {
      payout,
      steps: [...STEPS[plan.outcome]],
      nextAt: now() + stepMs,
      plan,
      held: [],
      sending: Promise.resolve(),
    };
    payouts.set(payout.id, tracked);
    idempotency.set(key, { body: canonical(body), payoutId: payout.id });
    webhookOrigin = new URL(request.url).origin;
    report(tracked);
    return json(payout);
  }

  async function control(request: Request): Promise<Response> {
    const body = await readJson(request);
    if (!body) return apiError(400, 'Send a JSON object: {outcome?, webhooks?, delay_ms?}');
    const outcome = body.outcome ?? 'processed';
    const webhooks = body.webhooks ?? 'normal';
    const delayMs = body.delay_ms ?? 2000;
    if (!(PAYOUT_OUTCOMES as readonly unknown[]).includes(outcome))
      return apiError(400, `outcome: one of ${PAYOUT_OUTCOMES.join(', ')}`, 'outcome');
    if (!(WEBHOOK_MODES as readonly unknown[]).includes(webhooks))
      return apiError(400, `webhooks: one of ${WEBHOOK_MODES.join(', ')}`, 'webhooks');
    if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 60_000) {
      return apiError(400, 'delay_ms: whole milliseconds from 0 to 60000', 'delay_ms');
    }
    plans.push({ outcome: outcome as PayoutOutcome, webhooks: webhooks as WebhookMode, delayMs });
    return json({ planned: plans.length });
  }

  /** Answers requests under /razorpayx; null for anything else. */
  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${LOCAL_RAZORPAYX_PATH}/`)) return null;
    const path = url.pathname.slice(LOCAL_RAZORPAYX_PATH.length);

    if (path.startsWith('/test/')) {
      if (!constantTimeEqual(request.headers.get('authorization') ?? '', `Bearer ${options.controlKey}`)) {
        return json({ error: { code: 'UNAUTHORIZED', description: 'The test controls take the service role key' } }, 401);
      }
      if (request.method === 'POST' && path === '/test/control') return control(request);
      if (request.method === 'POST' && path === '/test/advance') {
        const body = (await readJson(request)) ?? {};
        return json({ advanced: advance(typeof body.payout_id === 'string' ? body.payout_id : undefined) });
      }
      if (request.method === 'GET' && path === '/test/deliveries') {
        const payoutId = url.searchParams.get('payout_id');
        return json({ deliveries: deliveries.filter((d) => !payoutId || d.payout_id === payoutId) });
      }
      return json({ error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } }, 404);
    }

    if (path.startsWith('/v1/')) {
      if (!isAuthorised(request)) return apiError(401, 'Authentication failed');
      if (request.method === 'POST' && path === '/v1/contacts') return createContact(request);
      if (request.method === 'POST' && path === '/v1/fund_accounts') return createFundAccount(request);
      if (request.method === 'POST' && path === '/v1/fund_accounts/validations') return validate(request);
      if (request.method === 'POST' && path === '/v1/payouts') return createPayout(request);
      if (request.method === 'GET' && path === '/v1/payouts') {
        if (url.searchParams.get('account_number') !== LOCAL_RAZORPAYX_ACCOUNT_NUMBER) {
          return apiError(400, 'The account number is invalid', 'account_number');
        }
        const reference = url.searchParams.get('reference_id');
        const listed = [...payouts.values()].map((t) => t.payout).filter((p) => !reference || p.reference_id === reference);
        return json(listPage(listed, url.searchParams));
      }
      const match = /^\/v1\/payouts\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && match) {
        const tracked = payouts.get(match[1]);
        return tracked ? json(tracked.payout) : apiError(400, 'The id provided does not exist', 'id');
      }
      return json(
        { error: { code: 'NOT_IMPLEMENTED', description: `The RazorpayX test double does not support ${request.method} ${url.pathname}` } },
        501,
      );
    }
    return json({ error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } }, 404);
  }

  return { handle, tick, advance, idle, deliveries, contacts, fundAccounts, payouts };
}

/** The double as a service of the local stack, its payouts moved on by a timer. */
export const razorpayxService: ServiceModule = {
  name: 'razorpayx',
  prefix: LOCAL_RAZORPAYX_PATH,
  create(ctx) {
    const double = createRazorpayXDouble({
      webhookUrl: () => `${ctx.apiUrl}/functions/v1/razorpayx-webhook`,
      log: (message) => ctx.log('razorpayx', message),
      controlKey: SERVICE_ROLE_KEY,
    });
    const timer = setInterval(() => double.tick(), 250);
    timer.unref();
    return {
      handle: (req, res, url) => serveWebHandler(double.handle, ctx.apiUrl, req, res, url),
      async stop() {
        clearInterval(timer);
      },
    };
  },
};
