/**
 * Runs a planned REST request as its caller and answers as PostgREST does. One transaction under the
 * caller's role and claims (withRequestContext), read-only for GET and HEAD as PostgREST runs them, so
 * grants and row-level security decide exactly as on hosted Supabase. Request text reaches SQL only as
 * checked, quoted identifiers (parse.ts); values are bound parameters.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { type Transaction, withRequestContext } from '../../database.ts';
import { type Caller, decodeUtf8, readBody } from '../../http.ts';
import { restErrors } from './errors.ts';
import { limitClause, parseQuery, parseRangeHeader, quoteIdent, whereClause } from './parse.ts';
import { argumentText, findFunctions, pickFunction, tableColumns } from './plan.ts';

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

/**
 * Runs one request as its caller. A service-role request with `x-golazo-fixture: 1` declares a test fixture for its
 * transaction: it may put rows in a state directly, past the state machines (local stack only, see clock.sql).
 */
function run<T>(pg: PGlite, caller: Caller, req: IncomingMessage, method: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  const fixture = caller.role === 'service_role' && req.headers['x-golazo-fixture'] === '1';
  return withRequestContext(
    pg,
    caller,
    async (tx) => {
      if (fixture) await tx.query(`select set_config('golazo.acting', 'fixture', true)`);
      return fn(tx);
    },
    { readOnly: method === 'GET' || method === 'HEAD' },
  );
}

/** The `Prefer` header's settings (return=representation, count=exact, ...). */
function preferences(req: IncomingMessage): Map<string, string> {
  const entries = String(req.headers.prefer ?? '')
    .split(/[,;]/)
    .map((part) => part.trim().split('='))
    .filter(([key]) => key);
  return new Map(entries.map(([key, value]) => [key, value ?? '']));
}

const stripsNulls = (req: IncomingMessage) => /nulls=stripped/.test(req.headers.accept ?? '');

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  return value;
}

/** Sends JSON text, nulls stripped when the Accept header asks for it; HEAD gets the headers only. */
function sendJsonText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(req.method === 'HEAD' ? undefined : stripsNulls(req) ? JSON.stringify(withoutNulls(JSON.parse(text))) : text);
}

