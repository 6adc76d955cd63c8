import { describe, expect, it } from 'vitest';
import { parseArguments, seasonBounds } from './verify-leaderboard.ts';

describe('verify-leaderboard', () => {
  it('reads a season and a series from the arguments', () => {
    expect(parseArguments(['2026-Q4', '--series', 'pod'])).toEqual({ season: '2026-Q4', series: 'pod' });
    expect(parseArguments(['--series', 'pod', '2026-Q3'])).toEqual({ season: '2026-Q3', series: 'pod' });
    expect(parseArguments(['2026-Q9'])).toEqual({ error: 'A season is written like 2026-Q4.' });
    expect(parseArguments(['--series'])).toHaveProperty('error');
  });

  it('bounds a season by the quarter in IST', () => {
    expect(seasonBounds('2026-Q4')).toEqual({ from: new Date('2026-09-30T18:30:00Z'), to: new Date('2026-12-31T18:30:00Z') });
    expect(seasonBounds('2027-Q1').from).toEqual(new Date('2026-12-31T18:30:00Z'));
  });
});
