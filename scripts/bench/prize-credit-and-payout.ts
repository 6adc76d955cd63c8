/**
 * From the final to the money: a championship of 64 entries, paid through the payment functions, checked in,
 * drawn when an organiser closes check-in and played to the end through both players' agreeing reports, then
 * the clock moved past its challenge window (24 h). Times the periodic run that credits its prizes (from the
 * run's start to the prizes credited and the tournament settled), then the winner's withdrawal from an admin's
 * approval to "processed": the approval, the payout worker claiming the outside call, the provider's acceptance
 * and its "processed" webhook, each through the service functions the worker and the webhook call (the
 * provider itself answering at once). Checks the public payout record on the way: credited, then paid.
 *
 * On a throw-away PostgreSQL cluster with the local stack's movable clock. Figures only (no budget).
 *
 *   npm run bench -- prize-credit
 *   node scripts/bench/prize-credit-and-payout.ts --smoke   # 16 entries
 * Exit code 1 when a check fails.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { applyMigrations, applyShim } from '../../supabase/local/schema-setup.ts';
import { adultPlayer, checkIn, payForEntry, playToTheEnd, runDueWork, staffMember } from '../../supabase/tests/journey.ts';
import { recordKycCheck } from '../../supabase/tests/money-fixtures.ts';
import { startPostgresCluster } from '../../supabase/tests/postgres-cluster.ts';
import { player, rpcOf, serviceRole, setDatabaseClock, testDatabase } from '../../supabase/tests/requests.ts';
import { benchOptions } from './shared/smoke.ts';

const { smoke, values } = benchOptions({ entries: { full: '64', smoke: '16' } });
const ENTRIES = Number(values.entries);
const TOURNAMENT = 'bench-prizes';
const START = new Date('2027-03-27T08:30:00Z');
const HOUR = 3600_000;
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

const cluster = await startPostgresCluster();
const db = testDatabase(`PostgreSQL ${cluster.serverVersion}`, cluster.connection, () => cluster.stop());
const rpc = rpcOf(db);
try {
  // The PAN encryption key, served to SQL through the Vault stand-in (supabase/local/shim.sql) as the stack does.
  await cluster.client.query(`select set_config('golazo.local_pan_encryption_key', $1, false)`, [randomUUID() + randomUUID()]);
  await applyShim(cluster.connection);
  await applyMigrations(cluster.connection);
  await cluster.client.query(await readFile(new URL('../../supabase/local/clock.sql', import.meta.url), 'utf8'));
  const at = (hoursFromStart: number) => setDatabaseClock(db, new Date(START.getTime() + hoursFromStart * HOUR).toISOString());

  // The edition: the catalog's formula (winner ₹20,000; places 2 to 6 share ₹25,000).
  await db.admin.query(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players,
                                     is_live, starts_at, prize_formula)
     values ($1, 'Bench Championship', 'championship', 'Monthly Championship', 15000, 4500000, $2, true, $3,
             '[{"places": "1", "paise": 2000000}, {"places": "2-6", "paise": 2500000}]')`,
    [TOURNAMENT, ENTRIES, START.toISOString()],
  );
  const organiser = await staffMember(db, 'organiser');
  await at(-48);
  const players = [];
  for (let n = 0; n < ENTRIES; n++) {
    const p = await adultPlayer(db, { label: 'bench-prize' });
    await payForEntry(db, p.id, TOURNAMENT);
    players.push(p);
  }
  await at(-2);
  for (const p of players) await checkIn(db, p, TOURNAMENT);
  await at(-1);
  await rpc(organiser.actor, 'public.staff_close_check_in($1)', [TOURNAMENT]);
  await playToTheEnd(db, TOURNAMENT, () => ({ winner: 'a', goals: [2, 1] }));
  const finishedAt = (await db.admin.query<{ at: Date }>('select finished_at as at from public.tournaments where id = $1', [TOURNAMENT]))
    .rows[0]?.at;
  check(finishedAt instanceof Date, 'the championship finished');
  const record = () =>
    rpc<Array<{ place: string; status: string; prize_paise: number }>>(serviceRole, 'public.get_tournament_payouts($1)', [TOURNAMENT]);
  check(
    (await record()).every((row) => row.status === 'waiting'),
    'every prize waits for the challenge window',
  );

  // Past the challenge window: one periodic run credits the prizes.
  await setDatabaseClock(db, new Date((finishedAt as Date).getTime() + 24 * HOUR + 60_000).toISOString());
  let started = performance.now();
  await runDueWork(db);
  const creditMs = performance.now() - started;
  started = performance.now();
  await runDueWork(db);
  const idleRunMs = performance.now() - started;
  const credited = await record();
  // Places 2 to 6 share ₹25,000: 2nd, 3rd–4th and the two places of 5th–8th shared by its four players.
  check(credited.length === 8 && credited.every((row) => row.status === 'credited'), 'the eight prizes are credited by the run');
  check(credited.reduce((sum, row) => sum + row.prize_paise, 0) === 4500000, 'the prizes credited total the pool');

  // The winner withdraws the prize; an admin approves; the worker sends it; the provider says processed.
  const winner = (
    await db.admin.query<{ player_id: string }>(
      `select e.player_id from public.matches m join public.entries e on e.id = m.winner_entry_id
        where m.tournament_id = $1 order by m.round desc limit 1`,
      [TOURNAMENT],
    )
  ).rows[0]?.player_id as string;
  const winnerActor = player(winner);
  await rpc(winnerActor, 'public.submit_kyc($1, $2)', ['BENPK1234K', 'bench@okaxis']);
  await recordKycCheck(db, winner, 'pan', true);
  await recordKycCheck(db, winner, 'upi', true);
  const payout = await rpc<{ payout_id: string; status: string }>(winnerActor, 'public.request_payout($1, $2)', [2000000, randomUUID()]);
  const admin = await staffMember(db, 'admin');

  started = performance.now();
  await rpc(admin.actor, 'public.staff_approve_payout($1)', [payout.payout_id]);
  const approvedMs = performance.now() - started;
  const claimed = await rpc<Array<{ id: number }>>(serviceRole, 'public.service_claim_outside_calls(1, $1)', [
    `payout-${payout.payout_id}`,
  ]);
  const job = claimed[0];
  check(job !== undefined, 'the approved payout is queued for the provider');
  if (job) {
    await rpc(serviceRole, `public.service_record_outside_answer($1, 'done', $2::jsonb)`, [
      job.id,
      JSON.stringify({ provider_payout_id: 'pout_bench', status: 'processing' }),
    ]);
  }
  await rpc(serviceRole, `public.service_record_payout_status($1, 'pout_bench', 'processed', null, now())`, [payout.payout_id]);
  const processedMs = performance.now() - started;
  check((await record())[0]?.status === 'paid', "the winner's prize shows as paid");

  console.log(
    `Championship of ${ENTRIES} paid entries, finished; clock moved past its 24 h challenge window${smoke ? ' (smoke run)' : ''}`,
  );
  console.log(
    `  due-work run to prizes credited: ${creditMs.toFixed(0)} ms (${credited.length} prizes; the next run, with nothing due: ${idleRunMs.toFixed(0)} ms)`,
  );
  console.log(
    `  payout approval to processed: ${processedMs.toFixed(0)} ms (approval ${approvedMs.toFixed(0)} ms; provider answering at once)`,
  );
  for (const problem of problems) console.log(`FAIL  ${problem}`);
  if (problems.length === 0) console.log('PASS  prizes credited, paid, and shown so in the public payout record');
} finally {
  await cluster.stop();
}
if (problems.length) process.exit(1);
