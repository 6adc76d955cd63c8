/**
 * One writer of a match's status: private.set_match_status is the only function that changes
 * public.matches.status (as a bracket library has one updater). Read twice: from the area files (no other
 * function's body updates the column), and in the database (the trigger refuses any other writer, and checks
 * the move the writer makes against the match machine for the function that called it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAreaFiles } from '../../scripts/schema/schema-files.ts';
import { splitStatements } from '../../scripts/schema/sql-statements.ts';
import { engines, expectSqlError, setDatabaseClock, startWithMovableClock, type TestDatabase } from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';

const WRITER = 'private.set_match_status';
/** SQLSTATE 09000, triggered action exception: a programming error, answered 500 by PostgREST. */
const REFUSED = '09000';

/**
 * The functions (and other statements) of the given area files whose code updates public.matches and sets
 * its status: `update public.matches [alias] set ... status = ...` or `set (..., status, ...) = ...`.
 */
function matchStatusWriters(files = readAreaFiles()): string[] {
  const writers = new Set<string>();
  for (const { area, sql } of files) {
    for (const statement of splitStatements(sql)) {
      const code = statement.replace(/--[^\n]*/g, '');
      const name = code.match(/CREATE OR REPLACE FUNCTION ([a-z_]+\.[a-z_0-9]+)\(/i)?.[1]?.toLowerCase() ?? `a statement of ${area}.sql`;
      for (const [, set] of code.matchAll(
        /\bupdate\s+(?:only\s+)?public\.matches\b(?:\s+(?:as\s+)?\w+)?\s+set\b([\s\S]*?)(?:\bwhere\b|\bfrom\b|\breturning\b|;|$)/gi,
      )) {
        if (/(^|[\s,(.])status\s*(=|,|\))/i.test(set ?? '')) writers.add(name);
      }
    }
  }
  return [...writers].sort();
}

describe('the area files', () => {
  it('change a match status in one function only', () => {
    expect(matchStatusWriters(), `call ${WRITER} to change a match's status`).toEqual([WRITER]);
  });

  it('find every way of writing it, and no mere mention', () => {
    const file = (sql: string) => [{ area: 'x', file: 'x.sql', sql }];
    const fn = (name: string, body: string) =>
      `CREATE OR REPLACE FUNCTION private.${name}()\n RETURNS void\nAS $function$\nbegin\n${body}\nend;\n$function$;`;
    expect(matchStatusWriters(file(fn('a', "update public.matches m set score_a = 1, status = 'void' where true;")))).toEqual([
      'private.a',
    ]);
    expect(matchStatusWriters(file(fn('b', "UPDATE public.matches SET (status, score_a) = ('void', 1);")))).toEqual(['private.b']);
    expect(matchStatusWriters(file(fn('c', "update public.matches set\n  status='void'")))).toEqual(['private.c']);
    expect(
      matchStatusWriters(
        file(
          fn(
            'd',
            "-- update public.matches set status = 'void'\nupdate public.matches set entry_a = null where status = 'pending';\nselect status from public.matches;",
          ),
        ),
      ),
    ).toEqual([]);
  });
});

for (const engine of engines) {
  describe(`the one writer of a match's status on ${engine.name}`, () => {
    const START = new Date('2027-08-03T14:00:00Z');
    let db: TestDatabase;
    let match: { id: string; status: string; entry_a: string; entry_b: string };

    beforeAll(async () => {
      db = await startWithMovableClock(engine);
      ({ match } = await drawnSemiFinal<typeof match>(db, { start: START, title: 'Writer Cup' }));
      await db.admin.exec(`
        create function private.test_rogue_void(p_id uuid) returns void language plpgsql set search_path = '' as $$
        begin update public.matches set status = 'void', confirmed_at = now() where id = p_id; end $$;
        create function private.test_rogue_writer_call(p_id uuid) returns void language plpgsql set search_path = '' as $$
        begin perform private.set_match_status(array[p_id], 'confirmed', jsonb_build_object('confirmed_at', now())); end $$;`);
    });
    afterAll(async () => {
      await setDatabaseClock(db, null).catch(() => undefined);
      await db?.close();
    });

    const statusOf = async (id: string) =>
      (await db.admin.query<{ status: string }>('select status from public.matches where id = $1', [id])).rows[0]?.status;

    it('refuses a function that writes the status itself', async () => {
      expect(match.status).toBe('scheduled');
      await expectSqlError(
        db.admin.query('select private.test_rogue_void($1)', [match.id]),
        REFUSED,
        'public.matches: only private.set_match_status changes the status of the match machine, not private.test_rogue_void',
      );
      // A statement outside any function, by the superuser that did not declare a fixture.
      const byHand = (fixture: boolean) =>
        db.admin.transaction(async (tx) => {
          await tx.query(`select set_config('golazo.acting', $1, true)`, [fixture ? 'fixture' : '']);
          await tx.query(`update public.matches set status = 'ready' where id = $1`, [match.id]);
          throw new Error('undo the fixture');
        });
      await expectSqlError(
        byHand(false),
        REFUSED,
        'only private.set_match_status changes the status of the match machine, not a statement outside any function',
      );
      // A test's fixture still may (and is undone here).
      await expect(byHand(true)).rejects.toThrow('undo the fixture');
      expect(await statusOf(match.id)).toBe('scheduled');
    });

    it('checks the move it makes for the function that called it', async () => {
      await expectSqlError(
        db.admin.query('select private.test_rogue_writer_call($1)', [match.id]),
        REFUSED,
        'match scheduled -> confirmed may only be made by private.confirm_result, not by private.test_rogue_writer_call',
      );
      expect(await statusOf(match.id)).toBe('scheduled');
      // The function the move names goes through the writer: the match is confirmed with its winner and score.
      const { rows } = await db.admin.query<{ status: string; winner_entry_id: string; score_a: number; score_b: number }>(
        `select m.status, m.winner_entry_id, m.score_a, m.score_b
           from public.matches c, private.confirm_result(c, c.entry_a, 2, 1, 'staff_set_result', 'Checked', null, true) m
          where c.id = $1`,
        [match.id],
      );
      expect(rows).toEqual([{ status: 'confirmed', winner_entry_id: match.entry_a, score_a: 2, score_b: 1 }]);
    });

    it('refuses a column that is not the match table’s', async () => {
      await expectSqlError(
        db.admin.query(`select * from private.set_match_status(array[$1::uuid], 'confirmed', '{"no_such_column": 1}')`, [match.id]),
        '42703',
      );
    });
  });
}
