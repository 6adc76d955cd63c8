/**
 * Periodic work that never stops for one bad row: each registered step runs on its own, and so does each item
 * of the looping steps (an erasure, a draw, a prize credit, a match deadline, a pod, a stage fill). A failure is recorded,
 * shown to platform admins (staff_needs_attention, get_due_work_health), retried on the next run and parked
 * after five in a row until an admin retries it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRequestContext } from '../local/database.ts';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  NOT_ALLOWED,
  player,
  rpcOf,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { admin } from './money-fixtures.ts';

type Health = { step: string; last_run_at: string | null; last_ok_at: string | null; failures_in_a_row: number; last_error: string | null };
type Attention = { kind: string; title: string; due_at: string; detail: Record<string, unknown> };

describe.each(engines)('periodic work step by step on $name', (engine) => {
  let db: TestDatabase;
  const rpc = rpcOf(() => db);
  let staffAdmin: Awaited<ReturnType<typeof admin>>;
  let steps: string[];

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    staffAdmin = await admin(db);
    steps = (await db.admin.query<{ name: string }>('select name from private.due_work_steps order by run_order')).rows.map((r) => r.name);
  });
  afterAll(() => db?.close());

  // Every step each time, the housekeeping ones too (foundation-due-work-cadence.test.ts: how often each runs).
  const run = async () =>
    (await db.admin.query<{ result: Record<string, unknown> & { failed_steps: string[] } }>('select private.run_due_steps(true) as result'))
      .rows[0]!.result;
  const health = () => rpc<Health[]>(serviceRole, 'public.get_due_work_health()');
  const attention = async () =>
    (await rpc<Attention[]>(staffAdmin.actor, 'public.staff_needs_attention()')).filter((item) => item.kind === 'due_work_failed');

  it('a step asked to fail raises alone: every other step runs and answers, staff see it until it runs clean', async () => {
    for (const step of steps) {
      await rpc(serviceRole, 'public.local_fail_due_step($1)', [step]);
      const failedRun = await run();
      expect(failedRun.failed_steps).toEqual([step]);
      // The other steps' counts are there: they ran in the same pass.
      expect(Object.keys(failedRun).length).toBeGreaterThan(steps.length);

      const failing = (await health()).find((row) => row.step === step)!;
      expect(failing.failures_in_a_row).toBe(1);
      expect(failing.last_error).toContain('asked to fail once');
      const others = (await health()).filter((row) => row.step !== step);
      for (const row of others) expect(row.failures_in_a_row, row.step).toBe(0);

      const shown = await attention();
      expect(shown).toHaveLength(1);
      expect(shown[0]!.detail).toMatchObject({ step, item: null, error: expect.stringContaining('asked to fail once') });

      // Once only: the next run is clean and the item goes.
      const cleanRun = await run();
      expect(cleanRun.failed_steps).toEqual([]);
      const recovered = (await health()).find((row) => row.step === step)!;
      expect(recovered).toMatchObject({ failures_in_a_row: 0, last_error: null });
      expect(recovered.last_ok_at).not.toBeNull();
      expect(await attention()).toEqual([]);
    }
  });

  it('a failed step keeps none of its own half-done work and none of the others is undone', async () => {
    // A step of the test's own writes a row, then the step after it is asked to fail.
    // Created as a migration creates steps (the migrator owns them, as it owns the periodic function).
    await db.admin.exec(`
      set role supabase_migrator;
      create table private.isolation_log (step text);
      create function private.isolation_writer() returns jsonb language sql set search_path = '' as $$
        insert into private.isolation_log values ('writer') returning jsonb_build_object('writer_ran', true);
      $$;
      create function private.isolation_half_done() returns jsonb language plpgsql set search_path = '' as $$
      begin
        insert into private.isolation_log values ('half_done');
        raise exception 'half done';
      end $$;
      select private.register_due_work('isolation_writer', 'foundation', 'private.isolation_writer', 5);
      select private.register_due_work('isolation_half_done', 'foundation', 'private.isolation_half_done', 6);
      reset role;`);
    try {
      const answer = await run();
      expect(answer.failed_steps).toEqual(['isolation_half_done']);
      expect(answer.writer_ran).toBe(true);
      expect(answer.draws_run).toBe(0);
      const { rows } = await db.admin.query<{ step: string }>('select step from private.isolation_log');
      expect(rows.map((r) => r.step)).toEqual(['writer']);
      // A step's own failure is never parked: it is tried every run, and counted.
      for (let i = 0; i < 6; i++) await run();
      const row = (await health()).find((h) => h.step === 'isolation_half_done')!;
      expect(row.failures_in_a_row).toBe(7);
      expect((await attention()).map((a) => a.detail.step)).toEqual(['isolation_half_done']);
    } finally {
      await db.admin.exec(`
        delete from private.due_work_steps where name in ('isolation_writer', 'isolation_half_done');
        drop function private.isolation_writer(); drop function private.isolation_half_done(); drop table private.isolation_log;`);
    }
  });

  it('one erasure that fails does not stop the others; it is parked after five runs and an admin retries it', async () => {
    async function scheduleDeletion(userId: string) {
      return db.admin.transaction(async (tx) => {
        await setRequestContext(tx, {
          role: 'authenticated',
          claims: {
            sub: userId,
            role: 'authenticated',
            aud: 'authenticated',
            aal: 'aal1',
            amr: [{ method: 'otp', timestamp: Math.floor(Date.now() / 1000) - 60 }],
          },
        });
        return (await tx.query<{ result: { erase_at: string } }>('select public.request_account_deletion(false) as result')).rows[0]!
          .result;
      });
    }
    const stuck = await createUser(db);
    const fine = await createUser(db);
    await completeProfile(db, stuck.id);
    await completeProfile(db, fine.id);
    const { erase_at } = await scheduleDeletion(stuck.id);
    await scheduleDeletion(fine.id);
    // Something about this one account makes its erasure raise (as a bad value once did).
    await db.admin.exec(
      `create function private.refuse_one_erasure() returns trigger language plpgsql as $$
       begin
         if new.id = '${stuck.id}' and new.erased_at is not null then raise exception 'cannot erase this one'; end if;
         return new;
       end $$;
       create trigger refuse_one_erasure before update on public.profiles for each row execute function private.refuse_one_erasure();`,
    );
    try {
      await setDatabaseClock(db, new Date(new Date(erase_at).getTime() + 60_000).toISOString());
      const first = await run();
      expect(first.failed_steps).toEqual([]);
      expect(first).toMatchObject({ accounts_erased: 1, erasures_failed: 1 });
      const erased = await db.admin.query<{ id: string; erased: boolean }>(
        'select id, erased_at is not null as erased from public.profiles where id = any($1::uuid[])',
        [[stuck.id, fine.id]],
      );
      expect(Object.fromEntries(erased.rows.map((r) => [r.id, r.erased]))).toEqual({ [stuck.id]: false, [fine.id]: true });

      let shown = await attention();
      expect(shown).toHaveLength(1);
      expect(shown[0]!.detail).toMatchObject({ step: 'account_erasure', item: stuck.id, failures_in_a_row: 1, parked: false });
      expect(String(shown[0]!.detail.error)).toContain('cannot erase this one');
      expect((await health()).find((h) => h.step === 'account_erasure')).toMatchObject({ failures_in_a_row: 1 });

      for (let i = 0; i < 4; i++) await run();
      shown = await attention();
      expect(shown[0]!.detail).toMatchObject({ item: stuck.id, failures_in_a_row: 5, parked: true, retry: 'staff_retry_due_work' });
      // A parked erasure says by when the law expects it.
      expect(shown[0]!.detail.legal_deadline).not.toBeNull();
      expect(String(shown[0]!.detail.text)).toMatch(/the law expects this erasure by \d{2} \w{3} \d{4} \d{2}:\d{2} IST/);

      // Parked: not tried again, the count stays, until an admin retries it.
      await run();
      expect((await attention())[0]!.detail).toMatchObject({ failures_in_a_row: 5, parked: true });

      await db.admin.exec('drop trigger refuse_one_erasure on public.profiles; drop function private.refuse_one_erasure();');
      await expectSqlError(rpc(staffAdmin.actor, "public.staff_retry_due_work('no_such_step', null)"), 'PT404');
      expect(await rpc(staffAdmin.actor, "public.staff_retry_due_work('account_erasure', $1)", [stuck.id])).toMatchObject({ released: 1 });
      await expectSqlError(rpc(staffAdmin.actor, "public.staff_retry_due_work('account_erasure', $1)", [stuck.id]), 'PT409');
      const after = await run();
      expect(after).toMatchObject({ accounts_erased: 1, erasures_failed: 0 });
      expect(await attention()).toEqual([]);
      expect((await health()).find((h) => h.step === 'account_erasure')).toMatchObject({ failures_in_a_row: 0, last_error: null });
    } finally {
      await db.admin.exec(
        'drop trigger if exists refuse_one_erasure on public.profiles; drop function if exists private.refuse_one_erasure();',
      );
      await setDatabaseClock(db, null);
    }
  });

  it('one stage fill that fails does not stop the others; parked after five runs, it is skipped until an admin retries it', async () => {
    const START = new Date('2027-08-02T14:00:00Z');
    /**
     * A free cup of eight in two groups, then semi-finals of the top two of each, drawn by the clock; its group matches
     * then end without their last result's own fill (as when that fill was missed), so only the periodic safety net fills it.
     */
    async function groupsOverButNotFilled() {
      const id = `fill-${randomUUID().slice(0, 8)}`;
      await db.admin.query(
        `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                         is_live, starts_at, stages)
         values ($1, 'Fill Cup', 'championship', 'Groups then knockout', 0, 0, 8, 8, true, $2, $3)`,
        [
          id,
          START.toISOString(),
          JSON.stringify([
            { kind: 'groups', group_size: 4, advance: { per_group: 2, best_of_next: 0 } },
            { kind: 'knockout', third_place: false },
          ]),
        ],
      );
      for (let n = 0; n < 8; n++) {
        const user = await createUser(db);
        await completeProfile(db, user.id);
        await createRegistration(db, user.id, id);
      }
      await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [
        id,
        new Date(START.getTime() - 2 * 3600_000).toISOString(),
      ]);
      return id;
    }
    const cups = [await groupsOverButNotFilled(), await groupsOverButNotFilled(), await groupsOverButNotFilled()];
    const [stuck, ...fine] = cups as [string, string, string];
    const stuckItem = `${stuck}/1`;
    /** The knockout's first round: how many of its matches are scheduled with both players in. */
    const semisOf = async (id: string) =>
      (
        await db.admin.query<{ n: number }>(
          `select count(*)::integer as n from public.matches
            where tournament_id = $1 and stage_no = 2 and status = 'scheduled' and entry_a is not null and entry_b is not null`,
          [id],
        )
      ).rows[0]!.n;
    await setDatabaseClock(db, new Date(START.getTime() - 59 * 60_000).toISOString());
    try {
      expect(await run()).toMatchObject({ draws_run: 3 });
      // Every group match ends with no trigger running (so no fill with it): what the safety net is for.
      await db.admin.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await tx.query(
          `update public.matches set status = 'confirmed', score_a = 1, score_b = 0, winner_entry_id = entry_a, confirmed_at = now()
            where tournament_id = any($1) and group_name is not null`,
          [cups],
        );
      });
      // Something about this one stage makes its fill raise.
      await db.admin.exec(
        `create function private.refuse_one_fill() returns trigger language plpgsql as $$
         begin
           if new.tournament_id = '${stuck}' and new.closed_at is not null then raise exception 'cannot fill this one'; end if;
           return new;
         end $$;
         create trigger refuse_one_fill before update on public.tournament_stages for each row execute function private.refuse_one_fill();`,
      );

      const firstRun = await run();
      expect(firstRun.failed_steps).toEqual([]);
      expect(firstRun).toMatchObject({ knockouts_filled: 2, stage_fills_failed: 1 });
      for (const id of fine) expect(await semisOf(id)).toBe(2);
      expect(await semisOf(stuck)).toBe(0);
      let shown = await attention();
      expect(shown).toHaveLength(1);
      expect(shown[0]!.detail).toMatchObject({ step: 'stage_fills', item: stuckItem, failures_in_a_row: 1, parked: false });
      expect(String(shown[0]!.detail.error)).toContain('cannot fill this one');
      expect((await health()).find((h) => h.step === 'stage_fills')).toMatchObject({ failures_in_a_row: 1 });

      for (let i = 0; i < 4; i++) expect(await run()).toMatchObject({ knockouts_filled: 0, stage_fills_failed: 1 });
      shown = await attention();
      expect(shown[0]!.detail).toMatchObject({ item: stuckItem, failures_in_a_row: 5, parked: true, retry: 'staff_retry_due_work' });

      // Parked: not tried again (nothing fails, the count stays), even once nothing would stop it, until an admin retries it.
      await db.admin.exec('drop trigger refuse_one_fill on public.tournament_stages; drop function private.refuse_one_fill();');
      expect(await run()).toMatchObject({ knockouts_filled: 0, stage_fills_failed: 0 });
      expect((await attention())[0]!.detail).toMatchObject({ item: stuckItem, failures_in_a_row: 5, parked: true });
      expect(await semisOf(stuck)).toBe(0);

      expect(await rpc(staffAdmin.actor, "public.staff_retry_due_work('stage_fills', $1)", [stuckItem])).toMatchObject({ released: 1 });
      expect(await run()).toMatchObject({ knockouts_filled: 1, stage_fills_failed: 0 });
      expect(await semisOf(stuck)).toBe(2);
      expect(await attention()).toEqual([]);
      expect((await health()).find((h) => h.step === 'stage_fills')).toMatchObject({ failures_in_a_row: 0, last_error: null });
    } finally {
      await db.admin.exec(
        'drop trigger if exists refuse_one_fill on public.tournament_stages; drop function if exists private.refuse_one_fill();',
      );
      await setDatabaseClock(db, null);
    }
  });

  it('called outside the periodic function, a step still raises its item’s error to its caller', async () => {
    await expectSqlError(db.admin.query("select private.due_item_failed('x', 'boom', 'PT409')"), 'PT409', 'boom');
  });

  it('only platform admins at aal2 and the service role read the health; only admins retry; nobody else fails a step', async () => {
    const someone = await createUser(db);
    await expectSqlError(rpc(anon, 'public.get_due_work_health()'), INSUFFICIENT_PRIVILEGE);
    await expectSqlError(rpc(someone.actor, 'public.get_due_work_health()'), NOT_ALLOWED);
    await expectSqlError(rpc(player(staffAdmin.id, staffAdmin.email, 'aal1'), 'public.get_due_work_health()'), NOT_ALLOWED);
    expect((await rpc<Health[]>(staffAdmin.actor, 'public.get_due_work_health()')).map((h) => h.step)).toEqual(steps);
    await expectSqlError(rpc(someone.actor, "public.staff_retry_due_work('draws', null)"), NOT_ALLOWED);
    for (const actor of [anon, someone.actor, staffAdmin.actor]) {
      await expectSqlError(rpc(actor, "public.local_fail_due_step('draws')"), INSUFFICIENT_PRIVILEGE);
    }
    await expectSqlError(rpc(serviceRole, "public.local_fail_due_step('no_such_step')"), 'PT404');
  });
});
