/**
 * scripts/sync-catalog.ts against the real schema: championship editions and series upserted, idempotent,
 * filled_slots untouched, removed entries retired, pods never touched. If it failed, an organiser's edit
 * could overbook a tournament, wipe the entries already sold, or change a pod players already paid for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog, syncCatalog, type Queryable } from '../../scripts/sync-catalog.ts';
import type { Tournament } from '../../src/features/tournaments/tournaments.ts';
import { type DEFAULT_MATCH_SETTINGS, matchSettingsToSql, settingsForRound } from '../../src/lib/match-settings.ts';
import { anon, engines, type TestDatabase } from './helpers.ts';

type Row = {
  id: string;
  entry_fee_paise: number;
  prize_pool_paise: number;
  max_players: number;
  filled_slots: number;
  is_live: boolean;
  updated_at: Date;
};
const DEC = 'champions-dec-2026';
const JAN = 'champions-jan-2027';

describe.each(engines)('catalog sync on $name', (engine) => {
  let db: TestDatabase;
  let catalog: Tournament[];
  let queryable: Queryable;
  const rows = async () =>
    (
      await db.admin.query<Row>(
        'select id, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, updated_at from public.tournaments order by id',
      )
    ).rows;
  const quick = () => catalog.filter((t) => t.series === 'quick');
  const championships = () => catalog.filter((t) => t.series === 'championship');

  beforeAll(async () => {
    db = await engine.start();
    catalog = await readCatalog();
    queryable = { query: (sql, params) => db.admin.query(sql, params) };
  });
  afterAll(() => db?.close());
  const anonPrizes = async (id: string) =>
    ((
      await db.as<{ bands: Array<{ band: string; total_paise: number }> }>(anon, 'select public.get_tournament_prizes($1) as bands', [id])
    )[0]?.bands ?? []) as Array<{ band: string; total_paise: number }>;

  it('adds every championship edition as a tournament and every quick format as a series with its open pod', async () => {
    const summary = await syncCatalog(queryable, catalog);
    // One series per quick entry, plus the championship series.
    expect(summary).toEqual({
      inserted: catalog.length + 1,
      updated: 0,
      retired: 0,
      catalogSize: catalog.length,
      podsOpened: quick().filter((t) => t.isLive).length,
    });
    const dec = (await rows()).find((r) => r.id === DEC);
    expect(dec).toMatchObject({ entry_fee_paise: 15000, prize_pool_paise: 4500000, max_players: 300, filled_slots: 0, is_live: true });
    const { rows: series } = await db.admin.query<{ id: string; kind: string; capacity: number; prize_formula_text: string }>(
      `select id, kind, capacity, prize_formula_text from public.series where id in ('super_4', 'championship') order by id`,
    );
    expect(series).toEqual([
      { id: 'championship', kind: 'championship', capacity: 300, prize_formula_text: 'Winner ₹20,000; places 2 to 6 share ₹25,000.' },
      { id: 'super_4', kind: 'quick', capacity: 4, prize_formula_text: 'The winner takes the whole pool of ₹1,200.' },
    ]);
    // What browsers see is what the database holds: editions and pods.
    const [{ n }] = (await db.as<{ n: number }>(anon, 'select count(*)::int as n from public.tournaments')) as [{ n: number }];
    expect(n).toBe(championships().length + summary.podsOpened);
  });

  it("copies each series' and edition's match settings, which the database applies per round (a longer final)", async () => {
    await syncCatalog(queryable, catalog);
    const edition = catalog.find((t) => t.id === DEC)!;
    const stored = async (table: string, id: string) =>
      (await db.admin.query<{ s: unknown }>(`select match_settings as s from public.${table} where id = $1`, [id])).rows[0]?.s;
    expect(await stored('tournaments', DEC)).toEqual(matchSettingsToSql(edition.matchSettings));
    for (const t of quick()) expect(await stored('series', t.id), t.id).toEqual(matchSettingsToSql(t.matchSettings));
    // Three rounds of the edition, as its draw would make them: the final, the semi-finals, one before.
    const settingsOf = async (round: number) =>
      (
        await db.admin.query<{ s: Record<string, unknown> }>(
          `select private.match_settings(jsonb_populate_record(null::public.matches, jsonb_build_object('tournament_id', $1::text, 'round', $2::int))) as s`,
          [DEC, round],
        )
      ).rows[0]!.s;
    await db.admin.query(
      `insert into public.matches (tournament_id, round, position, status, scheduled_at)
       select $1, r, 1, 'pending', now() from generate_series(1, 3) r on conflict do nothing`,
      [DEC],
    );
    const asSql = (settings: typeof DEFAULT_MATCH_SETTINGS) => Object.fromEntries(Object.entries(matchSettingsToSql(settings) ?? {}));
    expect(await settingsOf(3)).toEqual(asSql(settingsForRound(edition.matchSettings, 0)));
    expect(await settingsOf(1)).toEqual(asSql(settingsForRound(edition.matchSettings, 2)));
    expect((await settingsOf(3)).match_minutes).toBeGreaterThan((await settingsOf(1)).match_minutes as number);
    await db.admin.query('delete from public.matches where tournament_id = $1', [DEC]);
  });

  it('changes nothing when run again', async () => {
    const before = await rows();
    expect(await syncCatalog(queryable, catalog)).toEqual({
      inserted: 0,
      updated: 0,
      retired: 0,
      catalogSize: catalog.length,
      podsOpened: 0,
    });
    expect(await rows()).toEqual(before);
  });

  it('keeps every draw secret and its published commitment across syncs, and the secret hashes to the commitment', async () => {
    type Commitment = { id: string; secret: string; commitment: string; hashed: string };
    const commitments = async () =>
      (
        await db.admin.query<Commitment>(
          `select t.id, s.secret, t.draw_commitment as commitment, private.sha256_hex(s.secret) as hashed
             from public.tournaments t join private.draw_secrets s on s.tournament_id = t.id
            order by t.id`,
        )
      ).rows;
    const before = await commitments();
    expect(before.map((row) => row.id)).toContain(DEC);
    await syncCatalog(queryable, catalog);
    // An edited edition goes through the update branch of the upsert too.
    await syncCatalog(
      queryable,
      catalog.map((t) => (t.id === DEC ? { ...t, title: `${t.title} (edited)` } : t)),
    );
    await syncCatalog(queryable, catalog);
    const after = await commitments();
    expect(after).toEqual(before);
    for (const row of after) expect(row.hashed, row.id).toBe(row.commitment);
    // What the public reads before the draw is what the draw will reveal.
    const [published] = (await db.as<{ draw_commitment: string }>(anon, 'select draw_commitment from public.tournaments where id = $1', [
      DEC,
    ])) as [{ draw_commitment: string }];
    expect(published.draw_commitment).toBe(after.find((row) => row.id === DEC)?.hashed);
  });

  it('updates changed entries but never the entries already taken', async () => {
    await db.admin.query(`update public.tournaments set filled_slots = 42 where id = $1`, [DEC]);
    const edited = catalog.map((t) => (t.id === DEC ? { ...t, entryFeeRupees: 175, maxPlayers: 320 } : t));
    // The edition, and the championship series whose values come from its next edition.
    expect(await syncCatalog(queryable, edited)).toMatchObject({ inserted: 0, updated: 2, retired: 0 });
    expect((await rows()).find((r) => r.id === DEC)).toMatchObject({ entry_fee_paise: 17500, max_players: 320, filled_slots: 42 });
  });

  it('marks entries removed from the catalog as not live, without deleting them', async () => {
    const without = catalog.filter((t) => t.id !== DEC);
    expect(await syncCatalog(queryable, without)).toMatchObject({ retired: 1 });
    expect((await rows()).find((r) => r.id === DEC)).toMatchObject({ is_live: false, filled_slots: 42 });
    expect(await syncCatalog(queryable, without)).toMatchObject({ inserted: 0, updated: 0, retired: 0 });
    // Back in the catalog, back live.
    expect(await syncCatalog(queryable, catalog)).toMatchObject({ updated: 1 });
    expect((await rows()).find((r) => r.id === DEC)).toMatchObject({ is_live: true, entry_fee_paise: 15000 });
  });

  it('never touches a pod: a changed series fee applies to the next pod, not to one players already paid for', async () => {
    const pod = 'super_4-pod-1';
    await db.admin.query(`update public.tournaments set filled_slots = 2 where id = $1`, [pod]);
    const before = (await rows()).find((r) => r.id === pod);
    const edited = catalog.map((t) => (t.id === 'super_4' ? { ...t, entryFeeRupees: 350 } : t));
    expect(await syncCatalog(queryable, edited)).toMatchObject({ updated: 1, retired: 0, podsOpened: 0 });
    expect((await rows()).find((r) => r.id === pod)).toEqual(before);
    await syncCatalog(queryable, catalog);
  });

  it('fails as a whole rather than shrink a tournament below the entries already sold', async () => {
    const before = await rows();
    const shrunk = catalog.map((t) => (t.id === DEC ? { ...t, maxPlayers: 10 } : t.id === '1v1' ? { ...t, entryFeeRupees: 999 } : t));
    await expect(syncCatalog(queryable, shrunk)).rejects.toMatchObject({ code: '23514' });
    expect(await rows()).toEqual(before);
  });

  it('gives each edition its own prize bands, and refuses bands that do not add up to its pool, changing nothing', async () => {
    const formulas = async () =>
      Object.fromEntries(
        (
          await db.admin.query<{ id: string; prize_formula: unknown }>(
            `select id, prize_formula from public.tournaments where id in ('free-cup-jan-2027', $1)`,
            [DEC],
          )
        ).rows.map((r) => [r.id, r.prize_formula]),
      );
    expect(await formulas()).toEqual({
      'free-cup-jan-2027': [],
      [DEC]: [
        { places: '1', paise: 2000000 },
        { places: '2-6', paise: 2500000 },
      ],
    });
    const before = await rows();
    const uneven = catalog.map((t) =>
      t.id === JAN
        ? {
            ...t,
            prizeBands: [
              { places: '1', rupees: 25000 },
              { places: '2-4', rupees: 15000 },
            ],
          }
        : t,
    );
    await expect(syncCatalog(queryable, uneven)).rejects.toMatchObject({
      code: 'PT400',
      message: `The prize formula of ${JAN} is refused: its bands pay ₹40000.00 in total but its prize pool is ₹45000.00: the bands must add up to the pool exactly`,
    });
    expect(await rows()).toEqual(before);
    const even = catalog.map((t) =>
      t.id === JAN
        ? {
            ...t,
            prizeBands: [
              { places: '1', rupees: 25000 },
              { places: '2-4', rupees: 20000 },
            ],
          }
        : t,
    );
    expect(await syncCatalog(queryable, even)).toMatchObject({ updated: 1 });
    expect((await anonPrizes(JAN)).map((b) => [b.band, b.total_paise])).toEqual([
      ['1st', 2500000],
      ['2nd', 666667],
      ['3rd–4th', 1333333],
    ]);
    await syncCatalog(queryable, catalog);
  });
});
