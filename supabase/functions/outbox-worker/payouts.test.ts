/**
 * The outbox's payout kinds (pan_verification, upi_validation, razorpayx_payout, razorpayx_payout_check)
 * against the real RazorpayX and PAN doubles, recording through the in-memory payout store: answers land
 * where the SQL expects them, 5xx and timeouts are retried under the same idempotency key, and no
 * retry ever pays twice.
 */
import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { PAN_NAME_MISMATCH_REASON, PAN_REJECTED_REASON, UPI_REJECTED_REASON } from '../_shared/outbox.ts';
import { startPayoutHarness, type Transport } from '../_test/payout-harness.ts';

type Harness = ReturnType<typeof startPayoutHarness>;

function queuePayout(h: Harness, netPaise = 70_000, upiId = 'player@okaxis') {
  const payoutId = h.fakes.addPayout();
  h.outbox.enqueue(
    'razorpayx_payout',
    `payout-${payoutId}`,
    { payout_id: payoutId, user_id: crypto.randomUUID(), net_paise: netPaise },
    { upi_id: upiId, legal_name: 'Asha Rao', email: 'asha@golazo.example' },
  );
  return payoutId;
}

const providerPayouts = (h: Harness, payoutId: string) => [...h.double.payouts.values()].filter((t) => t.payout.reference_id === payoutId);

/** Sends every call the client makes to the doubles, and remembers the payout requests' idempotency keys. */
function recordingTransport(
  h: Harness,
  keys: string[],
  misbehave: (attempt: number, request: Request) => Promise<Response> | null,
): Transport {
  let attempt = 0;
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/v1/payouts')) {
      keys.push(request.headers.get('x-payout-idempotency') ?? '');
      attempt++;
      const answer = misbehave(attempt, request);
      if (answer) return answer;
    }
    return h.direct(request);
  };
}

Deno.test('pan_verification records whether the PAN is valid and the player’s own', async () => {
  const h = startPayoutHarness();
  const users = { own: crypto.randomUUID(), someoneElses: crypto.randomUUID(), malformed: crypto.randomUUID() };
  h.outbox.enqueue(
    'pan_verification',
    `pan-${users.own}`,
    { user_id: users.own, submission: 3 },
    { pan: 'ABCPE1234F', legal_name: 'Asha Rao' },
  );
  h.outbox.enqueue(
    'pan_verification',
    `pan-${users.someoneElses}`,
    { user_id: users.someoneElses, submission: 1 },
    { pan: 'ZZZPE1234F', legal_name: 'Asha Rao' },
  );
  h.outbox.enqueue(
    'pan_verification',
    `pan-${users.malformed}`,
    { user_id: users.malformed, submission: 1 },
    { pan: 'ABC1234', legal_name: 'Asha Rao' },
  );
  assertEquals(await h.drain(), { done: 3, retry: 0, failed: 0, doneByKind: { pan_verification: 3 } });
  // The answer names the submission it checked, as the payload gave it.
  assertEquals(h.fakes.kyc.get(users.own), { pan: { ok: true, reason: null, submission: 3 } });
  assertEquals(h.fakes.kyc.get(users.someoneElses), { pan: { ok: false, reason: PAN_NAME_MISMATCH_REASON, submission: 1 } });
  assertEquals(h.fakes.kyc.get(users.malformed), { pan: { ok: false, reason: PAN_REJECTED_REASON, submission: 1 } });
  await h.close();
});

