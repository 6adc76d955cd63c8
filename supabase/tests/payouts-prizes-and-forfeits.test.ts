/**
 * Prizes from each tournament's own pool (docs/areas/payouts.md, Prizes, tax and payouts; docs/money.md): every
 * catalog tournament's bands total exactly its own prize pool, a free cup pays nothing, a share's odd paise
 * go to the better places, a formula that does not pay exactly its pool never lands. A disqualified or
 * refunded entry's prize is forfeited (kept by the platform, audited), never re-awarded, so what is credited
 * never exceeds the pool. The public payout record (get_tournament_payouts) follows each prize from waiting
 * to credited to paid, and back to credited when its payout is reversed. If these fail, a free cup pays
 * ₹45,000, a cheat is paid, or players cannot check that prizes were really paid.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRequestContext } from '../local/database.ts';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';
import { readCatalog, syncCatalog } from '../../scripts/sync-catalog.ts';
import { PAYOUT_RECORD_STATUSES } from '../../src/features/standings/payout-record.ts';
import { prizeBands } from '../../src/features/tournaments/promises.ts';
import type { Tournament } from '../../src/features/tournaments/tournaments.ts';
import {
  anon,
  claimsOf,
  completeProfile,
  createUser,
  engines,
  expectSqlError,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { admin, checkLedger, freshPan, recordKycCheck, rpcOf, runDueWork } from './money-fixtures.ts';
import type { PostgresCluster } from './postgres-cluster.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';

type Band = { band: string; from_place: number; to_place: number; total_paise: number; amount_paise_each: number };
type PayoutRow = {
  place: string;
  in_game_name: string;
  prize_paise: number;
  status: string;
  credited_at: string | null;
  paid_at: string | null;
  due_at: string;
};

/**
 * Enters `size` players into a tournament (paid, or free when `free`), checks them in, draws it and plays
 * every match but the final (unless `final`) with the top slot winning 2-1.
 */
