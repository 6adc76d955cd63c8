/**
 * Periodic work that never stops for one bad row: each registered step runs on its own, and so does each item
 * of the looping steps (an erasure, a draw, a prize credit, a match deadline, a pod). A failure is recorded,
 * shown to platform admins (staff_needs_attention, get_due_work_health), retried on the next run and parked
 * after five in a row until an admin retries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRequestContext } from '../local/database.ts';
import {
  anon,
  completeProfile,
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

  const run = async () =>
    (await db.admin.query<{ result: Record<string, unknown> & { failed_steps: string[] } }>('select private.run_due_work() as result'))
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