Deno.test('a PAN check whose answer was lost is asked again under the same Idempotency-Key and billed once', async () => {
  const h = startPayoutHarness();
  const user = crypto.randomUUID();
  h.outbox.enqueue('pan_verification', `pan-${user}`, { user_id: user, submission: 1 }, { pan: 'ABCPE9999F', legal_name: 'Asha Rao' });
  const keys: string[] = [];
  h.wire.transport = async (input, init) => {
    const request = new Request(String(input), init);
    keys.push(request.headers.get('idempotency-key') ?? '');
    await h.direct(request);
    throw new TypeError('connection reset');
  };
  assertEquals(await h.drain(), { done: 0, retry: 1, failed: 0, doneByKind: {} });
  assertEquals(h.fakes.kyc.get(user), undefined);
  h.wire.transport = (input, init) => {
    keys.push(new Request(String(input), init).headers.get('idempotency-key') ?? '');
    return h.direct(input, init);
  };
  h.outbox.passTime();
  assertEquals(await h.drain(), { done: 1, retry: 0, failed: 0, doneByKind: { pan_verification: 1 } });
  assertEquals(keys, [`pan-${user}`, `pan-${user}`]);
  assertEquals(h.panDouble.checks.get('ABCPE9999F'), 1);
  assertEquals(h.fakes.kyc.get(user), { pan: { ok: true, reason: null, submission: 1 } });
  await h.close();
});

Deno.test('upi_validation accepts a UPI id the bank knows and rejects one it does not', async () => {
  const h = startPayoutHarness();
  const users = { known: crypto.randomUUID(), unknown: crypto.randomUUID(), malformed: crypto.randomUUID() };
  h.outbox.enqueue(
    'upi_validation',
    `upi-${users.known}`,
    { user_id: users.known, submission: 1 },
    { upi_id: 'asha.rao@okaxis', legal_name: 'Asha Rao' },
  );
  h.outbox.enqueue(
    'upi_validation',
    `upi-${users.unknown}`,
    { user_id: users.unknown, submission: 1 },
    { upi_id: 'invalid.asha@okaxis', legal_name: 'Asha Rao' },
  );
  h.outbox.enqueue(
    'upi_validation',
    `upi-${users.malformed}`,
    { user_id: users.malformed, submission: 1 },
    { upi_id: 'asha-at-okaxis', legal_name: 'Asha Rao' },
  );
  assertEquals(await h.drain(), { done: 3, retry: 0, failed: 0, doneByKind: { upi_validation: 3 } });
  assertEquals(h.fakes.kyc.get(users.known), { upi: { ok: true, reason: null, submission: 1 } });
  assertEquals(h.fakes.kyc.get(users.unknown), { upi: { ok: false, reason: UPI_REJECTED_REASON, submission: 1 } });
  assertEquals(h.fakes.kyc.get(users.malformed), { upi: { ok: false, reason: UPI_REJECTED_REASON, submission: 1 } });
  await h.close();
});

Deno.test('razorpayx_payout pays once, and the double’s webhooks take it to processed within seconds', async () => {
  const h = startPayoutHarness();
  const payoutId = queuePayout(h, 70_000);
  assertEquals(await h.drain(), { done: 1, retry: 0, failed: 0, doneByKind: { razorpayx_payout: 1 } });
  const made = providerPayouts(h, payoutId);
  assertEquals(made.length, 1);
  assertEquals([made[0].payout.amount, made[0].payout.mode, made[0].payout.fund_account.vpa.address], [70_000, 'UPI', 'player@okaxis']);
  assertEquals(h.fakes.payouts.get(payoutId)?.provider_payout_id, made[0].payout.id);
  assertEquals(h.fakes.payouts.get(payoutId)?.status, 'queued');
  await h.passSeconds(1);
  assertEquals(h.fakes.payouts.get(payoutId)?.status, 'processing');
  await h.passSeconds(1);
  assertEquals(h.fakes.payouts.get(payoutId)?.status, 'processed');
  assertEquals(
    h.double.deliveries.filter((d) => d.payout_id === payoutId).map((d) => [d.event, d.http_status]),
    [
      ['payout.queued', 200],
      ['payout.processing', 200],
      ['payout.processed', 200],
    ],
  );
  await h.close();
});

Deno.test('a 5xx from RazorpayX is retried later with the same X-Payout-Idempotency key', async () => {
  const h = startPayoutHarness();
  const payoutId = queuePayout(h);
  const keys: string[] = [];
  h.wire.transport = recordingTransport(h, keys, (attempt) =>
    attempt === 1 ? Promise.resolve(Response.json({ error: { code: 'SERVER_ERROR', description: 'Try again' } }, { status: 503 })) : null,
  );
  assertEquals(await h.drain(), { done: 0, retry: 1, failed: 0, doneByKind: {} });
  assertEquals(h.fakes.payouts.get(payoutId)?.status, 'approved');
  h.outbox.passTime();
  assertEquals(await h.drain(), { done: 1, retry: 0, failed: 0, doneByKind: { razorpayx_payout: 1 } });
  assertEquals(keys, [`payout-${payoutId}`, `payout-${payoutId}`]);
  assertEquals(providerPayouts(h, payoutId).length, 1);
  assertEquals(h.fakes.payouts.get(payoutId)?.status, 'queued');
  await h.close();
});

