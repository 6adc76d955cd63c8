/**
 * Amounts and times in the page's language. Rupees read the same in both (`₹1,00,000`: Latin digits, lakh
 * grouping, as en-IN writes them); dates and times are in IST, with Hindi month names under /hi/ and Latin
 * digits always (the numbering system is fixed, whatever the browser's defaults).
 */
import type { Lang } from './lang';
export { formatPaiseExact, formatRupees } from '../format';
import { formatDateIST, formatDateTimeIST, formatShortDateIST, formatTimeIST, istDate } from '../format';

// Hindi month names as ICU writes them for hi-IN (Latin digits), written out like the English ones (../format.ts).
const HINDI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];
const HINDI_SHORT_MONTHS = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'];
const hindiDate = (value: Date | string) => istDate(value, HINDI_MONTHS);
const hindiShortDate = (value: Date | string) => istDate(value, HINDI_SHORT_MONTHS);

/** "6 December 2026" / "6 दिसंबर 2026". */
export function formatDateIn(lang: Lang, value: Date | string): string {
  return lang === 'hi' ? hindiDate(value) : formatDateIST(value);
}

/** "6 Dec 2026" / "6 दिस॰ 2026". */
export function formatShortDateIn(lang: Lang, value: Date | string): string {
  return lang === 'hi' ? hindiShortDate(value) : formatShortDateIST(value);
}

/** "6 Dec 2026, 7:30 pm IST" / "6 दिस॰ 2026, 7:30 pm IST": a moment compared across days. */
export function formatDateTimeIn(lang: Lang, value: Date | string): string {
  return lang === 'hi' ? `${hindiShortDate(value)}, ${formatTimeIST(value)}` : formatDateTimeIST(value);
}

/** "6:30 pm IST" today, "12 Dec 2026, 6:30 pm IST" / "12 दिस॰ 2026, 6:30 pm IST" on another day. */
export function whenIn(lang: Lang, at: string | Date, now: Date = new Date()): string {
  const date = new Date(at);
  return formatDateIST(date) === formatDateIST(now) ? formatTimeIST(date) : formatDateTimeIn(lang, date);
}
