/**
 * Two-step sign-in in the database: a player with an authenticator app who has only passed the e-mail
 * step (aal1) reaches none of their data. If these failed, someone holding a player's e-mail link or
 * password alone could read their profile, registrations and payments, and change their picture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRegistration,
  createTournament,
  createUser,
  engines,
  enrollVerifiedFactor,
  expectSqlError,
  NOT_ALLOWED,
  player,
  type Actor,
  type TestDatabase,
} from './helpers.ts';

const UPLOAD = `insert into storage.objects (bucket_id, name, owner_id, metadata)
               values ('profile-pictures', $1, $2, '{"size": 1024, "mimetype": "image/png"}') returning name`;

describe.each(engines)('second sign-in step on $name', (engine) => {
  let db: TestDatabase;
  let enrolled: { id: string; firstStepOnly: Actor; bothSteps: Actor };
  let withoutFactor: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    db = await engine.start();
    const user = await createUser(db);
    await enrollVerifiedFactor(db, user.id);
    enrolled = { id: user.id, firstStepOnly: player(user.id, user.email, 'aal1'), bothSteps: player(user.id, user.email, 'aal2') };
    withoutFactor = await createUser(db);
    const cup = await createTournament(db);
    await createRegistration(db, user.id, cup.id);
    await createRegistration(db, withoutFactor.id, cup.id);
  });
  afterAll(() => db?.close());

  it.each(['get_my_profile()', 'get_my_stats()', 'get_my_payments()', 'get_my_registrations()'])(
    '%s asks an enrolled player at the first step for their code (PT403 second_step_required)',
    async (fn) => {
      await expectSqlError(db.as(enrolled.firstStepOnly, `select * from public.${fn}`), NOT_ALLOWED, 'authenticator app');
    },
  );

  it('update_my_profile() refuses an enrolled player at the first step', async () => {
    await expectSqlError(
      db.as(enrolled.firstStepOnly, 'select * from public.update_my_profile($1, $2, $3, $4, $5)', [
        'Ravi Kumar',
        'RaviFC',
        21,
        'ABCD123456789',
        null,
      ]),
      NOT_ALLOWED,
    );
  });

  it('carries the stable hint second_step_required', async () => {
    const error = await db.as(enrolled.firstStepOnly, 'select * from public.get_my_profile()').catch((e: { hint?: string }) => e);
    expect(error).toMatchObject({ hint: 'second_step_required' });
  });

  it('shows an enrolled player at the first step none of their rows', async () => {
    expect(await db.as(enrolled.firstStepOnly, 'select id from public.profiles')).toEqual([]);
    expect(await db.as(enrolled.firstStepOnly, 'select id from public.tournament_registrations')).toEqual([]);
  });

  it("hides and protects an enrolled player's pictures from their first-step session", async () => {
    await db.admin.query(UPLOAD, [`${enrolled.id}-a.png`, null]);
    expect(await db.as(enrolled.firstStepOnly, `select name from storage.objects where bucket_id = 'profile-pictures'`)).toEqual([]);
    expect(
      await db.as(enrolled.firstStepOnly, 'delete from storage.objects where name = $1 returning name', [`${enrolled.id}-a.png`]),
    ).toEqual([]);
  });

  it('lets an enrolled player who passed both steps in', async () => {
    expect(await db.as(enrolled.bothSteps, 'select id from public.get_my_profile()')).toEqual([{ id: enrolled.id }]);
    expect(await db.as(enrolled.bothSteps, 'select id from public.profiles')).toEqual([{ id: enrolled.id }]);
    expect(await db.as(enrolled.bothSteps, 'select user_id from public.tournament_registrations')).toEqual([{ user_id: enrolled.id }]);
    expect(await db.as(enrolled.bothSteps, `select name from storage.objects where bucket_id = 'profile-pictures'`)).toEqual([
      { name: `${enrolled.id}-a.png` },
    ]);
  });

  it('lets a player without an authenticator app in at the first step', async () => {
    expect(await db.as(withoutFactor.actor, 'select id from public.get_my_profile()')).toEqual([{ id: withoutFactor.id }]);
    expect(await db.as(withoutFactor.actor, 'select user_id from public.tournament_registrations')).toEqual([
      { user_id: withoutFactor.id },
    ]);
  });

  // A new policy written with auth.uid() would let first-step sessions of enrolled players read rows again.
  it('has no row-level security policy that reads auth.uid() directly', async () => {
    const { rows } = await db.admin.query<{ policy: string }>(
      `select format('%s.%s: %s', schemaname, tablename, policyname) as policy from pg_policies
        where schemaname in ('public', 'storage')
          and (coalesce(qual, '') ~ 'auth\\.uid\\(' or coalesce(with_check, '') ~ 'auth\\.uid\\(')`,
    );
    expect(rows).toEqual([]);
  });

  // A policy that calls a check reading auth.uid() is the same hole one step away (the match chat's was).
  it('reads the caller in the row-level security checks through current_player_id() or the staff second step', async () => {
    const { rows } = await db.admin.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'private' and has_function_privilege('authenticated', p.oid, 'EXECUTE')
          and p.prosrc ~ 'auth\\.uid\\(' and p.prosrc !~ 'staff_has_second_step\\(' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['current_player_id']);
  });

  it("gives players no function in the private schema but the row-level security checks and the public views' helpers", async () => {
    const { rows } = await db.admin.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'private' and has_function_privilege('authenticated', p.oid, 'EXECUTE') order by 1`,
    );
    // The api_ helpers are what the api_v1 views call as their reader (supabase/schemas/api.sql): each answers what its view shows.
    expect(rows.map((r) => r.name)).toEqual([
      'api_current_season',
      'api_entry_names',
      'api_payouts',
      'api_public_player',
      'api_stages',
      'api_standings',
      'api_tournament_state',
      'caller_is_admin',
      'current_player_id',
      'may_read_match_chat',
      'may_use_match_evidence',
    ]);
  });
});
