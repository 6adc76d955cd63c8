/**
 * The payout side in-process for Deno tests: the real RazorpayX and PAN doubles, the real clients,
 * outbox kinds and razorpayx-webhook handler, over the in-memory payout store and outbox of
 * payout-fakes.ts (the SQL side is tested on its own). The double's webhooks go straight to the handler.
 */
import { drainOutbox } from '../_shared/outbox.ts';
import type { RazorpayClient } from '../_shared/razorpay-client.ts';
import { LOCAL_RAZORPAYX_PATH, LOCAL_RAZORPAYX_WEBHOOK_SECRET } from '../_shared/razorpayx-local.ts';
import { webhookSignature } from '../_shared/razorpay-signature.ts';
import { createPayoutWebhookHandler } from '../razorpayx-webhook/handler.ts';
import { createFakeOutbox, createFakePayoutStore } from './payout-fakes.ts';
import { payoutProviders, STACK_ORIGIN } from './payout-providers.ts';

export type { Transport } from './payout-providers.ts';

const CONTROL_KEY = 'test-control-key';

const noPayments: RazorpayClient = {
  createOrder: () => Promise.reject(new Error('not in payout tests')),
  refundPayment: () => Promise.reject(new Error('not in payout tests')),
  fetchPayment: () => Promise.reject(new Error('not in payout tests')),
  orderPayments: () => Promise.reject(new Error('not in payout tests')),
  listPayments: () => Promise.reject(new Error('not in payout tests')),
};

export function startPayoutHarness(options: { timeoutMs?: number } = {}) {
  const fakes = createFakePayoutStore();
  const outbox = createFakeOutbox();
  const webhook = createPayoutWebhookHandler({ store: fakes.store, webhookSecret: LOCAL_RAZORPAYX_WEBHOOK_SECRET });
  let now = Date.parse('2026-12-01T10:00:00Z');
  const { double, panDouble, direct, wire, razorpayx, pan } = payoutProviders({
    webhook,
    controlKey: CONTROL_KEY,
    now: () => now,
    retryDelaysMs: [],
    timeoutMs: options.timeoutMs,
  });

  return {
    fakes,
    outbox,
    double,
    panDouble,
    razorpayx,
    wire,
    direct,
    drain: () => drainOutbox({ store: outbox, razorpay: noPayments, payouts: { store: fakes.store, razorpayx, pan } }),
    /** Moves the double's clock on and lets its timer run, as the stack does every quarter second. */
    async passSeconds(seconds: number) {
      for (let i = 0; i < seconds; i++) {
        now += 1000;
        double.tick();
      }
      await double.idle();
    },
    /** Plans the double's next payout like POST /razorpayx/test/control. */
    async plan(body: Record<string, unknown>) {
      const response = await direct(`${STACK_ORIGIN}${LOCAL_RAZORPAYX_PATH}/test/control`, {
        method: 'POST',
        headers: { authorization: `Bearer ${CONTROL_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`control answered ${response.status}`);
    },
    /** A webhook body signed with `secret` (the right one unless a test forges it), sent to the handler. */
    async sendWebhook(body: unknown, options: { secret?: string; eventId?: string; rawBody?: string } = {}) {
      const raw = options.rawBody ?? JSON.stringify(body);
      const response = await webhook(
        new Request(`${STACK_ORIGIN}/functions/v1/razorpayx-webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': await webhookSignature(options.secret ?? LOCAL_RAZORPAYX_WEBHOOK_SECRET, JSON.stringify(body)),
            'x-razorpay-event-id': options.eventId ?? `evt_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`,
          },
          body: raw,
        }),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: () => double.idle(),
  };
}

/** A RazorpayX payout webhook body for one of our payouts. */
export function payoutEvent(payoutId: string, status: string, providerId = 'pout_TestPayout0001', createdAt = 1_796_000_000) {
  return {
    entity: 'event',
    account_id: 'acc_GolazoLocalDev',
    event: `payout.${status}`,
    contains: ['payout'],
    payload: {
      payout: {
        entity: {
          id: providerId,
          entity: 'payout',
          fund_account_id: 'fa_TestFundAccount1',
          amount: 70000,
          currency: 'INR',
          status,
          purpose: 'payout',
          mode: 'UPI',
          reference_id: payoutId,
          notes: { payout_id: payoutId },
          failure_reason: status === 'reversed' ? 'The bank returned the money' : null,
          status_details: null,
          created_at: createdAt,
        },
      },
    },
    created_at: createdAt,
  };
}
