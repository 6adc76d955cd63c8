/**
 * The reasons' dictionaries against the database's one list of codes: the CHECK constraints of
 * entries.withdraw_reason_code and payments.failure_reason_code, read from the schema files, so the list is
 * never copied by hand into TypeScript. A code the database may write with no words in either language fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASON_WORDS_EN, reasonEn, reasonWords, type ReasonWords } from './reason-words';
import { REASON_WORDS_HI } from './reason-words-hi';

const SCHEMAS = path.resolve(import.meta.dirname, '../../../supabase/schemas');

/** The codes a named CHECK constraint allows (`col = ANY (ARRAY['a'::text, …])`). */
function codesOf(file: string, constraint: string): string[] {
  const sql = readFileSync(path.join(SCHEMAS, file), 'utf8');
  const line = sql.split('\n').find((l) => l.includes(`constraint ${constraint} CHECK`));
  if (!line) throw new Error(`${constraint} not found in ${file}`);
  return [...line.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]!);
}

const LISTS: Record<keyof ReasonWords, string[]> = {
  withdraw: codesOf('brackets.sql', 'entries_withdraw_reason_code_known'),
  payment: codesOf('payments.sql', 'payments_failure_reason_code_known'),
};

describe('the database reasons in both languages', () => {
  it('reads a real list from the schema (a renamed constraint fails here, not silently)', () => {
    expect(LISTS.withdraw).toContain('missed_check_in');
    expect(LISTS.withdraw.length).toBeGreaterThanOrEqual(10);
    expect(LISTS.payment).toContain('tournament_full');
    expect(LISTS.payment.length).toBeGreaterThanOrEqual(20);
  });

  for (const kind of ['withdraw', 'payment'] as const) {
    it(`has words for exactly the ${kind} codes the database may write, in English and in Hindi`, () => {
      expect(Object.keys(REASON_WORDS_EN[kind]).sort()).toEqual([...LISTS[kind]].sort());
      expect(Object.keys(REASON_WORDS_HI[kind]).sort()).toEqual([...LISTS[kind]].sort());
    });

    it(`words every ${kind} code in Hindi in Devanagari, without English left in`, () => {
      for (const code of LISTS[kind]) {
        const hindi = reasonWords(REASON_WORDS_HI, kind, code);
        expect(hindi, code).toMatch(/[\u0900-\u097F]/);
        expect(hindi, code).not.toMatch(/[A-Za-z]{3,}/);
        expect(hindi, code).not.toBe(reasonWords(REASON_WORDS_EN, kind, code));
      }
    });
  }

  it('every refusal the payment functions write has a code in the list', () => {
    const sql = readFileSync(path.join(SCHEMAS, 'payments.sql'), 'utf8');
    const body = sql.slice(sql.indexOf('FUNCTION private.refusal_reason(p_code text)'));
    const refusals = [...body.slice(0, body.indexOf('$function$;')).matchAll(/when '([a-z_]+)' then/g)].map((m) => m[1]);
    expect(refusals.length).toBeGreaterThanOrEqual(15);
    for (const code of refusals) expect(LISTS.payment).toContain(code);
  });

  it('answers null for a code it does not know (hostile or newer) and never throws', () => {
    for (const code of ['__proto__', 'constructor', 'toString', '', null, undefined, 'tournament_full; drop table'])
      expect(reasonWords(REASON_WORDS_HI, 'payment', code)).toBeNull();
  });

  it("keeps the database's own English sentence on English pages, the code's words only without one", () => {
    expect(reasonEn('payment', 'partly_refunded', '₹50.00 of this payment was refunded; your entry stands.')).toBe(
      '₹50.00 of this payment was refunded; your entry stands.',
    );
    expect(reasonEn('withdraw', 'missed_check_in', null)).toBe('Not checked in before check-in closed.');
    expect(reasonEn('withdraw', 'no_such_code', '  ')).toBeNull();
  });
});