Deno.test('a payout whose answer timed out on every attempt but the last is made once: each retry gets the first payout back', async () => {
  const h = startPayoutHarness({ timeoutMs: 20 });
  const payoutId = queuePayout(h);
  const keys: string[] = [];
  // RazorpayX makes the payout, but the answer never comes back before the client gives up.
  h.wire.transport = recordingTransport(h, keys, async (_attempt, request) => {
    await h.direct(request.clone());
    const signal = request.signal;
    return await new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  });
  // The outbox gives a call 12 attempts (service_record_outside_answer): 11 lost answers, then one that arrives.
  for (let attempt = 0; attempt < 11; attempt++) {
    assertEquals(await h.drain(), { done: 0, retry: 1, failed: 0, doneByKind: {} });
    h.outbox.passTime();
  }
  assertEquals(providerPayouts(h, payoutId).length, 1);
  const lastAnswer = h.outbox.byKey(`payout-${payoutId}`)?.answers.at(-1);
  assertEquals([lastAnswer?.outcome, (lastAnswer?.answer as { http_status?: number } | undefined)?.http_status], ['retry', 0]);
  h.wire.transport = h.direct;
  assertEquals(await h.drain(), { done: 1, retry: 0, failed: 0, doneByKind: { razorpayx_payout: 1 } });
  assertEquals(new Set(keys), new Set([`payout-${payoutId}`]));
  const made = providerPayouts(h, payoutId);
  assertEquals(made.length, 1);
  assertEquals(h.fakes.payouts.get(payoutId)?.provider_payout_id, made[0].payout.id);
  await h.close();
});

Deno.test('a payout RazorpayX refuses is marked failed and its money goes back, once', async () => {
  const h = startPayoutHarness();
  const payoutId = queuePayout(h, 50); // below RazorpayX's ₹1 minimum
  assertEquals(await h.drain(), { done: 0, retry: 0, failed: 1, doneByKind: {} });
  assertEquals(providerPayouts(h, payoutId).length, 0);
  assertEquals(h.fakes.payouts.get(payoutId)?.status, 'failed');
  assertEquals(h.fakes.payouts.get(payoutId)?.money_returned, 1);
  assertEquals(h.outbox.byKey(`payout-${payoutId}`)?.status, 'gave_up');
  await h.close();
});

Deno.test('the control endpoint fails, rejects or reverses the next payout, and each returns the money once', async () => {
  const h = startPayoutHarness();
  for (const outcome of ['failed', 'rejected', 'reversed'] as const) {
    await h.plan({ outcome });
    const payoutId = queuePayout(h);
    await h.drain();
    await h.passSeconds(4);
    assertEquals(h.fakes.payouts.get(payoutId)?.status, outcome);
    assertEquals(h.fakes.payouts.get(payoutId)?.money_returned, 1);
  }
  await h.close();
});

