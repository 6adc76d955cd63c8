/**
 * RazorpayX's word on a payout, in any order (docs/areas/payouts.md): a reversal that arrives before
 * `processed` (webhooks out of order) or is first seen by the poll still returns the money and its tax;
 * a later `processed` does not undo it; every payout ends in exactly one final state; the bank's
 * reference (UTR) is kept for staff and the player. The TypeScript rule the function tests use agrees
 * with the SQL one. If these fail, a reversed payout is lost and the player's money never returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMove, PAYOUT_STATUSES } from '../functions/_shared/payout-status.ts';
import {
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
const PROVIDER_STATUSES = ['queued', 'pending', 'scheduled', 'processing', 'processed', 'reversed', 'cancelled', 'rejected', 'failed'];

describe.each(engines)('payout events in any order on $name', (engine) => {
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
  const taxPayable = async (userId: string) =>
    Number(
      (
        await db.admin.query<{ t: string }>(
          `select coalesce(sum(amount_paise), 0) as t from private.ledger_lines where account = 'tax:payable' and user_id = $1`,
          [userId],
        )
      ).rows[0]?.t,
    );
  const status = (id: string, s: string, utr: string | null = null) =>
    rpc<{ status: string; changed: boolean }>(service, 'public.service_record_payout_status($1, $2, $3, $4, now(), $5)', [
      id,
      'pout_any_order',
      s,
      s === 'reversed' ? 'Beneficiary bank sent it back' : null,
      utr,
    ]);

  /** A player with ₹1,000 of winnings and an approved payout of all of it (₹300 tax withheld). */
  async function approvedPayout() {
    const user = await kycPlayer(db);
    const approver = await admin(db);
    await givePrize(db, user.id, 100_000);
    const payout = await rpc<{ payout_id: string; tax_paise: number }>(user.actor, 'public.request_payout($1)', [100_000]);
    await rpc(approver.actor, 'public.staff_approve_payout($1)', [payout.payout_id]);
    expect(payout.tax_paise).toBe(30_000);
    expect(await balanceOf(user.id)).toBe(0);
    return { user, payoutId: payout.payout_id };
  }

  it('returns the money and the tax when reversed arrives before processed, and a late processed changes nothing', async () => {
    const { user, payoutId } = await approvedPayout();
    expect(await status(payoutId, 'processing')).toEqual({ status: 'processing', changed: true });
    expect(await status(payoutId, 'reversed')).toEqual({ status: 'reversed', changed: true });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await taxPayable(user.id)).toBe(0);
    // The processed webhook that was overtaken arrives now, with the transfer's UTR.
    expect(await status(payoutId, 'processed', 'UTR0001')).toEqual({ status: 'reversed', changed: false });
    expect(await status(payoutId, 'reversed')).toEqual({ status: 'reversed', changed: false });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await rpc(user.actor, 'public.get_my_earnings()')).toMatchObject({ balance_paise: 100_000, tax_withheld_paise: 0 });
    const [mine] = await rpc<Array<{ status: string; utr: string | null }>>(user.actor, 'public.get_my_payouts()');
    expect(mine).toMatchObject({ status: 'reversed', utr: 'UTR0001' });
    const told = await db.admin.query<{ kind: string }>(
      `select kind from public.notifications where user_id = $1 and kind like 'payout_%' order by id`,
      [user.id],
    );
    expect(told.rows.map((r) => r.kind)).toEqual(['payout_failed']);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('returns the money when the poll first sees a reversal of an approved payout', async () => {
    const { user, payoutId } = await approvedPayout();
    expect(await status(payoutId, 'reversed')).toEqual({ status: 'reversed', changed: true });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await status(payoutId, 'processing')).toEqual({ status: 'reversed', changed: false });
    expect(await status(payoutId, 'processed')).toEqual({ status: 'reversed', changed: false });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('ends every order of events in exactly one final state, with the balance agreeing', async () => {
    const orders = [
      ['processed', 'reversed'],
      ['reversed', 'processed'],
      ['processed', 'failed', 'reversed', 'processed'],
      ['failed', 'reversed', 'processed'],
      ['reversed', 'failed'],
      ['processing', 'processed', 'processed'],
    ];
    for (const events of orders) {
      const { user, payoutId } = await approvedPayout();
      for (const event of events) await status(payoutId, event);
      const row = (await db.admin.query<{ status: string }>('select status from public.payouts where id = $1', [payoutId])).rows[0];
      const returned = row?.status !== 'processed';
      expect(['processed', 'reversed', 'failed'], events.join(' → ')).toContain(row?.status);
      expect(await balanceOf(user.id), events.join(' → ')).toBe(returned ? 100_000 : 0);
      const journals = await db.admin.query<{ kind: string }>(
        `select kind from private.ledger_journal where reference = 'payout:' || $1 and kind in ('payout_reversed', 'tax_reversed')`,
        [payoutId],
      );
      expect(journals.rows.length, events.join(' → ')).toBe(returned ? 2 : 0);
    }
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('keeps the UTR of a processed payout for the player and for staff', async () => {
    const { user, payoutId } = await approvedPayout();
    const staff = await admin(db);
    await status(payoutId, 'processed', 'HDFC000123456789');
    const [mine] = await rpc<Array<{ utr: string | null; status: string }>>(user.actor, 'public.get_my_payouts()');
    expect(mine).toMatchObject({ status: 'processed', utr: 'HDFC000123456789' });
    const recent = await rpc<Array<{ payout_id: string; utr: string | null }>>(staff.actor, 'public.staff_list_recent_payouts()');
    expect(recent.find((p) => p.payout_id === payoutId)).toMatchObject({ utr: 'HDFC000123456789' });
    // An admin of one tournament does not read the platform's payouts.
    const cup = await createTournament(db);
    const cupAdmin = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role, tournament_id) values ($1, 'admin', $2)`, [cupAdmin.id, cup.id]);
    await expectSqlError(rpc(player(cupAdmin.id, cupAdmin.email, 'aal2'), 'public.staff_list_recent_payouts()'), 'PT403');
    const note = await db.admin.query<{ body: string }>(
      `select body from public.notifications where user_id = $1 and kind = 'payout_sent'`,
      [user.id],
    );
    expect(note.rows[0]?.body).toContain('HDFC000123456789');
  });

  // Fails -> the payout rule has a second home: a move the machine no longer declares is still allowed.
  it('reads its moves from the payout machine, where they are declared once', async () => {
    const mayMove = 'select private.payout_may_move($1, $2) as ok';
    const withoutTheMove = await db.admin
      .transaction(async (tx) => {
        await tx.query(
          `delete from private.status_transitions where machine = 'payout' and from_status = 'processing' and to_status = 'processed'`,
        );
        const { rows } = await tx.query<{ ok: boolean }>(mayMove, ['processing', 'processed']);
        throw Object.assign(new Error('rolled back on purpose'), { ok: rows[0]?.ok });
      })
      .catch((rolledBack: { ok?: boolean }) => rolledBack.ok);
    expect(withoutTheMove).toBe(false);
    expect((await db.admin.query<{ ok: boolean }>(mayMove, ['processing', 'processed'])).rows[0]?.ok).toBe(true);
  });

  // Fails -> "still on its way" has a second, hand-kept list of statuses beside the machine.
  it('calls a payout on its way exactly while the payout machine can still take it to processed', async () => {
    const onItsWay = async (run: { query: typeof db.admin.query }, s: string) =>
      (await run.query<{ ok: boolean }>('select private.payout_on_its_way($1) as ok', [s])).rows[0]?.ok;
    const open = [];
    for (const s of PAYOUT_STATUSES) if (await onItsWay(db.admin, s)) open.push(s);
    expect(open.sort()).toEqual(['approved', 'awaiting_approval', 'pending', 'processing', 'queued', 'scheduled']);
    // Take the machine's moves out of processing, and processing is no longer on its way.
    const withoutTheMoves = await db.admin
      .transaction(async (tx) => {
        await tx.query(`delete from private.status_transitions where machine = 'payout' and from_status = 'processing'`);
        throw Object.assign(new Error('rolled back on purpose'), { ok: await onItsWay(tx, 'processing') });
      })
      .catch((rolledBack: { ok?: boolean }) => rolledBack.ok);
    expect(withoutTheMoves).toBe(false);
  });

  it('allows in TypeScript exactly the moves the SQL allows', async () => {
    const disagreements: string[] = [];
    for (const from of PAYOUT_STATUSES) {
      for (const to of PAYOUT_STATUSES) {
        const sql = (await db.admin.query<{ ok: boolean }>('select private.payout_may_move($1, $2) as ok', [from, to])).rows[0]?.ok;
        if (sql !== canMove(from, to)) disagreements.push(`${from} → ${to}: SQL ${sql}, TS ${canMove(from, to)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // And the function refuses every provider status the rule refuses.
    const { payoutId } = await approvedPayout();
    for (const s of PROVIDER_STATUSES) {
      const before = (await db.admin.query<{ status: string }>('select status from public.payouts where id = $1', [payoutId])).rows[0]
        ?.status as (typeof PAYOUT_STATUSES)[number];
      const answer = await status(payoutId, s);
      expect(answer.changed, `${before} → ${s}`).toBe(canMove(before, s as (typeof PAYOUT_STATUSES)[number]));
    }
  });
});
