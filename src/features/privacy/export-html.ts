/**
 * The export as a readable, self-contained HTML page, loaded only when the player saves that copy.
 */
import { exportSections, type MyDataExport } from './privacy';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function label(key: string): string {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '<span class="none">—</span>';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return escapeHtml(String(value));
}

/** One value as HTML: a list of objects is a table, an object a definition list, anything else its text. */
function valueHtml(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '<p class="none">None.</p>';
    if (value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
      const columns = [...new Set(value.flatMap((item) => Object.keys(item as object)))];
      const head = columns.map((column) => `<th scope="col">${escapeHtml(label(column))}</th>`).join('');
      const rows = value
        .map((item) => `<tr>${columns.map((column) => `<td>${valueHtml((item as Record<string, unknown>)[column])}</td>`).join('')}</tr>`)
        .join('');
      return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
    }
    return value.map((item) => scalar(typeof item === 'object' ? JSON.stringify(item) : item)).join(', ');
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '<p class="none">None.</p>';
    return `<dl>${entries.map(([key, item]) => `<dt>${escapeHtml(label(key))}</dt><dd>${valueHtml(item)}</dd>`).join('')}</dl>`;
  }
  return scalar(value);
}

/**
 * The same data as a readable, self-contained HTML page (no script, no outside file): one section per key,
 * lists as tables. Opens in any browser, prints, and can be kept next to the JSON file.
 */
export function exportHtml(data: MyDataExport, productName: string): string {
  const title = `Your data at ${productName}`;
  const sections = exportSections(data)
    .map(
      ({ key, title: heading, value }) => `<section id="${escapeHtml(key)}"><h2>${escapeHtml(heading)}</h2>${valueHtml(value)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#111}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:2px solid #7cc242}
table{border-collapse:collapse;font-size:.875rem}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
.scroll{overflow-x:auto}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0}
.none{color:#666}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<p>Everything ${escapeHtml(productName)} holds about you on ${escapeHtml(data.exported_at)}. The JSON file downloaded with this page holds the same data. Your PAN shows only its last four characters.</p>
${sections}
</body></html>
`;
}
