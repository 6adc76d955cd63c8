/**
 * CSV files made in the browser (the staff console's entries, the accountant's reports, a player's
 * annual statement): RFC 4180 cells, CRLF lines and a byte-order mark so spreadsheet apps read UTF-8.
 */

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A cell that
 * starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe: in-game names are typed by players,
 * and a spreadsheet must not run them.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRows(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** A whole file: byte-order mark, header, rows, final line break. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${csvRows([header, ...rows])}\r\n`;
}

const IST_STAMP = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "20/12/2026, 19:30 IST": sortable enough, and the zone is never in doubt. */
export function csvTime(iso: string | null): string {
  return iso ? `${IST_STAMP.format(new Date(iso))} IST` : '';
}

/** Paise as rupees with two decimals, the way accountants' sheets read amounts: 123456 → "1234.56". */
export function csvRupees(paise: number | null | undefined): string {
  if (paise === null || paise === undefined) return '';
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Hands `text` to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
