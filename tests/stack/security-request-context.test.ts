/**
 * The last line of defence for every request the local stack runs as a caller: PGlite's only login is
 * a superuser, so SQL that switched back to it would read and write everything. If these failed, a
 * single way to put text into a request's SQL would hand a visitor the whole database; with the
 * check, whatever such a request did is rolled back and nothing it read is answered.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleEscapeError, withRequestContext } from '../../supabase/local/database.ts';

let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create role anon nologin noinherit;
    create table secrets (id int primary key, value text);
    grant select, insert on secrets to anon;
    insert into secrets values (1, 'original');
  `);
});
afterAll(() => pg.close());

const anon = { role: 'anon' as const, claims: { role: 'anon' } };

describe('security: a request cannot leave its role', () => {
  it('runs the request as its role with its claims', async () => {
    const { rows } = await withRequestContext(pg, anon, (tx) =>
      tx.query<{ who: string; claims: string }>(`select current_user::text as who, current_setting('request.jwt.claims') as claims`),
    );
    expect(rows[0]).toEqual({ who: 'anon', claims: '{"role":"anon"}' });
  });

  for (const [label, sql] of [
    ['set_config(role)', `select set_config('role', 'postgres', true)`],
    ['set local role', 'set local role postgres'],
    ['set session authorization', `set local session authorization postgres`],
  ] as const) {
    it(`rolls back and refuses a request whose SQL switched back to the superuser (${label})`, async () => {
      const attempt = withRequestContext(pg, anon, async (tx) => {
        await tx.query(`insert into secrets values (2, 'planted')`);
        await tx.exec(sql);
        return (await tx.query('select value from secrets')).rows;
      });
      await expect(attempt).rejects.toBeInstanceOf(RoleEscapeError);
      await expect(attempt).rejects.toMatchObject({ code: '42501' });
      expect((await pg.query('select id from secrets order by id')).rows).toEqual([{ id: 1 }]);
    });
  }
});
