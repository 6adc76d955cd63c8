/** The date of birth as an Indian player reads it. Only the profile needs it, so it stays out of lib/format. */

/**
 * A calendar date (YYYY-MM-DD, such as a date of birth) the Indian way, "5 Jan 2008": never shifted by a
 * time zone, never read month-first. Anything else is returned as given.
 */
export function formatCalendarDateIndian(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(day)} ${months[Number(month) - 1] ?? month} ${year}`;
}
