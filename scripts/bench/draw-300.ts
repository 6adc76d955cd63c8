/**
 * The draw of a full championship, on a throw-away PostgreSQL cluster (the server hosted Supabase runs) with the
 * local stack's movable clock: 300 entries, each paid for through the payment functions (a few buyers take three
 * places and give the extra two to invited players, who accept them), every player checked in with check_in,
 * then an organiser closes check-in at its scheduled time (staff_close_check_in), which draws: seeds, a 512
 * bracket of 511 matches over 9 rounds, byes advanced, the reveal and the audit rows, in one transaction.
 *
 * Prints the median and slowest of several draws (each on its own tournament, the same players), timed at the
 * database, how many times the draw's helper functions ran (pg_stat_user_functions, the draws only), and the
 * size and time of get_bracket (as anyone calls it) for the drawn tournament, right after the draw and again
 * once every match is played through both players' agreeing reports (every round with its players, winners
 * and scores: the largest answer a bracket gives).
 * Then one first-round result as a watcher of the bracket receives it over Realtime (shared/watcher-bytes.ts):
 * the changes of the confirming report, against what the page received before it patched its bracket (every
 * matches row, then get_bracket again).
 * Budgets: the draw within 50 ms at the database on this 2-core machine (median); get_bracket within
 * 40 KB gzip, both times; 2 KB for a watcher per confirmed result.
 *
 *   npm run bench -- draw                       # 300 entries, 5 draws
 *   node scripts/bench/draw-300.ts --entries 300 --runs 5
 *   node scripts/bench/draw-300.ts --smoke      # 40 entries, 1 draw; budgets printed, not enforced
 * Exit code 1 when a check fails, or (but in a smoke run) a budget.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { applyMigrations, applyShim } from '../../supabase/local/schema-setup.ts';
import {
  adultPlayer,
  checkIn,
  giveExtraPlaces,
  type Outcome,
  type Player,
  payForEntry,
  playableMatches,
  playToTheEnd,
  reportMatch,
  staffMember,
} from '../../supabase/tests/journey.ts';
import { startPostgresCluster } from '../../supabase/tests/postgres-cluster.ts';
import { anon, player, setDatabaseClock, testDatabase } from '../../supabase/tests/requests.ts';
import { benchOptions, verdict } from './shared/smoke.ts';
import { captureMark, PAGE_WATCHER, startCapture, stopCapture, WHOLE_BRACKET_WATCHER, watcherBytes } from './shared/watcher-bytes.ts';

const { smoke, values } = benchOptions({ entries: { full: '300', smoke: '40' }, runs: { full: '5', smoke: '1' } });
const ENTRIES = Number(values.entries);
const RUNS = Number(values.runs);
const BUDGET_MS = 50;
const BRACKET_BUDGET_GZIP_KB = 40;
/** What a watcher of the bracket receives over Realtime for one confirmed result. */
const WATCHER_BUDGET_BYTES = 2048;
/** The first edition's start; each further run's edition starts a week later. */
const FIRST_START = Date.parse('2027-05-01T12:00:00Z');
const HOUR = 3600_000;

