/**
 * Closing check-in by hand (lifecycle.md, Check-in; contract: staff_close_check_in). An organiser may
 * close it before its scheduled time, but that must not cost anyone their fee: every paid entry the early
 * close withdraws is refunded in full through the outbox, with the reason in the public changes. Only the
 * scheduled close withdraws a player who did not check in without a refund. If these fail, an organiser
 * closing check-in the minute it opens keeps everyone's money.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
} from './helpers.ts';
import { checkLedger } from './money-fixtures.ts';

const START = new Date('2027-07-13T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();
/** Championship defaults: check-in from start - 24 h to start - 60 min. */
const DURING_CHECK_IN = at(-120);
const AFTER_CHECK_IN = at(-59);

type Refund = { key: string; payment: string; amount: number; reason: string };

describe.each(engines)('closing check-in by hand on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  /**
   * A ₹150 championship with five places: three single-slot buyers (the first two check in) and one buyer
   * of two slots who plays one and checks in, the other place never accepted.
   */
  async function cup() {
    const id = `close-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Close Cup', 'championship', 'Knockout', 15000, 100000, 64, 5, true, $2)`,
      [id, START.toISOString()],
    );
    const buyers: Array<{ id: string; payment: string }> = [];
    for (const slots of [1, 1, 1, 2]) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id, { slots });
      const { rows } = await db.admin.query<{ payment: string }>(
        `select razorpay_payment_id as payment from public.payments where tournament_id = $1 and user_id = $2`,
        [id, user.id],
      );
      buyers.push({ id: user.id, payment: rows[0]!.payment });
    }
    await db.admin.query(
      `update public.entries set checked_in_at = $2
        where tournament_id = $1 and buyer_id = any ($3::uuid[]) and player_id is not null`,
      [id, DURING_CHECK_IN, [buyers[0]!.id, buyers[1]!.id, buyers[3]!.id]],
    );
    const organiser = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'organiser')`, [organiser.id]);
    return { id, buyers, organiser: player(organiser.id, organiser.email, 'aal2') };
  }

  const refundsOf = async (tournamentId: string) =>
    (
      await db.admin.query<Refund>(
        `select idempotency_key as key, payload ->> 'razorpay_payment_id' as payment, (payload ->> 'amount_paise')::int as amount,
                payload ->> 'reason' as reason
           from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1 order by payload ->> 'amount_paise'`,
        [tournamentId],
      )
    ).rows;

  it('refunds in full every paid place an early close withdraws, and says so in the changes and to the player', async () => {
    const { id, buyers, organiser } = await cup();
    await setDatabaseClock(db, DURING_CHECK_IN);
    expect(await rpc(organiser, 'public.staff_close_check_in($1)', [id])).toMatchObject({ drawn: true, entries: 3 });

    const refunds = await refundsOf(id);
    // The single place's whole fee; the two-slot buyer's unaccepted place, half of their payment.
    expect(refunds).toHaveLength(2);
    expect(refunds.map(({ payment, amount, reason }) => ({ payment, amount, reason }))).toEqual(
      expect.arrayContaining([
        { payment: buyers[2]!.payment, amount: 15000, reason: 'check_in_closed_early' },
        { payment: buyers[3]!.payment, amount: 15000, reason: 'check_in_closed_early' },
      ]),
    );
    // Razorpay's answer settles the single place's payment as refunded, and the ledger still balances.
    const single = refunds.find((refund) => refund.payment === buyers[2]!.payment)!;
    const { rows: calls } = await db.admin.query<{ id: string }>('select id from private.outbox where idempotency_key = $1', [single.key]);
    await db.admin.query(`select public.service_record_outside_answer($1, 'done', $2)`, [
      calls[0]!.id,
      { refund_id: `rfnd_${randomUUID().slice(0, 8)}`, amount_paise: 15000 },
    ]);
    const { rows: payments } = await db.admin.query<{ status: string; refunded_paise: number }>(
      'select status, refunded_paise from public.payments where razorpay_payment_id = $1',
      [single.payment],
    );
    expect(payments[0]).toEqual({ status: 'refunded', refunded_paise: 15000 });
    expect(await checkLedger(db)).toMatchObject({ balanced: true });

    const mine = await rpc<{ my_entry: { status: string } }>(player(buyers[2]!.id), 'public.get_my_entries($1)', [id]);
    // Refunded in full, the place reads as cancelled (refunded), no longer merely withdrawn.
    expect(mine.my_entry.status).toBe('cancelled');
    const { rows } = await db.admin.query<{ withdraw_reason: string }>(
      'select withdraw_reason from public.entries where tournament_id = $1 and buyer_id = $2',
      [id, buyers[2]!.id],
    );
    expect(rows[0]!.withdraw_reason).toMatch(/closed early.*refunded in full/);
    const changes = await rpc<Array<{ action: string; reason: string | null }>>(anon, 'public.get_tournament_changes($1)', [id]);
    expect(changes.filter((change) => change.action === 'entry_withdrawn')).toHaveLength(2);
    expect(changes.find((change) => change.action === 'check_in_closed_by_staff')?.reason).toMatch(/refunded in full/);
  });

  it('withdraws without a refund at the scheduled close, by the periodic function or by hand after it', async () => {
    const scheduled = await cup();
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await db.admin.query('select private.run_due_work()');
    expect(await refundsOf(scheduled.id)).toEqual([]);

    const byHand = await cup();
    // The scheduled close has passed: closing by hand before the periodic function runs is that close.
    await rpc(byHand.organiser, 'public.staff_close_check_in($1)', [byHand.id]);
    expect(await refundsOf(byHand.id)).toEqual([]);
  });
  it('refuses check-in, a check-in by hand and an invitation once the scheduled close has passed, before any due work', async () => {
    const { id, buyers } = await cup();
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    const { rows } = await db.admin.query<{ id: string; token: string }>(
      `update public.entries set invitation_token = gen_random_uuid()
        where tournament_id = $1 and buyer_id = $2 and player_id is null returning id, invitation_token::text as token`,
      [id, buyers[3]!.id],
    );
    const late = await createUser(db);
    await completeProfile(db, late.id);
    const { rows: unchecked } = await db.admin.query<{ id: string }>(
      'select id from public.entries where tournament_id = $1 and buyer_id = $2',
      [id, buyers[2]!.id],
    );
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await expectSqlError(rpc(player(buyers[2]!.id), 'public.check_in($1)', [id]), 'PT409', 'closed');
    await expectSqlError(
      rpc(player(referee.id, referee.email, 'aal2'), 'public.staff_set_check_in($1, $2, $3)', [unchecked[0]!.id, true, 'Phoned in']),
      'PT409',
      'closed',
    );
    await expectSqlError(rpc(player(late.id), 'public.accept_entry_invitation($1)', [rows[0]!.token]), 'PT409', 'closed');
  });
});
