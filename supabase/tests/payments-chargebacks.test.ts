/**
 * Chargebacks (docs/areas/payouts.md, Prizes, tax and payouts): Razorpay's payment.dispute.* events in any order, late or twice.
 * An open chargeback holds the payer's withdrawals up to the disputed amount and the player reads why;
 * won releases it and the entry's held prizes; lost debits the player's balance up to what it holds and
 * books the rest as a platform loss (no balance negative, the ledger balanced) and forfeits the held
 * prizes. Every event is audited, told to staff and listed on needs-attention. If these fail, a player
 * withdraws money a bank is taking back and nobody on the staff hears of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRegistration,
  createTournament,
  createUser,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { admin, checkLedger, givePrize, kycPlayer, rpcOf } from './money-fixtures.ts';

const service = { role: 'service_role' } as const;

describe.each(engines)('chargebacks on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
    await setDatabaseClock(db, '2027-06-01T06:30:00Z');
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const balanceOf = async (userId: string) =>
    Number((await db.admin.query<{ b: string }>('select private.player_balance($1) as b', [userId])).rows[0]?.b);
  const dispute = (paymentId: string, disputeId: string, event: string, amount = 15_000) =>
    rpc<{ outcome: string; status: string }>(service, 'public.service_record_payment_dispute($1, $2, $3, $4, $5)', [
      paymentId,
      disputeId,
      `payment.dispute.${event}`,
      amount,
      'fraud',
    ]);

  /** A player who paid ₹150 for an entry and holds `balance` paise of winnings. */
  async function paidPlayer(balance: number) {
    const user = await kycPlayer(db);
    const tournament = await createTournament(db, { title: 'Chargeback Cup' });
    const registration = await createRegistration(db, user.id, tournament.id);
    const razorpayPaymentId = (
      await db.admin.query<{ id: string }>('select razorpay_payment_id as id from public.payments where id = $1', [registration.paymentId])
    ).rows[0]?.id as string;
    if (balance > 0) await givePrize(db, user.id, balance);
    const entryId = (
      await db.admin.query<{ id: string }>('select id from public.entries where registration_id = $1', [registration.registrationId])
    ).rows[0]?.id as string;
    return { user, tournament, razorpayPaymentId, entryId, registrationId: registration.registrationId as string };
  }

  async function holdPrize(tournamentId: string, entryId: string, playerId: string, paise: number) {
    await db.admin.query(
      `insert into private.prize_awards (tournament_id, entry_id, player_id, place_label, amount_paise, status, created_at)
       values ($1, $2, $3, '1st', $4, 'held', private.clock_now())`,
      [tournamentId, entryId, playerId, paise],
    );
  }

  it('holds withdrawals up to the disputed amount while open, tells the player why, and releases them when won', async () => {
    const staff = await admin(db);
    const { user, razorpayPaymentId, tournament } = await paidPlayer(50_000);
    expect(await dispute(razorpayPaymentId, 'disp_hold1', 'created')).toMatchObject({ outcome: 'flagged', status: 'open' });

    await expectSqlError(rpc(user.actor, 'public.request_payout($1)', [50_000]), 'PT409', /chargeback/);
    const refused = await db
      .as(user.actor, 'select public.request_payout($1)', [40_000])
      .then(() => null)
      .catch((error: { hint?: string; message: string }) => error);
    expect(refused).toMatchObject({ hint: 'chargeback_hold' });
    expect(refused?.message).toContain('₹350.00');
    expect(await rpc(user.actor, 'public.get_my_withdrawal_holds()')).toEqual({
      held_paise: 15_000,
      available_paise: 35_000,
      chargebacks: [expect.objectContaining({ tournament_title: 'Chargeback Cup', amount_paise: 15_000 })],
    });
    // What is not held can still be withdrawn.
    expect(await rpc(user.actor, 'public.request_payout($1)', [35_000])).toMatchObject({ gross_paise: 35_000 });

    const attention = await rpc<Array<{ kind: string; detail: { razorpay_payment_id: string; status: string } }>>(
      staff.actor,
      'public.staff_needs_attention()',
    );
    expect(attention.find((item) => item.kind === 'chargeback' && item.detail.razorpay_payment_id === razorpayPaymentId)).toMatchObject({
      detail: { status: 'open' },
    });
    // The tournament's organiser sees it too (and is told), its referee does not.
    const seen = async (role: string) => {
      const member = await createUser(db);
      await db.admin.query(`insert into public.staff_roles (user_id, role, tournament_id) values ($1, $2, $3)`, [
        member.id,
        role,
        tournament.id,
      ]);
      const items = await rpc<Array<{ kind: string }>>(player(member.id, member.email, 'aal2'), 'public.staff_needs_attention()');
      return items.some((item) => item.kind === 'chargeback');
    };
    expect(await seen('organiser')).toBe(true);
    expect(await seen('referee')).toBe(false);
    const told = await db.admin.query<{ title: string; link: string }>(
      `select title, link from public.notifications where user_id = $1 and kind = 'staff_alert'`,
      [staff.id],
    );
    expect(told.rows.some((row) => row.title.startsWith('Chargeback created') && row.link === '/staff')).toBe(true);

    expect(await dispute(razorpayPaymentId, 'disp_hold1', 'won')).toMatchObject({ status: 'won' });
    expect(await rpc(user.actor, 'public.get_my_withdrawal_holds()')).toMatchObject({ held_paise: 0, available_paise: 15_000 });
    expect(await rpc(user.actor, 'public.request_payout($1)', [15_000])).toMatchObject({ gross_paise: 15_000 });
    const audit = await db.admin.query<{ action: string }>(
      `select action from public.audit_log where after ->> 'razorpay_payment_id' = $1 order by id`,
      [razorpayPaymentId],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['chargeback_created', 'chargeback_won']);
  });

  it('debits a lost chargeback from the balance up to what it holds, the rest as a platform loss, once', async () => {
    const { user, razorpayPaymentId, tournament, entryId } = await paidPlayer(10_000);
    await holdPrize(tournament.id, entryId, user.id, 20_000);
    await dispute(razorpayPaymentId, 'disp_lost1', 'created');
    expect(await dispute(razorpayPaymentId, 'disp_lost1', 'lost')).toMatchObject({ status: 'lost' });
    expect(await balanceOf(user.id)).toBe(0);
    const loss = await db.admin.query<{ account: string; amount: string }>(
      `select l.account, l.amount_paise as amount from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
        where j.kind = 'chargeback' and j.reference = 'chargeback:disp_lost1' order by l.account`,
    );
    expect(Object.fromEntries(loss.rows.map((r) => [r.account, Number(r.amount)]))).toEqual({
      [`player:${user.id}:winnings`]: -10_000,
      'platform:chargeback_loss': -5_000,
      'razorpay:clearing': 15_000,
    });
    // The entry's held prize is forfeited, not credited.
    const award = await db.admin.query<{ status: string }>('select status from private.prize_awards where entry_id = $1', [entryId]);
    expect(award.rows[0]?.status).toBe('forfeited');
    expect((await db.admin.query<{ s: string }>('select private.entry_chargeback_status($1) as s', [entryId])).rows[0]?.s).toBe('lost');

    // Repeated, late and contrary events change nothing.
    await dispute(razorpayPaymentId, 'disp_lost1', 'lost');
    await dispute(razorpayPaymentId, 'disp_lost1', 'created');
    expect(await dispute(razorpayPaymentId, 'disp_lost1', 'won')).toMatchObject({ status: 'lost' });
    expect(await balanceOf(user.id)).toBe(0);
    const journals = await db.admin.query(
      `select 1 from private.ledger_journal where kind = 'chargeback' and reference = 'chargeback:disp_lost1'`,
    );
    expect(journals.rows).toHaveLength(1);
    expect(await checkLedger(db)).toMatchObject({ balanced: true, negative_player_balances: 0 });
  });

  it('takes a lost chargeback whole from a balance that holds it', async () => {
    const { user, razorpayPaymentId } = await paidPlayer(40_000);
    await dispute(razorpayPaymentId, 'disp_lost2', 'lost');
    expect(await balanceOf(user.id)).toBe(25_000);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('books what the bank took when a refund came while the dispute was open, so the payment is returned once', async () => {
    const { razorpayPaymentId } = await paidPlayer(0);
    await dispute(razorpayPaymentId, 'disp_part', 'created', 15_000);
    await rpc(service, 'public.service_record_payment_refund($1, $2, $3)', [razorpayPaymentId, 'rfnd_during_dispute', 5_000]);
    expect(await dispute(razorpayPaymentId, 'disp_part', 'lost', 10_000)).toMatchObject({ status: 'lost' });
    const held = await db.admin.query<{ paise: string }>(
      `select -sum(l.amount_paise) as paise from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
         join public.payments p on p.razorpay_payment_id = $1
        where l.account = 'razorpay:clearing'
          and (j.reference = 'payment:' || p.id or j.reference like 'payment:' || p.id || ':%' or j.reference = 'chargeback:disp_part')`,
      [razorpayPaymentId],
    );
    // ₹150 received, ₹50 refunded, ₹100 taken back by the bank: nothing of it is left, and nothing below zero.
    expect(Number(held.rows[0]?.paise)).toBe(0);
    const chargeback = await db.admin.query<{ amount_paise: number; loss_paise: number }>(
      `select amount_paise::int as amount_paise, loss_paise::int as loss_paise from private.chargebacks where razorpay_dispute_id = 'disp_part'`,
    );
    expect(chargeback.rows[0]).toMatchObject({ amount_paise: 10_000, loss_paise: 10_000 });
    expect(await checkLedger(db)).toMatchObject({ balanced: true, negative_player_balances: 0 });
  });

  it('keeps the first decision when won arrives before created, and credits a held prize', async () => {
    const { user, razorpayPaymentId, tournament, entryId, registrationId } = await paidPlayer(0);
    await holdPrize(tournament.id, entryId, user.id, 20_000);
    await db.admin.query('update public.tournament_registrations set disputed_at = now() where id = $1', [registrationId]);
    expect(await dispute(razorpayPaymentId, 'disp_early', 'won')).toMatchObject({ status: 'won' });
    expect(await dispute(razorpayPaymentId, 'disp_early', 'created')).toMatchObject({ status: 'won' });
    expect(await dispute(razorpayPaymentId, 'disp_early', 'under_review')).toMatchObject({ status: 'won' });
    expect(await rpc(user.actor, 'public.get_my_withdrawal_holds()')).toMatchObject({ held_paise: 0, available_paise: 20_000 });
    const award = await db.admin.query<{ status: string }>('select status from private.prize_awards where entry_id = $1', [entryId]);
    expect(award.rows[0]?.status).toBe('credited');
    const registration = await db.admin.query<{ disputed_at: string | null }>(
      'select disputed_at from public.tournament_registrations where id = $1',
      [registrationId],
    );
    expect(registration.rows[0]?.disputed_at).toBeNull();
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('records a chargeback on a payment it does not know, and refuses an unknown event', async () => {
    const staff = await admin(db);
    expect(await dispute('pay_NotOurs0000001', 'disp_unknown', 'created')).toMatchObject({ outcome: 'unknown_payment', status: 'open' });
    const attention = await rpc<Array<{ kind: string; tournament_id: string | null; detail: { razorpay_payment_id: string } }>>(
      staff.actor,
      'public.staff_needs_attention()',
    );
    expect(attention.find((item) => item.kind === 'chargeback' && item.detail.razorpay_payment_id === 'pay_NotOurs0000001')).toMatchObject({
      tournament_id: null,
    });
    await expectSqlError(dispute('pay_NotOurs0000001', 'disp_unknown', 'teleported'), 'PT400');
  });

  /** A buyer who paid ₹300 for two places, the second played by a friend whose prize of `prize` paise is credited. */
  async function placeBoughtForAFriend(prize: number) {
    const buyer = await kycPlayer(db);
    const friend = await kycPlayer(db);
    const tournament = await createTournament(db, { title: 'Friends Cup' });
    const registration = await createRegistration(db, buyer.id, tournament.id, { slots: 2 });
    const entries = (
      await db.admin.query<{ id: string }>('select id from public.entries where registration_id = $1 order by id', [
        registration.registrationId,
      ])
    ).rows.map((row) => row.id);
    const friendsEntry = entries[1] as string;
    await db.admin.query('update public.entries set player_id = $2 where id = $1', [friendsEntry, friend.id]);
    await db.admin.query(
      `insert into private.prize_awards (tournament_id, entry_id, player_id, place_label, amount_paise, status, created_at)
       values ($1, $2, $3, '1st', $4, 'credited', private.clock_now())`,
      [tournament.id, friendsEntry, friend.id, prize],
    );
    await db.admin.query(`update private.prize_awards a set journal_id = private.post_prize(a, null) where a.entry_id = $1`, [
      friendsEntry,
    ]);
    const razorpayPaymentId = (
      await db.admin.query<{ id: string }>('select razorpay_payment_id as id from public.payments where id = $1', [registration.paymentId])
    ).rows[0]?.id as string;
    return { buyer, friend, tournament, friendsEntry, razorpayPaymentId };
  }

  it('holds the prize of a place the payment bought for a friend while the chargeback is open, and releases it when won', async () => {
    const { friend, razorpayPaymentId } = await placeBoughtForAFriend(20_000);
    expect(await balanceOf(friend.id)).toBe(20_000);
    await dispute(razorpayPaymentId, 'disp_friend_won', 'created', 30_000);

    await expectSqlError(rpc(friend.actor, 'public.request_payout($1)', [20_000]), 'PT409', /chargeback/);
    expect(await rpc(friend.actor, 'public.get_my_withdrawal_holds()')).toEqual({
      held_paise: 20_000,
      available_paise: 0,
      chargebacks: [expect.objectContaining({ tournament_title: 'Friends Cup', amount_paise: 20_000 })],
    });

    await dispute(razorpayPaymentId, 'disp_friend_won', 'won', 30_000);
    expect(await rpc(friend.actor, 'public.get_my_withdrawal_holds()')).toMatchObject({ held_paise: 0, available_paise: 20_000 });
    expect(await rpc(friend.actor, 'public.request_payout($1)', [20_000])).toMatchObject({ gross_paise: 20_000 });
  });

  it('takes back the prize of a place the payment bought for a friend when the chargeback is lost', async () => {
    const { buyer, friend, tournament, friendsEntry, razorpayPaymentId } = await placeBoughtForAFriend(20_000);
    await givePrize(db, friend.id, 5_000);
    await dispute(razorpayPaymentId, 'disp_friend_lost', 'created', 30_000);
    expect(await dispute(razorpayPaymentId, 'disp_friend_lost', 'lost', 30_000)).toMatchObject({ status: 'lost' });

    // The prize leaves the friend's balance (what they won elsewhere stays) and goes back to the tournament's pool.
    expect(await balanceOf(friend.id)).toBe(5_000);
    expect(await balanceOf(buyer.id)).toBe(0);
    const award = await db.admin.query<{ status: string }>('select status from private.prize_awards where entry_id = $1', [friendsEntry]);
    expect(award.rows[0]?.status).toBe('forfeited');
    const pool = await db.admin.query<{ paise: string }>(
      `select coalesce(sum(amount_paise), 0) as paise from private.ledger_lines where account = 'prize_pool:' || $1`,
      [tournament.id],
    );
    expect(Number(pool.rows[0]?.paise)).toBe(0);
    expect(await rpc(friend.actor, 'public.get_my_withdrawal_holds()')).toMatchObject({ held_paise: 0, available_paise: 5_000 });

    // A repeated decision takes nothing more.
    await dispute(razorpayPaymentId, 'disp_friend_lost', 'lost', 30_000);
    expect(await balanceOf(friend.id)).toBe(5_000);
    expect(await checkLedger(db)).toMatchObject({ balanced: true, negative_player_balances: 0 });
  });

  /** A paid entry of a tournament cancelled afterwards: its refund is owed and queued. */
  async function refundOwed() {
    const paid = await paidPlayer(0);
    await db.admin.query(`select private.cancel_tournament($1, 'The venue closed', private.clock_now())`, [paid.tournament.id]);
    const job = (
      await db.admin.query<{ id: string; status: string }>(
        `select id, status from private.outbox where kind = 'razorpay_refund' and payload ->> 'razorpay_payment_id' = $1`,
        [paid.razorpayPaymentId],
      )
    ).rows[0];
    expect(job?.status).toBe('pending');
    return { ...paid, jobId: job?.id as string };
  }

  const paymentRow = async (razorpayPaymentId: string) =>
    (
      await db.admin.query<{ status: string; refunded_paise: number; failure_reason: string }>(
        'select status, refunded_paise::int as refunded_paise, failure_reason from public.payments where razorpay_payment_id = $1',
        [razorpayPaymentId],
      )
    ).rows[0];
  const refundJobs = async (razorpayPaymentId: string) =>
    (
      await db.admin.query<{ status: string; amount: number }>(
        `select status, (payload ->> 'amount_paise')::int as amount from private.outbox
          where kind = 'razorpay_refund' and payload ->> 'razorpay_payment_id' = $1 order by id`,
        [razorpayPaymentId],
      )
    ).rows;

  it('closes a refund the outbox gave up on once a lost chargeback returned the money: nothing left for staff, the books balanced', async () => {
    const staff = await admin(db);
    const { razorpayPaymentId, tournament, jobId } = await refundOwed();
    await dispute(razorpayPaymentId, 'disp_refund_gone', 'created');
    // Razorpay refuses to refund a disputed payment; the worker gives up.
    await rpc(service, 'public.service_record_outside_answer($1, $2, $3)', [jobId, 'failed', { error: 'payment is under dispute' }]);
    expect(await dispute(razorpayPaymentId, 'disp_refund_gone', 'lost')).toMatchObject({ status: 'lost' });

    expect(await refundJobs(razorpayPaymentId)).toEqual([{ status: 'cancelled', amount: 15_000 }]);
    expect(await paymentRow(razorpayPaymentId)).toMatchObject({
      status: 'refunded',
      refunded_paise: 0,
      failure_reason: expect.stringContaining('chargeback'),
    });
    const attention = await rpc<Array<{ kind: string; tournament_id: string | null; detail: { job_id?: string } }>>(
      staff.actor,
      'public.staff_needs_attention()',
    );
    expect(attention.filter((item) => item.kind === 'refunds_failed' && item.tournament_id === tournament.id)).toEqual([]);
    expect(attention.filter((item) => item.kind === 'outside_call_failed' && String(item.detail.job_id) === String(jobId))).toEqual([]);
    await expectSqlError(rpc(staff.actor, 'public.staff_retry_outside_call($1)', [jobId]), 'PT409');
    // The periodic work asks for nothing again.
    await db.admin.query('select private.run_due_work()');
    expect(await refundJobs(razorpayPaymentId)).toEqual([{ status: 'cancelled', amount: 15_000 }]);
    expect(await checkLedger(db)).toMatchObject({ balanced: true, negative_player_balances: 0 });
  });

  it('closes a refund still waiting for the worker, and asks only for what the bank left when it took part', async () => {
    const whole = await refundOwed();
    await dispute(whole.razorpayPaymentId, 'disp_refund_pending', 'lost');
    expect(await refundJobs(whole.razorpayPaymentId)).toEqual([{ status: 'cancelled', amount: 15_000 }]);
    // The worker's late answer about the closed call changes nothing.
    expect(await rpc(service, 'public.service_record_outside_answer($1, $2, $3)', [whole.jobId, 'failed', { error: 'x' }])).toEqual({
      status: 'cancelled',
    });

    const part = await refundOwed();
    await dispute(part.razorpayPaymentId, 'disp_refund_part', 'lost', 10_000);
    expect(await refundJobs(part.razorpayPaymentId)).toEqual([
      { status: 'cancelled', amount: 15_000 },
      { status: 'pending', amount: 5_000 },
    ]);
    expect(await paymentRow(part.razorpayPaymentId)).toMatchObject({ status: 'refund_pending' });
    expect(await checkLedger(db)).toMatchObject({ balanced: true, negative_player_balances: 0 });
  });
});
