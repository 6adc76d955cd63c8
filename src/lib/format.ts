/**
 * Money and time formatting. Players are in India: rupees in en-IN grouping, times in IST,
 * whatever the time zone of the browser or the build machine.
 */
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

/**
 * Dates and times in IST are written out here, not by `Intl.DateTimeFormat`: India keeps UTC+05:30 all year (no
 * daylight saving since 1945), so shifting the instant and reading its UTC fields is exact. The browser's first
 * `Intl` date formatter loads ICU's locale and time-zone data: 10 to 40 ms of the main thread, inside the render
 * that shows a match's time, which Lighthouse's 4x slowdown made the signed-in match page's longest task. The words
 * are the ones ICU gives en-IN and hi-IN at build time (format.test.ts checks every month against it), so the HTML
 * built on the server and the browser's first render say the same whatever ICU the phone has ("Sept" or "Sep").
 */
const IST_OFFSET_MS = 330 * 60_000;

type IstParts = { year: number; month: number; day: number; hour: number; minute: number };

export function istParts(value: Date | string): IstParts {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const shifted = new Date(time + IST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** "15 June 2025" with the given month names (January first). */
export function istDate(value: Date | string, months: readonly string[]): string {
  const { year, month, day } = istParts(value);
  return `${day} ${months[month]} ${year}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 15 June 2025 */
export function formatDateIST(value: Date | string): string {
  return istDate(value, MONTHS);
}

/** 15 Jun 2025 */
export function formatShortDateIST(value: Date | string): string {
  return istDate(value, SHORT_MONTHS);
}

/** 7:30 pm IST */
export function formatTimeIST(value: Date | string): string {
  const { hour, minute } = istParts(value);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'} IST`;
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
