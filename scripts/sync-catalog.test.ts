import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCatalog, splitCatalog, toTournamentRow } from './sync-catalog.ts';
import { TournamentSchema } from '../src/features/tournaments/tournaments.ts';

describe('the catalog as the sync reads it', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function catalogWith(files: Record<string, unknown>): Promise<string> {
    dir = await mkdtemp(path.join(tmpdir(), 'golazo-catalog-'));
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), JSON.stringify(content));
    return dir;
  }

  it('reads every real catalog entry', async () => {
    const catalog = await readCatalog();
    // The hand-made editions (the recurring series make the monthly ones from February 2027) and the quick series.
    expect(catalog.length).toBeGreaterThanOrEqual(11);
    expect(catalog.map((t) => t.id)).toEqual(expect.arrayContaining(['champions-dec-2026', 'champions-jan-2027', 'free-cup-jan-2027']));
  });

  it("writes a declared format in the database's (and the contract's) names, and none as one knockout", async () => {
    const june = (await readCatalog()).find((t) => t.id === 'champions-dec-2026')!;
    expect(toTournamentRow({ ...june, stages: undefined }).stages).toBeNull();
    const stages = TournamentSchema.parse({
      ...june,
      stages: [
        { kind: 'groups', advance: { perGroup: 1, bestOfNext: 53 } },
        { kind: 'knockout', thirdPlace: true },
      ],
    }).stages;
    expect(toTournamentRow({ ...june, stages }).stages).toEqual([
      { kind: 'groups', group_size: 4, advance: { per_group: 1, best_of_next: 53 } },
      { kind: 'knockout', third_place: true },
    ]);
    // Groups of five are not a format the draw plays.
    expect(TournamentSchema.safeParse({ ...june, stages: [{ kind: 'groups', groupSize: 5, advance: { perGroup: 2 } }] }).success).toBe(
      false,
    );
  });

  it('turns rupees into paise and absent values into nulls', async () => {
    const june = (await readCatalog()).find((t) => t.id === 'champions-dec-2026')!;
    expect(toTournamentRow({ ...june, winnerPrizeRupees: undefined, registrationClosesAt: undefined })).toMatchObject({
      id: 'champions-dec-2026',
      entry_fee_paise: 15000,
      prize_pool_paise: 4500000,
      winner_prize_paise: null,
      registration_closes_at: null,
      max_players: 300,
      is_live: true,
    });
    expect(toTournamentRow({ ...june, winnerPrizeRupees: 30000 }).winner_prize_paise).toBe(3000000);
  });

  it('refuses an invalid entry, naming the file and the field', async () => {
    const june = (await readCatalog()).find((t) => t.id === 'champions-dec-2026')!;
    const dir = await catalogWith({ 'champions-dec-2026.json': { ...june, entryFeeRupees: -5 } });
    await expect(readCatalog(dir)).rejects.toThrow(/champions-dec-2026\.json: entryFeeRupees/);
  });

  it('takes a free single tournament but refuses a free quick series (its pods are paid)', async () => {
    const catalog = await readCatalog();
    expect(catalog.find((t) => t.id === 'free-cup-jan-2027')?.entryFeeRupees).toBe(0);
    const super4 = catalog.find((t) => t.id === 'super_4')!;
    const dir = await catalogWith({ 'super_4.json': { ...super4, entryFeeRupees: 0 } });
    await expect(readCatalog(dir)).rejects.toThrow(/super_4\.json: entryFeeRupees: a quick series has an entry fee/);
  });

  it('gives every edition its own prize bands, adding up to its own pool, and the free cup none', async () => {
    const catalog = await readCatalog();
    const { editions, series } = splitCatalog(catalog);
    for (const edition of editions) {
      const total = edition.prize_formula.reduce((sum, band) => sum + band.paise, 0);
      expect({ id: edition.id, total }).toEqual({ id: edition.id, total: edition.prize_pool_paise });
    }
    expect(editions.find((e) => e.id === 'free-cup-jan-2027')?.prize_formula).toEqual([]);
    for (const row of series) expect(row.prize_formula.reduce((sum, band) => sum + band.paise, 0)).toBe(row.prize_pool_paise);
  });

  it("passes an edition's own bands as they are, for the database to check against its pool", async () => {
    const jan = (await readCatalog()).find((t) => t.id === 'champions-jan-2027')!;
    const bands = [
      { places: '1', rupees: 25000 },
      { places: '2-4', rupees: 15000 },
    ];
    expect(toTournamentRow({ ...jan, prizeBands: bands }).prize_formula).toEqual([
      { places: '1', paise: 2500000 },
      { places: '2-4', paise: 1500000 },
    ]);
    const dir = await catalogWith({ 'champions-jan-2027.json': { ...jan, prizeBands: [{ places: '2-1x', rupees: 45000 }] } });
    await expect(readCatalog(dir)).rejects.toThrow(/champions-jan-2027\.json: prizeBands\.0\.places/);
  });

  it('refuses an entry whose id differs from its file name', async () => {
    const june = (await readCatalog()).find((t) => t.id === 'champions-dec-2026')!;
    const dir = await catalogWith({ 'champions-december.json': june });
    await expect(readCatalog(dir)).rejects.toThrow(/champions-december\.json has id "champions-dec-2026"/);
  });
});
