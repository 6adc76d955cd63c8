/**
 * From the final to the money: a championship of 64 paid entries, finished, with the clock moved past
 * its challenge window (24 h). Times the periodic run that credits its prizes (from the run's start to the
 * prizes credited and the tournament settled), then the winner's withdrawal from an admin's approval to
 * "processed": the approval, the payout worker claiming the outside call, the provider's acceptance and
 * its "processed" webhook, each through the service functions the worker and the webhook call (the
 * provider itself answering at once). Checks the public payout record on the way: credited, then paid.
 *
 * On a throw-away PostgreSQL cluster with the local stack's movable clock. Figures only (no budget).
 *
 *   npm run bench -- prize-credit
 * Exit code 1 when a check fails.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { setRequestContext } from '../../supabase/local/database.ts';
import { applyMigrations, applyShim } from '../../supabase/local/schema-setup.ts';
import { startPostgresCluster } from '../../supabase/tests/postgres-cluster.ts';

const ENTRIES = 64;
const TOURNAMENT = 'bench-prizes';
const START = new Date('2027-03-27T08:30:00Z');
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

const cluster = await startPostgresCluster();
const client: pg.Client = cluster.client;
try {
  // The PAN encryption key, served to SQL through the Vault stand-in (supabase/local/shim.sql) as the stack does.
  await client.query(`select set_config('golazo.local_pan_encryption_key', $1, false)`, [randomUUID() + randomUUID()]);
  await applyShim(cluster.connection);
  await applyMigrations(cluster.connection);
  await client.query(await readFile(new URL('../../supabase/local/clock.sql', import.meta.url), 'utf8'));
  const setClock = (at: Date) => client.query('select public.local_set_clock($1)', [at.toISOString()]);

  /** One request as PostgREST makes it: the caller's role and claims, one transaction. */
  async function call<T>(role: 'authenticated' | 'service_role', userId: string | null, sql: string, params: unknown[] = [], aal = 'aal1') {
    await client.query('begin');
    try {
      await setRequestContext(client, { role, claims: userId ? { sub: userId, role, aal } : { role } });
      const { rows } = await client.query<{ result: T }>(`select ${sql} as result`, params);
      await client.query('commit');
      return rows[0]?.result as T;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  }

  // The edition: the catalog's formula (winner ₹20,000; places 2 to 6 share ₹25,000), 64 paid entries.
  await client.query(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                     is_live, starts_at, prize_formula)
     values ($1, 'Bench Championship', 'championship', 'Monthly Championship', 15000, 4500000, $2, $2, true, $3,
             '[{"places": "1", "paise": 2000000}, {"places": "2-6", "paise": 2500000}]')`,
    [TOURNAMENT, ENTRIES, START.toISOString()],
  );
  // Separate statements: a statement does not see the profiles its own inserts' trigger makes.
  await client.query(
    `insert into auth.users (id, email)
     select gen_random_uuid(), 'bench-prize-' || n || '@golazo.test' from generate_series(1, $1::int) as n`,
    [ENTRIES],
  );
  await client.query(
    `update public.profiles
        set legal_name = 'Bench Player', in_game_name = 'Bench' || left(id::text, 6), game_user_id = 'BENCH-' || left(id::text, 6),
            date_of_birth = '1995-05-05', profile_completed = true, lives_in_india_confirmed_at = now()
      where email like 'bench-prize-%'`,
  );
  await client.query(
    `with paid as (
       insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
       select id, $1, 'order_' || md5(id::text), 'pay_' || left(md5(id::text), 14), 15000, 1, 'paid', now()
         from auth.users where email like 'bench-prize-%'
       returning id, user_id
     )
     insert into public.tournament_registrations (user_id, tournament_id, slots, status, payment_id)
     select user_id, $1, 1, 'upcoming', id from paid`,
    [TOURNAMENT],
  );
  await client.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [
    TOURNAMENT,
    new Date(START.getTime() - 2 * 3600_000).toISOString(),
  ]);
  await setClock(new Date(START.getTime() - 10 * 60_000));
  await client.query('select private.run_draw($1, null)', [TOURNAMENT]);
  await setClock(new Date(START.getTime() + 3 * 3600_000));
  await client.query(
    `do $$
     declare v_match public.matches%rowtype;
     begin
       loop
         select * into v_match from public.matches where tournament_id = '${TOURNAMENT}' and status = 'scheduled'
          order by round, position limit 1;
         exit when not found;
         perform private.confirm_result(v_match, v_match.entry_a, 2, 1, 'result_confirmed', 'Both players reported the same result', null, true);
       end loop;
     end $$`,
  );
  const finishedAt = (await client.query<{ at: Date }>('select finished_at as at from public.tournaments where id = $1', [TOURNAMENT]))
    .rows[0]?.at;
  check(finishedAt instanceof Date, 'the championship finished');
  const record = () =>
    call<Array<{ place: string; status: string; prize_paise: number }>>('service_role', null, 'public.get_tournament_payouts($1)', [
      TOURNAMENT,
    ]);
  check(
    (await record()).every((row) => row.status === 'waiting'),
    'every prize waits for the challenge window',
  );

  // Past the challenge window: one periodic run credits the prizes.
  await setClock(new Date((finishedAt as Date).getTime() + 24 * 3600_000 + 60_000));
  let started = performance.now();
  await client.query('select private.run_due_work()');
  const creditMs = performance.now() - started;
  started = performance.now();
  await client.query('select private.run_due_work()');
  const idleRunMs = performance.now() - started;
  const credited = await record();
  // Places 2 to 6 share ₹25,000: 2nd, 3rd–4th and the two places of 5th–8th shared by its four players.
  check(credited.length === 8 && credited.every((row) => row.status === 'credited'), 'the eight prizes are credited by the run');
  check(credited.reduce((sum, row) => sum + row.prize_paise, 0) === 4500000, 'the prizes credited total the pool');

  // The winner withdraws the prize; an admin approves; the worker sends it; the provider says processed.
  const winner = (
    await client.query<{ player_id: string }>(
      `select e.player_id from public.matches m join public.entries e on e.id = m.winner_entry_id
        where m.tournament_id = $1 order by m.round desc limit 1`,
      [TOURNAMENT],
    )
  ).rows[0]?.player_id as string;
  await call('authenticated', winner, 'public.submit_kyc($1, $2)', ['BENPK1234K', 'bench@okaxis']);
  await call('service_role', null, `public.service_record_kyc_check($1, 'pan', true, null)`, [winner]);
  await call('service_role', null, `public.service_record_kyc_check($1, 'upi', true, null)`, [winner]);
  const payout = await call<{ payout_id: string; status: string }>('authenticated', winner, 'public.request_payout($1, $2)', [
    2000000,
    randomUUID(),
  ]);
  const adminId = randomUUID();
  await client.query(`insert into auth.users (id, email) values ($1, 'bench-admin@golazo.test')`, [adminId]);
  await client.query(`insert into public.staff_roles (user_id, role) values ($1, 'admin')`, [adminId]);

  started = performance.now();
  await call('authenticated', adminId, 'public.staff_approve_payout($1)', [payout.payout_id], 'aal2');
  const approvedMs = performance.now() - started;
  const claimed = await call<Array<{ id: number }>>('service_role', null, 'public.service_claim_outside_calls(1, $1)', [
    `payout-${payout.payout_id}`,
  ]);
  const job = claimed[0];
  check(job !== undefined, 'the approved payout is queued for the provider');
  if (job) {
    await call('service_role', null, `public.service_record_outside_answer($1, 'done', $2::jsonb)`, [
      job.id,
      JSON.stringify({ provider_payout_id: 'pout_bench', status: 'processing' }),
    ]);
  }
  await call('service_role', null, `public.service_record_payout_status($1, 'pout_bench', 'processed', null, now())`, [payout.payout_id]);
  const processedMs = performance.now() - started;
  check((await record())[0]?.status === 'paid', "the winner's prize shows as paid");

  console.log(`Championship of ${ENTRIES} paid entries, finished; clock moved past its 24 h challenge window`);
  console.log(
    `  due-work run to prizes credited: ${creditMs.toFixed(0)} ms (${credited.length} prizes; the next run, with nothing due: ${idleRunMs.toFixed(0)} ms)`,
  );
  console.log(
    `  payout approval to processed: ${processedMs.toFixed(0)} ms (approval ${approvedMs.toFixed(0)} ms; provider answering at once)`,
  );
  for (const problem of problems) console.log(`FAIL ${problem}`);
  if (problems.length === 0) console.log('PASS prizes credited, paid, and shown so in the public payout record');
} finally {
  await cluster.stop();
}
if (problems.length) process.exit(1);
