/**
 * The dictionaries' small markup for a sentence with a link or emphasis, so the words stay whole in the
 * dictionary (a translator moves the link where Hindi puts it) and pages add no script:
 * `[text](routeKey)` links a route of the table (src/lib/routes.ts ROUTES) in the page's language,
 * `**text**` is strong, `` `text` `` is code (a command, a hash's input), `{name}` is a value the page
 * supplies (the support address as a mailto link).
 */
export type RichPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; route: string }
  | { kind: 'strong'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'slot'; name: string };

const MARKUP = /\[([^\]]+)\]\(([A-Za-z]+)\)|\*\*([^*]+)\*\*|\{([a-z]+)\}|`([^`]+)`/g;

export function parseRich(source: string): RichPart[] {
  const parts: RichPart[] = [];
  let last = 0;
  for (const match of source.matchAll(MARKUP)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', text: source.slice(last, index) });
    if (match[1] !== undefined && match[2] !== undefined) parts.push({ kind: 'link', text: match[1], route: match[2] });
    else if (match[3] !== undefined) parts.push({ kind: 'strong', text: match[3] });
    else if (match[4] !== undefined) parts.push({ kind: 'slot', name: match[4] });
    else if (match[5] !== undefined) parts.push({ kind: 'code', text: match[5] });
    last = index + match[0].length;
  }
  if (last < source.length) parts.push({ kind: 'text', text: source.slice(last) });
  return parts;
}

/** The words a reader sees, markup removed (slots left as their names): for tests and plain-text uses. */
export function plainRich(source: string): string {
  return parseRich(source)
    .map((part) => (part.kind === 'slot' ? `{${part.name}}` : part.text))
    .join('');
}
