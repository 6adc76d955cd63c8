/** The profile-pictures bucket: public read, a player writes only `{their user id}-...`, images up to 2 MB. */
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, createUser, engines, expectSqlError, INSUFFICIENT_PRIVILEGE, type Actor, type TestDatabase } from './helpers.ts';

const UPLOAD = `insert into storage.objects (bucket_id, name, owner_id, metadata)
               values ('profile-pictures', $1, $2, '{"size": 1024, "mimetype": "image/png"}') returning name`;

it('declares the same bucket limits to the Supabase CLI as the migration does', async () => {
  const config = parse(await readFile(new URL('../config.toml', import.meta.url), 'utf8')) as {
    storage: { buckets: Record<string, { public: boolean; file_size_limit: string; allowed_mime_types: string[] }> };
  };
  expect({ ...config.storage.buckets['profile-pictures'] }).toEqual({
    public: true,
    file_size_limit: '2MiB',
    allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  });
});

describe.each(engines)('profile-pictures storage on $name', (engine) => {
  let db: TestDatabase;
  let me: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  const upload = (actor: Actor, name: string, ownerId: string | null) => db.as(actor, UPLOAD, [name, ownerId]);

  beforeAll(async () => {
    db = await engine.start();
    me = await createUser(db);
    other = await createUser(db);
  });
  afterAll(() => db?.close());

  it('is a public bucket for images up to 2 MB', async () => {
    const rows = await db.admin.query('select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', ['profile-pictures']);
    expect(rows.rows).toEqual([
      { public: true, file_size_limit: expect.anything(), allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
    ]);
    expect(Number((rows.rows[0] as { file_size_limit: string | number }).file_size_limit)).toBe(2 * 1024 * 1024);
  });

  it('takes a player\'s upload named with their own user id', async () => {
    expect(await upload(me.actor, `${me.id}-avatar.png`, me.id)).toEqual([{ name: `${me.id}-avatar.png` }]);
  });

  it('refuses an upload named with another player\'s id', async () => {
    await expectSqlError(upload(me.actor, `${other.id}-avatar.png`, me.id), INSUFFICIENT_PRIVILEGE, 'row-level security');
  });

  it('refuses names without the user id prefix or inside folders', async () => {
    await expectSqlError(upload(me.actor, 'avatar.png', me.id), INSUFFICIENT_PRIVILEGE, 'row-level security');
    await expectSqlError(upload(me.actor, `${me.id}`, me.id), INSUFFICIENT_PRIVILEGE, 'row-level security');
    await expectSqlError(upload(me.actor, `${me.id}-dir/avatar.png`, me.id), INSUFFICIENT_PRIVILEGE, 'row-level security');
  });

  it('refuses anonymous uploads', async () => {
    await expectSqlError(upload(anon, `${me.id}-anon.png`, null), INSUFFICIENT_PRIVILEGE, 'row-level security');
  });

  it('lets anyone read the pictures', async () => {
    await upload(other.actor, `${other.id}-face.webp`, other.id);
    for (const actor of [anon, me.actor]) {
      const rows = await db.as<{ name: string }>(actor, `select name from storage.objects where bucket_id = 'profile-pictures' and name = $1`, [`${other.id}-face.webp`]);
      expect(rows).toEqual([{ name: `${other.id}-face.webp` }]);
    }
  });

  it('lets a player replace or delete their own pictures only', async () => {
    const mine = `${me.id}-replace.png`;
    const theirs = `${other.id}-keep.png`;
    await upload(me.actor, mine, me.id);
    await upload(other.actor, theirs, other.id);

    expect(await db.as(me.actor, `update storage.objects set metadata = '{"size": 2048}' where name = $1 returning name`, [theirs])).toEqual([]);
    expect(await db.as(me.actor, 'delete from storage.objects where name = $1 returning name', [theirs])).toEqual([]);
    expect(await db.as(anon, 'delete from storage.objects where name = $1 returning name', [mine])).toEqual([]);
    await expectSqlError(
      db.as(me.actor, `update storage.objects set name = $2 where name = $1`, [mine, `${other.id}-stolen.png`]),
      INSUFFICIENT_PRIVILEGE,
      'row-level security',
    );

    expect(await db.as(me.actor, `update storage.objects set metadata = '{"size": 2048}' where name = $1 returning name`, [mine])).toEqual([{ name: mine }]);
    expect(await db.as(me.actor, 'delete from storage.objects where name = $1 returning name', [mine])).toEqual([{ name: mine }]);
    expect((await db.admin.query('select name from storage.objects where name = $1', [theirs])).rows).toEqual([{ name: theirs }]);
  });

  it('keeps other buckets closed to players', async () => {
    await db.admin.query(`insert into storage.buckets (id, name) values ('private-docs', 'private-docs')`);
    await expectSqlError(
      db.as(me.actor, `insert into storage.objects (bucket_id, name) values ('private-docs', $1)`, [`${me.id}-doc.pdf`]),
      INSUFFICIENT_PRIVILEGE,
      'row-level security',
    );
  });
});