const cluster = await startPostgresCluster();
const db = testDatabase(`PostgreSQL ${cluster.serverVersion}`, cluster.connection, () => cluster.stop());
let failed = false;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
try {
  await applyShim(cluster.connection);
  await applyMigrations(cluster.connection);
  await cluster.client.query(await readFile(new URL('../../supabase/local/clock.sql', import.meta.url), 'utf8'));
  const organiser = await staffMember(db, 'organiser');

  /** A name of the length players choose (the bracket's size depends on it): "Player" and eight hex digits. */
  const inGameName = () => `Player ${randomUUID().slice(0, 8)}`;
  // Most buyers take one place; every 25th takes three (entries of one buyer are drawn apart). The same
  // players enter every run's edition; each has an in-game name (a registration requires one): the bracket
  // carries them.
  const buyers: Array<{ buyer: Player; slots: number }> = [];
  for (let n = 1, places = 0; places < ENTRIES; n++) {
    const slots = Math.min(n % 25 === 0 ? 3 : 1, ENTRIES - places);
    buyers.push({ buyer: await adultPlayer(db, { label: 'bench-draw', inGameName: inGameName() }), slots });
    places += slots;
  }
  const guests: Player[] = [];
  const nextGuest = (used: { n: number }) => async () => {
    const guest = guests[used.n] ?? (await adultPlayer(db, { label: 'bench-guest', inGameName: inGameName() }));
    guests[used.n++] = guest;
    return guest;
  };

  async function prepare(run: number): Promise<string> {
    const id = `bench-draw-${run}`;
    const start = FIRST_START + run * 7 * 24 * HOUR;
    // The catalog's edition: registration open until check-in opens 24 h before the start, check-in closes an hour before it.
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
       values ($1, 'Bench Championship', 'championship', 'Knockout', 15000, 3000000, 512, true, $2)`,
      [id, new Date(start).toISOString()],
    );
    await setDatabaseClock(db, new Date(start - 48 * HOUR).toISOString());
    const used = { n: 0 };
    const players: Player[] = [];
    for (const { buyer, slots } of buyers) {
      await payForEntry(db, buyer.id, id, slots);
      players.push(buyer, ...(await giveExtraPlaces(db, buyer, id, nextGuest(used))));
    }
    await setDatabaseClock(db, new Date(start - 2 * HOUR).toISOString());
    for (const p of players) await checkIn(db, p, id);
    await db.admin.query('vacuum analyze public.entries');
    // Check-in closes an hour before the start: the organiser closes it then, and the draw runs.
    await setDatabaseClock(db, new Date(start - HOUR).toISOString());
    return id;
  }

  /** The draw as the organiser asks for it, timed inside the database (the request's round trips left out). */
  async function draw(id: string) {
    await db.admin.query(`set track_functions = 'all'`);
    const [row] = await db.as<{ result: { drawn: boolean; entries: number; bracket_size: number }; ms: number }>(
      organiser.actor,
      `select result, extract(epoch from clock_timestamp() - statement_timestamp()) * 1000 as ms
         from (select public.staff_close_check_in($1) as result offset 0) closing`,
      [id],
    );
    await db.admin.query(`set track_functions = 'none'`);
    await db.admin.query('select pg_stat_force_next_flush()');
    return { result: row?.result, ms: Number(row?.ms) };
  }

  /** get_bracket as PostgREST sends it (jsonb's text), its gzip size, and how many matches lack a winner. */
  async function weighBracket(id: string) {
    const started = performance.now();
    const [row] = await db.as<{ body: string }>(anon, 'select public.get_bracket($1)::text as body', [id]);
    const ms = performance.now() - started;
    const body = Buffer.from(row?.body ?? '', 'utf8');
    const bracket = JSON.parse(body.toString('utf8')) as { rounds: Array<{ matches: Array<{ winner_entry_id: string | null }> }> };
    const undecided = bracket.rounds.flatMap((round) => round.matches).filter((match) => !match.winner_entry_id).length;
    return { rawBytes: body.length, gzipBytes: gzipSync(body).length, ms, undecided };
  }

  /** Every match, round by round: the top or bottom player wins by turns, with scores from 1-0 to 7-6. */
  let played = 0;
  const turns = (): Outcome => {
    played += 1;
    const winnerGoals = 1 + (played % 7);
    return { winner: played % 3 === 0 ? 'b' : 'a', goals: [winnerGoals, (played * 5) % winnerGoals] };
  };

  const timings: number[] = [];
  let drawsWrong = 0;
  let last = '';
  for (let run = 0; run < RUNS; run++) {
    const id = await prepare(run);
    const { result, ms } = await draw(id);
    timings.push(ms);
    if (!result?.drawn || result.entries !== ENTRIES) {
      console.error(`  run ${run}: unexpected draw result ${JSON.stringify(result)}`);
      drawsWrong += 1;
    }
    last = id;
  }

  const { rows: checks } = await db.admin.query<{ matches: number; byes: number; rounds: number; placed: number }>(
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
  const { rows: calls } = await db.admin.query<{ funcname: string; calls: number; self_ms: number; total_ms: number }>(
    `select funcname, calls::int, round(self_time)::int as self_ms, round(total_time)::int as total_ms from pg_stat_user_functions where schemaname = 'private'
      order by total_time desc limit 8`,
  );
  /**
   * One first-round result as a watcher of the bracket receives it: the host posts the room, reports, the
   * opponent's agreeing report confirms it and moves the winner on. The bytes of the confirming report's
   * changes are the budget's; the whole match's are printed beside them, and so is what the page received
   * before it patched its bracket (every matches row, then get_bracket again).
   */
  async function watchOneResult(id: string) {
    const [match] = await playableMatches(db, id, 1);
    if (!match) throw new Error('no first-round match to play');
    await setDatabaseClock(db, new Date(match.scheduled_at.getTime() + 60_000).toISOString());
    await startCapture(cluster.client);
    const start = await captureMark(cluster.client);
    await db.as(player(match.player_a), 'select public.post_room($1, $2, $3)', [match.id, 'GOLAZO-1', '1234']);
    await reportMatch(db, match.player_a, match.id, 2, 1);
    const reported = await captureMark(cluster.client);
    await reportMatch(db, match.player_b, match.id, 1, 2);
    const end = await captureMark(cluster.client);
    await stopCapture(cluster.client);
    const refetch = await weighBracket(id);
    return {
      confirmation: await watcherBytes(cluster.client, id, PAGE_WATCHER, reported, end),
      wholeMatch: await watcherBytes(cluster.client, id, PAGE_WATCHER, start, end),
      before: await watcherBytes(cluster.client, id, WHOLE_BRACKET_WATCHER, reported, end),
      refetch,
    };
  }
  const watched = await watchOneResult(last);

  await playToTheEnd(db, last, turns);
  const finishedBracket = await weighBracket(last);

  const sorted = [...timings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(`Draw of ${ENTRIES} checked-in entries (PostgreSQL ${cluster.serverVersion}), ${RUNS} runs${smoke ? ' (smoke run)' : ''}`);
  console.log(`  median ${median.toFixed(1)} ms, slowest ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (budget ${BUDGET_MS} ms median)`);
  console.log(`  bracket: ${check.matches} matches over ${check.rounds} rounds, ${check.byes} byes, ${check.placed} entries placed`);
  console.log('  functions over all draws (calls, total ms, own ms):');
  for (const c of calls)
    console.log(
      `    ${c.funcname.padEnd(28)} ${String(c.calls).padStart(6)} ${String(c.total_ms).padStart(7)} ${String(c.self_ms).padStart(7)}`,
    );
  const problems: string[] = [];
  if (finishedBracket.undecided !== 0)
    problems.push(`the finished bracket still has ${finishedBracket.undecided} matches without a winner`);
  const size = 2 ** Math.ceil(Math.log2(Math.max(ENTRIES, 2)));
  if (check.matches !== size - 1 || check.placed !== ENTRIES || check.byes !== size - ENTRIES)
    problems.push('the bracket does not hold every entry once with the right number of byes');
  if (drawsWrong > 0) problems.push(`${drawsWrong} draw(s) did not draw every checked-in entry`);
  for (const problem of problems) console.log(`FAIL  ${problem}`);
  if (problems.length === 0)
    console.log(
      `PASS  every draw placed its ${ENTRIES} entries once with ${size - ENTRIES} byes; every match of the played bracket decided`,
    );

  const budgets: Array<[string, boolean]> = [
    [`draw: median ${median.toFixed(1)} ms at the database (budget ${BUDGET_MS} ms)`, median <= BUDGET_MS],
  ];
  for (const [when, weight] of [
    ['right after the draw', drawnBracket],
    ['finished', finishedBracket],
  ] as const) {
    budgets.push([
      `get_bracket of ${ENTRIES} entries, ${when}: ${kb(weight.gzipBytes)} KB gzip (${kb(weight.rawBytes)} KB raw, ` +
        `${weight.ms.toFixed(1)} ms; budget ${BRACKET_BUDGET_GZIP_KB} KB gzip on the wire)`,
      weight.gzipBytes <= BRACKET_BUDGET_GZIP_KB * 1024,
    ]);
  }
  const { confirmation, wholeMatch, before, refetch } = watched;
  console.log(
    `  a watcher, one confirmed result: ${confirmation.bytes} B in ${confirmation.frames} Realtime changes ` +
      `(${Object.entries(confirmation.byTable)
        .map(([table, size]) => `${table} ${size} B`)
        .join(', ')}); ` +
      `the whole match (room, both reports): ${wholeMatch.bytes} B in ${wholeMatch.frames}`,
  );
  console.log(
    `  before the page patched its bracket: ${before.bytes} B in ${before.frames} changes, then get_bracket again, ` +
      `${kb(refetch.rawBytes)} KB raw (${kb(refetch.gzipBytes)} KB gzip): ${kb(before.bytes + refetch.rawBytes)} KB raw a result`,
  );
  budgets.push([
    `a bracket watcher receives ${confirmation.bytes} B over Realtime per confirmed result at ${ENTRIES} entries, nothing read again ` +
      `(budget ${WATCHER_BUDGET_BYTES} B; before: ${kb(before.bytes + refetch.rawBytes)} KB)`,
    confirmation.bytes <= WATCHER_BUDGET_BYTES && confirmation.frames > 0,
  ]);
  for (const [label, within] of budgets) console.log(`${verdict(within)}  ${label}`);
  if (problems.length > 0 || (!smoke && budgets.some(([, within]) => !within))) failed = true;
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
