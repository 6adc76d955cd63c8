/**
 * PostgREST's query-string grammar, the part the product uses: `select` (plain columns, `*`,
 * `alias:column`), horizontal filters (`col=op.value` with eq, neq, gt, gte, lt, lte, like, ilike,
 * is, in, and `not.` before any of them), `order`, `limit`, `offset`. Everything becomes SQL with
 * quoted identifiers and bound parameters. Grammar it does not know answers 501 naming the feature.
 */
import { RestError, restErrors } from './errors.ts';

export interface ParsedQuery {
  columns: string; // SQL select list
  where: string[]; // SQL conditions, joined with AND
  params: unknown[];
  orderBy: string;
  limit?: number;
  offset?: number;
}

/** Parameters that are not filters. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_$]*$/;

function column(name: string, context: string): string {
  const trimmed = name.trim();
  if (trimmed.includes('->')) throw restErrors.unsupported('JSON path operators (->, ->>)');
  if (!IDENT.test(trimmed) && !/^".+"$/.test(trimmed)) throw restErrors.parse(`"failed to parse ${context}"`, `unexpected "${trimmed}"`);
  return /^".+"$/.test(trimmed) ? trimmed : quoteIdent(trimmed);
}

export function parseSelect(select: string | null): string {
  if (select === null || select.trim() === '' || select.trim() === '*') return '*';
  if (/[()]/.test(select)) throw restErrors.unsupported('Embedded resources (select with related tables)');
  return select
    .split(',')
    .map((item) => {
      const part = item.trim();
      if (part === '*') return '*';
      if (part.includes('::')) throw restErrors.unsupported('Casts in select');
      const alias = /^([A-Za-z_][A-Za-z0-9_]*):([^:].*)$/.exec(part);
      if (alias) return `${column(alias[2], 'select')} as ${quoteIdent(alias[1])}`;
      return column(part, 'select');
    })
    .join(', ');
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
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items.map((s) => s.trim());
}

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' };

function filterCondition(col: string, expression: string, params: unknown[]): string {
  let negate = false;
  let expr = expression;
  if (expr.startsWith('not.')) {
    negate = true;
    expr = expr.slice(4);
  }
  const dot = expr.indexOf('.');
  if (dot < 0) throw restErrors.parse(`"failed to parse filter (${expression})" (line 1, column 1)`, `unexpected end of input expecting operator`);
  const op = expr.slice(0, dot);
  const value = expr.slice(dot + 1);
  let sql: string;
  if (op in COMPARISONS) {
    params.push(op === 'like' || op === 'ilike' ? value.replace(/\*/g, '%') : value);
    sql = `${col} ${COMPARISONS[op]} $${params.length}`;
  } else if (op === 'is') {
    const keyword = value.toLowerCase();
    if (!['null', 'true', 'false', 'unknown'].includes(keyword)) {
      throw restErrors.parse(`"failed to parse filter (${expression})" (line 1, column 4)`, 'unexpected value expecting null, true, false or unknown');
    }
    sql = `${col} is ${keyword}`;
  } else if (op === 'in') {
    const match = /^\((.*)\)$/.exec(value);
    if (!match) throw restErrors.parse(`"failed to parse filter (${expression})" (line 1, column 4)`, 'unexpected value expecting "("');
    params.push(match[1] === '' ? [] : splitList(match[1]));
    sql = `${col} = any($${params.length})`;
  } else if (['fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'match', 'imatch', 'isdistinct'].includes(op)) {
    throw restErrors.unsupported(`The "${op}" filter operator`);
  } else {
    throw restErrors.parse(`"failed to parse filter (${expression})" (line 1, column 1)`, `unknown operator "${op}"`);
  }
  return negate ? `not (${sql})` : sql;
}

function parseOrder(order: string | null): string {
  if (!order) return '';
  const terms = order.split(',').map((term) => {
    const [name, ...modifiers] = term.trim().split('.');
    if (name.includes('(')) throw restErrors.unsupported('Ordering by embedded resources');
    let sql = column(name, 'order');
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') sql += ` ${modifier}`;
      else if (modifier === 'nullsfirst') sql += ' nulls first';
      else if (modifier === 'nullslast') sql += ' nulls last';
      else throw restErrors.parse(`"failed to parse order (${order})"`, `unexpected "${modifier}"`);
    }
    return sql;
  });
  return `order by ${terms.join(', ')}`;
}

function nonNegativeInteger(value: string | null, name: string): number | undefined {
  if (value === null) return undefined;
  if (!/^\d+$/.test(value)) throw restErrors.parse(`"failed to parse ${name}"`, `"${value}" is not a non-negative integer`);
  return Number(value);
}

/** Reads a table (or set-returning function) query; `skip` lists parameters that are function arguments. */
export function parseQuery(searchParams: URLSearchParams, skip: Set<string> = new Set()): ParsedQuery {
  const params: unknown[] = [];
  const where: string[] = [];
  for (const [key, value] of searchParams) {
    if (RESERVED.has(key) || skip.has(key)) continue;
    if (key === 'or' || key === 'and' || key.endsWith('.or') || key.endsWith('.and')) throw restErrors.unsupported('Logical filters (or=, and=)');
    if (key.includes('.')) throw restErrors.unsupported('Filters on embedded resources');
    where.push(filterCondition(column(key, 'filter'), value, params));
  }
  if (searchParams.has('columns')) throw restErrors.unsupported('The columns parameter');
  if (searchParams.has('on_conflict')) throw restErrors.unsupported('Upserts (on_conflict)');
  return {
    columns: parseSelect(searchParams.get('select')),
    where,
    params,
    orderBy: parseOrder(searchParams.get('order')),
    limit: nonNegativeInteger(searchParams.get('limit'), 'limit'),
    offset: nonNegativeInteger(searchParams.get('offset'), 'offset'),
  };
}

export function whereClause(query: ParsedQuery): string {
  return query.where.length ? `where ${query.where.join(' and ')}` : '';
}

export function limitClause(query: ParsedQuery): string {
  return [query.limit !== undefined ? `limit ${query.limit}` : '', query.offset !== undefined ? `offset ${query.offset}` : '']
    .filter(Boolean)
    .join(' ');
}

export { RestError };
