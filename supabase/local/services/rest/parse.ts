/**
 * PostgREST's query-string grammar, the part the product uses: `select` (plain columns, `*`,
 * `alias:column`), horizontal filters (`col=op.value` with eq, neq, gt, gte, lt, lte, like, ilike,
 * is, in, and `not.` before any of them), `order`, `limit`, `offset`. Grammar it does not know
 * answers 501 naming the feature.
 *
 * Nothing from the request reaches the SQL text except identifiers, and every identifier is first
 * parsed (a plain name or one double-quoted name), then checked against the target's real columns
 * from the catalog, then quoted. Values are always bound parameters.
 */
import { hasControlCharacter } from '../../http.ts';
import { restErrors } from './errors.ts';

interface ParsedQuery {
  columns: string; // SQL select list
  where: string[]; // SQL conditions, joined with AND
  params: unknown[];
  orderBy: string;
  limit?: number;
  offset?: number;
}

/** What the query runs against: its name (for messages) and its columns; null when the catalog cannot say (a bare `record`). */
interface QueryTarget {
  name: string;
  columns: ReadonlySet<string> | null;
}

interface ParseOptions {
  /** Parameters that are function arguments, not filters. */
  skip?: ReadonlySet<string>;
  /** Bound parameters that come before the query's own ($1..$n are taken). */
  paramOffset?: number;
  /** Rows asked for through the Range header (`Range: 0-9`), when the query string gives no limit/offset. */
  range?: { offset: number; limit?: number };
}

/** Parameters that are not filters. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;
/** One double-quoted name with no quote inside it, as PostgREST reads `"my column"`. */
const QUOTED_NAME = /^"([^"]+)"$/;
/** Longest identifier Postgres keeps (NAMEDATALEN - 1). */
const MAX_IDENT_LENGTH = 63;
const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' };
const IS_KEYWORDS = new Set(['null', 'true', 'false', 'unknown']);
const UNSUPPORTED_OPERATORS = new Set('fts plfts phfts wfts cs cd ov sl sr nxr nxl adj match imatch isdistinct'.split(' '));
const ORDER_MODIFIERS: Record<string, string> = { asc: ' asc', desc: ' desc', nullsfirst: ' nulls first', nullslast: ' nulls last' };

/** Quotes an identifier for SQL text; embedded double quotes are doubled, so the name can never end early. */
export function quoteIdent(name: string): string {
  if (name.includes('\u0000')) throw restErrors.parse('"failed to parse identifier"', 'identifiers cannot contain NUL');
  return `"${name.replace(/"/g, '""')}"`;
}

/** Reads one column name written in the query string, or refuses it with PostgREST's parse error. */
function parseIdentifier(raw: string, context: string): string {
  const trimmed = raw.trim();
  if (trimmed.includes('->')) throw restErrors.unsupported('JSON path operators (->, ->>)');
  const name = QUOTED_NAME.exec(trimmed)?.[1] ?? (PLAIN_NAME.test(trimmed) ? trimmed : undefined);
  if (name === undefined || hasControlCharacter(name) || Buffer.byteLength(name) > MAX_IDENT_LENGTH) {
    throw restErrors.parse(`"failed to parse ${context}"`, `unexpected "${trimmed.slice(0, 80)}" expecting a column name`);
  }
  return name;
}

/** A column of the target, quoted for SQL; a name the target does not have is refused as PostgREST does. */
function column(raw: string, context: string, target: QueryTarget): string {
  const name = parseIdentifier(raw, context);
  if (target.columns && !target.columns.has(name)) throw restErrors.unknownColumn(target.name, name);
  return quoteIdent(name);
}

