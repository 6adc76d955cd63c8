import { describe, expect, it } from 'vitest';
import { formatCalendarDateIndian } from './profile';

describe('formatCalendarDateIndian', () => {
  it('reads a date of birth day first, whatever the time zone', () => {
    expect(formatCalendarDateIndian('2008-01-05')).toBe('5 Jan 2008');
    expect(formatCalendarDateIndian('1995-12-31')).toBe('31 Dec 1995');
    expect(formatCalendarDateIndian('not a date')).toBe('not a date');
  });
});
