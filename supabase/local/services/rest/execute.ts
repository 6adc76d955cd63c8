/**
 * Runs a planned REST request as its caller: one transaction under the caller's role and claims
 * (withRequestContext), read-only for GET and HEAD as PostgREST runs them, so grants and row-level
 * security decide exactly as on hosted Supabase. Request text reaches SQL only as checked, quoted
 * identifiers (parse.ts); values are bound parameters.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { withRequestContext, type Transaction } from '../../database.ts';
import type { Caller } from '../../http.ts';
import { restErrors } from './errors.ts';
import { limitClause, parseQuery, parseRangeHeader, quoteIdent, whereClause } from './parse.ts';
import { argumentText, findFunctions, pickFunction, tableColumns } from './plan.ts';
import { preferences, readJsonBody, sendRows, stripsNulls, withoutNulls } from './respond.ts';

function run<T>(pg: PGlite, caller: Caller, fn: (tx: Transaction) => Promise<T>, method: string): Promise<T> {
  return withRequestContext(pg, { role: caller.role, claims: caller.claims }, fn, { readOnly: method === 'GET' || method === 'HEAD' });
}

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
    if (body === null || typeof body !== 'object') throw restErrors.invalidBody('Function arguments must be a JSON object');
    args = body as Record<string, unknown>;
  } else {
    const known = new Set(candidates.flatMap((c) => c.argNames));
    for (const [key, value] of url.searchParams) if (known.has(key)) args[key] = value;
  }
  const given = Object.keys(args);
  const fn = pickFunction(candidates, given);
  if (!fn) throw restErrors.functionNotFound(schema, name, given.sort());

  const params: unknown[] = [];
  const argSql = given.map((key) => {
    params.push(argumentText(args[key], fn.argTypes[fn.argNames.indexOf(key)]));
    return `${quoteIdent(key)} => $${params.length}::${fn.argTypes[fn.argNames.indexOf(key)]}`;
  });
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
    const { rows } = await run(pg, caller, (tx) => tx.query<{ body: string }>(sql, [...params, ...query.params]), method);
    return sendRows(req, res, 200, rows[0].body);
  }
  if (fn.returnType === 'void') {
    await run(pg, caller, (tx) => tx.query(`select ${call}`, params), method);
    res.writeHead(204);
    return res.end();
  }
  const sql = fn.returnsComposite ? `select to_json(_r)::text as body from ${call} _r` : `select to_json(${call})::text as body`;
  const { rows } = await run(pg, caller, (tx) => tx.query<{ body: string | null }>(sql, params), method);
  const text = rows[0]?.body ?? 'null';
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(method === 'HEAD' ? undefined : stripsNulls(req) ? JSON.stringify(withoutNulls(JSON.parse(text))) : text);
}

export async function tableRequest(
  pg: PGlite,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: Caller,
  schema: string,
  name: string,
) {
  const columns = await tableColumns(pg, schema, name);
  if (!columns) throw restErrors.tableNotFound(schema, name);
  const target = `${quoteIdent(schema)}.${quoteIdent(name)}`;
  const query = parseQuery(url.searchParams, { name, columns }, { range: parseRangeHeader(req.headers.range) });
  /** Body keys name columns too: each must be one of the table's, or the write is refused before any SQL. */
  const bodyColumns = (keys: string[]) =>
    keys.map((key) => {
      if (!columns.has(key)) throw restErrors.unknownBodyColumn(name, key);
      return quoteIdent(key);
    });
  const prefer = preferences(req);
  const method = req.method ?? 'GET';
  const where = whereClause(query);

  if (method === 'GET' || method === 'HEAD') {
    const sql = `select coalesce(json_agg(_s), '[]')::text as body, count(*)::int as n from
                 (select ${query.columns} from ${target} ${where} ${query.orderBy} ${limitClause(query)}) _s`;
    const countSql = `select count(*)::int as total from ${target} ${where}`;
    const { rows, total } = await run(
      pg,
      caller,
      async (tx) => {
        const result = await tx.query<{ body: string; n: number }>(sql, query.params);
        const exact = ['exact', 'planned', 'estimated'].includes(prefer.get('count') ?? '')
          ? (await tx.query<{ total: number }>(countSql, query.params)).rows[0].total
          : undefined;
        return { rows: result.rows, total: exact };
      },
      method,
    );
    const n = rows[0].n;
    const start = query.offset ?? 0;
    const range = n > 0 ? `${start}-${start + n - 1}` : '*';
    return sendRows(req, res, 200, rows[0].body, { 'content-range': `${range}/${total ?? '*'}` });
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
    const insertColumns = bodyColumns(Object.keys(rows[0] as object)).join(', ');
    if (insertColumns === '') throw restErrors.invalidBody('Insert body must name at least one column');
    params = [JSON.stringify(rows)];
    sql = `insert into ${target} (${insertColumns}) select ${insertColumns} from json_populate_recordset(null::${target}, $1::json) ${returning}`;
    status = 201;
  } else if (method === 'PATCH') {
    if (!where) throw restErrors.whereRequired('UPDATE');
    const body = await readJsonBody(req);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw restErrors.invalidBody('Update body must be a JSON object');
    const updateColumns = bodyColumns(Object.keys(body));
    if (updateColumns.length === 0) throw restErrors.invalidBody('Update body must name at least one column');
    params.push(JSON.stringify(body));
    sql = `update ${target} set (${updateColumns.join(', ')}) = (select ${updateColumns.join(', ')} from json_populate_record(null::${target}, $${params.length}::json)) ${where} ${returning}`;
  } else if (method === 'DELETE') {
    if (!where) throw restErrors.whereRequired('DELETE');
    sql = `delete from ${target} ${where} ${returning}`;
  } else if (method === 'PUT') {
    throw restErrors.unsupported('PUT (single-row upserts)');
  } else {
    throw restErrors.method(method);
  }
  if (!representation) {
    await run(pg, caller, (tx) => tx.query(sql, params), method);
    res.writeHead(status);
    return res.end();
  }
  const { rows } = await run(
    pg,
    caller,
    (tx) => tx.query<{ body: string }>(`with _w as (${sql}) select coalesce(json_agg(_w), '[]')::text as body from _w`, params),
    method,
  );
  return sendRows(req, res, status === 204 ? 200 : status, rows[0].body);
}
