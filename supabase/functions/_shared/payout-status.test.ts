import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { applyPayoutStatus, canMove, PAYOUT_STATUSES, type PayoutStatus, returnsMoney } from './payout-status.ts';

Deno.test('a payout moves forward through the provider statuses', () => {
  const path: PayoutStatus[] = ['approved', 'queued', 'pending', 'scheduled', 'processing', 'processed'];
  for (let i = 1; i < path.length; i++) assertEquals(applyPayoutStatus(path[i - 1], path[i]), { status: path[i], changed: true });
  // Steps may be skipped (RazorpayX sends no pending or scheduled event for most payouts).
  assertEquals(applyPayoutStatus('approved', 'processed'), { status: 'processed', changed: true });
});

Deno.test('an older or repeated status changes nothing', () => {
  assertEquals(applyPayoutStatus('processing', 'queued'), { status: 'processing', changed: false });
  assertEquals(applyPayoutStatus('processing', 'processing'), { status: 'processing', changed: false });
  assertEquals(applyPayoutStatus('processed', 'processing'), { status: 'processed', changed: false });
});

Deno.test('processed is final except for a reversal', () => {
  for (const next of PAYOUT_STATUSES) assertEquals(canMove('processed', next), next === 'reversed', `processed -> ${next}`);
});

Deno.test('reversed, cancelled, rejected and failed are final and return the money', () => {
  for (const final of ['reversed', 'cancelled', 'rejected', 'failed'] as const) {
    assertEquals(returnsMoney(final), true);
    for (const next of PAYOUT_STATUSES) assertEquals(canMove(final, next), false, `${final} -> ${next}`);
  }
  assertEquals(returnsMoney('processed'), false);
});

Deno.test('a failure or reversal ends any payout still on its way', () => {
  for (const current of ['approved', 'queued', 'pending', 'scheduled', 'processing'] as const) {
    for (const next of ['reversed', 'cancelled', 'rejected', 'failed'] as const) assertEquals(canMove(current, next), true);
  }
});
