/**
 * Rules that hold for the whole public schema, so a new migration cannot quietly break them:
 * row-level security everywhere, no table writes for browsers, pinned search_path on definer functions,
 * and only the intended functions callable by anonymous visitors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestDatabase } from './helpers.ts';

/** The functions a visitor who has not signed in may call. */
const PUBLIC_FUNCTIONS = [
  'confirm_parental_consent',
  'get_entry_settings',
  'get_tournament_participants',
  'get_tournament_slots',
  'get_tournament_state',
  'get_tournament_states',
];
/** ... and a signed-in player (everything else is for the service role, e.g. the payment functions). */
const PLAYER_FUNCTIONS = [
  'confirm_parental_consent',
  'enter_free_tournament',
  'get_entry_settings',
  'get_my_entry_eligibility',
  'get_my_payments',
  'get_my_profile',
  'get_my_stats',
  'get_tournament_participants',
  'get_tournament_slots',
  'get_tournament_state',
  'get_tournament_states',
  'get_user_registrations',
  'request_parental_consent',
  'set_my_eligibility_details',
  'update_my_profile',
];

describe.each(engines)('public schema rules on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it('has row-level security on every table', async () => {
    const { rows } = await db.admin.query<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('grants anonymous visitors and players no write on any table', async () => {
    const { rows } = await db.admin.query<{ grant: string }>(
      `select format('%s may %s %s', r.role, p.privilege, c.relname) as grant
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         cross join (values ('anon'), ('authenticated')) as r(role)
         cross join (values ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE')) as p(privilege)
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
          and has_table_privilege(r.role, c.oid, p.privilege)
        order by 1`,
    );
    expect(rows.map((r) => r.grant)).toEqual([]);
  });

  it('pins search_path on every security definer function', async () => {
    const { rows } = await db.admin.query<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prosecdef
          and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting where setting like 'search_path=%')`,
    );
    expect(rows).toEqual([]);
  });

  const callableBy = async (role: string) =>
    (
      await db.admin.query<{ name: string }>(
        `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and has_function_privilege($1, p.oid, 'EXECUTE')
            and p.prorettype <> 'trigger'::regtype
          order by 1`,
        [role],
      )
    ).rows.map((r) => r.name);

  it('lets anonymous visitors call only the public tournament functions', async () => {
    expect(await callableBy('anon')).toEqual(PUBLIC_FUNCTIONS);
  });

  it('lets players call only their own functions and the public ones', async () => {
    expect(await callableBy('authenticated')).toEqual(PLAYER_FUNCTIONS);
  });
});
