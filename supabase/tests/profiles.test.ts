/** public.profiles: created by trigger, readable by their player only, completed once through update_my_profile(). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  INVALID_INPUT,
  NOT_SIGNED_IN,
  serviceRole,
  WRONG_STATE,
  type TestDatabase,
} from './helpers.ts';

const VALID = ['Ravi Kumar', 'RaviFC', 21, 'ABCD-123-456-789'] as const;
const UPDATE = 'select * from public.update_my_profile($1, $2, $3, $4, $5)';

describe.each(engines)('profiles on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it('are created, incomplete, when Auth creates a user', async () => {
    const user = await createUser(db, 'new.player@golazo.test');
    const rows = await db.as(user.actor, 'select id, email, profile_completed, legal_name from public.profiles');
    expect(rows).toEqual([{ id: user.id, email: 'new.player@golazo.test', profile_completed: false, legal_name: null }]);
  });

  it('follow a change of sign-in email and are erased with the user', async () => {
    const user = await createUser(db);
    await db.admin.query(`update auth.users set email = 'changed@golazo.test' where id = $1`, [user.id]);
    expect(await db.as(serviceRole, 'select email from public.profiles where id = $1', [user.id])).toEqual([
      { email: 'changed@golazo.test' },
    ]);
    await db.admin.query('delete from auth.users where id = $1', [user.id]);
    // The row stays as the pseudonymous subject of what must outlive the account (see account erasure).
    expect(
      await db.as(serviceRole, 'select email, in_game_name, erased_at is not null as erased from public.profiles where id = $1', [user.id]),
    ).toEqual([{ email: null, in_game_name: 'Deleted player', erased: true }]);
  });

  it('are readable by their own player only', async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    expect(await db.as(me.actor, 'select id from public.profiles where id = $1', [other.id])).toEqual([]);
    expect(await db.as(me.actor, 'select id from public.profiles')).toEqual([{ id: me.id }]);
    await expectSqlError(db.as(anon, 'select * from public.profiles'), INSUFFICIENT_PRIVILEGE, 'permission denied');
  });

  it('refuse direct writes by anonymous visitors and players', async () => {
    const me = await createUser(db);
    for (const actor of [anon, me.actor]) {
      await expectSqlError(
        db.as(actor, `update public.profiles set legal_name = 'Someone Else' where id = $1`, [me.id]),
        INSUFFICIENT_PRIVILEGE,
      );
      await expectSqlError(db.as(actor, 'delete from public.profiles where id = $1', [me.id]), INSUFFICIENT_PRIVILEGE);
      await expectSqlError(
        db.as(actor, `insert into public.profiles (id, email) values (gen_random_uuid(), 'x@golazo.test')`),
        INSUFFICIENT_PRIVILEGE,
      );
    }
  });

  describe('get_my_profile()', () => {
    it("returns the caller's row", async () => {
      const me = await createUser(db);
      const [row] = await db.as(me.actor, 'select * from public.get_my_profile()');
      expect(row).toMatchObject({ id: me.id, email: me.email, profile_completed: false });
    });
    it('is refused to anonymous visitors', async () => {
      await expectSqlError(db.as(anon, 'select * from public.get_my_profile()'), INSUFFICIENT_PRIVILEGE, 'permission denied for function');
    });
    it('asks a caller without a user to sign in', async () => {
      await expectSqlError(
        db.as(serviceRole, 'select * from public.get_my_profile()'),
        NOT_SIGNED_IN,
        'Not logged in. Please sign in first.',
      );
    });
  });

  describe('update_my_profile()', () => {
    it('completes the profile with cleaned values', async () => {
      const me = await createUser(db);
      const [row] = await db.as(me.actor, UPDATE, ['  Ravi Kumar ', ' RaviFC', 21, ' abcd-123-456-789 ', null]);
      expect(row).toMatchObject({
        id: me.id,
        legal_name: 'Ravi Kumar',
        in_game_name: 'RaviFC',
        age: 21,
        game_user_id: 'abcd-123-456-789',
        profile_image_url: null,
        profile_completed: true,
      });
      expect(await db.as(me.actor, 'select profile_completed from public.profiles')).toEqual([{ profile_completed: true }]);
    });

    it.each([
      [['', '', null, ''], 'Please fill in all required fields'],
      [['R', 'RaviFC', 21, 'ABCD123456789'], 'Legal Name is required'],
      [['   ', 'RaviFC', 21, 'ABCD123456789'], 'Legal Name is required'],
      [['Ravi Kumar', 'R', 21, 'ABCD123456789'], 'In-Game Name is required'],
      [['Ravi Kumar', 'RaviFC', null, 'ABCD123456789'], 'Please fill in all required fields'],
      [['Ravi Kumar', 'RaviFC', 12, 'ABCD123456789'], 'Must be at least 13 years old'],
      [['Ravi Kumar', 'RaviFC', 101, 'ABCD123456789'], 'Must be under 100 years old'],
      [['Ravi Kumar', 'RaviFC', 21, ''], 'eFootball User ID is required'],
      [['Ravi Kumar', 'RaviFC', 21, 'ABC12'], 'eFootball User ID must be 6 to 20 letters, digits or dashes'],
      [['Ravi Kumar', 'RaviFC', 21, 'A'.repeat(21)], 'eFootball User ID must be 6 to 20 letters, digits or dashes'],
      [['Ravi Kumar', 'RaviFC', 21, 'ABCD 12345678'], 'eFootball User ID must be 6 to 20 letters, digits or dashes'],
      [['Ravi Kumar', 'RaviFC', 21, 'ABCD12345678!'], 'eFootball User ID must be 6 to 20 letters, digits or dashes'],
    ])('refuses %j with "%s"', async (args, message) => {
      const me = await createUser(db);
      await expectSqlError(db.as(me.actor, UPDATE, [...args, null]), INVALID_INPUT, message);
      expect(await db.as(me.actor, 'select profile_completed, legal_name from public.profiles')).toEqual([
        { profile_completed: false, legal_name: null },
      ]);
    });

    it('accepts the age limits 13 and 100', async () => {
      for (const age of [13, 100]) {
        const me = await createUser(db);
        const [row] = await db.as(me.actor, UPDATE, [VALID[0], VALID[1], age, VALID[3], null]);
        expect(row).toMatchObject({ age, profile_completed: true });
      }
    });

    it("takes a picture only from the player's own profile-pictures upload", async () => {
      const me = await createUser(db);
      const other = await createUser(db);
      const base = 'http://127.0.0.1:54321/storage/v1/object/public/profile-pictures';
      await expectSqlError(
        db.as(me.actor, UPDATE, [...VALID, `${base}/${other.id}-face.png`]),
        INVALID_INPUT,
        'Profile picture must be your own upload',
      );
      await expectSqlError(
        db.as(me.actor, UPDATE, [...VALID, 'https://tracker.example/pixel.gif']),
        INVALID_INPUT,
        'Profile picture must be your own upload',
      );
      const [row] = await db.as(me.actor, UPDATE, [...VALID, `${base}/${me.id}-face.png`]);
      expect(row).toMatchObject({ profile_image_url: `${base}/${me.id}-face.png` });
    });

    it('is refused once the profile is completed', async () => {
      const me = await createUser(db);
      await db.as(me.actor, UPDATE, [...VALID, null]);
      await expectSqlError(
        db.as(me.actor, UPDATE, ['Another Name', 'Other', 30, 'ZZZZ999999999', null]),
        WRONG_STATE,
        'Profile is completed and locked',
      );
      expect(await db.as(me.actor, 'select legal_name, age from public.profiles')).toEqual([{ legal_name: 'Ravi Kumar', age: 21 }]);
    });

    it('is refused to anonymous visitors', async () => {
      await expectSqlError(db.as(anon, UPDATE, [...VALID, null]), INSUFFICIENT_PRIVILEGE, 'permission denied for function');
    });
  });

  describe('the lock on a completed profile', () => {
    it('holds against any player request, even through a definer function', async () => {
      const me = await createUser(db);
      await db.as(me.actor, UPDATE, [...VALID, null]);
      // A player request that somehow reached an UPDATE (simulated as the table owner with the player's claims).
      await expectSqlError(
        db.admin.transaction(async (tx) => {
          await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: me.id, role: 'authenticated' })]);
          await tx.query(`update public.profiles set age = 40 where id = $1`, [me.id]);
        }),
        INSUFFICIENT_PRIVILEGE,
        'Profile is completed and locked',
      );
    });

    it('lets the service role correct a completed profile', async () => {
      const me = await createUser(db);
      await db.as(me.actor, UPDATE, [...VALID, null]);
      const rows = await db.as(serviceRole, `update public.profiles set legal_name = 'Ravi K. Sharma' where id = $1 returning legal_name`, [
        me.id,
      ]);
      expect(rows).toEqual([{ legal_name: 'Ravi K. Sharma' }]);
    });
  });

  it('enforce the profile rules as constraints too', async () => {
    const me = await createUser(db);
    await expectSqlError(db.admin.query('update public.profiles set age = 12 where id = $1', [me.id]), '23514', 'profiles_age_range');
    await expectSqlError(
      db.admin.query(`update public.profiles set legal_name = ' A ' where id = $1`, [me.id]),
      '23514',
      'profiles_legal_name_length',
    );
    await expectSqlError(
      db.admin.query(`update public.profiles set game_user_id = 'abcd 123456789' where id = $1`, [me.id]),
      '23514',
      'profiles_game_user_id_format',
    );
    await expectSqlError(
      db.admin.query('update public.profiles set profile_completed = true where id = $1', [me.id]),
      '23514',
      'profiles_completed_means_filled_in',
    );
  });
});
