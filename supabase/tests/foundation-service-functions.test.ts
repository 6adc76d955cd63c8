/**
 * Service-only doors stay shut: every public function named service_* and every function in the private
 * schema is out of reach of anonymous visitors and players. If one were callable, a player could run the
 * outbox (refund anyone's payment), record answers Razorpay never gave, or register without paying.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestDatabase } from './helpers.ts';

/**
 * Row-level security policies run as the querying role, so the helpers they call must stay executable
 * by the API roles. They only answer "which player is this request, if fully signed in" and "may this
 * player use this match's evidence" (or read its chat); PostgREST never exposes the private schema, so they are not RPCs.
 */
const CALLED_BY_POLICIES = [
  'private.current_player_id()',
  'private.caller_is_admin()',
  'private.may_use_match_evidence(p_name text, p_write boolean)',
  'private.may_read_match_chat(p_match_id uuid)',
  // The public read API's views (supabase/schemas/api.sql) call these as the caller: each answers only what its view shows.
  'private.api_entry_names(p_tournament_id text)',
  'private.api_standings(p_tournament_id text)',
  'private.api_stages(p_tournament_id text)',
  'private.api_payouts(p_tournament_id text)',
  'private.api_tournament_state(p_tournament tournaments)',
  'private.api_current_season()',
  'private.api_public_player(p_player uuid, OUT in_game_name text, OUT rating double precision, OUT deviation double precision)',
];

describe.each(engines)('service-only functions on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it('has service_ functions to check', async () => {
    const { rows } = await db.admin.query<{ n: number }>(
      `select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname like 'service\\_%'`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
  });

  it('lets neither anon nor authenticated execute a service_ or private function', async () => {
    const { rows } = await db.admin.query<{ grant: string }>(
      `select format('%s may execute %s.%s(%s)', r.role, n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as grant
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        cross join (values ('anon'), ('authenticated')) as r(role)
        where ((n.nspname = 'public' and p.proname like 'service\\_%') or n.nspname = 'private')
          and p.prokind = 'f'
          and has_function_privilege(r.role, p.oid, 'execute')
          -- Trigger functions run as part of a write the role is already refused; they are not callable doors.
          and p.prorettype <> 'trigger'::regtype
          and format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) <> all ($1::text[])
        order by 1`,
      [CALLED_BY_POLICIES],
    );
    expect(rows.map((r) => r.grant)).toEqual([]);
  });

  it('lets the API roles use nothing in the private schema but what policies call', async () => {
    const { rows } = await db.admin.query<{ object: string }>(
      `select format('%s may use table %s', r.role, c.relname) as object
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        cross join (values ('anon'), ('authenticated')) as r(role)
        where n.nspname = 'private'
          and c.relkind in ('r', 'v', 'm', 'p')
          and has_table_privilege(r.role, c.oid, 'select, insert, update, delete')
        order by 1`,
    );
    expect(rows.map((r) => r.object)).toEqual([]);
  });
});
