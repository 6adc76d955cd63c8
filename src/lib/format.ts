/**
 * Money and time formatting. Players are in India: rupees in en-IN grouping, times in IST,
 * whatever the time zone of the browser or the build machine.
 */
const IST = 'Asia/Kolkata';

/**
 * A formatter made on first use, then kept. Setting one up costs the browser milliseconds (ICU loads its locale and
 * time-zone data), so making them all as the module loads added some 10 ms to the task that starts a page's island.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const rupeesWhole = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 }),
);
const rupeesExact = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** ₹45,000: cards, buttons, banners. */
export function formatRupees(rupees: number): string {
  return rupeesWhole().format(rupees);
}

/** ₹450.00 from 45000 paise: payment history, where the exact amount matters. */
export function formatPaiseExact(paise: number): string {
  return rupeesExact().format(paise / 100);
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { timeZone: IST, day: 'numeric', month: 'long', year: 'numeric' }));
const shortDateFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-IN', { timeZone: IST, day: 'numeric', month: 'short', year: 'numeric' }),
);
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { timeZone: IST, hour: 'numeric', minute: '2-digit', hour12: true }));

/** 15 June 2025 */
export function formatDateIST(value: Date | string): string {
  return dateFormat().format(new Date(value));
}

/** 15 Jun 2025 */
export function formatShortDateIST(value: Date | string): string {
  return shortDateFormat().format(new Date(value));
}

/** 7:30 pm IST */
export function formatTimeIST(value: Date | string): string {
  return `${timeFormat().format(new Date(value))} IST`;
}

/** "15 Jun 2025, 7:30 pm IST": a moment staff and players compare across days. */
export function formatDateTimeIST(value: Date | string): string {
  return `${formatShortDateIST(value)}, ${formatTimeIST(value)}`;
}

const sameIstDay = (a: Date, b: Date): boolean => formatDateIST(a) === formatDateIST(b);

/** "6:30 pm IST" today, "12 Dec 2026, 6:30 pm IST" on another day. */
export function whenIST(at: string, now: Date = new Date()): string {
  const date = new Date(at);
  return sameIstDay(date, now) ? formatTimeIST(date) : formatDateTimeIST(date);
}

/** A phone number as a `tel:` link wants it: digits and a leading plus, the spaces and dashes people read dropped. */
export function telephoneHref(phone: string): string {
  return phone.trim().replace(/(?!^\+)[^0-9]/g, '');
}
