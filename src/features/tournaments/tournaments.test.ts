import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCalendarNow, readCatalogWithEditionsNow } from '../../../scripts/sync-catalog.ts';
import { istMonth } from './recurrence';
import {
  TournamentSchema,
  championshipBannerHeading,
  featuredEditionLead,
  dashboardTournaments,
  featuredTournament,
  sortCatalog,
  type Tournament,
} from './tournaments';

const catalogDir = join(process.cwd(), 'src/content/tournaments');
const catalog: Tournament[] = readdirSync(catalogDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => TournamentSchema.parse(JSON.parse(readFileSync(join(catalogDir, file), 'utf8'))));
/** The paid monthly editions (a free Community Cup is a single tournament of the same kind, not an edition). */
const championships = catalog.filter((t) => t.series === 'championship' && t.format === 'Monthly Championship');

describe('the championship calendar', () => {
  it('lists no championship edition that never ran here (nothing from 2025)', () => {
    expect(championships.filter((t) => t.startsAt.startsWith('2025')).map((t) => t.id)).toEqual([]);
  });

  it('has one paid monthly championship a month, hand-made or made by the recurring series, at its fee, prize and capacity', () => {
    // The editions the site lists at the start of each month from December 2026 to December 2028 (the build's
    // catalog and the recurring series' editions then), gathered: each month has exactly one.
    const seen = new Map<string, Tournament>();
    for (let i = 0; i < 25; i++) {
      const now = new Date(Date.UTC(2026, 11 + i, 1) - 330 * 60_000);
      for (const t of readCatalogWithEditionsNow(now)) seen.set(t.id, t);
    }
    const byMonth = new Map<string, string[]>();
    for (const t of seen.values()) {
      if (t.series !== 'championship' || t.format !== 'Monthly Championship' || t.entryFeeRupees === 0) continue;
      const { year, month } = istMonth(new Date(t.startsAt));
      const key = `${year}-${String(month).padStart(2, '0')}`;
      byMonth.set(key, [...(byMonth.get(key) ?? []), t.id]);
      expect({ fee: t.entryFeeRupees, prize: t.prizePoolRupees, players: t.maxPlayers }).toEqual({ fee: 150, prize: 45000, players: 300 });
    }
    const months = Array.from(
      { length: 25 },
      (_, i) => `${2026 + Math.floor((11 + i) / 12)}-${String(((11 + i) % 12) + 1).padStart(2, '0')}`,
    );
    // (the horizon reaches months past December 2028 too: those are checked from later clocks)
    expect([...byMonth.keys()].filter((m) => m <= '2028-12').sort()).toEqual(months);
    expect([...byMonth.entries()].filter(([, ids]) => ids.length > 1)).toEqual([]);
  });

  it('refuses, when the catalog is read, a hand-made paid championship in a month the recurring series already has', () => {
    expect(() =>
      readCalendarNow(undefined, [{ ...championships[0]!, id: 'champions-mar-2027', startsAt: '2027-03-27T14:00:00+05:30' }]),
    ).toThrow(
      "Catalog entry champions-mar-2027.json is a second monthly championship in 2027-03: the series championship makes that month's edition",
    );
  });

  it('sorts championships by their instant, whatever offset each file writes', () => {
    const at = (id: string, startsAt: string) => ({ ...championships[0]!, id, startsAt });
    const sorted = sortCatalog([
      at('mar', '2027-03-06T18:00:00+05:30'),
      at('feb', '2027-02-28T09:00:00+05:30'),
      at('late-feb', '2027-02-28T04:00:00Z'),
    ]);
    expect(sorted.map((t) => t.id)).toEqual(['feb', 'late-feb', 'mar']);
  });

  it('has free Community Cups (a knockout, a Swiss, a double elimination) that the banner never announces as editions', () => {
    const free = catalog.filter((t) => t.entryFeeRupees === 0);
    expect(free.map((t) => [t.id, t.series, t.format, t.stages?.[0]?.kind ?? 'knockout'])).toEqual([
      ['double-cup-mar-2027', 'championship', 'Community Cup', 'double_elimination'],
      ['free-cup-jan-2027', 'championship', 'Community Cup', 'knockout'],
      ['swiss-cup-feb-2027', 'championship', 'Community Cup', 'swiss'],
    ]);
    // Just before each cup the banner still announces the paid edition after it, never the cup.
    for (const cup of free) {
      const dayBefore = new Date(new Date(cup.startsAt).getTime() - 24 * 3600_000);
      expect(featuredTournament(catalog, dayBefore)?.id).not.toBe(cup.id);
    }
  });

  it('features the next edition whose registration is still open, and moves on when it closes', () => {
    expect(featuredTournament(catalog, new Date('2026-11-23T07:00:00Z'))?.id).toBe('champions-dec-2026');
    // Check-in of the December edition opens 24 h before its start: from then on the banner shows January.
    expect(featuredTournament(catalog, new Date('2026-12-25T08:30:00Z'))?.id).toBe('champions-jan-2027');
  });

  it('heads the banner with the season, and introduces an edition before it as such', () => {
    expect(championshipBannerHeading('Golazo Arena')).toBe('Golazo Arena Jan to Dec 2027');
    expect(featuredEditionLead('2026-12-19T13:30:00Z')).toBe('Before the season, the next edition');
    // Midnight on 1 January in India is 18:30 UTC on 31 December.
    expect(featuredEditionLead('2026-12-31T18:30:00Z')).toBe('Next edition');
    expect(featuredEditionLead('2027-02-06T13:30:00Z')).toBe('Next edition');
  });
});

describe('dashboard', () => {
  it('lists every tournament of this site, championships first by date', () => {
    const ids = dashboardTournaments(catalog).map((t) => t.id);
    expect(ids).toHaveLength(catalog.length);
    expect(ids.slice(0, 3)).toEqual(['champions-dec-2026', 'free-cup-jan-2027', 'champions-jan-2027']);
  });
});
