/**
 * The compatibility shim: the database looks like a fresh Supabase one, and migrations run with the
 * privileges hosted Supabase gives them, no more.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, MigrationError, MIGRATIONS_DIR, readMigrations, runAsMigrator } from '../local/schema-setup.ts';
import { anon, createUser, engines, expectSqlError, INSUFFICIENT_PRIVILEGE, player, serviceRole, type TestDatabase } from './helpers.ts';

describe.each(engines)('Supabase compatibility shim on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it('has the API roles with Supabase attributes', async () => {
    const { rows } = await db.admin.query<{ rolname: string; rolsuper: boolean; rolcanlogin: boolean; rolbypassrls: boolean }>(
      `select rolname, rolsuper, rolcanlogin, rolbypassrls from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_migrator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolsuper: false, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticated', rolsuper: false, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticator', rolsuper: false, rolcanlogin: true, rolbypassrls: false },
      { rolname: 'service_role', rolsuper: false, rolcanlogin: false, rolbypassrls: true },
      { rolname: 'supabase_migrator', rolsuper: false, rolcanlogin: true, rolbypassrls: true },
    ]);
  });

  it('reads the caller from the request claims like Supabase Auth helpers', async () => {
    const { id } = await createUser(db);
    const [asPlayer] = await db.as(
      player(id, 'me@golazo.test'),
      `select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'email' as email, current_user as db_role`,
    );
    expect(asPlayer).toEqual({ uid: id, role: 'authenticated', email: 'me@golazo.test', db_role: 'authenticated' });

    const [asAnon] = await db.as(anon, 'select auth.uid() as uid, auth.role() as role, current_user as db_role');
    expect(asAnon).toEqual({ uid: null, role: 'anon', db_role: 'anon' });

    // Older helpers set only request.jwt.claim.sub; auth.uid() still finds the caller.
    const [legacy] = (
      await db.admin.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [id]);
        return tx.query<{ uid: string }>('select auth.uid() as uid');
      })
    ).rows;
    expect(legacy).toEqual({ uid: id });
  });

  it("forgets a request's role and claims when its transaction ends", async () => {
    const { actor } = await createUser(db);
    await db.as(actor, 'select 1');
    const [after] = (await db.admin.query<{ uid: string | null; db_role: string }>('select auth.uid() as uid, current_user as db_role'))
      .rows;
    expect(after?.uid).toBeNull();
    expect(after?.db_role).toBe('postgres');
  });

  it('has the storage path helpers', async () => {
    const [row] = (
      await db.admin.query(
        `select storage.foldername('team/2026/crest.png') as folders, storage.filename('team/2026/crest.png') as file,
                storage.extension('team/2026/crest.tar.gz') as ext, storage.extension('README') as none`,
      )
    ).rows;
    expect(row).toEqual({ folders: ['team', '2026'], file: 'crest.png', ext: 'gz', none: '' });
  });

  it("gives new public tables Supabase's default grants, so migrations must revoke writes themselves", async () => {
    await db.admin.transaction(async (tx) => {
      await tx.exec('set local role supabase_migrator; create table public.scratch_defaults (id int);');
      const { rows } = await tx.query<{ grantee: string; privileges: string[] }>(
        `select grantee, array_agg(privilege_type::text order by privilege_type) as privileges
           from information_schema.role_table_grants
          where table_schema = 'public' and table_name = 'scratch_defaults' and grantee in ('anon', 'authenticated', 'service_role')
          group by grantee order by grantee`,
      );
      expect(rows.map((r) => r.grantee)).toEqual(['anon', 'authenticated', 'service_role']);
      for (const row of rows) expect(row.privileges).toEqual(expect.arrayContaining(['DELETE', 'INSERT', 'SELECT', 'UPDATE']));
      await tx.exec('rollback; begin;');
    });
  });

  it('publishes the realtime tables in supabase_realtime', async () => {
    const { rows } = await db.admin.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename`,
    );
    expect(rows.map((r) => r.tablename)).toEqual(expect.arrayContaining(['profiles', 'tournament_registrations', 'tournaments']));
    expect(rows.map((r) => r.tablename)).not.toContain('payments');
  });

  it('records every migration once, so a restart applies only new ones', async () => {
    const recorded = (
      await db.admin.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
    ).rows;
    expect(recorded.map((r) => r.version)).toEqual((await readMigrations(MIGRATIONS_DIR)).map((m) => m.version));
    expect(await applyMigrations(db.admin)).toEqual([]);
  });

  describe('migrations run without superuser powers, as on hosted Supabase', () => {
    it.each([
      [
        'a function in the untrusted C language',
        `create function public.scratch_abs(integer) returns integer as 'libc.so.6', 'abs' language c`,
      ],
      ['a superuser-only setting', `set log_statement = 'all'`],
      ['a superuser role', 'create role scratch_root superuser'],
      ['making itself superuser', 'alter role supabase_migrator superuser'],
      ['running a server program', `copy (select 1) to program 'true'`],
    ])('refuses %s', async (_label, sql) => {
      await expect(runAsMigrator(db.admin, 'superuser-only.sql', sql)).rejects.toMatchObject({
        name: 'MigrationError',
        cause: expect.objectContaining({ code: INSUFFICIENT_PRIVILEGE }),
      });
    });

    it('refuses ALTER SYSTEM', async () => {
      // Refused before the privilege check (it cannot run in a migration's transaction), but refused.
      await expect(runAsMigrator(db.admin, 'alter-system.sql', 'alter system set work_mem = 1024')).rejects.toBeInstanceOf(MigrationError);
    });

    it('refuses switching back to the session superuser', async () => {
      await expect(runAsMigrator(db.admin, 'escape.sql', 'reset role; alter system set work_mem = 1024;')).rejects.toThrow(
        /changing the session role is not allowed/,
      );
    });

    it('runs as the migrator role, not as the superuser', async () => {
      await runAsMigrator(db.admin, 'whoami.sql', `create table public.scratch_owner as select current_user::text as who`);
      const { rows } = await db.admin.query<{ who: string; owner: string }>(
        `select who, tableowner as owner from public.scratch_owner, pg_tables where tablename = 'scratch_owner'`,
      );
      expect(rows).toEqual([{ who: 'supabase_migrator', owner: 'supabase_migrator' }]);
    });

    it('rolls a failing migration back entirely and names its file', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'golazo-migrations-'));
      try {
        await writeFile(
          path.join(dir, '20990101000000_half_done.sql'),
          'create table public.half_done (id int);\nalter system set work_mem = 1024;\n',
        );
        const failure = await applyMigrations(db.admin, dir).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(MigrationError);
        expect((failure as MigrationError).file).toBe('20990101000000_half_done.sql');
        const { rows } = await db.admin.query(`select to_regclass('public.half_done') as table_name`);
        expect(rows).toEqual([{ table_name: null }]);
        const recorded = await db.admin.query(`select 1 from supabase_migrations.schema_migrations where version = '20990101000000'`);
        expect(recorded.rows).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  it('lets the service role bypass row-level security but not anon', async () => {
    const { id } = await createUser(db);
    expect(await db.as(serviceRole, 'select id from public.profiles where id = $1', [id])).toEqual([{ id }]);
    await expectSqlError(db.as(anon, 'select id from public.profiles where id = $1', [id]), INSUFFICIENT_PRIVILEGE);
  });
});
