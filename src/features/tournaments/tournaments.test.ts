import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TournamentSchema, championshipSeasonTitle, dashboardTournaments, featuredTournament, type Tournament } from './tournaments';

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

  it('has one edition a month from December 2026 to December 2027, at the championship fee, prize and capacity', () => {
    const months = championships.map((t) => t.startsAt.slice(0, 7)).sort();
    expect(months).toEqual(['2026-12', ...Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, '0')}`)]);
    for (const t of championships) {
      expect({ fee: t.entryFeeRupees, prize: t.prizePoolRupees, players: t.maxPlayers }).toEqual({ fee: 150, prize: 45000, players: 300 });
    }
  });

  it('has a free Community Cup, entered with one button, that the banner never announces as an edition', () => {
    const free = catalog.filter((t) => t.entryFeeRupees === 0);
    expect(free.map((t) => [t.id, t.series, t.format])).toEqual([['free-cup-jan-2027', 'championship', 'Community Cup']]);
    const cup = free[0]!;
    // Between the December edition's close and the cup, the banner skips the cup for the January edition.
    expect(featuredTournament(catalog, new Date('2026-12-25T08:30:00Z'))?.id).not.toBe(cup.id);
  });

  it('features the next edition whose registration is still open, and moves on when it closes', () => {
    expect(featuredTournament(catalog, new Date('2026-11-23T07:00:00Z'))?.id).toBe('champions-dec-2026');
    // Check-in of the December edition opens 24 h before its start: from then on the banner shows January.
    expect(featuredTournament(catalog, new Date('2026-12-25T08:30:00Z'))?.id).toBe('champions-jan-2027');
  });

  it('titles the season banner with the product and the calendar year', () => {
    expect(championshipSeasonTitle('Golazo Arena', catalog)).toBe('Golazo Arena Jan to Dec 2027');
  });
});

describe('dashboard', () => {
  it('lists every tournament of this site, championships first by date', () => {
    const ids = dashboardTournaments(catalog).map((t) => t.id);
    expect(ids).toHaveLength(catalog.length);
    expect(ids.slice(0, 3)).toEqual(['champions-dec-2026', 'free-cup-jan-2027', 'champions-jan-2027']);
  });
});
