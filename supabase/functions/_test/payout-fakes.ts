/**
 * In-memory stand-ins for the payout SQL (service_record_kyc_check, service_record_payout_status, the
 * webhook event log) and for the outbox, for Deno tests of the payout calls and webhooks. The payout
 * store applies the same forward-only rule as the SQL (payout-status.ts) and counts how often money went
 * back to a balance, so a test sees a double reversal at once.
 */
import type { OutsideCall, OutsideOutcome, ReconciledKind } from '../_shared/payment-store.ts';
import { applyPayoutStatus, type PayoutStatus, returnsMoney } from '../_shared/payout-status.ts';
import type { KycCheck, PayoutStore, PayoutStatusUpdate } from '../_shared/payout-store.ts';
import { DatabaseError } from '../_shared/supabase-gateway.ts';

export type FakePayout = {
  status: PayoutStatus;
  provider_payout_id: string | null;
  failure_reason: string | null;
  /** How many times the payout's money was put back on the player's balance (0 or 1, never more). */
  money_returned: number;
};

export function createFakePayoutStore() {
  const payouts = new Map<string, FakePayout>();
  const kyc = new Map<string, Partial<Record<KycCheck, { ok: boolean; reason: string | null; submission: number }>>>();
  /** event id → finished? (the SQL's razorpay_webhook_events) */
  const events = new Map<string, boolean>();
  const updates: PayoutStatusUpdate[] = [];

  const store: PayoutStore = {
    recordKycCheck(userId, check, ok, reason, submission) {
      kyc.set(userId, { ...kyc.get(userId), [check]: { ok, reason, submission } });
      return Promise.resolve({ ok });
    },
    recordPayoutStatus(update) {
      updates.push(update);
      const payout = payouts.get(update.payoutId);
      if (!payout) return Promise.reject(new DatabaseError('No such payout', 404, 'PT404', 'payout_not_found'));
      const { status, changed } = applyPayoutStatus(payout.status, update.status);
      if (changed) {
        payout.status = status;
        payout.provider_payout_id ??= update.providerPayoutId;
        payout.failure_reason = update.failureReason;
        if (returnsMoney(status)) payout.money_returned++;
      }
      return Promise.resolve({ status: payout.status, changed });
    },
    claimWebhookEvent(eventId) {
      if (events.get(eventId) === true) return Promise.resolve(false);
      events.set(eventId, false);
      return Promise.resolve(true);
    },
    completeWebhookEvent(eventId) {
      events.set(eventId, true);
      return Promise.resolve(null);
    },
  };

  return {
    store,
    payouts,
    kyc,
    updates,
    /** An approved payout waiting for the outbox, as staff_approve_payout leaves it. */
    addPayout(id: string = crypto.randomUUID(), status: PayoutStatus = 'approved') {
      payouts.set(id, { status, provider_payout_id: null, failure_reason: null, money_returned: 0 });
      return id;
    },
  };
}

type FakeCall = OutsideCall & {
  /** What service_outside_call_details answers for it (the personal data the row itself never carries). */
  details: Record<string, unknown>;
  status: 'pending' | 'done' | 'gave_up';
  leased: boolean;
  answers: { outcome: OutsideOutcome; answer: unknown }[];
};

/**
 * The outbox as private.outbox behaves: one call per idempotency key, a claimed call is leased (not claimed
 * again) until its answer; a retried call waits for its backoff, which `passTime()` lets run out.
 */
export function createFakeOutbox() {
  const calls: FakeCall[] = [];
  /** The provider lists handed to the ledger's comparison (service_record_provider_window). */
  const windows: { kind: ReconciledKind; from: string; to: string; items: Record<string, unknown>[] }[] = [];
  return {
    calls,
    windows,
    enqueue(kind: OutsideCall['kind'], idempotencyKey: string, payload: Record<string, unknown>, details: Record<string, unknown> = {}) {
      if (calls.some((call) => call.idempotency_key === idempotencyKey)) return;
      calls.push({
        id: calls.length + 1,
        kind,
        idempotency_key: idempotencyKey,
        payload,
        details,
        attempt: 0,
        status: 'pending',
        leased: false,
        answers: [],
      });
    },
    /** The lease or backoff of every pending call runs out. */
    passTime() {
      for (const call of calls) call.leased = false;
    },
    byKey: (key: string) => calls.find((call) => call.idempotency_key === key),
    claimOutsideCalls(limit: number, idempotencyKey: string | null = null): Promise<OutsideCall[]> {
      const due = calls
        .filter((c) => c.status === 'pending' && !c.leased && (!idempotencyKey || c.idempotency_key === idempotencyKey))
        .slice(0, limit);
      for (const call of due) {
        call.attempt++;
        call.leased = true;
      }
      return Promise.resolve(
        due.map(({ id, kind, idempotency_key, payload, attempt }) => ({ id, kind, idempotency_key, payload, attempt })),
      );
    },
    outsideCallDetails(id: number): Promise<Record<string, unknown>> {
      const call = calls.find((c) => c.id === id);
      if (!call) return Promise.reject(new DatabaseError('No such outside call', 404, 'PT404', 'outbox_item_not_found'));
      return Promise.resolve(call.details);
    },
    recordOutsideAnswer(id: number, outcome: OutsideOutcome, answer: Record<string, unknown>) {
      const call = calls.find((c) => c.id === id);
      if (!call) return Promise.reject(new DatabaseError('No such outside call', 404, 'PT404', 'outbox_item_not_found'));
      call.answers.push({ outcome, answer });
      if (call.status === 'pending') {
        if (outcome === 'done') call.status = 'done';
        else if (outcome === 'failed' || call.attempt >= 12) call.status = 'gave_up';
      }
      return Promise.resolve({ status: call.status });
    },
    recordProviderWindow(kind: ReconciledKind, from: string, to: string, items: Record<string, unknown>[]) {
      windows.push({ kind, from, to, items });
      return Promise.resolve({ checked: items.length, differences: 0, not_listed: 0 });
    },
    confirm(): Promise<never> {
      return Promise.reject(new Error('no payments in the payout tests'));
    },
  };
}
