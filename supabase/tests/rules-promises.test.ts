/**
 * The windows, deadlines and rates the pages promise (rules module, "Promises") against what the database
 * does: a page that says "check in within 10 minutes" or "30% tax" renders these constants, so they must be
 * the database's own numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHALLENGE_WINDOW_HOURS,
  CHECK_IN_CLOSES_BEFORE_MINUTES,
  CHECK_IN_OPENS_BEFORE_MINUTES,
  DISPUTE_STAFF_DEADLINE_MINUTES,
  OPPONENT_CONFIRM_MINUTES,
  POD_CHECK_IN_MINUTES,
  POD_FILL_DEADLINE_HOURS,
  POD_START_DELAY_MINUTES,
  TAX_RATE_PERCENT,
  taxOnPaise,
} from '../functions/_shared/rules.ts';
import { findBrokenPromises } from '../../src/features/tournaments/promises.ts';
import { DEFAULT_MATCH_SETTINGS, matchSettingsToSql } from '../../src/lib/match-settings.ts';
import { engines, type TestDatabase } from './helpers.ts';

const KINDS = ['championship', 'quick'] as const;

describe.each(engines)('the promises of the rules module against the database on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
    for (const kind of KINDS) {
      await db.admin.query(
        `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live, starts_at)
         values ($1, 'Promise Cup', $2, 'Knockout', 10000, 0, 8, true, '2031-01-01T12:00:00Z')`,
        [`promise-${kind}`, kind],
      );
    }
  });
  afterAll(() => db?.close());

  /** Minutes of an interval the database computes for each kind of tournament. */
  async function minutesBy(expression: string): Promise<Record<(typeof KINDS)[number], number>> {
    const { rows } = await db.admin.query<{ series: (typeof KINDS)[number]; minutes: string }>(
      `select t.series, extract(epoch from (${expression})) / 60 as minutes from public.tournaments t where t.id like 'promise-%'`,
    );
    return Object.fromEntries(rows.map((row) => [row.series, Number(row.minutes)])) as Record<(typeof KINDS)[number], number>;
  }

  it('opens and closes check-in when the pages say', async () => {
    expect(await minutesBy('t.starts_at - private.tournament_check_in_opens_at(t)')).toEqual(CHECK_IN_OPENS_BEFORE_MINUTES);
    expect(await minutesBy('t.starts_at - private.tournament_check_in_closes_at(t)')).toEqual(CHECK_IN_CLOSES_BEFORE_MINUTES);
  });

  it('gives staff the dispute deadline the pages say, and the opponent the time to confirm a report', async () => {
    expect(await minutesBy('private.dispute_window(t.id)')).toEqual(DISPUTE_STAFF_DEADLINE_MINUTES);
    const { rows } = await db.admin.query<{ src: string }>(`select prosrc as src from pg_proc where proname = 'due_match_decision'`);
    // The one reading of a match's deadlines, for the periodic step and every function that acts on a match.
    expect(rows[0]?.src).toContain(`reported_at + interval '${OPPONENT_CONFIRM_MINUTES} minutes' <= p_now`);
  });

  it('credits prizes after the challenge window the pages say', async () => {
    const hours = await minutesBy('private.challenge_window(t)');
    expect({ championship: hours.championship / 60, quick: hours.quick / 60 }).toEqual(CHALLENGE_WINDOW_HOURS);
  });

  it('runs pods on the times the pages say', async () => {
    const { rows } = await db.admin.query<{ column_name: string; column_default: string }>(
      `select column_name, column_default from information_schema.columns
        where table_schema = 'public' and table_name = 'series' and column_name in ('pod_check_in', 'pod_start_delay', 'fill_deadline')
        order by column_name`,
    );
    const pad = (n: number) => String(n).padStart(2, '0');
    const asInterval = (minutes: number) => `'${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00'::interval`;
    expect(Object.fromEntries(rows.map((row) => [row.column_name, row.column_default]))).toEqual({
      fill_deadline: asInterval(POD_FILL_DEADLINE_HOURS * 60),
      pod_check_in: asInterval(POD_CHECK_IN_MINUTES),
      pod_start_delay: asInterval(POD_START_DELAY_MINUTES),
    });
  });

  it('plays with the default match settings, cut-off minute and host minutes the pages say', async () => {
    const { rows } = await db.admin.query<{ s: unknown }>('select private.default_match_settings() as s');
    expect(rows[0]?.s).toEqual(matchSettingsToSql(DEFAULT_MATCH_SETTINGS));
  });

  it('withholds the tax the pay panel computes', async () => {
    const { rows } = await db.admin.query<{ rate: string }>('select private.tax_rate() as rate');
    expect(Number(rows[0]?.rate) * 100).toBe(TAX_RATE_PERCENT);
    for (const paise of [0, 1, 3, 160_000, 2_000_000, 123_457, -500]) {
      const { rows: taxed } = await db.admin.query<{ tax: string }>('select private.tax_on($1) as tax', [paise]);
      expect(taxOnPaise(paise), String(paise)).toBe(Number(taxed[0]?.tax));
    }
  });

  it('writes no window or amount into a notification or an e-mail that differs from the rules', async () => {
    const { rows } = await db.admin.query<{ name: string; src: string }>(
      `select p.proname as name, p.prosrc as src from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)`,
    );
    // The sentences players read: the quoted texts of every function (titles, bodies, e-mails, refusals).
    const broken = rows.flatMap(({ name, src }) =>
      [...src.matchAll(/'((?:[^']|'')*[A-Za-z]{3,}(?:[^']|'')*)'/g)]
        .map((match) => (match[1] ?? '').replaceAll("''", "'"))
        .filter((text) => /\s/.test(text))
        .flatMap((text) => findBrokenPromises(text).map((found) => `${name}: ${found.why} (${found.sentence})`)),
    );
    expect(broken).toEqual([]);
  });
});
