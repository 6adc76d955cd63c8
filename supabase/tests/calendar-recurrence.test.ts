/**
 * The calendar that runs itself, against the real schema: the database's expansion of the recurring series
 * (private.planned_editions) answers exactly what src/features/tournaments/recurrence.ts answers, month after
 * month; the periodic top-up keeps a paid championship and a free tournament open at any clock; a clock that
 * jumps ahead creates no edition nobody can enter; overrides move and cancel single editions; each edition's
 * draw secret is committed once and survives every sync. If these failed, the calendar would run dry (no
 * tournament to enter), or the site and the database would show different editions, or a draw secret could
 * change after its commitment was published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCalendarNow, readCatalog, syncCatalog, type Calendar, type Queryable } from '../../scripts/sync-catalog.ts';
import { expandEditions, type EditionOverride, type PlannedEdition } from '../../src/features/tournaments/recurrence.ts';
import type { Tournament } from '../../src/features/tournaments/tournaments.ts';
import { anon, engines, setDatabaseClock, startWithMovableClock, type TestDatabase } from './helpers.ts';

const TODAY = '2026-11-25T06:00:00Z';
const DAY = 86_400_000;

type SqlPlanned = Omit<PlannedEdition, 'starts_at' | 'creates_at'> & { starts_at: Date | string; creates_at: Date | string };

/** TypeScript's and SQL's rows in one comparable form. */
const comparable = (rows: Array<PlannedEdition | SqlPlanned>) =>
  rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at).toISOString(), creates_at: new Date(r.creates_at).toISOString() }));

