/**
 * The draw of a full championship, on a throw-away PostgreSQL cluster (the server hosted Supabase runs):
 * 300 checked-in entries (a few buyers with several places), drawn at check-in close by
 * private.run_draw(): withdrawals, seeds, a 512 bracket of 511 matches over 9 rounds, byes advanced,
 * the reveal and the audit rows, in one transaction.
 *
 * Prints the median and slowest of several draws (each on its own fresh tournament), how many times
 * the draw's helper functions ran (pg_stat_user_functions), and the size and time of get_bracket for
 * the drawn tournament, right after the draw and again once every match is played (every round with its
 * players, winners and scores: the largest answer a bracket gives).
 * Budgets: the draw within 50 ms at the database on this 2-core machine (median); get_bracket within
 * 40 KB gzip, both times.
 *
 *   npm run bench -- draw [-- --entries 300 --runs 5]
 * Exit code 1 when a check or budget fails.
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { startPostgresCluster } from '../../supabase/tests/postgres-cluster.ts';
import { applyMigrations, applyShim } from '../../supabase/local/schema-setup.ts';

const { values } = parseArgs({
  options: { entries: { type: 'string', default: '300' }, runs: { type: 'string', default: '5' } },
});
const ENTRIES = Number(values.entries);
const RUNS = Number(values.runs);
const BUDGET_MS = 50;
const BRACKET_BUDGET_GZIP_KB = 40;

const cluster = await startPostgresCluster();
let failed = false;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
try {
  await applyShim(cluster.connection);
  await applyMigrations(cluster.connection);
  const db = cluster.client;
  await db.query(`set track_functions = 'all'`);

  async function prepare(run: number): Promise<string> {
    const id = `bench-draw-${run}`;
    await db.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, registration_closes_at)
       values ($1, 'Bench Championship', 'championship', 'Knockout', 15000, 3000000, 512, $2, true,
               now() + interval '50 minutes', now() - interval '1 hour')`,
      [id, ENTRIES],
    );
    // Most buyers take one place; every 25th takes three (entries of one buyer are drawn apart).
    await db.query(
      `with buyers as (
         select n, case when n % 25 = 0 then 3 else 1 end as slots from generate_series(1, $2::int) as n
       ), capped as (
         select n, slots from (select n, slots, sum(slots) over (order by n) as running from buyers) b where running <= $2
       ), players as (
         insert into auth.users (id, aud, role, email)
         select gen_random_uuid(), 'authenticated', 'authenticated', 'bench' || $3 || '-' || n || '@golazo.test' from capped
         returning id, email
       ), paid as (
         insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
         select p.id, $1, 'order_' || md5(p.id::text), 'pay_' || md5(p.id::text), 15000 * c.slots, c.slots, 'paid', now()
           from players p join capped c on p.email = 'bench' || $3 || '-' || c.n || '@golazo.test'
         returning id, user_id, slots
       )
       insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id)
       select user_id, $1, slots, id from paid`,
      [id, ENTRIES, run],
    );
    await db.query(`update public.entries set player_id = coalesce(player_id, buyer_id) where tournament_id = $1 and slot_number = 1`, [
      id,
    ]);
    // Extra places get players of their own (as accepted invitations).
    await db.query(
      `with extra as (select id from public.entries where tournament_id = $1 and player_id is null),
            guests as (
              insert into auth.users (id, aud, role, email)
              select gen_random_uuid(), 'authenticated', 'authenticated', 'guest-' || e.id || '@golazo.test' from extra e
              returning id, email)
       update public.entries e set player_id = g.id
         from guests g where g.email = 'guest-' || e.id || '@golazo.test'`,
      [id],
    );
    // Every player has an in-game name, as a registration requires: the bracket carries them.
    await db.query(
      `update public.profiles p set in_game_name = 'Player ' || substr(md5(p.id::text), 1, 8)
         from public.entries e where e.tournament_id = $1 and e.player_id = p.id`,
      [id],
    );
    await db.query(`update public.entries set checked_in_at = now() where tournament_id = $1`, [id]);
    await db.query('vacuum analyze public.entries');
    return id;
  }

  /** get_bracket as PostgREST sends it (jsonb's text), its gzip size, and how many matches lack a winner. */
  async function weighBracket(id: string) {
    const started = performance.now();
    const { rows } = await db.query<{ body: string }>('select public.get_bracket($1)::text as body', [id]);
    const ms = performance.now() - started;
    const body = Buffer.from(rows[0]?.body ?? '', 'utf8');
    const bracket = JSON.parse(body.toString('utf8')) as { rounds: Array<{ matches: Array<{ winner_entry_id: string | null }> }> };
    const undecided = bracket.rounds.flatMap((round) => round.matches).filter((match) => !match.winner_entry_id).length;
    return { rawBytes: body.length, gzipBytes: gzipSync(body).length, ms, undecided };
  }

  /**
   * Every match confirmed round by round, as agreeing reports confirm it (the winner moves on): the top or
   * bottom player wins by turns, with scores from 1-0 to 7-6.
   */
  async function playToTheEnd(id: string) {
    await db.query(
      `do $$
       declare
         v_match public.matches%rowtype;
         v_n integer := 0;
         v_winner_goals integer;
         v_loser_goals integer;
       begin
         loop
           select * into v_match from public.matches
            where tournament_id = '${id}' and status = 'scheduled' order by round, position limit 1;
           exit when not found;
           v_n := v_n + 1;
           v_winner_goals := 1 + v_n % 7;
           v_loser_goals := (v_n * 5) % v_winner_goals;
           if v_n % 3 = 0 then
             perform private.confirm_result(v_match, v_match.entry_b, v_loser_goals, v_winner_goals, 'result_confirmed',
                                            'Both players reported the same result', null, true);
           else
             perform private.confirm_result(v_match, v_match.entry_a, v_winner_goals, v_loser_goals, 'result_confirmed',
                                            'Both players reported the same result', null, true);
           end if;
         end loop;
       end $$`,
    );
  }

  const timings: number[] = [];
  let last = '';
  for (let run = 0; run < RUNS; run++) {
    const id = await prepare(run);
    const started = performance.now();
    const { rows } = await db.query<{ result: { drawn: boolean; entries: number; bracket_size: number } }>(
      'select private.run_draw($1, null) as result',
      [id],
    );
    timings.push(performance.now() - started);
    const result = rows[0]?.result;
    if (!result?.drawn || result.entries !== ENTRIES) {
      console.error(`Run ${run}: unexpected draw result ${JSON.stringify(result)}`);
      failed = true;
    }
    last = id;
  }

  const { rows: checks } = await db.query<{ matches: number; byes: number; rounds: number; placed: number }>(
    `select count(*)::int as matches,
            count(*) filter (where status = 'bye')::int as byes,
            max(round)::int as rounds,
            (select count(distinct e) from public.matches m2, unnest(array[m2.entry_a, m2.entry_b]) e
              where m2.tournament_id = $1 and m2.round = 1 and e is not null)::int as placed
       from public.matches where tournament_id = $1`,
    [last],
  );
  const check = checks[0] ?? { matches: 0, byes: 0, rounds: 0, placed: 0 };
  // get_bracket right after the draw, and once every match is played: each later round then names both
  // players, and every match carries its winner and score.
  const drawnBracket = await weighBracket(last);
  const { rows: calls } = await db.query<{ funcname: string; calls: number; self_ms: number; total_ms: number }>(
    `select funcname, calls::int, round(self_time)::int as self_ms, round(total_time)::int as total_ms from pg_stat_user_functions where schemaname = 'private'
      order by total_time desc limit 8`,
  );
  await playToTheEnd(last);
  const finishedBracket = await weighBracket(last);

  const sorted = [...timings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(`Draw of ${ENTRIES} checked-in entries (PostgreSQL ${cluster.serverVersion}), ${RUNS} runs`);
  console.log(`  median ${median.toFixed(1)} ms, slowest ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (budget ${BUDGET_MS} ms median)`);
  console.log(`  bracket: ${check.matches} matches over ${check.rounds} rounds, ${check.byes} byes, ${check.placed} entries placed`);
  console.log('  functions over all runs (calls, total ms, own ms):');
  for (const c of calls)
    console.log(
      `    ${c.funcname.padEnd(28)} ${String(c.calls).padStart(6)} ${String(c.total_ms).padStart(7)} ${String(c.self_ms).padStart(7)}`,
    );
  console.log(`${median <= BUDGET_MS ? 'PASS' : 'OVER'}  draw: median ${median.toFixed(1)} ms (budget ${BUDGET_MS} ms)`);
  for (const [when, weight] of [
    ['right after the draw', drawnBracket],
    ['finished', finishedBracket],
  ] as const) {
    console.log(
      `${weight.gzipBytes <= BRACKET_BUDGET_GZIP_KB * 1024 ? 'PASS' : 'OVER'}  get_bracket of ${ENTRIES} entries, ${when}: ` +
        `${kb(weight.gzipBytes)} KB gzip (${kb(weight.rawBytes)} KB raw, ${weight.ms.toFixed(1)} ms; ` +
        `budget ${BRACKET_BUDGET_GZIP_KB} KB gzip on the wire)`,
    );
    if (weight.gzipBytes > BRACKET_BUDGET_GZIP_KB * 1024) failed = true;
  }
  if (finishedBracket.undecided !== 0) {
    console.error(`  the finished bracket still has ${finishedBracket.undecided} matches without a winner`);
    failed = true;
  }

  const size = 2 ** Math.ceil(Math.log2(Math.max(ENTRIES, 2)));
  if (check.matches !== size - 1 || check.placed !== ENTRIES || check.byes !== size - ENTRIES) {
    console.error('  the bracket does not hold every entry once with the right number of byes');
    failed = true;
  }
  if (median > BUDGET_MS) {
    console.error(`  over budget: ${median.toFixed(1)} ms > ${BUDGET_MS} ms`);
    failed = true;
  }
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
