/**
 * The profile-pictures bucket: public URLs, written only by the profile-picture edge function (service
 * role) after it checked the bytes, listed per player, and a quota per player.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  serviceRole,
  type Actor,
  type TestDatabase,
} from './helpers.ts';

const UPLOAD = `insert into storage.objects (bucket_id, name, owner_id, metadata)
               values ('profile-pictures', $1, $2, jsonb_build_object('size', $3::int, 'mimetype', 'image/png')) returning name`;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

it('declares the same bucket limits to the Supabase CLI as the migrations do', async () => {
  const config = parse(await readFile(new URL('../config.toml', import.meta.url), 'utf8')) as {
    storage: { buckets: Record<string, { public: boolean; file_size_limit: string; allowed_mime_types: string[] }> };
  };
  expect({ ...config.storage.buckets['profile-pictures'] }).toEqual({
    public: true,
    file_size_limit: '2MiB',
    allowed_mime_types: IMAGE_TYPES,
  });
});

describe.each(engines)('profile-pictures storage on $name', (engine) => {
  let db: TestDatabase;
  let me: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  const upload = (actor: Actor, name: string, ownerId: string | null, size = 1024) => db.as(actor, UPLOAD, [name, ownerId, size]);

  beforeAll(async () => {
    db = await engine.start();
    me = await createUser(db);
    other = await createUser(db);
  });
  afterAll(() => db?.close());

  it('is a public bucket for PNG, JPEG and WebP images up to 2 MB', async () => {
    const rows = await db.admin.query('select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [
      'profile-pictures',
    ]);
    expect(rows.rows).toEqual([{ public: true, file_size_limit: expect.anything(), allowed_mime_types: IMAGE_TYPES }]);
    expect(Number((rows.rows[0] as { file_size_limit: string | number }).file_size_limit)).toBe(2 * 1024 * 1024);
  });

  it('takes pictures from the edge function (service role) only', async () => {
    expect(await upload(serviceRole, `${me.id}-avatar.png`, null)).toEqual([{ name: `${me.id}-avatar.png` }]);
  });

  // A direct upload would skip the content check: an HTML page named face.png served from our origin.
  it("refuses a player's direct upload, even named with their own id", async () => {
    await expectSqlError(upload(me.actor, `${me.id}-direct.png`, me.id), INSUFFICIENT_PRIVILEGE, 'row-level security');
    await expectSqlError(upload(me.actor, `${other.id}-avatar.png`, me.id), INSUFFICIENT_PRIVILEGE, 'row-level security');
    await expectSqlError(upload(anon, `${me.id}-anon.png`, null), INSUFFICIENT_PRIVILEGE, 'row-level security');
  });

  // Listing other players' objects would hand out every player's user id.
  it('lists a player their own pictures only, and anonymous visitors none', async () => {
    await upload(serviceRole, `${other.id}-face.webp`, null);
    const listed = await db.as<{ name: string }>(
      me.actor,
      `select name from storage.objects where bucket_id = 'profile-pictures' order by name`,
    );
    expect(listed.map((row) => row.name)).toEqual([`${me.id}-avatar.png`]);
    expect(await db.as(anon, `select name from storage.objects where bucket_id = 'profile-pictures'`)).toEqual([]);
  });

  it('lets a player delete their own pictures only, and not rename them', async () => {
    const mine = `${me.id}-delete-me.png`;
    const theirs = `${other.id}-keep.png`;
    await upload(serviceRole, mine, null);
    await upload(serviceRole, theirs, null);
    expect(await db.as(me.actor, 'delete from storage.objects where name = $1 returning name', [theirs])).toEqual([]);
    expect(
      await db.as(me.actor, `update storage.objects set name = $2 where name = $1 returning name`, [mine, `${me.id}-renamed.png`]),
    ).toEqual([]);
    expect(await db.as(me.actor, 'delete from storage.objects where name = $1 returning name', [mine])).toEqual([{ name: mine }]);
    expect((await db.admin.query('select name from storage.objects where name = $1', [theirs])).rows).toEqual([{ name: theirs }]);
  });

  // Without a quota one account could fill the bucket (free hosting at our cost).
  it('holds at most 3 pictures per player', async () => {
    const player = await createUser(db);
    for (const n of [1, 2, 3]) await upload(serviceRole, `${player.id}-${n}.png`, null);
    await expectSqlError(upload(serviceRole, `${player.id}-4.png`, null), 'PT429', 'already have 3 pictures');
    await db.admin.query('delete from storage.objects where name = $1', [`${player.id}-1.png`]);
    expect(await upload(serviceRole, `${player.id}-4.png`, null)).toEqual([{ name: `${player.id}-4.png` }]);
  });

  it('holds at most 6 MB of pictures per player', async () => {
    const player = await createUser(db);
    await upload(serviceRole, `${player.id}-big-1.png`, null, 2 * 1024 * 1024);
    await upload(serviceRole, `${player.id}-big-2.png`, null, 2 * 1024 * 1024);
    await expectSqlError(upload(serviceRole, `${player.id}-big-3.png`, null, 2 * 1024 * 1024 + 1), 'PT429', 'at most 6 MB');
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
