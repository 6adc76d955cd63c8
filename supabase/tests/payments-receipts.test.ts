/**
 * What a paying player hears back and reads later: the receipt the confirmation writes (bell and e-mail),
 * what became of each paid entry, and a tax statement that names the deductee and the deductor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, createTournament, createUser, engines, player, serviceRole, type TestDatabase } from './helpers.ts';
import { confirmPayment, recordOrder } from './journey.ts';
import { kycPlayer } from './money-fixtures.ts';

describe.each(engines)('receipts and statements on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(async () => {
    await db?.close();
  });

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.as<{ result: T }>(serviceRole, sql, params))[0]?.result;

  async function pay(userId: string, tournamentId: string, slots = 1) {
    const order = await recordOrder(db, userId, tournamentId, slots, 15000 * slots);
    const answer = await confirmPayment(db, order);
    return { ...order, outcome: answer.outcome };
  }

  async function noticesOf(userId: string) {
    return (
      await db.admin.query<{ kind: string; title: string; body: string; link: string }>(
        'select kind, title, body, link from public.notifications where user_id = $1 order by id',
        [userId],
      )
    ).rows;
  }
  async function emailsTo(email: string) {
    return (
      await db.admin.query<{ payload: { subject: string; text: string; link: string } }>(
        `select payload from private.outbox where kind = 'email' and payload ->> 'to' = $1 and idempotency_key like 'notify-payment_receipt-%' order by id`,
        [email],
      )
    ).rows.map((row) => row.payload);
  }

  it('sends a receipt after a payment: amount, tournament, entries, payment id and what happens next', async () => {
    const { id, email } = await createUser(db);
    await completeProfile(db, id);
    const cup = await createTournament(db, { title: 'Receipt Cup', max_players: 8 });
    const { paymentId, outcome } = await pay(id, cup.id, 2);
    expect(outcome).toBe('registered');

    const notices = (await noticesOf(id)).filter((notice) => notice.kind === 'payment_receipt');
    expect(notices).toHaveLength(1);
    const [receipt] = notices;
    expect(receipt?.title).toBe('Payment received: ₹300.00 for Receipt Cup');
    expect(receipt?.body).toContain('2 entries');
    expect(receipt?.body).toContain(`payment id ${paymentId}`);
    expect(receipt?.body).toMatch(/Next: /);
    expect(receipt?.link).toBe(`/pod/?id=${cup.id}`);

    // The e-mail follows with the periodic function, outside the confirmation's transaction, once.
    expect(await emailsTo(email)).toEqual([]);
    await db.admin.query('select private.run_due_work()');
    await db.admin.query('select private.run_due_work()');
    const mails = (await emailsTo(email)).filter((mail) => mail.subject.startsWith('Payment received'));
    expect(mails).toEqual([{ to: email, subject: receipt?.title, text: receipt?.body, link: receipt?.link }]);
  });

  it('sends one receipt however often the payment is confirmed, and none for a refused payment', async () => {
    const { id } = await createUser(db);
    await completeProfile(db, id);
    const cup = await createTournament(db, { max_players: 1 });
    const first = await pay(id, cup.id);
    await one('select public.service_confirm_tournament_payment($1, $2) as result', [first.orderId, first.paymentId]);
    const { id: late } = await createUser(db);
    await completeProfile(db, late);
    expect((await pay(late, cup.id)).outcome).toBe('refund_required');
    expect((await noticesOf(id)).filter((notice) => notice.kind === 'payment_receipt')).toHaveLength(1);
    expect((await noticesOf(late)).filter((notice) => notice.kind === 'payment_receipt')).toHaveLength(0);
  });

  it('sends no receipt e-mail to a player who turned receipts off', async () => {
    const { id, email } = await createUser(db);
    await completeProfile(db, id);
    await db.as(player(id), `select public.set_my_notification_setting('payment_receipt', false)`);
    await pay(id, (await createTournament(db)).id);
    await db.admin.query('select private.run_due_work()');
    expect((await noticesOf(id)).filter((notice) => notice.kind === 'payment_receipt')).toHaveLength(1);
    expect(await emailsTo(email)).toEqual([]);
  });

  it('says which paid entries were withdrawn and why', async () => {
    const { id } = await createUser(db);
    await completeProfile(db, id);
    const cup = await createTournament(db);
    await pay(id, cup.id);
    await db.admin.query(
      `update public.entries set status = 'withdrawn', withdrawn_at = now(), withdraw_reason = 'Not checked in before check-in closed.'
        where tournament_id = $1`,
      [cup.id],
    );
    const rows = await db.as<{ tournament_id: string; slots: number; withdrawn: number; withdraw_reason: string }>(
      player(id),
      'select tournament_id, slots, withdrawn, withdraw_reason from public.get_my_entry_outcomes()',
    );
    expect(rows).toEqual([{ tournament_id: cup.id, slots: 1, withdrawn: 1, withdraw_reason: 'Not checked in before check-in closed.' }]);
  });

  it('names the player, their masked PAN and the deductor TAN on the tax statement', async () => {
    const user = await kycPlayer(db);
    await db.admin.query(`update private.settings set value = '"BLRG12345E"' where key = 'deductor_tan'`);
    const [{ result }] = await db.as<{ result: Record<string, unknown> }>(user.actor, 'select public.get_my_tax_statement(2026) as result');
    expect(result.deductor_tan).toBe('BLRG12345E');
    expect(result.legal_name).toEqual(expect.any(String));
    expect(result.pan_masked).toMatch(/^•{6}[0-9]{3}[A-Z]$/);
  });
});
