import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  formatRating,
  formatRatingRange,
  ladderLabel,
  previousSeason,
  recentSeasons,
  seasonFromQuery,
  seasonLabel,
  seasonOf,
} from './seasons';

describe('seasons', () => {
  it('reads the season in IST: 1 April 00:30 IST is already the second quarter', () => {
    expect(seasonOf(new Date('2027-03-31T19:00:00Z'))).toBe('2027-Q2');
    expect(seasonOf(new Date('2027-03-31T18:00:00Z'))).toBe('2027-Q1');
    expect(seasonOf(new Date('2026-12-31T18:29:00Z'))).toBe('2026-Q4');
    expect(seasonOf(new Date('2026-12-31T18:30:00Z'))).toBe('2027-Q1');
  });

  it('steps back through the seasons across a year', () => {
    expect(previousSeason('2027-Q1')).toBe('2026-Q4');
    expect(recentSeasons('2027-Q2', 4)).toEqual(['2027-Q2', '2027-Q1', '2026-Q4', '2026-Q3']);
    expect(() => previousSeason('2027-Q5')).toThrow();
  });

  it('words seasons, ladders and ratings', () => {
    expect(seasonLabel('2026-Q4')).toBe('Oct–Dec 2026');
    expect(seasonLabel('2027-Q1')).toBe('Jan–Mar 2027');
    expect(ladderLabel('free-cup')).toBe('Free cups');
    expect(ladderLabel('super_8')).toBe('super_8');
    expect(formatRating(1464.0507)).toBe('1464');
    expect(formatRatingRange(1464.05, 151.52)).toBe('1161 and 1767');
    expect(formatRatingRange(300, 350)).toBe('0 and 1000');
  });

  it('accepts only a well-formed season from the address', () => {
    expect(seasonFromQuery('2026-Q4')).toBe('2026-Q4');
    expect(seasonFromQuery('2026-Q9')).toBeNull();
    expect(seasonFromQuery(null)).toBeNull();
  });

  it('draws higher ratings higher on the chart', () => {
    const points = chartPoints(
      [
        { period_starts_at: '2026-11-16T18:30:00Z', rating: 1500, deviation: 300, games: 2 },
        { period_starts_at: '2026-11-23T18:30:00Z', rating: 1600, deviation: 250, games: 1 },
      ],
      100,
      50,
    );
    expect(points[0]!.x).toBe(0);
    expect(points[1]!.x).toBe(100);
    expect(points[1]!.y).toBeLessThan(points[0]!.y);
    expect(chartPoints([], 100, 50)).toEqual([]);
  });
});
