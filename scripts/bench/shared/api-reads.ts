/**
 * The public read API's figures on a finished tournament (docs/api.md, "How the public reads scale"): each
 * api_v1 read as an outside program makes it (the anon role, one transaction, PostgREST's own statement),
 * its rows and median time, then how many bracket reads a second the one database answers with as many
 * connections as the machine has cores. Used by the 300-entry championship bench.
 *
 * The tables are analysed first: a production database has planner statistics (autovacuum keeps them), while
 * the bench built these tables seconds ago; without them the planner guesses one row per tournament.
 */
import { availableParallelism } from 'node:os';
import pg from 'pg';
import type { TestDatabase } from '../../../supabase/tests/requests.ts';

/** The reads an embed, a bot or a stats site makes; `$1` is the tournament's id. */
const READS: [string, string][] = [
  ['tournaments (one)', 'select * from api_v1.tournaments where id = $1'],
  ['matches (bracket)', 'select * from api_v1.matches where tournament_id = $1 order by round, position limit 1000'],
  ['matches (one)', 'select * from api_v1.matches where tournament_id = $1 and round = 1 and position = 1'],
  ['matches (page of all)', 'select * from api_v1.matches where $1::text is not null order by id limit 1000'],
  ['standings', 'select * from api_v1.standings where tournament_id = $1 order by place_from limit 1000'],
  ['stages', 'select * from api_v1.stages where tournament_id = $1 order by stage_no'],
  ['prizes', 'select * from api_v1.prizes where tournament_id = $1 order by from_place'],
  ['payouts', 'select * from api_v1.payouts where tournament_id = $1 order by first_place, entry_id'],
  ['leaderboard (top 100)', 'select * from api_v1.leaderboard where $1::text is not null order by rank limit 100'],
  ['players (first 1000)', 'select * from api_v1.players where $1::text is not null order by player_id limit 1000'],
];

/** Views that exist in this database (the bench also runs on branches that predate some). */
async function existingViews(admin: pg.Client): Promise<Set<string>> {
  const { rows } = await admin.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'api_v1'`,
  );
  return new Set(rows.map((r) => r.name));
}

/** Bracket reads a second over `connections` connections for `seconds`, each as PostgREST runs it. */
async function bracketThroughput(connectionString: string, tournament: string, connections: number, seconds: number) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      return client;
    }),
  );
  const until = performance.now() + seconds * 1000;
  let answered = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        await client.query('begin');
        await client.query('set local role anon');
        await client.query('select * from api_v1.matches where tournament_id = $1 order by round, position limit 1000', [tournament]);
        await client.query('commit');
        answered++;
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  return answered / seconds;
}

/** Prints one line per read, then the bracket reads a second. */
export async function printApiReads(db: TestDatabase, admin: pg.Client, connectionString: string, tournament: string) {
  await admin.query('analyze');
  const views = await existingViews(admin);
  for (const [name, sql] of READS) {
    const view = /api_v1\.(\w+)/.exec(sql)?.[1] ?? '';
    if (!views.has(view)) continue;
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      count = (await db.as({ role: 'anon' }, sql, [tournament])).length;
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    console.log(
      `  api_v1 ${name.padEnd(22)} ${String(count).padStart(5)} rows, median ${times[2]?.toFixed(1)} ms, slowest ${times[4]?.toFixed(1)} ms`,
    );
  }
  // The same bracket with the name rule run per side of each match (the view's shape before the names were
  // read once per tournament), timed here so both figures share this run's load.
  const perSide: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await admin.query(
      `select m.*, private.api_entry_name(m.entry_a) as player_a, private.api_entry_name(m.entry_b) as player_b
         from public.matches m where m.tournament_id = $1 order by round, position limit 1000`,
      [tournament],
    );
    perSide.push(performance.now() - started);
  }
  perSide.sort((x, y) => x - y);
  console.log(
    `  api_v1 ${'matches, rule per side'.padEnd(22)}       median ${perSide[2]?.toFixed(1)} ms (the former shape, for comparison)`,
  );
  const connections = availableParallelism();
  const perSecond = await bracketThroughput(connectionString, tournament, connections, 5);
  console.log(`  api_v1 bracket reads a second, ${connections} connections: ${perSecond.toFixed(0)}`);
}
