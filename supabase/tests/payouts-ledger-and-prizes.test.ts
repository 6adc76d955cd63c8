/**
 * The ledger and prizes (docs/areas/payouts.md; docs/money.md): the ledger balances after any
 * sequence of fees, refunds, prizes, payouts and reversals; nobody rewrites it; prizes follow the series'
 * formula, split tied bands to the paisa, wait for the challenge window and open disputes, are credited
 * once, and settle the tournament. If these fail, money appears or vanishes, or a player is paid twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atScale,
  anon,
  createUser,
  engines,
  expectSqlError,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { admin, checkLedger, finishedTournament, givePrize, kycPlayer, rpcOf, runDueWork } from './money-fixtures.ts';

/** mulberry32: the same "random" operations on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(engines)('ledger and prizes on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
    await setDatabaseClock(db, '2027-05-10T08:00:00Z');
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const balanceOf = async (userId: string) =>
    Number((await db.admin.query<{ b: string }>('select private.player_balance($1) as b', [userId])).rows[0]?.b);

  // Two hundred random money events repeat the same functions: once, on the engine of the tests at scale (helpers.ts).
  it.runIf(atScale(engine))(
    'balances after 200 random fees, refunds, prizes, payouts and reversals, and every balance is what happened',
    async () => {
      const random = seeded(20271123);
      const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
      const tournament = `ledger-${randomUUID().slice(0, 8)}`;
      await db.admin.query(
        `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
       values ($1, 'Ledger Cup', 'quick', 'Knockout', 10000, 0, 1000, true, now() + interval '30 days')`,
        [tournament],
      );
      const players = [await kycPlayer(db), await kycPlayer(db), await kycPlayer(db)];
      const approver = await admin(db);
      const expected = new Map<string, number>(players.map((p) => [p.id, 0]));
      const payments: Array<{ paymentId: string; amount: number; refunded: number }> = [];
      const payouts: Array<{ id: string; user: string; gross: number; state: 'open' | 'processed' | 'returned' }> = [];
      let clearing = 0;

      for (let step = 0; step < 200; step++) {
        const who = pick(players);
        const kind = pick(['fee', 'fee', 'refund', 'prize', 'prize', 'payout', 'payout', 'status', 'status', 'reversal']);
        if (kind === 'fee') {
          const id = randomUUID();
          const amount = 1000 * (1 + Math.floor(random() * 20));
          await db.admin.query(
            `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
           values ($1, $2, $3, $4, $5, $6, 1, 'paid', now())`,
            [id, who.id, tournament, `order_${id.slice(0, 13)}`, `pay_${id.slice(0, 13)}`, amount],
          );
          payments.push({ paymentId: `pay_${id.slice(0, 13)}`, amount, refunded: 0 });
          clearing += amount;
        } else if (kind === 'refund' && payments.length > 0) {
          const payment = pick(payments);
          const left = payment.amount - payment.refunded;
          if (left > 0) {
            const part = random() < 0.5 ? left : Math.max(1, Math.floor(left / 2));
            await db.admin.query('select private.apply_refund($1, $2, $3)', [payment.paymentId, `rfnd_${randomUUID().slice(0, 12)}`, part]);
            payment.refunded += part;
            clearing -= part;
          }
        } else if (kind === 'prize') {
          const paise = 100 * (1 + Math.floor(random() * 500));
          await givePrize(db, who.id, paise);
          expected.set(who.id, (expected.get(who.id) ?? 0) + paise);
        } else if (kind === 'payout') {
          const balance = expected.get(who.id) ?? 0;
          const gross = Math.floor(balance * random());
          if (gross > 0) {
            const answer = await rpc<{ payout_id: string; status: string }>(who.actor, 'public.request_payout($1, $2)', [
              gross,
              randomUUID(),
            ]);
            if (answer.status === 'awaiting_approval') await rpc(approver.actor, 'public.staff_approve_payout($1)', [answer.payout_id]);
            payouts.push({ id: answer.payout_id, user: who.id, gross, state: 'open' });
            expected.set(who.id, balance - gross);
          }
        } else if (kind === 'status' && payouts.length > 0) {
          const payout = pick(payouts);
          const status = pick(['queued', 'processing', 'processed', 'processed', 'failed', 'pending']);
          const answer = await rpc<{ changed: boolean }>(
            { role: 'service_role' },
            'public.service_record_payout_status($1, $2, $3, $4, now())',
            [payout.id, `pout_${payout.id.slice(0, 8)}`, status, status === 'failed' ? 'Beneficiary bank down' : null],
          );
          if (payout.state === 'open' && status === 'processed') payout.state = 'processed';
          if (payout.state === 'open' && status === 'failed') {
            expect(answer.changed).toBe(true);
            payout.state = 'returned';
            expected.set(payout.user, (expected.get(payout.user) ?? 0) + payout.gross);
          }
          if (payout.state === 'returned' && status !== 'failed') expect(answer.changed).toBe(false);
        } else if (kind === 'reversal' && payouts.some((p) => p.state === 'processed')) {
          const payout = pick(payouts.filter((p) => p.state === 'processed'));
          await rpc({ role: 'service_role' }, `public.service_record_payout_status($1, $2, 'reversed', 'Account closed', now())`, [
            payout.id,
            `pout_${payout.id.slice(0, 8)}`,
          ]);
          payout.state = 'returned';
          expected.set(payout.user, (expected.get(payout.user) ?? 0) + payout.gross);
        }
        const ledger = await checkLedger(db);
        expect(ledger, `after step ${step} (${kind})`).toMatchObject({ balanced: true, journals_unbalanced: 0, total_paise: 0 });
      }
      for (const p of players) expect(await balanceOf(p.id)).toBe(expected.get(p.id));
      const { rows } = await db.admin.query<{ held: string }>(
        `select -coalesce(sum(l.amount_paise), 0) as held from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
        where l.account = 'razorpay:clearing' and j.reference like any (select 'payment:' || id || '%' from public.payments where tournament_id = $1)`,
        [tournament],
      );
      expect(Number(rows[0]?.held)).toBe(clearing);
      expect(payments.length).toBeGreaterThan(10);
      expect(payouts.length).toBeGreaterThan(5);
    },
  );

  it('lets nobody change or remove a ledger row, not even the database owner, and no player or service read it', async () => {
    const someone = await createUser(db);
    await givePrize(db, someone.id, 5000);
    await expectSqlError(db.admin.query('update private.ledger_lines set amount_paise = amount_paise * 2'), 'PT403', 'append-only');
    await expectSqlError(db.admin.query('delete from private.ledger_lines'), 'PT403', 'append-only');
    await expectSqlError(db.admin.query(`update private.ledger_journal set kind = 'refund'`), 'PT403', 'append-only');
    await expectSqlError(db.admin.query('delete from private.ledger_journal'), 'PT403', 'append-only');
    await expectSqlError(db.admin.query('truncate private.ledger_lines cascade'), 'PT403', 'append-only');
    await expectSqlError(db.as(someone.actor, 'select * from private.ledger_lines'), '42501');
    await expectSqlError(db.as({ role: 'service_role' }, 'delete from private.ledger_lines'), '42501');
    // A journal that does not balance never lands, whoever writes it.
    await expectSqlError(
      db.admin.query(
        `select private.post_journal('prize', 'prize:lopsided', jsonb_build_array(
           jsonb_build_object('account', 'prize_pool:x', 'amount_paise', -100),
           jsonb_build_object('account', private.player_account($1), 'amount_paise', 101, 'user_id', $1)))`,
        [someone.id],
      ),
      'PT409',
    );
    expect(await balanceOf(someone.id)).toBe(5000);
  });

  it('posts each entry fee once and each refund as it happens, for every capture path', async () => {
    const payer = await createUser(db);
    const tournament = `fees-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
       values ($1, 'Fee Cup', 'quick', 'Knockout', 15000, 0, 8, true, now() + interval '30 days')`,
      [tournament],
    );
    await db.admin.query(
      `insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, slots, status)
       values ($1, $2, 'order_feeflow001', 15000, 1, 'created')`,
      [payer.id, tournament],
    );
    const fees = async () =>
      (
        await db.admin.query<{ kind: string; amount: string }>(
          `select j.kind, l.amount_paise as amount from private.ledger_journal j join private.ledger_lines l on l.journal_id = j.id
            where l.account = 'platform:fees' and l.user_id = $1 order by j.id`,
          [payer.id],
        )
      ).rows.map((r) => [r.kind, Number(r.amount)]);
    expect(await fees()).toEqual([]);
    await db.admin.query(
      `update public.payments set status = 'paid', razorpay_payment_id = 'pay_feeflow001', paid_at = now() where razorpay_order_id = 'order_feeflow001'`,
    );
    await db.admin.query(`update public.payments set updated_at = now(), status = 'paid' where razorpay_order_id = 'order_feeflow001'`);
    expect(await fees()).toEqual([['entry_fee', 15000]]);
    await db.admin.query(`select private.apply_refund('pay_feeflow001', 'rfnd_feeflow01', 5000)`);
    await db.admin.query(`select private.apply_refund('pay_feeflow001', 'rfnd_feeflow01', 5000)`);
    await db.admin.query(`select private.apply_refund('pay_feeflow001', 'rfnd_feeflow02', 10000)`);
    expect(await fees()).toEqual([
      ['entry_fee', 15000],
      ['refund', -5000],
      ['refund', -10000],
    ]);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('shows the prize bands of the formula on the tournament page', async () => {
    const start = new Date('2027-05-10T10:00:00Z');
    const cup = await finishedTournament(db, {
      size: 8,
      start,
      prizePoolPaise: 100002,
      formula: [
        { from_place: 1, to_place: 1, share_bp: 5000 },
        { from_place: 2, to_place: 2, amount_paise: 20000 },
        { from_place: 3, to_place: 4, amount_paise: 20001 },
        { places: '5-8', paise: 10000 },
      ],
    });
    expect(await rpc(anon, 'public.get_tournament_prizes($1)', [cup.id])).toEqual([
      { band: '1st', from_place: 1, to_place: 1, amount_paise_each: 50001, total_paise: 50001 },
      { band: '2nd', from_place: 2, to_place: 2, amount_paise_each: 20000, total_paise: 20000 },
      { band: '3rd–4th', from_place: 3, to_place: 4, amount_paise_each: 10000, total_paise: 20001 },
      { band: '5th–8th', from_place: 5, to_place: 8, amount_paise_each: 2500, total_paise: 10000 },
    ]);
  });

  it('credits prizes once after the challenge window, splits a tied band to the paisa in seed order, and settles', async () => {
    const start = new Date('2027-05-11T10:00:00Z');
    const cup = await finishedTournament(db, {
      size: 4,
      start,
      prizePoolPaise: 100001,
      formula: [
        { from_place: 1, to_place: 1, amount_paise: 60000 },
        { from_place: 3, to_place: 4, amount_paise: 40001 },
      ],
    });
    const state = async () => (await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id])).status;
    expect(await state()).toBe('finished');
    // Every match was won by its top slot: seed 1 beat seed 4, seed 2 beat seed 3, seed 1 won the final.
    const bySeed = new Map(cup.seeds.map((s) => [s.seed, s.player_id]));
    const [s1, s2, s3, s4] = [1, 2, 3, 4].map((s) => bySeed.get(s) as string);
    const earnings = (userId: string) =>
      rpc<{ won_paise: number; balance_paise: number; pending_paise: number }>(
        { role: 'authenticated', userId },
        'public.get_my_earnings()',
      );
    // Within the window: nothing credited, the prize shows as pending.
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 119 * 60_000).toISOString());
    await runDueWork(db);
    expect(await state()).toBe('finished');
    expect(await earnings(s1)).toMatchObject({ won_paise: 0, balance_paise: 0, pending_paise: 60000 });

    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 121 * 60_000).toISOString());
    await runDueWork(db);
    await runDueWork(db);
    expect(await db.admin.query('select private.credit_prizes($1) as r', [cup.id]).then((r) => r.rows[0])).toMatchObject({
      r: { already: true, credited: 0 },
    });
    expect(await state()).toBe('settled');
    expect(await earnings(s1)).toMatchObject({ won_paise: 60000, balance_paise: 60000, pending_paise: 0 });
    expect(await balanceOf(s2)).toBe(0);
    // 3rd-4th share 40,001 paise: the odd paisa goes to the better seed of the two (seed 3 before seed 4).
    expect(await balanceOf(s3)).toBe(20001);
    expect(await balanceOf(s4)).toBe(20000);
    const { rows } = await db.admin.query<{ n: string }>(
      `select count(*) as n from private.ledger_journal where kind = 'prize' and reference like 'prize:' || $1 || ':%'`,
      [cup.id],
    );
    expect(Number(rows[0]?.n)).toBe(3);
    const notices = await db.admin.query<{ title: string }>(
      `select title from public.notifications where user_id = $1 and kind = 'prize_credited'`,
      [s3],
    );
    expect(notices.rows.map((r) => r.title)).toEqual(['Prize credited: ₹200.01']);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('waits for an open dispute and a championship window of 24 hours, and holds the prize of a chargeback', async () => {
    const start = new Date('2027-05-12T10:00:00Z');
    const cup = await finishedTournament(db, { size: 4, start, series: 'championship', prizePoolPaise: 50000 });
    const winner = cup.seeds.find((s) => s.seed === 1)?.player_id as string;
    const finalMatch = (
      await db.admin.query<{ id: string }>('select id from public.matches where tournament_id = $1 and round = 2', [cup.id])
    ).rows[0]?.id;
    await db.admin.query(
      `insert into public.match_disputes (match_id, opened_by_entry_id, reason, opened_at, deadline_at)
       select id, entry_b, 'other', now(), now() + interval '1 hour' from public.matches where id = $1`,
      [finalMatch],
    );
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
    await runDueWork(db);
    expect(await balanceOf(winner)).toBe(0);
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 25 * 3600_000).toISOString());
    await runDueWork(db);
    expect(await balanceOf(winner)).toBe(0);
    expect((await db.admin.query('select private.credit_prizes($1) as r', [cup.id])).rows[0]).toMatchObject({
      r: { waiting: 'open_dispute' },
    });

    await db.admin.query(`update public.match_disputes set settled_at = now(), outcome = 'result_set' where match_id = $1`, [finalMatch]);
    await db.admin.query(`update public.tournament_registrations set disputed_at = now() where tournament_id = $1 and user_id = $2`, [
      cup.id,
      winner,
    ]);
    await runDueWork(db);
    expect(await balanceOf(winner)).toBe(0);
    expect((await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id])).status).toBe('settled');
    const staff = await admin(db);
    await expectSqlError(
      rpc({ role: 'authenticated', userId: winner }, 'public.staff_decide_held_prize($1, $2, true, $3)', [
        cup.id,
        cup.seeds.find((s) => s.seed === 1)?.entry_id,
        'Chargeback won',
      ]),
      'PT403',
    );
    expect(
      await rpc(staff.actor, 'public.staff_decide_held_prize($1, $2, true, $3)', [
        cup.id,
        cup.seeds.find((s) => s.seed === 1)?.entry_id,
        'Chargeback won by us',
      ]),
    ).toEqual({ status: 'credited', amount_paise: 50000 });
    expect(await balanceOf(winner)).toBe(50000);
  });

  it('keeps earnings consistent after a prize, a payout and a reversal', async () => {
    const winner = await kycPlayer(db);
    const approver = await admin(db);
    await givePrize(db, winner.id, 100000);
    const earnings = () => rpc<Record<string, number>>(winner.actor, 'public.get_my_earnings()');
    expect(await earnings()).toEqual({
      won_paise: 100000,
      tax_withheld_paise: 0,
      paid_out_paise: 0,
      balance_paise: 100000,
      balance_after_tax_paise: 70000,
      pending_paise: 0,
    });
    const payout = await rpc<{ payout_id: string; tax_paise: number; net_paise: number }>(
      winner.actor,
      'public.request_payout($1)',
      [40000],
    );
    expect(payout).toMatchObject({ tax_paise: 12000, net_paise: 28000 });
    expect(await earnings()).toEqual({
      won_paise: 100000,
      tax_withheld_paise: 12000,
      paid_out_paise: 0,
      balance_paise: 60000,
      // Withdrawing the ₹600 left: 30% of it, as the first ₹400 already counted its own.
      balance_after_tax_paise: 42000,
      pending_paise: 28000,
    });
    await rpc(approver.actor, 'public.staff_approve_payout($1)', [payout.payout_id]);
    await rpc({ role: 'service_role' }, `public.service_record_payout_status($1, 'pout_e1', 'processed', null, now())`, [payout.payout_id]);
    expect(await earnings()).toEqual({
      won_paise: 100000,
      tax_withheld_paise: 12000,
      paid_out_paise: 28000,
      balance_paise: 60000,
      balance_after_tax_paise: 42000,
      pending_paise: 0,
    });
    await rpc({ role: 'service_role' }, `public.service_record_payout_status($1, 'pout_e1', 'reversed', 'Account closed', now())`, [
      payout.payout_id,
    ]);
    expect(await earnings()).toEqual({
      won_paise: 100000,
      tax_withheld_paise: 0,
      paid_out_paise: 0,
      balance_paise: 100000,
      balance_after_tax_paise: 70000,
      pending_paise: 0,
    });
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('alarms staff, once an hour, when the ledger stops balancing (lines written with its triggers switched off)', async () => {
    class RollBack extends Error {}
    const alarms = async (tx: Pick<TestDatabase['admin'], 'query'>) =>
      Number((await tx.query<{ n: string }>("select count(*) as n from public.audit_log where action = 'ledger_unbalanced'")).rows[0]!.n);
    const check = async (tx: Pick<TestDatabase['admin'], 'query'>) =>
      (await tx.query<{ r: { ledger_balanced: boolean } }>('select private.run_due_ledger_check() as r')).rows[0]!.r;
    expect(await check(db.admin)).toEqual({ ledger_balanced: true });
    const alarmsBefore = await alarms(db.admin);
    await db.admin
      .transaction(async (tx) => {
        // The only way past the balance trigger: a superuser switching triggers off (a restore, a hand repair).
        await tx.query('set local session_replication_role = replica');
        const { rows } = await tx.query<{ id: string }>(
          "insert into private.ledger_journal (kind, reference) values ('prize', 'prize:written-by-hand') returning id",
        );
        await tx.query("insert into private.ledger_lines (journal_id, account, amount_paise) values ($1, 'prize_pool:by-hand', -100)", [
          rows[0]!.id,
        ]);
        await tx.query('set local session_replication_role = origin');
        expect(await check(tx)).toEqual({ ledger_balanced: false });
        expect(await alarms(tx)).toBe(alarmsBefore + 1);
        // Every run while it stays unbalanced answers so; staff are told once an hour, not every run.
        expect(await check(tx)).toEqual({ ledger_balanced: false });
        expect(await alarms(tx)).toBe(alarmsBefore + 1);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    expect(await check(db.admin)).toEqual({ ledger_balanced: true });
  });
});