Deno.test('webhooks sent late, twice or out of order still end the payout where RazorpayX says', async () => {
  const h = startPayoutHarness();
  const cases = [
    {
      webhooks: 'out_of_order',
      outcome: 'reversed',
      events: ['payout.reversed', 'payout.processed', 'payout.processing', 'payout.queued'],
    },
    { webhooks: 'late', outcome: 'processed', events: ['payout.queued', 'payout.processing', 'payout.processed'] },
    {
      webhooks: 'twice',
      outcome: 'processed',
      events: ['payout.queued', 'payout.queued', 'payout.processing', 'payout.processing', 'payout.processed', 'payout.processed'],
    },
  ];
  for (const { webhooks, outcome, events } of cases) {
    await h.plan({ outcome, webhooks, delay_ms: 5 });
    const payoutId = queuePayout(h);
    await h.drain();
    // The payout call itself records queued; late and out-of-order webhooks wait until the payout ends.
    assertEquals(h.fakes.payouts.get(payoutId)?.status, 'queued', webhooks);
    await h.passSeconds(4);
    assertEquals(
      h.double.deliveries.filter((d) => d.payout_id === payoutId).map((d) => d.event),
      events,
      webhooks,
    );
    assertEquals(h.fakes.payouts.get(payoutId)?.status, outcome, webhooks);
    assertEquals(h.fakes.payouts.get(payoutId)?.money_returned, outcome === 'reversed' ? 1 : 0);
  }
  await h.close();
});

Deno.test('razorpayx_payout_check reads a payout that sent no webhook, by its id or by our reference', async () => {
  const h = startPayoutHarness();
  for (const byReference of [false, true]) {
    await h.plan({ webhooks: 'none' });
    const payoutId = queuePayout(h);
    await h.drain();
    await h.passSeconds(3);
    assertEquals(h.fakes.payouts.get(payoutId)?.status, 'queued');
    const providerId = byReference ? null : h.fakes.payouts.get(payoutId)?.provider_payout_id;
    h.outbox.enqueue('razorpayx_payout_check', `payout-check-${payoutId}`, { payout_id: payoutId, provider_payout_id: providerId });
    assertEquals(await h.drain(), { done: 1, retry: 0, failed: 0, doneByKind: { razorpayx_payout_check: 1 } });
    assertEquals(h.fakes.payouts.get(payoutId)?.status, 'processed');
  }
  await h.close();
});

Deno.test('without payout settings the calls wait in the outbox instead of failing', async () => {
  const h = startPayoutHarness();
  const payoutId = queuePayout(h);
  const { drainOutbox } = await import('../_shared/outbox.ts');
  const summary = await drainOutbox({ store: h.outbox, razorpay: {} as never });
  assertEquals(summary, { done: 0, retry: 1, failed: 0, doneByKind: {} });
  assertEquals(h.outbox.byKey(`payout-${payoutId}`)?.status, 'pending');
  assertEquals(providerPayouts(h, payoutId).length, 0);
  await h.close();
});

Deno.test('provider_reconciliation hands every payout RazorpayX made to the ledger comparison, page after page', async () => {
  const h = startPayoutHarness();
  // More than one page of RazorpayX's list (100 a page).
  const made = Array.from({ length: 105 }, (_, i) => queuePayout(h, 1_000 + i));
  await h.drain();
  await h.passSeconds(3);
  h.outbox.enqueue('provider_reconciliation', 'reconcile-payouts-2026-12-01T12Z', {
    kind: 'payouts',
    from: '2026-12-01T06:00:00+00:00',
    to: '2026-12-01T12:00:00+00:00',
  });
  assertEquals(await h.drain(), { done: 1, retry: 0, failed: 0, doneByKind: { provider_reconciliation: 1 } });
  const [window] = h.outbox.windows;
  assertEquals([window?.kind, window?.from, window?.to], ['payouts', '2026-12-01T06:00:00.000Z', '2026-12-01T12:00:00.000Z']);
  assertEquals(window?.items.length, made.length);
  const first = window?.items.find((item) => item.payout_id === made[0]);
  assertEquals(first, { payout_id: made[0], amount_paise: 1_000, status: 'processed' });
  await h.close();
});

Deno.test('a reconciliation that names no provider, or no window, is refused rather than retried', async () => {
  const h = startPayoutHarness();
  h.outbox.enqueue('provider_reconciliation', 'reconcile-wallets', {
    kind: 'wallets',
    from: '2026-12-01T06:00:00Z',
    to: '2026-12-01T12:00:00Z',
  });
  h.outbox.enqueue('provider_reconciliation', 'reconcile-no-window', { kind: 'payouts', from: 'soon', to: null });
  assertEquals(await h.drain(), { done: 0, retry: 0, failed: 2, doneByKind: {} });
  assertEquals(h.outbox.windows, []);
  await h.close();
});
