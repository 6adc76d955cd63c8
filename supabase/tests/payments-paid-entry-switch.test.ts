/**
 * Turning paid entry off (private.entry_settings) after an order was created: a payment captured for it
 * afterwards buys no entry. The confirmation refuses it with a reason the player can read and queues a
 * full refund in the same transaction; turning paid entry back on lets new payments register again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, createTournament, createUser, engines, serviceRole, type TestDatabase } from './helpers.ts';

type Confirmation = { outcome: string; registration_id?: string | null; reason?: string | null };

describe.each(engines)('paid entry switched off mid-checkout on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());
  afterEach(async () => {
    await db.admin.query('update private.entry_settings set paid_entry_enabled = true');
  });

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.as<{ result: T }>(serviceRole, sql, params))[0]?.result;
  const setPaidEntry = (enabled: boolean) => db.admin.query('update private.entry_settings set paid_entry_enabled = $1', [enabled]);

  /** What create_order does: price the entry (eligibility included), then record the order. */
  async function openOrder(userId: string, tournamentId: string) {
    await one('select public.service_prepare_tournament_entry($1, $2, 1) as result', [userId, tournamentId]);
    const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    await one('select public.service_record_payment_order($1, $2, 1, $3, 15000, $4) as result', [userId, tournamentId, orderId, 'INR']);
    return { orderId, paymentId: `pay_${orderId.slice(6)}` };
  }
  const confirm = (orderId: string, paymentId: string) =>
    one<Confirmation>('select public.service_confirm_tournament_payment($1, $2) as result', [orderId, paymentId]);

  async function eligiblePlayer() {
    const { id } = await createUser(db);
    await completeProfile(db, id);
    return id;
  }

  it('refuses and refunds a payment captured after paid entry was turned off, saying why', async () => {
    const player = await eligiblePlayer();
    const cup = await createTournament(db, { entry_fee_paise: 15000, max_players: 8 });
    const { orderId, paymentId } = await openOrder(player, cup.id);

    await setPaidEntry(false);
    const result = await confirm(orderId, paymentId);

    expect(result).toMatchObject({ outcome: 'refund_required', registration_id: null });
    const reason = 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.';
    const { rows: payments } = await db.admin.query<{ status: string; failure_reason: string; razorpay_payment_id: string }>(
      'select status, failure_reason, razorpay_payment_id from public.payments where razorpay_order_id = $1',
      [orderId],
    );
    expect(payments).toEqual([{ status: 'refund_pending', failure_reason: reason, razorpay_payment_id: paymentId }]);

    // No place taken, no entry written.
    const { rows: tournament } = await db.admin.query<{ filled_slots: number }>(
      'select filled_slots from public.tournaments where id = $1',
      [cup.id],
    );
    expect(tournament[0]?.filled_slots).toBe(0);
    const { rows: entries } = await db.admin.query('select 1 from public.tournament_registrations where tournament_id = $1', [cup.id]);
    expect(entries).toEqual([]);

    // The refund is queued once, for the whole amount, with the reason code.
    const { rows: outbox } = await db.admin.query<{ kind: string; payload: { amount_paise: number; reason: string } }>(
      'select kind, payload from private.outbox where idempotency_key = $1',
      [`refund-${paymentId}`],
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: 'razorpay_refund', payload: { amount_paise: 15000, reason: 'paid_entry_disabled' } });

    // The webhook arriving after the verify call changes nothing and queues nothing more.
    expect(await confirm(orderId, paymentId)).toMatchObject({ outcome: 'refund_pending' });
    const { rows: again } = await db.admin.query('select 1 from private.outbox where idempotency_key = $1', [`refund-${paymentId}`]);
    expect(again).toHaveLength(1);
  });

  it('registers payments again once paid entry is back on', async () => {
    const player = await eligiblePlayer();
    const cup = await createTournament(db, { entry_fee_paise: 15000, max_players: 8 });
    const { orderId, paymentId } = await openOrder(player, cup.id);
    await setPaidEntry(false);
    await setPaidEntry(true);
    expect(await confirm(orderId, paymentId)).toMatchObject({ outcome: 'registered' });
  });
});
