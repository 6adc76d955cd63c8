/**
 * Prizes go by the places the bracket gave: a band of places is paid what those places pay, and the money
 * of a place nobody reached is credited to no one. If this failed, no-shows would share the winner's prize.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, createUser, engines, setDatabaseClock, startWithMovableClock, type TestDatabase } from './helpers.ts';
import { runDueWork } from './money-fixtures.ts';

describe.each(engines)('prizes by the places played on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  it('credits nothing when nobody was ready for either semi-final of a four-player knockout', async () => {
    const start = new Date('2027-06-10T10:00:00Z');
    const id = `noshow-${randomUUID().slice(0, 8)}`;
    const series = `s${randomUUID().slice(0, 8)}`;
    await setDatabaseClock(db, new Date(start.getTime() - 3 * 3600_000).toISOString());
    await db.admin.query(
      `insert into public.series (id, title, kind, format, entry_fee_paise, prize_pool_paise, prize_formula, capacity,
                                  check_in_opens_before, check_in_closes_before, active)
       values ($1, 'No-show Series', 'quick', 'Knockout', 10000, 100000,
               '[{"from_place": 1, "to_place": 1, "amount_paise": 60000}, {"from_place": 2, "to_place": 2, "amount_paise": 40000}]'::jsonb,
               4, '60 minutes', '15 minutes', false)`,
      [series],
    );
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, series_id)
       values ($1, 'No-show Cup', 'quick', 'Knockout', 10000, 100000, 4, 4, true, $2, $3)`,
      [id, start.toISOString(), series],
    );
    const players: string[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      const paymentId = randomUUID();
      await db.admin.query(
        `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
         values ($1, $2, $3, $4, $5, 10000, 1, 'paid', now())`,
        [paymentId, user.id, id, `order_${paymentId.slice(0, 12)}`, `pay_${paymentId.slice(0, 12)}`],
      );
      await db.admin.query(
        `insert into public.tournament_registrations (user_id, tournament_id, slots, status, payment_id) values ($1, $2, 1, 'upcoming', $3)`,
        [user.id, id, paymentId],
      );
      players.push(user.id);
    }
    await db.admin.query('update public.entries set checked_in_at = now() where tournament_id = $1', [id]);
    await setDatabaseClock(db, new Date(start.getTime() - 10 * 60_000).toISOString());
    await db.admin.query('select private.run_draw($1, null)', [id]);

    // Nobody presses Ready: both semi-finals are void, the final has nobody to play it.
    await setDatabaseClock(db, new Date(start.getTime() + 15 * 60_000).toISOString());
    await runDueWork(db);
    await runDueWork(db);
    const [finished] = (
      await db.admin.query<{ finished_at: Date | null }>('select finished_at from public.tournaments where id = $1', [id])
    ).rows;
    expect(finished?.finished_at).not.toBeNull();

    // After the challenge window the prizes are credited: to nobody, as nobody finished 1st or 2nd.
    await setDatabaseClock(db, new Date(new Date(finished?.finished_at as Date).getTime() + 121 * 60_000).toISOString());
    await runDueWork(db);
    const { rows } = await db.admin.query<{ settled: boolean; credited: string }>(
      `select t.settled_at is not null as settled,
              coalesce((select sum(l.amount_paise) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                         where j.kind = 'prize' and j.reference like 'prize:' || t.id || ':%' and l.account like 'player:%'), 0) as credited
         from public.tournaments t where t.id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ settled: true, credited: '0' });
  });
});
