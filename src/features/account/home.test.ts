import { describe, expect, it } from 'vitest';
import { isCurrentEntry, nextClockChange, nextMatchLine } from './home';

describe('the dashboard home', () => {
  it('reads the states again at the next check-in opening or closing still ahead', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(nextClockChange(['2026-12-01T09:00:00Z', '2026-12-01T10:10:00Z', '2026-12-01T10:05:00Z'], now)?.toISOString()).toBe(
      '2026-12-01T10:05:00.000Z',
    );
    expect(nextClockChange(['2026-12-01T09:00:00Z'], now)).toBeNull();
  });

  it('lists current entries only, and words the next match with its opponent or a place still to be decided', () => {
    expect(isCurrentEntry({ status: 'upcoming' }, 'live')).toBe(true);
    expect(isCurrentEntry({ status: 'upcoming' }, undefined)).toBe(true);
    expect(isCurrentEntry({ status: 'upcoming' }, 'finished')).toBe(false);
    expect(isCurrentEntry({ status: 'cancelled' }, 'open')).toBe(false);
    expect(nextMatchLine({ round_name: 'Final', opponent: 'demo3' })).toBe('Final vs demo3');
    expect(nextMatchLine({ round_name: 'Final', opponent: null })).toBe('Final vs the winner of the other match (to be decided)');
  });
});
