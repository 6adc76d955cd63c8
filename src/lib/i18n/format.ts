/**
 * Amounts and times in the page's language. Rupees read the same in both (`₹1,00,000`: Latin digits, lakh
 * grouping, as en-IN writes them); dates and times are in IST, with Hindi month names under /hi/ and Latin
 * digits always (the numbering system is fixed, whatever the browser's defaults).
 */
import type { Lang } from './lang';
export { formatPaiseExact, formatRupees } from '../format';
import { formatDateIST, formatDateTimeIST, formatShortDateIST, formatTimeIST, onFirstUse } from '../format';

const IST = 'Asia/Kolkata';
// Made on first use (see onFirstUse): an English page never makes them.
const hindiDate = onFirstUse(
  () => new Intl.DateTimeFormat('hi-IN-u-nu-latn', { timeZone: IST, day: 'numeric', month: 'long', year: 'numeric' }),
);
const hindiShortDate = onFirstUse(
  () => new Intl.DateTimeFormat('hi-IN-u-nu-latn', { timeZone: IST, day: 'numeric', month: 'short', year: 'numeric' }),
);

/** "6 December 2026" / "6 दिसंबर 2026". */
export function formatDateIn(lang: Lang, value: Date | string): string {
  return lang === 'hi' ? hindiDate().format(new Date(value)) : formatDateIST(value);
}

/** "6 Dec 2026" / "6 दिस॰ 2026". */
export function formatShortDateIn(lang: Lang, value: Date | string): string {
  return lang === 'hi' ? hindiShortDate().format(new Date(value)) : formatShortDateIST(value);
}

/** "6 Dec 2026, 7:30 pm IST" / "6 दिस॰ 2026, 7:30 pm IST": a moment compared across days. */
export function formatDateTimeIn(lang: Lang, value: Date | string): string {
  return lang === 'hi' ? `${hindiShortDate().format(new Date(value))}, ${formatTimeIST(value)}` : formatDateTimeIST(value);
}

/** "6:30 pm IST" today, "12 Dec 2026, 6:30 pm IST" / "12 दिस॰ 2026, 6:30 pm IST" on another day. */
export function whenIn(lang: Lang, at: string | Date, now: Date = new Date()): string {
  const date = new Date(at);
  return formatDateIST(date) === formatDateIST(now) ? formatTimeIST(date) : formatDateTimeIn(lang, date);
}
