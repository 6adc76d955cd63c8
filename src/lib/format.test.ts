import { describe, expect, it } from 'vitest';
import {
  formatDateIST,
  formatPaiseExact,
  formatRupees,
  formatShortDateIST,
  formatTimeIST,
  onFirstUse,
  rupeesToPaise,
  telephoneHref,
} from './format';
import { formatDateIn, formatShortDateIn } from './i18n/format';

describe('money', () => {
  it('shows whole rupees with Indian digit grouping and no decimals', () => {
    expect(formatRupees(45000)).toBe('₹45,000');
    expect(formatRupees(150)).toBe('₹150');
    expect(formatRupees(1234567)).toBe('₹12,34,567');
  });

  it('shows exact amounts from paise with two decimals', () => {
    expect(formatPaiseExact(45000)).toBe('₹450.00');
    expect(formatPaiseExact(15050)).toBe('₹150.50');
  });

  it('converts rupees to integer paise without floating-point drift', () => {
    expect(rupeesToPaise(150)).toBe(15000);
    expect(rupeesToPaise(19.99)).toBe(1999);
  });
});

describe('dates and times in IST', () => {
  // 18:30 UTC is midnight in India: the date must already be the next day.
  const lateEveningUtc = '2025-06-27T18:30:00Z';

  it('uses the Indian calendar day, whatever the machine time zone', () => {
    expect(formatDateIST(lateEveningUtc)).toBe('28 June 2025');
  });

  it('labels times as IST', () => {
    expect(formatTimeIST('2025-06-28T14:00:00+05:30')).toMatch(/^2:00\s?pm IST$/i);
  });
});

describe('telephone links', () => {
  it('keep the digits and the leading plus', () => {
    expect(telephoneHref('+91 80 4000-1234')).toBe('+918040001234');
    expect(telephoneHref(' (080) 4000 1234 ')).toBe('08040001234');
  });
});

describe('formatters made on first use', () => {
  it('makes nothing until asked, then the same formatter every time', () => {
    let made = 0;
    const formatter = onFirstUse(() => {
      made++;
      return new Intl.NumberFormat('en-IN');
    });
    expect(made).toBe(0);
    expect(formatter().format(100000)).toBe('1,00,000');
    expect(formatter()).toBe(formatter());
    expect(made).toBe(1);
  });
});

describe('IST written out by hand, as ICU writes it', () => {
  // Every 7 h 13 min over four years (each hour and both sides of IST midnight, every month, a leap day): the
  // hand-written dates and times must be the words ICU gives, which the HTML built on the server used before.
  const instants = Array.from({ length: (4 * 365 * 24 * 60) / 433 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 433 * 60_000));
  const icu = (locale: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', ...options });

  it('matches en-IN for dates, short dates and times', () => {
    const long = icu('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
    const short = icu('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
    const time = icu('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true });
    for (const at of instants) {
      expect(formatDateIST(at)).toBe(long.format(at));
      expect(formatShortDateIST(at)).toBe(short.format(at));
      expect(formatTimeIST(at)).toBe(`${time.format(at)} IST`);
    }
  });

  it('matches hi-IN (Latin digits) for dates and short dates', () => {
    const long = icu('hi-IN-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric' });
    const short = icu('hi-IN-u-nu-latn', { day: 'numeric', month: 'short', year: 'numeric' });
    for (const at of instants) {
      expect(formatDateIn('hi', at)).toBe(long.format(at));
      expect(formatShortDateIn('hi', at)).toBe(short.format(at));
    }
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => formatDateIST('not a date')).toThrow(RangeError);
  });
});