describe.each(engines)('recurring editions on $name', (engine) => {
  let db: TestDatabase;
  let catalog: Tournament[];
  let calendar: Calendar;
  let queryable: Queryable;
  // Every step, the editions' own too (a run leaves it for a quarter of an hour after its last): these tests move the
  // clock by less than that between runs.
  const runDueWork = () => db.admin.query('select private.run_due_steps(true) as answer');
  const sqlPlanned = async (now: Date, extra = 0) =>
    (await db.admin.query<SqlPlanned>('select * from private.planned_editions($1, $2)', [now.toISOString(), extra])).rows;
  const statusOf = async (id: string) =>
    (await db.as<{ state: { status: string } }>(anon, 'select public.get_tournament_state($1) as state', [id]))[0]?.state.status ?? '';
  const openTournaments = async () =>
    (
      await db.admin.query<{ id: string; entry_fee_paise: number; series: string }>(
        `select id, entry_fee_paise, series from public.tournaments t
          where pod_number is null and private.tournament_status(t, private.clock_now()) in ('open', 'full') order by starts_at`,
      )
    ).rows;

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    catalog = await readCatalog();
    calendar = readCalendarNow();
    queryable = { query: (sql, params) => db.admin.query(sql, params) };
    await setDatabaseClock(db, TODAY);
    await syncCatalog(queryable, catalog, calendar);
  });
  afterAll(() => db?.close());

  it('answers in SQL exactly what the TypeScript expansion answers, over many months, month and year ends and IST midnight', async () => {
    const overrides: EditionOverride[] = [
      {
        id: 'championship-2027-06',
        note: 'Moved for the cup final',
        startsAt: '2027-06-12T19:30:00+05:30',
        title: 'Midsummer Championship 2027',
      },
      { id: 'community-cup-2027-08', note: 'Independence Day', maxPlayers: 128 },
      { id: 'championship-2028-01', note: 'New Year', cancelled: { reason: 'No championship on New Year weekend.' } },
    ];
    const withOverrides = { series: calendar.series, overrides };
    await syncCatalog(queryable, catalog, withOverrides);
    const instants: Date[] = [];
    for (let day = 0; day < 800; day += 3) instants.push(new Date(Date.parse(TODAY) + day * DAY + (day % 24) * 3_600_000));
    // IST midnight at month and year ends (18:30 UTC the day before), a minute either side, and the last
    // moment before a registration closes.
    for (const iso of [
      '2026-12-31T18:29:59Z',
      '2026-12-31T18:30:00Z',
      '2027-01-31T18:30:00Z',
      '2027-02-28T18:29:00Z',
      '2027-12-31T18:30:00Z',
      '2028-02-29T18:30:00Z',
      '2027-02-05T12:29:59Z',
      '2027-02-05T12:30:00Z',
    ]) {
      instants.push(new Date(iso));
    }
    for (const now of instants) {
      for (const extra of [0, 3]) {
        const expected = comparable(expandEditions(withOverrides.series, withOverrides.overrides, now, { extraMonths: extra }));
        expect(comparable(await sqlPlanned(now, extra)), `${now.toISOString()} +${extra}`).toEqual(expected);
      }
    }
    await syncCatalog(queryable, catalog, calendar);
  });

  it('creates with the sync today the editions the rules hold, open at once, each with its committed draw secret', async () => {
    const planned = expandEditions(calendar.series, calendar.overrides, new Date(TODAY)).map((e) => e.id);
    expect(planned).toEqual(['championship-2027-02', 'community-cup-2027-02', 'championship-2027-03', 'community-cup-2027-03']);
    for (const id of planned) expect(await statusOf(id)).toBe('open');
    const { rows } = await db.admin.query<{ id: string; draw_commitment: string; secret: string; edition_of: string }>(
      `select t.id, t.draw_commitment, s.secret, t.edition_of from public.tournaments t
         join private.draw_secrets s on s.tournament_id = t.id where t.id = any ($1) order by t.id`,
      [planned],
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.draw_commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(row.edition_of).toBe(row.id.replace(/-\d{4}-\d{2}$/, ''));
    }
    // Another sync and another pass of due work keep every secret and commitment, and add nothing.
    expect((await syncCatalog(queryable, catalog, calendar)).editions).toEqual({ added: 0, updated: 0, cancelled: 0 });
    await runDueWork();
    const again = await db.admin.query(
      `select t.id, t.draw_commitment, s.secret, t.edition_of from public.tournaments t
         join private.draw_secrets s on s.tournament_id = t.id where t.id = any ($1) order by t.id`,
      [planned],
    );
    expect(again.rows).toEqual(rows);
    // Each edition plays its series' format: the monthly championship in groups of four then a knockout (the
    // group winners and the 53 best runners-up: 128 from 300), the community cup as one knockout.
    const formats = await db.admin.query<{ id: string; format: string }>(
      `select t.id, private.tournament_format(t) as format from public.tournaments t where t.id = any ($1) order by t.id`,
      [planned],
    );
    expect(formats.rows.map((r) => [r.id, r.format])).toEqual([
      ['championship-2027-02', 'groups_knockout'],
      ['championship-2027-03', 'groups_knockout'],
      ['community-cup-2027-02', 'knockout'],
      ['community-cup-2027-03', 'knockout'],
    ]);
    // Today's hand-made editions keep their ids and secrets too.
    expect(await statusOf('champions-dec-2026')).toBe('open');
    expect(await statusOf('free-cup-jan-2027')).toBe('open');
  });

  it('keeps a paid championship and a free tournament open or full at any clock for two years, and never retires an edition', async () => {
    const start = Date.parse(TODAY);
    for (let step = 0; step * 5 * DAY + step * 3_600_000 < 730 * DAY; step++) {
      const now = new Date(start + step * 5 * DAY + step * 3_600_000);
      await setDatabaseClock(db, now.toISOString());
      await runDueWork();
      const open = await openTournaments();
      expect(
        open.some((t) => t.entry_fee_paise > 0 && t.series === 'championship'),
        `a paid championship at ${now.toISOString()}`,
      ).toBe(true);
      expect(
        open.some((t) => t.entry_fee_paise === 0),
        `a free tournament at ${now.toISOString()}`,
      ).toBe(true);
      if (step % 25 === 0) {
        // The catalog sync at any time leaves the editions a rule made alone.
        await syncCatalog(queryable, catalog, calendar);
        const { rows } = await db.admin.query<{ n: number }>(
          'select count(*)::int as n from public.tournaments where edition_of is not null and not is_live',
        );
        expect(rows[0]?.n).toBe(0);
      }
    }
    const { rows } = await db.admin.query<{ n: number }>(`select count(*)::int as n from public.tournaments where edition_of is not null`);
    // Two series, about 26 months each: every month made once.
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2 * 25);
    // Most of them by the periodic step, each with its series' format.
    const formats = await db.admin.query<{ edition_of: string; format: string; n: number }>(
      `select edition_of, private.tournament_format(t) as format, count(*)::int as n from public.tournaments t
        where edition_of is not null group by 1, 2 order by 1, 2`,
    );
    expect(formats.rows.map((r) => [r.edition_of, r.format])).toEqual([
      ['championship', 'groups_knockout'],
      ['community-cup', 'knockout'],
    ]);
  }, 180_000); // two years of clock steps: minutes on PGlite while the browser lane runs beside it

  it('holds one paid monthly championship per month, hand-made or made by the series, over the two years', async () => {
    // What the site lists: the catalog's hand-made editions and every edition a series made (those that passed
    // with nobody in them were cancelled on the way, and were listed all the same until then).
    const { rows } = await db.admin.query<{ month: string; ids: string[] }>(
      `select to_char(starts_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month, array_agg(id order by id) as ids
         from public.tournaments
        where series = 'championship' and format = 'Monthly Championship' and entry_fee_paise > 0 and pod_number is null
          and (edition_of is not null or id = any ($1))
        group by 1 order by 1`,
      [catalog.map((t) => t.id)],
    );
    expect(rows.filter((r) => r.ids.length > 1)).toEqual([]);
    const months = rows.map((r) => r.month);
    expect(months.slice(0, 4)).toEqual(['2026-12', '2027-01', '2027-02', '2027-03']);
    expect(months.length).toBeGreaterThanOrEqual(25);
  });

  it('refuses a series whose prize bands do not pay exactly its pool, before any edition inherits them', async () => {
    const championship = calendar.series.find((s) => s.id === 'championship');
    if (!championship) throw new Error('the catalog declares the championship series');
    const uneven = { ...championship, prizeBands: [{ places: '1', rupees: 30000 }] };
    await expect(
      syncCatalog(queryable, catalog, { series: [uneven, ...calendar.series.filter((s) => s !== championship)], overrides: [] }),
    ).rejects.toMatchObject({
      code: 'PT400',
      hint: 'invalid_prize_formula',
    });
    const { rows } = await db.admin.query<{ prize_formula: unknown }>(
      `select prize_formula from public.recurring_series where id = 'championship'`,
    );
    expect(rows[0]?.prize_formula).toEqual([
      { places: '1', paise: 2000000 },
      { places: '2-6', paise: 2500000 },
    ]);
  });

  it('after a clock jump creates no edition whose registration is already closed', async () => {
    const before = new Set(
      (await db.admin.query<{ id: string }>('select id from public.tournaments where edition_of is not null')).rows.map((r) => r.id),
    );
    // Ten months on, at 18:00 IST on the last moment of a registration: the first Saturday of a month.
    const jump = new Date('2029-09-01T12:30:00Z');
    await setDatabaseClock(db, jump.toISOString());
    const answer = (await runDueWork()).rows[0] as { answer: { editions_created: number } };
    const { rows } = await db.admin.query<{ id: string; closes: Date }>(
      `select id, private.tournament_registration_closes_at(t) as closes from public.tournaments t where edition_of is not null`,
    );
    const created = rows.filter((r) => !before.has(r.id));
    expect(created.length).toBe(answer.answer.editions_created);
    expect(created.length).toBeGreaterThan(0);
    for (const row of created) expect(new Date(row.closes).getTime(), row.id).toBeGreaterThan(jump.getTime());
    // The editions of the months skipped over were never made.
    expect(created.map((r) => r.id)).not.toContain('championship-2029-08');
  });

  it('moves or cancels a single edition by an override: a cancelled one says why', async () => {
    await setDatabaseClock(db, '2029-10-02T00:00:00Z');
    await runDueWork();
    const edition = 'championship-2029-12';
    expect(await statusOf(edition)).toBe('open');
    const overrides: EditionOverride[] = [
      { id: edition, note: 'Year-end break', cancelled: { reason: 'No championship in the year-end break this time.' } },
      { id: 'community-cup-2030-01', note: 'New Year', startsAt: '2030-01-25T20:00:00+05:30', title: 'New Year Community Cup 2030' },
    ];
    const summary = await syncCatalog(queryable, catalog, { series: calendar.series, overrides });
    expect(summary.editions?.cancelled).toBe(1);
    const [{ states }] = (await db.as<{ states: Array<{ status: string; cancel_reason: string }> }>(
      anon,
      'select public.get_tournament_states(array[$1]) as states',
      [edition],
    )) as [{ states: Array<{ status: string; cancel_reason: string }> }];
    expect(states).toMatchObject([{ status: 'cancelled', cancel_reason: 'No championship in the year-end break this time.' }]);
    const moved = await db.admin.query<{ title: string; starts_at: Date }>(
      'select title, starts_at from public.tournaments where id = $1',
      ['community-cup-2030-01'],
    );
    expect(moved.rows[0]).toEqual({ title: 'New Year Community Cup 2030', starts_at: new Date('2030-01-25T14:30:00Z') });
    // Cancelled once: later passes and syncs leave it so.
    expect(((await runDueWork()).rows[0] as { answer: { editions_cancelled: number } }).answer.editions_cancelled).toBe(0);
  });
});
