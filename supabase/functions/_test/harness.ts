/**
 * Runs the two payment functions in-process for Deno tests, against:
 * - the real migrations on an in-memory PGlite database (the same engine as the local stack),
 *   called the way PostgREST calls them: as service_role, one transaction per call;
 * - the real Razorpay test double, whose webhooks are delivered straight to the webhook handler;
 * - the real RazorpayX and PAN verification doubles for payouts and KYC checks, RazorpayX's webhooks
 *   delivered straight to the razorpayx-webhook handler.
 * Only GoTrue is replaced: access tokens are opaque strings handed out by `signIn`.
 *
 * The database's clock, the due work and a new player's profile are the shared test support's
 * (tests/support/), so these tests move time and complete profiles exactly as the stack and end-to-end
 * tests do, only through PGlite instead of HTTP.
 */
import { readFile } from 'node:fs/promises';
import { databaseClock, type DueWorkResult, runDueWork } from '../../../tests/support/clock.ts';
import { profileOf } from '../../../tests/support/players.ts';
import { MIGRATED_CACHE_DIR } from '../../../scripts/servers.ts';
import { openDatabase, type RequestRole, withRequestContext, type Database } from '../../local/database.ts';
import { createRazorpayDouble } from '../../local/doubles/razorpay.ts';
import { drainOutbox, type PayoutDeps } from '../_shared/outbox.ts';
import { createPaymentStore } from '../_shared/payment-store.ts';
import { createPayoutStore } from '../_shared/payout-store.ts';
import { createRazorpayClient } from '../_shared/razorpay-client.ts';
import { LOCAL_RAZORPAYX_WEBHOOK_SECRET } from '../_shared/razorpayx-local.ts';
import {
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_PATH,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
} from '../_shared/razorpay-local.ts';
import { webhookSignature } from '../_shared/razorpay-signature.ts';
import { DatabaseError, type CallingUser, type SupabaseGateway } from '../_shared/supabase-gateway.ts';
import { createPaymentHandler } from '../razorpay-payment/handler.ts';
import { createWebhookHandler } from '../razorpay-webhook/handler.ts';
import { createPayoutWebhookHandler } from '../razorpayx-webhook/handler.ts';
import { payoutProviders, STACK_ORIGIN } from './payout-providers.ts';

const FUNCTIONS = `${STACK_ORIGIN}/functions/v1`;

