/**
 * Visible names: the profile form (name-rule.ts) and the database (private.is_visible_name, the profiles
 * constraints) refuse the same blank-looking names. If they disagreed, a player could slip an invisible
 * name past the form straight to the API, or be refused by the database with a name the form accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHiddenControls, isVisibleName } from '../../src/features/profile/name-rule.ts';
import { createUser, engines, expectSqlError, INVALID_INPUT, type TestDatabase } from './helpers.ts';

const NAMES: [string, string][] = [
  ['Ravi Kumar', 'a plain name'],
  ['रवि कुमार', 'Devanagari'],
  ['R\u200Bavi', 'letters with a zero-width space inside'],
  ['  ', 'spaces'],
  ['\u00A0\u00A0', 'no-break spaces'],
  ['\u200B\u200B', 'zero-width spaces'],
  ['\u200C\u200D', 'zero-width non-joiner and joiner'],
  ['\u200E\u200F', 'left-to-right and right-to-left marks'],
  ['\u202A\u202B\u202C\u202D\u202E', 'direction embeddings and overrides'],
  ['\u2066\u2067\u2068\u2069', 'direction isolates'],
  ['\u2060\u2060', 'word joiners'],
  ['\uFEFF\uFEFF', 'byte-order marks'],
  ['\u3164\u3164', 'Hangul fillers'],
  ['\u115F\u1160', 'Hangul choseong and jungseong fillers'],
  ['\u00AD\u034F', 'soft hyphen and combining grapheme joiner'],
  ['\u1680\u3000', 'Ogham and ideographic spaces'],
  [' \u200B \u202E ', 'a mix of spaces and invisible characters'],
  ['Ravi\u202EnamuK', 'a right-to-left override inside a name'],
  ['\u202ARavi\u202C', 'a left-to-right embedding around a name'],
  ['Ravi\u2066FC\u2069', 'a direction isolate inside a name'],
  ['Ravi\u200FKumar', 'a right-to-left mark inside a name'],
  ['Ravi\tKumar', 'a tab'],
  ['Ravi\nKumar', 'a new line'],
  ['Ravi\u0085Kumar', 'a C1 next-line control'],
  ['Ra\u00ADvi', 'a soft hyphen'],
  ['Ravi\u2060Kumar', 'a word joiner'],
  ['Ravi\uFEFFKumar', 'a byte-order mark inside a name'],
  ['क्\u200Dष', 'Devanagari with a zero-width joiner'],
  ['क्\u200Cष', 'Devanagari with a zero-width non-joiner'],
  ['\u{1F468}\u200D\u{1F467}', 'an emoji sequence joined with a zero-width joiner'],
  ['Ravi Kumar-2', 'a name with a dash and a digit'],
];

describe.each(engines)('visible names on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it.each(NAMES)('the form and the database agree on %j (%s)', async (name) => {
    const { rows } = await db.admin.query<{ visible: boolean }>('select private.is_visible_name($1) as visible', [name]);
    expect(rows[0]?.visible).toBe(isVisibleName(name));
  });

  it.each(NAMES)('the form and the database agree on hidden controls in %j (%s)', async (name) => {
    const { rows } = await db.admin.query<{ hidden: boolean }>('select private.has_hidden_controls($1) as hidden', [name]);
    expect(rows[0]?.hidden).toBe(hasHiddenControls(name));
  });

  it('update_my_profile() refuses direction overrides and other hidden controls inside a name, with a clear PT400', async () => {
    const me = await createUser(db);
    const update = 'select * from public.update_my_profile($1, $2, $3, $4, null)';
    const legal = await db.as(me.actor, update, ['Ravi \u202EramuK', 'RaviFC', 21, 'ABCD123456789']).catch((e: unknown) => e);
    expect(legal).toMatchObject({ code: INVALID_INPUT, hint: 'legal_name_control_characters' });
    expect(String((legal as Error).message)).toMatch(/Legal Name must not contain hidden control characters/);
    for (const name of ['Ravi\u2066FC\u2069', 'Ravi\u202DFC', 'Ravi\nFC']) {
      const error = await db.as(me.actor, update, ['Ravi Kumar', name, 21, 'ABCD123456789']).catch((e: unknown) => e);
      expect(error, JSON.stringify(name)).toMatchObject({ code: INVALID_INPUT, hint: 'in_game_name_control_characters' });
    }
    await expectSqlError(
      db.admin.query(`update public.profiles set in_game_name = $2 where id = $1`, [me.id, 'Ravi\u202EFC']),
      '23514',
      'profiles_in_game_name_without_hidden_controls',
    );
    // Joiners that Indic scripts need stay allowed.
    const [saved] = await db.as<{ in_game_name: string }>(me.actor, update, ['Ravi Kumar', 'क्\u200Dष FC', 21, 'ABCD123456789']);
    expect(saved?.in_game_name).toBe('क्\u200Dष FC');
  });

  it('update_my_profile() refuses invisible names with a clear PT400', async () => {
    const me = await createUser(db);
    const update = 'select * from public.update_my_profile($1, $2, $3, $4, null)';
    await expectSqlError(
      db.as(me.actor, update, ['\u200B\u200B\u200B', 'RaviFC', 21, 'ABCD123456789']),
      INVALID_INPUT,
      'Legal Name must contain visible letters',
    );
    await expectSqlError(
      db.as(me.actor, update, ['Ravi Kumar', '\u202E\u2066\u2069', 21, 'ABCD123456789']),
      INVALID_INPUT,
      'In-Game Name must contain visible letters',
    );
    const error = await db.as(me.actor, update, ['Ravi Kumar', '\uFEFF\u3164', 21, 'ABCD123456789']).catch((e: { hint?: string }) => e);
    expect(error).toMatchObject({ hint: 'in_game_name_invisible' });
  });

  it('the table refuses invisible names whoever writes them', async () => {
    const me = await createUser(db);
    await expectSqlError(
      db.admin.query(`update public.profiles set in_game_name = $2 where id = $1`, [me.id, '\u200B\u200D']),
      '23514',
      'profiles_in_game_name_visible',
    );
    await expectSqlError(
      db.admin.query(`update public.profiles set legal_name = $2 where id = $1`, [me.id, '\u2066\u2069\u200E']),
      '23514',
      'profiles_legal_name_visible',
    );
  });
});
