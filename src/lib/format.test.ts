import { describe, expect, it } from 'vitest';
import { formatDateIST, formatPaiseExact, formatRupees, formatTimeIST, onFirstUse, rupeesToPaise, telephoneHref } from './format';

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