export async function startHarness() {
  // The PAN encryption key, served to SQL as the local stack serves its .data/pan-encryption.key.
  // The migrated copy the test stacks share (shim and migrations, keyed by their text and PGlite's version)
  // replaces initdb and every migration: seconds of WebAssembly for each of the harness's databases.
  const db: Database = await openDatabase({
    panEncryptionKey: 'golazo-function-tests-pan-encryption-key-0123456789',
    migratedCacheDir: MIGRATED_CACHE_DIR,
  });
  // The local stack's movable clock (local_set_clock), as the stack applies it after the migrations.
  await db.pg.exec(await readFile(new URL('../../local/clock.sql', import.meta.url), 'utf8'));
  const tokens = new Map<string, CallingUser>();

  /** Calls a database function the way PostgREST does: as the caller's role with its claims, one transaction. */
  async function callAs<T>(caller: { role: RequestRole; claims: Record<string, unknown> }, fn: string, args: Record<string, unknown>) {
    if (!/^[a-z_]+$/.test(fn)) throw new Error(`bad function name ${fn}`);
    const names = Object.keys(args);
    const call = `select public.${fn}(${names.map((name, i) => `${name} => $${i + 1}`).join(', ')}) as result`;
    try {
      const result = await withRequestContext(db.pg, caller, (tx) =>
        tx.query<{ result: T }>(
          call,
          names.map((name) => args[name]),
        ),
      );
      return result.rows[0].result;
    } catch (error) {
      const { message, code, hint } = error as { message: string; code?: string; hint?: string };
      throw new DatabaseError(message, 400, code, hint);
    }
  }

  const gateway: SupabaseGateway = {
    userFromAccessToken: (token) => Promise.resolve(tokens.get(token) ?? null),
    rpc: <T>(fn: string, args: Record<string, unknown>) => callAs<T>({ role: 'service_role', claims: { role: 'service_role' } }, fn, args),
  };

  // Webhooks from the double go straight to the webhook handler below.
  const double = createRazorpayDouble({ fetch: (input, init) => webhook(new Request(String(input), init)) });
  const razorpayFetch: typeof fetch = async (input, init) =>
    (await double.handle(new Request(String(input), init))) ?? new Response('not found', { status: 404 });
  const razorpay = createRazorpayClient({
    keyId: LOCAL_RAZORPAY_KEY_ID,
    keySecret: LOCAL_RAZORPAY_KEY_SECRET,
    apiBase: `${STACK_ORIGIN}${LOCAL_RAZORPAY_PATH}`,
    fetch: razorpayFetch,
  });
  const store = createPaymentStore(gateway);
  const payment = createPaymentHandler({
    gateway,
    store,
    razorpay,
    razorpayKeyId: LOCAL_RAZORPAY_KEY_ID,
    razorpayKeySecret: LOCAL_RAZORPAY_KEY_SECRET,
  });
  const webhook = createWebhookHandler({ store, razorpay, webhookSecret: LOCAL_RAZORPAY_WEBHOOK_SECRET });

  // Payouts and KYC checks: the RazorpayX double's webhooks go straight to razorpayx-webhook.
  const payoutStore = createPayoutStore(gateway);
  const payoutWebhook = createPayoutWebhookHandler({ store: payoutStore, webhookSecret: LOCAL_RAZORPAYX_WEBHOOK_SECRET });
  const providers = payoutProviders({ webhook: payoutWebhook, controlKey: 'harness-control-key' });
  const { double: razorpayx, panDouble } = providers;
  const payouts: PayoutDeps = { store: payoutStore, razorpayx: providers.razorpayx, pan: providers.pan };

  async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await db.pg.query<T>(text, params)).rows;
  }

  let users = 0;
  return {
    sql,
    double,
    store,
    razorpay,
    razorpayFetch,
    /** The RazorpayX double: `advance()` ends its payouts now, `idle()` waits for their webhooks. */
    razorpayx,
    panDouble,
    payoutStore,

    /** Calls a database function as a signed-in player, the way PostgREST does. */
    rpcAs: <T>(userId: string, fn: string, args: Record<string, unknown>) =>
      callAs<T>({ role: 'authenticated', claims: { sub: userId, role: 'authenticated', aal: 'aal1' } }, fn, args),

    /** The database's clock, moved as the service role (tests/support/clock.ts). */
    clock: databaseClock(gateway.rpc),

    /** What local_run_due_work does on the stack: the periodic function, then the outbox drain. */
    async runDueWork(): Promise<DueWorkResult & { outbox: Awaited<ReturnType<typeof drainOutbox>> }> {
      return { ...(await runDueWork(gateway.rpc)), outbox: await drainOutbox({ store, razorpay, payouts }) };
    },

    /**
     * A player with an access token the payment function accepts. Auth is not here, so the user row is
     * written directly; the profile is completed through update_my_profile as the player, as everywhere else.
     */
    async signIn(facts: { dateOfBirth?: string } = {}): Promise<{ id: string; token: string }> {
      users++;
      const id = crypto.randomUUID();
      await sql(`insert into auth.users (id, email) values ($1, $2)`, [id, `player${users}-${id.slice(0, 8)}@golazo.example`]);
      await callAs(
        { role: 'authenticated', claims: { sub: id, role: 'authenticated', aal: 'aal1' } },
        'update_my_profile',
        profileOf(id, facts),
      );
      const token = `token-${id}`;
      tokens.set(token, { id, email: null });
      return { id, token };
    },

    /** A tournament of its own per test, so tests never see each other's slots. */
    async tournament(facts: { feePaise?: number; maxPlayers?: number; isLive?: boolean; closesAt?: Date | null } = {}) {
      const id = `t-${crypto.randomUUID().slice(0, 12)}`;
      await sql(
        `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, registration_closes_at, starts_at)
         values ($1, 'Test cup', 'quick', 'Super 8', $2, 100000, $3, $4, $5, now() + interval '7 days')`,
        [id, facts.feePaise ?? 15000, facts.maxPlayers ?? 300, facts.isLive ?? true, facts.closesAt ?? null],
      );
      return id;
    },

    /** POST to razorpay-payment as the browser does through supabase.functions.invoke. */
    async callPayment(token: string | null, body: unknown) {
      const response = await payment(
        new Request(`${FUNCTIONS}/razorpay-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        }),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },

    /** Pays an order in the double, like the checkout's Pay/Fail buttons. */
    async pay(orderId: string, outcome: 'success' | 'failure', webhookTiming: 'immediate' | 'none' = 'none') {
      const response = await razorpayFetch(`${STACK_ORIGIN}${LOCAL_RAZORPAY_PATH}/test/pay`, {
        method: 'POST',
        body: JSON.stringify({ order_id: orderId, outcome, webhook: webhookTiming }),
      });
      return (await response.json()) as Record<string, unknown>;
    },

    /**
     * Sends a webhook body signed with `secret` (the right one unless a test forges it); `rawBody`: the
     * bytes sent instead, signed as `body` (a body tampered with after signing).
     */
    async sendWebhook(body: unknown, options: { secret?: string; eventId?: string; rawBody?: string } = {}) {
      const signedRaw = JSON.stringify(body);
      const raw = options.rawBody ?? signedRaw;
      const response = await webhook(
        new Request(`${FUNCTIONS}/razorpay-webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': await webhookSignature(options.secret ?? LOCAL_RAZORPAY_WEBHOOK_SECRET, signedRaw),
            'x-razorpay-event-id': options.eventId ?? `evt_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`,
          },
          body: raw,
        }),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },

    /** Waits until the double's deferred webhooks (refund.processed, ...) have been handled. */
    settle: async () => {
      await double.idle();
      await razorpayx.idle();
    },

    /** Lets deferred webhooks finish first, so no timer or request outlives the test (Deno's sanitizers). */
    async close() {
      await double.idle();
      await razorpayx.idle();
      await db.close();
    },
  };
}
