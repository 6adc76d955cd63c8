/** scripts/sync-catalog.ts against the real schema: upsert, idempotent, filled_slots untouched, removed entries retired. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog, syncCatalog, type Queryable } from '../../scripts/sync-catalog.ts';
import type { Tournament } from '../../src/features/tournaments/tournaments.ts';
import { anon, engines, type TestDatabase } from './helpers.ts';

type Row = { id: string; entry_fee_paise: number; prize_pool_paise: number; max_players: number; filled_slots: number; is_live: boolean; updated_at: Date };

describe.each(engines)('catalog sync on $name', (engine) => {
  let db: TestDatabase;
  let catalog: Tournament[];
  let queryable: Queryable;
  const rows = async () =>
    (await db.admin.query<Row>('select id, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, updated_at from public.tournaments order by id')).rows;

  beforeAll(async () => {
    db = await engine.start();
    catalog = await readCatalog();
    queryable = { query: (sql, params) => db.admin.query(sql, params) };
  });
  afterAll(() => db?.close());

  it('adds every catalog entry with its fee and prizes in paise', async () => {
    expect(await syncCatalog(queryable, catalog)).toEqual({ inserted: catalog.length, updated: 0, retired: 0, catalogSize: catalog.length });
    const june = (await rows()).find((r) => r.id === 'golazo-june-2025');
    expect(june).toMatchObject({ entry_fee_paise: 15000, prize_pool_paise: 4500000, max_players: 300, filled_slots: 0, is_live: true });
    // What browsers see is what the catalog says.
    expect(await db.as(anon, 'select count(*)::int as n from public.tournaments')).toEqual([{ n: catalog.length }]);
  });

  it('changes nothing when run again', async () => {
    const before = await rows();
    expect(await syncCatalog(queryable, catalog)).toEqual({ inserted: 0, updated: 0, retired: 0, catalogSize: catalog.length });
    expect(await rows()).toEqual(before);
  });

  it('updates changed entries but never the slots already taken', async () => {
    await db.admin.query(`update public.tournaments set filled_slots = 42 where id = 'golazo-june-2025'`);
    const edited = catalog.map((t) => (t.id === 'golazo-june-2025' ? { ...t, entryFeeRupees: 175, maxPlayers: 320 } : t));
    expect(await syncCatalog(queryable, edited)).toMatchObject({ inserted: 0, updated: 1, retired: 0 });
    expect((await rows()).find((r) => r.id === 'golazo-june-2025')).toMatchObject({ entry_fee_paise: 17500, max_players: 320, filled_slots: 42 });
  });

  it('marks entries removed from the catalog as not live, without deleting them', async () => {
    const withoutJune = catalog.filter((t) => t.id !== 'golazo-june-2025');
    expect(await syncCatalog(queryable, withoutJune)).toMatchObject({ retired: 1 });
    expect((await rows()).find((r) => r.id === 'golazo-june-2025')).toMatchObject({ is_live: false, filled_slots: 42 });
    expect(await syncCatalog(queryable, withoutJune)).toMatchObject({ inserted: 0, updated: 0, retired: 0 });
    // Back in the catalog, back live.
    expect(await syncCatalog(queryable, catalog)).toMatchObject({ updated: 1 });
    expect((await rows()).find((r) => r.id === 'golazo-june-2025')).toMatchObject({ is_live: true, entry_fee_paise: 15000 });
  });

  it('fails as a whole rather than shrink a tournament below the slots already sold', async () => {
    const before = await rows();
    const shrunk = catalog.map((t) => (t.id === 'golazo-june-2025' ? { ...t, maxPlayers: 10 } : t.id === '1v1' ? { ...t, entryFeeRupees: 999 } : t));
    await expect(syncCatalog(queryable, shrunk)).rejects.toMatchObject({ code: '23514' });
    expect(await rows()).toEqual(before);
  });
});