async function play(
  db: TestDatabase,
  options: {
    size: number;
    start: Date;
    tournamentId?: string;
    poolPaise?: number;
    formula?: unknown[];
    series?: 'quick' | 'championship';
    free?: boolean;
    final?: boolean;
  },
) {
  const id = options.tournamentId ?? `prizes-${randomUUID().slice(0, 8)}`;
  if (!options.tournamentId) {
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, prize_formula)
       values ($1, 'Prize Cup', $2, 'Knockout', 10000, $3, $4, $4, true, $5, $6::jsonb)`,
      [
        id,
        options.series ?? 'quick',
        options.poolPaise ?? 0,
        options.size,
        options.start.toISOString(),
        options.formula ? JSON.stringify(options.formula) : null,
      ],
    );
  } else {
    await db.admin.query('update public.tournaments set starts_at = $2 where id = $1', [id, options.start.toISOString()]);
  }
  const players: Array<{ id: string; paymentId: string | null }> = [];
  for (let i = 0; i < options.size; i++) {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, `p${i + 1}-${id.slice(-4)}`]);
    let paymentId: string | null = null;
    if (!options.free) {
      paymentId = randomUUID();
      await db.admin.query(
        `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
         values ($1, $2, $3, $4, $5, 10000, 1, 'paid', now())`,
        [paymentId, user.id, id, `order_${paymentId.slice(0, 12)}`, `pay_${paymentId.slice(0, 12)}`],
      );
    }
    await db.admin.query(
      `insert into public.tournament_registrations (user_id, tournament_id, slots, status, payment_id) values ($1, $2, 1, 'upcoming', $3)`,
      [user.id, id, paymentId],
    );
    players.push({ id: user.id, paymentId });
  }
  await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [
    id,
    new Date(options.start.getTime() - 120 * 60_000).toISOString(),
  ]);
  await setDatabaseClock(db, new Date(options.start.getTime() - 10 * 60_000).toISOString());
  await db.admin.query('select private.run_draw($1, null)', [id]);
  await setDatabaseClock(db, new Date(options.start.getTime() + 30 * 60_000).toISOString());
  await db.admin.query(
    `do $$
     declare v_match public.matches%rowtype;
     begin
       loop
         select * into v_match from public.matches
          where tournament_id = '${id}' and status = 'scheduled' and entry_a is not null and entry_b is not null
            and (${options.final === false ? `round < (select max(round) from public.matches where tournament_id = '${id}')` : 'true'})
          order by round, position limit 1;
         exit when not found;
         perform private.confirm_result(v_match, v_match.entry_a, 2, 1, 'result_confirmed', 'Both players reported the same result', null, true);
       end loop;
     end $$`,
  );
  const { rows: seeds } = await db.admin.query<{ entry_id: string; player_id: string; seed: number }>(
    `select s.entry_id, e.player_id, s.seed from private.entry_seeds($1) s join public.entries e on e.id = s.entry_id order by s.seed`,
    [id],
  );
  const bySeed = (seed: number) => seeds.find((s) => s.seed === seed) as { entry_id: string; player_id: string; seed: number };
  return { id, players, bySeed, finishedAt: new Date(options.start.getTime() + 30 * 60_000) };
}

describe.each(engines)('prizes from each tournament’s own pool on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  let catalog: Tournament[];
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
    catalog = await readCatalog();
    await syncCatalog({ query: (sql, params) => db.admin.query(sql, params) }, catalog);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const balanceOf = async (userId: string) =>
    Number((await db.admin.query<{ b: string }>('select private.player_balance($1) as b', [userId])).rows[0]?.b);
  const prizes = (tournamentId: string) => rpc<Band[]>(anon, 'public.get_tournament_prizes($1)', [tournamentId]);
  const payouts = (tournamentId: string) => rpc<PayoutRow[]>(anon, 'public.get_tournament_payouts($1)', [tournamentId]);
  const creditedFor = async (tournamentId: string) =>
    Number(
      (
        await db.admin.query<{ n: string }>(
          `select -coalesce(sum(l.amount_paise), 0) as n from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
            where j.kind = 'prize' and l.account = 'prize_pool:' || $1`,
          [tournamentId],
        )
      ).rows[0]?.n,
    );

  it('gives every catalog tournament bands that total exactly its own prize pool, and the free cup none', async () => {
    const { rows } = await db.admin.query<{ id: string; prize_pool_paise: number }>(
      `select id, prize_pool_paise from public.tournaments where series = 'championship' or pod_number is not null order by id`,
    );
    const ids = rows.map((r) => r.id);
    for (const entry of catalog.filter((t) => t.series === 'championship')) expect(ids).toContain(entry.id);
    expect(rows.some((r) => r.id.includes('-pod-'))).toBe(true);
    for (const row of rows) {
      const bands = await prizes(row.id);
      const total = bands.reduce((sum, band) => sum + band.total_paise, 0);
      expect({ id: row.id, total }).toEqual({ id: row.id, total: row.prize_pool_paise });
    }
    expect(await prizes('free-cup-jan-2027')).toEqual([]);
    expect(await prizes('champions-jan-2027')).toEqual([
      { band: '1st', from_place: 1, to_place: 1, amount_paise_each: 2000000, total_paise: 2000000 },
      { band: '2nd', from_place: 2, to_place: 2, amount_paise_each: 500000, total_paise: 500000 },
      { band: '3rd–4th', from_place: 3, to_place: 4, amount_paise_each: 500000, total_paise: 1000000 },
      { band: '5th–8th', from_place: 5, to_place: 8, amount_paise_each: 250000, total_paise: 1000000 },
    ]);
  });

  it('states on every championship page the bands the database pays (the pay panel and rules read prizeBands)', async () => {
    for (const entry of catalog.filter((t) => t.series === 'championship')) {
      const database = (await prizes(entry.id)).map((band) => ({ label: band.band, each: band.amount_paise_each }));
      const page = prizeBands(entry).map((band) => ({ label: band.label, each: band.eachPaise }));
      expect({ id: entry.id, bands: page }).toEqual({ id: entry.id, bands: database });
    }
  });

  it('credits nothing in the free Community Cup, played to the end', async () => {
    const start = new Date('2027-01-16T12:30:00Z');
    const cup = await play(db, { size: 8, start, tournamentId: 'free-cup-jan-2027', free: true });
    expect((await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id])).status).toBe('finished');
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 25 * 3600_000).toISOString());
    await runDueWork(db);
    expect((await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id])).status).toBe('settled');
    for (const player of cup.players) expect(await balanceOf(player.id)).toBe(0);
    expect(await creditedFor(cup.id)).toBe(0);
    expect(await payouts(cup.id)).toEqual([]);
  });

  it('gives the paise a share loses to rounding to the better places, so the bands total the pool', async () => {
    const cup = await play(db, {
      size: 4,
      start: new Date('2027-05-20T10:00:00Z'),
      poolPaise: 100001,
      formula: [
        { from_place: 1, to_place: 1, share_bp: 5000 },
        { from_place: 2, to_place: 2, share_bp: 3000 },
        { from_place: 3, to_place: 4, share_bp: 2000 },
      ],
    });
    expect(await prizes(cup.id)).toEqual([
      { band: '1st', from_place: 1, to_place: 1, amount_paise_each: 50001, total_paise: 50001 },
      { band: '2nd', from_place: 2, to_place: 2, amount_paise_each: 30000, total_paise: 30000 },
      { band: '3rd–4th', from_place: 3, to_place: 4, amount_paise_each: 10000, total_paise: 20000 },
    ]);
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
    await runDueWork(db);
    expect(await balanceOf(cup.bySeed(1).player_id)).toBe(50001);
    expect(await creditedFor(cup.id)).toBe(100001);
  });

  it('refuses a formula that does not pay exactly the pool, naming the tournament and both totals', async () => {
    await expectSqlError(
      db.admin.query(
        `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at, prize_formula)
         values ('lopsided-cup', 'Lopsided Cup', 'quick', 'Knockout', 10000, 45000, 8, true, now(), $1::jsonb)`,
        [JSON.stringify([{ places: '1', paise: 40000 }])],
      ),
      'PT400',
      'The prize formula of lopsided-cup is refused: its bands pay ₹400.00 in total but its prize pool is ₹450.00',
    );
    await expectSqlError(
      db.as(
        { role: 'service_role' },
        `update public.tournaments set prize_pool_paise = prize_pool_paise + 1 where id = 'champions-jan-2027'`,
      ),
      'PT400',
      'must add up to the pool exactly',
    );
    await expectSqlError(
      db.admin.query(`update public.series set prize_formula = $1::jsonb where id = 'super_4'`, [
        JSON.stringify([
          { places: '1', paise: 120000 },
          { places: '1-2', paise: 0 },
        ]),
      ]),
      'PT400',
      'two bands pay the same place',
    );
  });

  it('forfeits the prize of a disqualified finalist: nobody else gets it, the audit log says so', async () => {
    const cup = await play(db, {
      size: 4,
      start: new Date('2027-05-21T10:00:00Z'),
      poolPaise: 100000,
      formula: [
        { places: '1', paise: 60000 },
        { places: '2', paise: 25000 },
        { places: '3-4', paise: 15000 },
      ],
      final: false,
    });
    const finalMatch = (
      await db.admin.query<{ id: string; entry_a: string; entry_b: string }>(
        'select id, entry_a, entry_b from public.matches where tournament_id = $1 and round = 2',
        [cup.id],
      )
    ).rows[0]!;
    const referee = await admin(db);
    await rpc(referee.actor, 'public.staff_disqualify($1, $2, $3)', [finalMatch.id, finalMatch.entry_b, 'Played on a second account']);
    const cheat = (await db.admin.query<{ player_id: string }>('select player_id from public.entries where id = $1', [finalMatch.entry_b]))
      .rows[0]!.player_id;
    const champion = (
      await db.admin.query<{ player_id: string }>('select player_id from public.entries where id = $1', [finalMatch.entry_a])
    ).rows[0]!.player_id;

    const finishedAt = new Date('2027-05-21T10:30:00Z');
    await setDatabaseClock(db, new Date(finishedAt.getTime() + 3 * 3600_000).toISOString());
    await runDueWork(db);
    expect(await balanceOf(cheat)).toBe(0);
    expect(await balanceOf(champion)).toBe(60000);
    expect(await creditedFor(cup.id)).toBe(75000);
    const { rows: audit } = await db.admin.query<{ summary: string; after: { amount_paise: number; reason: string } }>(
      `select summary, after from public.audit_log where tournament_id = $1 and action = 'prize_forfeited'`,
      [cup.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({ amount_paise: 25000, reason: 'disqualified' });
    expect(audit[0]?.summary).toContain('for 2nd forfeited');
    const record = await payouts(cup.id);
    expect(record.map((r) => [r.place, r.prize_paise, r.status])).toEqual([
      ['1st', 60000, 'credited'],
      ['2nd', 25000, 'forfeited'],
      ['3rd–4th', 7500, 'credited'],
      ['3rd–4th', 7500, 'credited'],
    ]);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('forfeits the prize of an entry refunded before the credit', async () => {
    const cup = await play(db, {
      size: 4,
      start: new Date('2027-05-22T10:00:00Z'),
      poolPaise: 40000,
      formula: [
        { places: '1', paise: 30000 },
        { places: '3-4', paise: 10000 },
      ],
    });
    const semiFinalist = cup.players.find((p) => p.id === cup.bySeed(4).player_id)!;
    const { rows } = await db.admin.query<{ razorpay_payment_id: string }>(
      'select razorpay_payment_id from public.payments where id = $1',
      [semiFinalist.paymentId],
    );
    await db.admin.query('select private.apply_refund($1, $2, 10000)', [rows[0]?.razorpay_payment_id, `rfnd_${randomUUID().slice(0, 12)}`]);
    // The refunded player's earnings no longer announce the prize; the other semi-finalist's still do.
    const pending = async (userId: string) =>
      (await rpc<{ pending_paise: number }>({ role: 'authenticated', userId }, 'public.get_my_earnings()')).pending_paise;
    expect(await pending(semiFinalist.id)).toBe(0);
    expect(await pending(cup.bySeed(3).player_id)).toBe(5000);
    const before = await payouts(cup.id);
    expect(before.map((r) => [r.place, r.status]).sort()).toEqual([
      ['1st', 'waiting'],
      ['3rd–4th', 'forfeited'],
      ['3rd–4th', 'waiting'],
    ]);
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
    await runDueWork(db);
    expect(await balanceOf(semiFinalist.id)).toBe(0);
    expect(await balanceOf(cup.bySeed(3).player_id)).toBe(5000);
    expect(await creditedFor(cup.id)).toBe(35000);
    expect(
      (await db.admin.query(`select 1 from public.audit_log where tournament_id = $1 and action = 'prize_forfeited'`, [cup.id])).rows,
    ).toHaveLength(1);
  });

  it('holds the prize of an entry whose payment has an open chargeback, and forfeits it when the chargeback is lost', async () => {
    const cup = await play(db, {
      size: 4,
      start: new Date('2027-05-29T10:00:00Z'),
      poolPaise: 40000,
      formula: [
        { places: '1', paise: 30000 },
        { places: '3-4', paise: 10000 },
      ],
    });
    const semiFinalist = cup.players.find((p) => p.id === cup.bySeed(4).player_id)!;
    const { rows } = await db.admin.query<{ razorpay_payment_id: string }>(
      'select razorpay_payment_id from public.payments where id = $1',
      [semiFinalist.paymentId],
    );
    const paymentId = rows[0]?.razorpay_payment_id as string;
    const dispute = (event: string) =>
      rpc({ role: 'service_role' }, 'public.service_record_payment_dispute($1, $2, $3, $4, $5)', [
        paymentId,
        'disp_prize_hold',
        `payment.dispute.${event}`,
        10000,
        'fraud',
      ]);
    await dispute('created');
    const statusOf = async () => (await payouts(cup.id)).map((r) => [r.place, r.status]).sort();
    expect(await statusOf()).toEqual([
      ['1st', 'waiting'],
      ['3rd–4th', 'held'],
      ['3rd–4th', 'waiting'],
    ]);
    await dispute('lost');
    expect(await statusOf()).toEqual([
      ['1st', 'waiting'],
      ['3rd–4th', 'forfeited'],
      ['3rd–4th', 'waiting'],
    ]);
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
    await runDueWork(db);
    expect(await balanceOf(semiFinalist.id)).toBe(0);
    expect(await creditedFor(cup.id)).toBe(35000);
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('shows every prize publicly as waiting, held, credited, paid, and credited again after a reversal, without tax', async () => {
    const cup = await play(db, {
      size: 2,
      start: new Date('2027-05-23T10:00:00Z'),
      poolPaise: 100000,
      formula: [
        { places: '1', paise: 80000 },
        { places: '2', paise: 20000 },
      ],
    });
    await expectSqlError(rpc(anon, 'public.get_tournament_payouts($1)', ['no-such-cup']), 'PT404', 'This tournament does not exist');
    const winner = cup.bySeed(1).player_id;
    const dueAt = new Date(cup.finishedAt.getTime() + 2 * 3600_000);
    const waiting = await payouts(cup.id);
    expect(waiting).toHaveLength(2);
    expect(Object.keys(waiting[0]!).sort()).toEqual(['credited_at', 'due_at', 'in_game_name', 'paid_at', 'place', 'prize_paise', 'status']);
    expect(waiting[0]).toMatchObject({ place: '1st', prize_paise: 80000, status: 'waiting', credited_at: null, paid_at: null });
    expect(new Date(waiting[0]!.due_at).getTime()).toBe(dueAt.getTime());
    expect(waiting[0]?.in_game_name).toMatch(/^p\d-/);

    // An open dispute in the tournament holds every prize.
    const finalMatch = (await db.admin.query<{ id: string }>('select id from public.matches where tournament_id = $1', [cup.id])).rows[0]!
      .id;
    await db.admin.query(
      `insert into public.match_disputes (match_id, opened_by_entry_id, reason, opened_at, deadline_at)
       select id, entry_b, 'other', now(), now() + interval '1 hour' from public.matches where id = $1`,
      [finalMatch],
    );
    expect((await payouts(cup.id)).map((r) => r.status)).toEqual(['held', 'held']);
    await db.admin.query(`update public.match_disputes set settled_at = now(), outcome = 'result_set' where match_id = $1`, [finalMatch]);

    const creditedAt = new Date(dueAt.getTime() + 60_000);
    await setDatabaseClock(db, creditedAt.toISOString());
    await runDueWork(db);
    const credited = await payouts(cup.id);
    expect(credited.map((r) => [r.place, r.status])).toEqual([
      ['1st', 'credited'],
      ['2nd', 'credited'],
    ]);
    expect(new Date(credited[0]!.credited_at!).getTime()).toBe(creditedAt.getTime());

    // The winner withdraws part of it: not yet paid; the rest later: paid when that payout is processed.
    const upi = `winner${winner.slice(0, 6)}@okaxis`;
    await rpc({ role: 'authenticated', userId: winner }, 'public.submit_kyc($1, $2)', [freshPan(), upi]);
    await recordKycCheck(db, winner, 'pan', true);
    await recordKycCheck(db, winner, 'upi', true);
    const approver = await admin(db);
    const withdraw = async (paise: number) => {
      const answer = await rpc<{ payout_id: string; status: string }>(
        { role: 'authenticated', userId: winner },
        'public.request_payout($1)',
        [paise],
      );
      if (answer.status === 'awaiting_approval') await rpc(approver.actor, 'public.staff_approve_payout($1)', [answer.payout_id]);
      return answer.payout_id;
    };
    const first = await withdraw(30000);
    await rpc({ role: 'service_role' }, `public.service_record_payout_status($1, 'pout_a1', 'processed', null, now())`, [first]);
    expect((await payouts(cup.id))[0]).toMatchObject({ status: 'credited', paid_at: null });
    const paidAt = new Date(creditedAt.getTime() + 3600_000);
    await setDatabaseClock(db, paidAt.toISOString());
    const second = await withdraw(50000);
    await rpc({ role: 'service_role' }, `public.service_record_payout_status($1, 'pout_a2', 'processed', null, now())`, [second]);
    const paid = await payouts(cup.id);
    expect(paid[0]).toMatchObject({ place: '1st', status: 'paid' });
    expect(new Date(paid[0]!.paid_at!).getTime()).toBe(paidAt.getTime());
    expect(paid[1]).toMatchObject({ place: '2nd', status: 'credited', paid_at: null });

    // The bank reverses the second payout: the prize is no longer paid.
    await rpc({ role: 'service_role' }, `public.service_record_payout_status($1, 'pout_a2', 'reversed', 'Account closed', now())`, [
      second,
    ]);
    expect((await payouts(cup.id))[0]).toMatchObject({ place: '1st', status: 'credited', paid_at: null });
    // Signed-in players read the same record.
    expect(await rpc({ role: 'authenticated', userId: winner }, 'public.get_tournament_payouts($1)', [cup.id])).toEqual(
      await payouts(cup.id),
    );
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('answers exactly the statuses the site shows', async () => {
    const { rows } = await db.admin.query<{ def: string }>(
      // get_tournament_payouts answers private.tournament_payouts' record (the public API reads it too).
      `select pg_get_functiondef('private.tournament_payouts(text)'::regprocedure) as def`,
    );
    const statuses = new Set([...(rows[0]?.def ?? '').matchAll(/(?:then|else) '([a-z]+)'/g)].map((m) => m[1]));
    expect([...statuses].sort()).toEqual([...PAYOUT_RECORD_STATUSES].sort());
  });

  it('shows nothing before the final', async () => {
    expect(await payouts('champions-jan-2027')).toEqual([]);
  });
});

describe.skipIf(!postgresCovered())('a correction racing the prize credit on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let db: TestDatabase;
  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
    await cluster.connection.exec(await readFile(new URL('../local/clock.sql', import.meta.url), 'utf8'));
    // The fixtures below write rows directly, as the shared test helpers' admin session does.
    await cluster.connection.query(`select set_config('golazo.acting', 'fixture', false)`);
    db = {
      engine: 'PostgreSQL',
      admin: cluster.connection,
      as: (actor, sql, params) =>
        cluster.connection.transaction(async (tx) => {
          await setRequestContext(tx, claimsOf(actor));
          return (await tx.query(sql, params)).rows as never[];
        }),
      close: () => cluster.stop(),
    };
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('waits for a credit under way, then refuses the correction: the prizes paid are the standings', async () => {
    const cup = await play(db, {
      size: 2,
      start: new Date('2027-06-01T10:00:00Z'),
      poolPaise: 50000,
      formula: [{ places: '1', paise: 50000 }],
    });
    const referee = await admin(db);
    const final = (
      await db.admin.query<{ id: string; entry_b: string }>('select id, entry_b from public.matches where tournament_id = $1', [cup.id])
    ).rows[0]!;
    await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());

    const crediting = new pg.Client({ connectionString: cluster.connectionString });
    const correcting = new pg.Client({ connectionString: cluster.connectionString });
    await crediting.connect();
    await correcting.connect();
    try {
      await crediting.query('begin');
      expect((await crediting.query('select private.credit_prizes($1) as r', [cup.id])).rows[0].r).toMatchObject({ credited: 1 });
      await correcting.query('begin');
      await setRequestContext(correcting, claimsOf(referee.actor));
      const correction = correcting
        .query(`select public.staff_correct_result($1, $2, '{1,2}', 'The score was the other way round', true)`, [final.id, final.entry_b])
        .then(
          () => ({ code: 'none', message: 'the correction went through' }),
          (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
        );
      // The correction waits on the credit's lock.
      let waiting = false;
      for (let i = 0; i < 50 && !waiting; i++) {
        const { rows } = await cluster.client.query<{ n: number }>('select count(*)::int as n from pg_locks where not granted');
        waiting = (rows[0]?.n ?? 0) > 0;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await crediting.query('commit');
      expect(await correction).toEqual({
        code: 'PT409',
        message: 'The prizes of this tournament are credited: results can no longer change',
      });
      await correcting.query('rollback');
      expect(waiting).toBe(true);
      const { rows } = await db.admin.query<{ winner_entry_id: string }>('select winner_entry_id from public.matches where id = $1', [
        final.id,
      ]);
      expect(rows[0]?.winner_entry_id).not.toBe(final.entry_b);
    } finally {
      await crediting.end();
      await correcting.end();
    }
  });
});