function parseSelect(select: string | null, target: QueryTarget): string {
  if (select === null || select.trim() === '' || select.trim() === '*') return '*';
  if (/[()]/.test(select)) throw restErrors.unsupported('Embedded resources (select with related tables)');
  const items = select.split(',').map((item) => {
    const part = item.trim();
    if (part === '*') return '*';
    if (part.includes('::')) throw restErrors.unsupported('Casts in select');
    const alias = /^([^:"]+|"[^"]*"):([^:].*)$/.exec(part);
    if (alias) return `${column(alias[2], 'select', target)} as ${quoteIdent(parseIdentifier(alias[1], 'select'))}`;
    return column(part, 'select', target);
  });
  return items.join(', ');
}

/** Splits `a,b,"c,d"` as PostgREST reads an `in.(...)` list. */
function splitList(list: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\\' && quoted && i + 1 < list.length) current += list[++i];
    else if (ch === ',' && !quoted) {
      items.push(current.trim());
      current = '';
    } else current += ch;
  }
  return [...items, current.trim()];
}

function filterCondition(col: string, expression: string, params: unknown[], paramOffset: number): string {
  const negate = expression.startsWith('not.');
  const expr = negate ? expression.slice(4) : expression;
  const failed = (column: number, details: string) =>
    restErrors.parse(`"failed to parse filter (${expression.slice(0, 80)})" (line 1, column ${column})`, details);
  const dot = expr.indexOf('.');
  if (dot < 0) throw failed(1, 'unexpected end of input expecting operator');
  const [op, value] = [expr.slice(0, dot), expr.slice(dot + 1)];
  const placeholder = () => `$${paramOffset + params.length}`;
  let sql: string;
  if (Object.hasOwn(COMPARISONS, op)) {
    params.push(op === 'like' || op === 'ilike' ? value.replace(/\*/g, '%') : value);
    sql = `${col} ${COMPARISONS[op]} ${placeholder()}`;
  } else if (op === 'is') {
    if (!IS_KEYWORDS.has(value.toLowerCase())) throw failed(4, 'unexpected value expecting null, true, false or unknown');
    sql = `${col} is ${value.toLowerCase()}`;
  } else if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(value);
    if (!list) throw failed(4, 'unexpected value expecting "("');
    params.push(list[1] === '' ? [] : splitList(list[1]));
    sql = `${col} = any(${placeholder()})`;
  } else if (UNSUPPORTED_OPERATORS.has(op)) {
    throw restErrors.unsupported(`The "${op}" filter operator`);
  } else {
    throw failed(1, `unknown operator "${op.slice(0, 40)}"`);
  }
  return negate ? `not (${sql})` : sql;
}

function parseOrder(order: string | null, target: QueryTarget): string {
  if (!order) return '';
  const terms = order.split(',').map((term) => {
    const [name, ...modifiers] = term.trim().split('.');
    if (name.includes('(')) throw restErrors.unsupported('Ordering by embedded resources');
    const unknown = modifiers.find((modifier) => !Object.hasOwn(ORDER_MODIFIERS, modifier));
    if (unknown !== undefined)
      throw restErrors.parse(`"failed to parse order (${order.slice(0, 80)})"`, `unexpected "${unknown.slice(0, 40)}"`);
    return column(name, 'order', target) + modifiers.map((modifier) => ORDER_MODIFIERS[modifier]).join('');
  });
  return `order by ${terms.join(', ')}`;
}

/** A row count small enough to be exact in JavaScript and in a bigint. */
function nonNegativeInteger(value: string | null, name: string): number | undefined {
  if (value === null) return undefined;
  if (!/^\d{1,15}$/.test(value))
    throw restErrors.parse(`"failed to parse ${name}"`, `"${value.slice(0, 40)}" is not a non-negative integer`);
  return Number(value);
}

/** Reads a table (or set-returning function) query against the target's columns. */
export function parseQuery(searchParams: URLSearchParams, target: QueryTarget, options: ParseOptions = {}): ParsedQuery {
  const params: unknown[] = [];
  const where: string[] = [];
  for (const [key, value] of searchParams) {
    if (RESERVED.has(key) || options.skip?.has(key)) continue;
    if (key === 'or' || key === 'and' || key.endsWith('.or') || key.endsWith('.and'))
      throw restErrors.unsupported('Logical filters (or=, and=)');
    if (key.includes('.') && !QUOTED_NAME.test(key.trim())) throw restErrors.unsupported('Filters on embedded resources');
    where.push(filterCondition(column(key, 'filter', target), value, params, options.paramOffset ?? 0));
  }
  if (searchParams.has('columns')) throw restErrors.unsupported('The columns parameter');
  if (searchParams.has('on_conflict')) throw restErrors.unsupported('Upserts (on_conflict)');
  const limit = nonNegativeInteger(searchParams.get('limit'), 'limit');
  const offset = nonNegativeInteger(searchParams.get('offset'), 'offset');
  return {
    columns: parseSelect(searchParams.get('select'), target),
    where,
    params,
    orderBy: parseOrder(searchParams.get('order'), target),
    limit: limit ?? (offset === undefined ? options.range?.limit : undefined),
    offset: offset ?? (limit === undefined ? options.range?.offset : undefined),
  };
}

/** PostgREST's Range request header (`Range: 0-9`, `Range: 10-`), the other way to page; anything else answers 416. */
export function parseRangeHeader(header: string | undefined): ParseOptions['range'] {
  if (header === undefined) return undefined;
  const match = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) throw restErrors.range(header.trim());
  const first = Number(match[1]);
  if (match[2] === '') return { offset: first };
  if (Number(match[2]) < first) throw restErrors.range(header.trim());
  return { offset: first, limit: Number(match[2]) - first + 1 };
}

export const whereClause = (query: ParsedQuery) => (query.where.length ? `where ${query.where.join(' and ')}` : '');

export function limitClause(query: ParsedQuery): string {
  return `${query.limit !== undefined ? `limit ${query.limit}` : ''} ${query.offset !== undefined ? `offset ${query.offset}` : ''}`.trim();
}
