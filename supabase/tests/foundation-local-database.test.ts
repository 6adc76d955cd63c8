/** supabase/local/database.ts: the embedded database the local stack serves, persisted across restarts. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, readLocalServerSql, withRequestContext, type Database } from '../local/database.ts';
import { pgliteCovered } from './engine-choice.ts';

describe.runIf(pgliteCovered())('the local database (PGlite)', () => {
  let dataDir: string;
  let template: Blob;
  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'golazo-local-db-')), 'postgres');
    template = new Blob([await readFile(inject('pgliteTemplate'))]);
  });
  afterAll(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

  describe('persisted in a data directory', () => {
    let first: Database | undefined;
    afterAll(() => first?.close());

    // Hashing 27 passwords and drawing the demo live cup in the WebAssembly engine takes a while.
    it('is created and seeded with the demo players on first start', async () => {
      first = await openDatabase({ dataDir, seed: true, fromDump: template, localSql: await readLocalServerSql() });
      expect(first.created).toBe(true);
      const { rows } = await first.pg.query<{ email: string; password_ok: boolean; profile: boolean }>(
        `select u.email, extensions.crypt('golazo-demo', u.encrypted_password) = u.encrypted_password as password_ok,
                exists (select 1 from public.profiles p where p.id = u.id) as profile
           from auth.users u order by u.email`,
      );
      const byEmail = (a: { email: string }, b: { email: string }) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);
      expect([...rows].sort(byEmail)).toEqual(
        [
          'admin',
          ...Array.from({ length: 16 }, (_, i) => `demo${i + 1}`),
          'organiser',
          'referee',
          ...Array.from({ length: 8 }, (_, i) => `rival${i + 1}`),
        ]
          .map((name) => ({
            email: `${name}@golazo.test`,
            password_ok: true,
            profile: true,
          }))
          .sort(byEmail),
      );
      await first.pg.query(`update public.profiles set legal_name = 'Kept Across Restarts' where email = 'demo1@golazo.test'`);
      await first.close();
      first = undefined;
    }, 120_000);

    it('keeps its data on restart, applying no migration twice and not seeding again', async () => {
      const again = await openDatabase({ dataDir, seed: true, localSql: await readLocalServerSql() });
      try {
        expect(again.created).toBe(false);
        expect(again.appliedMigrations).toEqual([]);
        expect((await again.pg.query(`select legal_name from public.profiles where email = 'demo1@golazo.test'`)).rows).toEqual([
          { legal_name: 'Kept Across Restarts' },
        ]);
        expect((await again.pg.query('select count(*)::int as n from auth.users')).rows).toEqual([{ n: 27 }]);
      } finally {
        await again.close();
      }
    });
  });

  describe('started from the migrated cache (the test stacks)', () => {
    // The first start migrates from scratch in WebAssembly: slow on a busy machine, once per run.
    it('migrates the first new database and leaves its copy; the next new one starts from it, seeded afresh', async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'golazo-migrated-cache-'));
      const cache = path.join(root, 'cache');
      try {
        const migrated = await openDatabase({ dataDir: path.join(root, 'first'), migratedCacheDir: cache });
        const migrationCount = migrated.appliedMigrations.length;
        await migrated.close();
        expect(migrationCount).toBeGreaterThan(0);
        expect((await readdir(cache)).filter((file) => file.endsWith('.tar'))).toHaveLength(1);

        const next = await openDatabase({
          dataDir: path.join(root, 'second'),
          migratedCacheDir: cache,
          seed: true,
          localSql: await readLocalServerSql(),
        });
        try {
          expect(next.created).toBe(true);
          // Nothing left to migrate: every migration came with the copy, recorded as applied.
          expect(next.appliedMigrations).toEqual([]);
          expect((await next.pg.query('select count(*)::int as n from supabase_migrations.schema_migrations')).rows).toEqual([
            { n: migrationCount },
          ]);
          // The seed is not in the copy: it runs on the new database, as on any first start.
          expect((await next.pg.query('select count(*)::int as n from auth.users')).rows).toEqual([{ n: 27 }]);
        } finally {
          await next.close();
        }
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }, 240_000);
  });

  describe('withRequestContext()', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openDatabase({ fromDump: template });
    });
    afterAll(() => db?.close());

    it('runs as the request role with its claims', async () => {
      const sub = '11111111-2222-4333-8444-555555555555';
      const row = await withRequestContext(
        db.pg,
        { role: 'authenticated', claims: { sub, role: 'authenticated', email: 'me@golazo.test' } },
        async (tx) => (await tx.query(`select current_user as role, auth.uid() as uid, auth.jwt() ->> 'email' as email`)).rows[0],
      );
      expect(row).toEqual({ role: 'authenticated', uid: sub, email: 'me@golazo.test' });
    });

    it('commits what the request did', async () => {
      await withRequestContext(db.pg, { role: 'service_role', claims: { role: 'service_role' } }, (tx) =>
        tx.query(`insert into storage.buckets (id, name) values ('committed', 'committed')`),
      );
      expect((await db.pg.query(`select id from storage.buckets where id = 'committed'`)).rows).toEqual([{ id: 'committed' }]);
    });

    it('rolls everything back when the request fails', async () => {
      await expect(
        withRequestContext(db.pg, { role: 'service_role', claims: { role: 'service_role' } }, async (tx) => {
          await tx.query(`insert into storage.buckets (id, name) values ('rolled-back', 'rolled-back')`);
          throw new Error('the request failed');
        }),
      ).rejects.toThrow('the request failed');
      expect((await db.pg.query(`select id from storage.buckets where id = 'rolled-back'`)).rows).toEqual([]);
    });

    it('leaves the next statement outside any request role', async () => {
      await withRequestContext(db.pg, { role: 'anon', claims: { role: 'anon' } }, (tx) => tx.query('select 1'));
      expect((await db.pg.query(`select current_user as role, current_setting('request.jwt.claims', true) as claims`)).rows).toEqual([
        { role: 'postgres', claims: '' },
      ]);
    });

    it('refuses a role PostgREST would not switch to', async () => {
      await expect(withRequestContext(db.pg, { role: 'postgres' as 'anon', claims: {} }, (tx) => tx.query('select 1'))).rejects.toThrow(
        'Unknown request role: postgres',
      );
    });
  });
});