/** Sends a JSON array result, as its one object when the single-object Accept header asked for one. */
function sendRows(req: IncomingMessage, res: ServerResponse, status: number, rowsJson: string, headers: Record<string, string> = {}) {
  if ((req.headers.accept ?? '').startsWith(SINGLE_OBJECT)) {
    const rows = JSON.parse(rowsJson) as unknown[];
    if (rows.length !== 1) throw restErrors.singular(rows.length);
    return sendJsonText(req, res, status, JSON.stringify(rows[0]), { 'content-type': `${SINGLE_OBJECT}; charset=utf-8`, ...headers });
  }
  sendJsonText(req, res, status, rowsJson, headers);
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  let raw: string;
  try {
    raw = decodeUtf8(await readBody(req));
  } catch (error) {
    throw error instanceof SyntaxError ? restErrors.invalidBody(error.message) : error;
  }
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw restErrors.invalidBody(`Empty or invalid json: ${(error as Error).message}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

export async function callFunction(
  pg: PGlite,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: Caller,
  schema: string,
  name: string,
) {
  const method = req.method ?? 'GET';
  if (!['GET', 'HEAD', 'POST'].includes(method)) throw restErrors.functionMethod();
  const candidates = await findFunctions(pg, schema, name);
  let args: Record<string, unknown> = {};
  if (method === 'POST') {
    const body = await readJsonBody(req);
    if (Array.isArray(body)) throw restErrors.unsupported('Calling a function with an array body (bulk calls)');
    if (!isObject(body)) throw restErrors.invalidBody('Function arguments must be a JSON object');
    args = body;
  } else {
    const known = new Set(candidates.flatMap((c) => c.argNames));
    for (const [key, value] of url.searchParams) if (known.has(key)) args[key] = value;
  }
  const given = Object.keys(args);
  const fn = pickFunction(candidates, given);
  if (!fn) throw restErrors.functionNotFound(schema, name, given.sort());

  const params = given.map((key) => argumentText(args[key], fn.argTypes[fn.argNames.indexOf(key)]));
  const argSql = given.map((key, i) => `${quoteIdent(key)} => $${i + 1}::${fn.argTypes[fn.argNames.indexOf(key)]}`);
  const call = `${quoteIdent(schema)}.${quoteIdent(fn.name)}(${argSql.join(', ')})`;

  if (fn.returnsSet) {
    const target = { name: fn.name, columns: fn.resultColumns ? new Set(fn.resultColumns) : null };
    const query = parseQuery(url.searchParams, target, {
      skip: new Set(given),
      paramOffset: params.length,
      range: parseRangeHeader(req.headers.range),
    });
    const sql = fn.returnsComposite
      ? `select coalesce(json_agg(_s), '[]')::text as body from (select ${query.columns} from ${call} _r
           ${whereClause(query)} ${query.orderBy} ${limitClause(query)}) _s`
      : `select coalesce(json_agg(_r), '[]')::text as body from (select _r from ${call} _r ${limitClause(query)}) _s`;
    const { rows } = await run(pg, caller, req, method, (tx) => tx.query<{ body: string }>(sql, [...params, ...query.params]));
    return sendRows(req, res, 200, rows[0].body);
  }
  if (fn.returnType === 'void') {
    await run(pg, caller, req, method, (tx) => tx.query(`select ${call}`, params));
    return void res.writeHead(204).end();
  }
  const sql = fn.returnsComposite ? `select to_json(_r)::text as body from ${call} _r` : `select to_json(${call})::text as body`;
  const { rows } = await run(pg, caller, req, method, (tx) => tx.query<{ body: string | null }>(sql, params));
  sendJsonText(req, res, 200, rows[0]?.body ?? 'null');
}

export async function tableRequest(
  pg: PGlite,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: Caller,
  schema: string,
  name: string,
  maxRows: number,
) {
  const columns = await tableColumns(pg, schema, name);
  if (!columns) throw restErrors.tableNotFound(schema, name);
  const target = `${quoteIdent(schema)}.${quoteIdent(name)}`;
  const query = parseQuery(url.searchParams, { name, columns }, { range: parseRangeHeader(req.headers.range) });
  /** Body keys name columns too: each must be one of the table's, or the write is refused before any SQL. */
  const bodyColumns = (body: object) =>
    Object.keys(body).map((key) => {
      if (!columns.has(key)) throw restErrors.unknownBodyColumn(name, key);
      return quoteIdent(key);
    });
  const prefer = preferences(req);
  const method = req.method ?? 'GET';
  const where = whereClause(query);

  if (method === 'GET' || method === 'HEAD') {
    // PostgREST's max-rows: a read answers at most that many rows, whatever limit it asked for.
    query.limit = Math.min(query.limit ?? maxRows, maxRows);
    const sql = `select coalesce(json_agg(_s), '[]')::text as body, count(*)::int as n from
                 (select ${query.columns} from ${target} ${where} ${query.orderBy} ${limitClause(query)}) _s`;
    const counted = ['exact', 'planned', 'estimated'].includes(prefer.get('count') ?? '');
    const { body, n, total } = await run(pg, caller, req, method, async (tx) => {
      const { rows } = await tx.query<{ body: string; n: number }>(sql, query.params);
      const count = counted
        ? await tx.query<{ total: number }>(`select count(*)::int as total from ${target} ${where}`, query.params)
        : undefined;
      return { ...rows[0], total: count?.rows[0].total ?? '*' };
    });
    const start = query.offset ?? 0;
    return sendRows(req, res, 200, body, { 'content-range': `${n > 0 ? `${start}-${start + n - 1}` : '*'}/${total}` });
  }

  const representation = prefer.get('return') === 'representation';
  const returning = representation ? `returning ${query.columns}` : '';
  let sql: string;
  let params = [...query.params];
  let status = representation ? 200 : 204;
  if (method === 'POST') {
    if (prefer.has('resolution')) throw restErrors.unsupported('Upserts (Prefer: resolution)');
    const body = await readJsonBody(req);
    const rows = Array.isArray(body) ? body : [body];
    if (rows.length === 0 || rows.some((r) => !r || typeof r !== 'object'))
      throw restErrors.invalidBody('Insert body must be a JSON object or array of objects');
    const insertColumns = bodyColumns(rows[0]).join(', ');
    if (insertColumns === '') throw restErrors.invalidBody('Insert body must name at least one column');
    params = [JSON.stringify(rows)];
    sql = `insert into ${target} (${insertColumns}) select ${insertColumns} from json_populate_recordset(null::${target}, $1::json) ${returning}`;
    status = 201;
  } else if (method === 'PATCH') {
    if (!where) throw restErrors.whereRequired('UPDATE');
    const body = await readJsonBody(req);
    if (!isObject(body)) throw restErrors.invalidBody('Update body must be a JSON object');
    const updateColumns = bodyColumns(body).join(', ');
    if (updateColumns === '') throw restErrors.invalidBody('Update body must name at least one column');
    params.push(JSON.stringify(body));
    sql = `update ${target} set (${updateColumns}) = (select ${updateColumns} from json_populate_record(null::${target}, $${params.length}::json)) ${where} ${returning}`;
  } else if (method === 'DELETE') {
    if (!where) throw restErrors.whereRequired('DELETE');
    sql = `delete from ${target} ${where} ${returning}`;
  } else if (method === 'PUT') {
    throw restErrors.unsupported('PUT (single-row upserts)');
  } else {
    throw restErrors.method(method);
  }
  if (!representation) {
    await run(pg, caller, req, method, (tx) => tx.query(sql, params));
    return void res.writeHead(status).end();
  }
  const { rows } = await run(pg, caller, req, method, (tx) =>
    tx.query<{ body: string }>(`with _w as (${sql}) select coalesce(json_agg(_w), '[]')::text as body from _w`, params),
  );
  return sendRows(req, res, status === 204 ? 200 : status, rows[0].body);
}
