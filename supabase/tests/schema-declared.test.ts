/**
 * supabase/schemas/<area>.sql are the source of the database; supabase/migrations are how a hosted project
 * gets there. Both are built here side by side on PostgreSQL 15 (the server hosted Supabase runs) and
 * compared object by object: tables, columns, constraints, indexes, function bodies, triggers, policies,
 * grants, comments, Realtime publication membership and the rows of the rule tables. A change made in one
 * and not the other fails here: edit the area file, then `npm run migration:new <name>`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDefinitions, describeDifferences, readDefinitions } from '../../scripts/schema/compare.ts';
import { areaNames, readAreaFiles } from '../../scripts/schema/schema-files.ts';
import { buildFromMigrations, buildFromSchemas, type Database } from '../../scripts/schema/two-databases.ts';
import { findPostgresBinaries, type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts';

describe.runIf(findPostgresBinaries() !== null)('supabase/schemas and supabase/migrations (PostgreSQL)', () => {
  let cluster: PostgresCluster;
  let fromMigrations: Database;
  let fromSchemas: Database;
  let declared: Map<string, string>;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    [fromMigrations, fromSchemas] = [await buildFromMigrations(cluster), await buildFromSchemas(cluster)];
    declared = await readDefinitions(fromSchemas.connection);
  }, 120_000);

  afterAll(async () => {
    await fromMigrations?.client.end();
    await fromSchemas?.client.end();
    await cluster?.stop();
  });

  it('build the same database, object by object', async () => {
    const differences = compareDefinitions(await readDefinitions(fromMigrations.connection), declared);
    expect(
      differences.map((d) => d.identity),
      `${describeDifferences(differences)}\nEdit supabase/schemas, then run \`npm run migration:new <name>\` and commit both.`,
    ).toEqual([]);
  });

  it('compares every kind of object the area files declare', () => {
    const identities = [...declared.keys()];
    const has = (prefix: string) => identities.filter((i) => i.startsWith(prefix)).length;
    // Far more than a handful of each: a reader that silently lost a kind would compare nothing.
    expect(has('relation public.')).toBeGreaterThan(20);
    expect(has('function private.')).toBeGreaterThan(200);
    expect(has('function public.')).toBeGreaterThan(150);
    expect(has('policy ')).toBeGreaterThan(20);
    expect(has('trigger ')).toBeGreaterThan(20);
    expect(has('access to function ')).toBeGreaterThan(400);
    expect(has('row of private.status_transitions')).toBeGreaterThan(100);
    expect(has('row of private.due_work_steps')).toBeGreaterThan(10);
    expect(declared.get('relation public.matches')).toMatch(/alter publication supabase_realtime add table public\.matches;/);
    expect(declared.get('relation private.outbox')).toMatch(/comment on column private\.outbox\.payload is 'personal: /);
  });

  it('names in rule rows only the areas that have a file', async () => {
    // The areas are the files of supabase/schemas: a due-work step or an export section filed under any
    // other name would be listed under an area no one can find.
    const { rows } = await fromSchemas.client.query<{ area: string; of: string }>(`
      select area, 'private.due_work_steps' as of from private.due_work_steps
      union all select area, 'private.data_export_sections' from private.data_export_sections
      union all select area, 'private.outbox_kinds' from private.outbox_kinds
      union all select area, 'private.area_hooks' from private.area_hooks
      union all select called_from, 'private.area_hooks' from private.area_hooks`);
    const areas = areaNames();
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => !areas.includes(r.area))).toEqual([]);
  });

  it('keeps each kind of outside call with the area that registers it, its functions declared in that file', async () => {
    // The outbox knows no area's tables: an area reads its calls' details and applies their answers itself.
    const { rows } = await fromSchemas.client.query<{ kind: string; area: string; fn: string | null }>(`
      select kind, area, unnest(array[details_function, answer_function]) as fn from private.outbox_kinds`);
    const files = new Map(readAreaFiles().map((f) => [f.area, f.sql]));
    const misplaced = rows.flatMap(({ kind, area, fn }) => {
      const file = files.get(area) ?? '';
      const problems: string[] = [];
      if (!new RegExp(`\\('${kind}', '${area}'`).test(file)) problems.push(`${kind} is not registered in ${area}.sql`);
      if (fn && !file.includes(`CREATE OR REPLACE FUNCTION ${fn}(`)) problems.push(`${fn} (${kind}) is not declared in ${area}.sql`);
      return problems;
    });
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(misplaced).toEqual([]);
  });

  it('keeps each hook with the area that answers it, run by name from the area that calls it', async () => {
    // A hook lets a lower area hand a decision up without calling up: the answering area registers the row and
    // declares the function in its own file; the calling area's file runs it through private.hook_function.
    const { rows } = await fromSchemas.client.query<{ hook: string; called_from: string; area: string; function_name: string }>(
      'select hook, called_from, area, function_name from private.area_hooks order by hook',
    );
    const files = new Map(readAreaFiles().map((f) => [f.area, f.sql]));
    const problems = rows.flatMap(({ hook, called_from, area, function_name }) => {
      const found: string[] = [];
      if (!new RegExp(`\\('${hook}', '${called_from}', '${area}'`).test(files.get(area) ?? ''))
        found.push(`${hook} is not registered in ${area}.sql`);
      if (!(files.get(area) ?? '').includes(`CREATE OR REPLACE FUNCTION ${function_name}(`))
        found.push(`${function_name} (${hook}) is not declared in ${area}.sql`);
      if (!(files.get(called_from) ?? '').includes(`private.hook_function('${hook}')`)) found.push(`${called_from}.sql never runs ${hook}`);
      return found;
    });
    expect(rows.map((r) => r.hook)).toEqual(['tournament_cancelled', 'waitlist_payment', 'waitlist_position_of_payment']);
    expect(problems).toEqual([]);
  });

  it('notices a change to any of them', async () => {
    // Each statement changes one thing a migration could forget; the comparison must name each one.
    const changes: [string, string][] = [
      [
        'function private.today_in_india()',
        `create or replace function private.today_in_india() returns date language sql stable set search_path to '' as $$ select (private.clock_now() at time zone 'UTC')::date $$`,
      ],
      ['function private.clock_now()', `comment on function private.clock_now() is 'another clock'`],
      ['access to function public.get_my_payouts()', 'grant execute on function public.get_my_payouts() to anon'],
      ['relation public.matches', 'alter publication supabase_realtime drop table public.matches'],
      ['relation public.profiles', 'alter table public.profiles add column nickname text'],
      ["row of private.settings ('tax_rate')", `update private.settings set value = '0.31' where key = 'tax_rate'`],
      [
        "row of private.status_transitions ('payout', 'approved', 'queued')",
        `delete from private.status_transitions where machine = 'payout' and from_status = 'approved' and to_status = 'queued'`,
      ],
    ];
    await fromSchemas.client.query('begin');
    try {
      await fromSchemas.client.query('set local session_replication_role = replica'); // the rule tables' own triggers stay out of it
      for (const [, sql] of changes) await fromSchemas.client.query(sql);
      const named = compareDefinitions(declared, await readDefinitions(fromSchemas.connection)).map((d) => d.identity);
      expect(named).toEqual(expect.arrayContaining(changes.map(([identity]) => identity)));
    } finally {
      await fromSchemas.client.query('rollback');
    }
  });
});

describe('supabase/schemas', () => {
  it('says what every function is for, just above it', () => {
    const silent: string[] = [];
    for (const { file, sql } of readAreaFiles()) {
      const lines = sql.split('\n');
      for (const [i, line] of lines.entries()) {
        const name = /^create (or replace )?function ([a-z_0-9.]+)\(/i.exec(line)?.[2];
        const above = lines[i - 1] ?? '';
        // A `comment on function` (what the database keeps; its text may run over several lines) or `--` lines.
        if (name && !/^--|^comment on function |';$/.test(above)) silent.push(`${file}: ${name}`);
      }
    }
    expect(silent).toEqual([]);
    expect(readAreaFiles().length).toBeGreaterThan(10);
  });
});
