/**
 * REST (/rest/v1): PostgREST's semantics for what the product uses. Every request is one
 * transaction run as the caller's role with `request.jwt.claims` set (withRequestContext), so
 * grants and row-level security decide, exactly as on hosted Supabase.
 *
 * - /rpc/<fn>: POST with JSON arguments by name, GET with query arguments. Set-returning functions
 *   answer arrays (filterable with the table grammar), scalar ones a scalar, void ones 204.
 * - /<table>: GET with select/filters/order/limit (and the single-object Accept header); POST
 *   (insert), PATCH (update) and DELETE with filters. Upserts, embedded resources and the other
 *   parts of PostgREST answer 501 naming the feature.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { withRequestContext, type Transaction } from '../../database.ts';
import type { Service, ServiceModule, StackContext } from '../../context.ts';
import { BodyTooLargeError, decodeUtf8, InvalidJwtError, MissingApiKeyError, RoleNotAllowedError, readBody, resolveCaller, sendMissingApiKey, type Caller } from '../../http.ts';
import { fromPgError, isPgError, RestError, restErrors, sendRestError } from './errors.ts';
import { limitClause, parseQuery, parseRangeHeader, quoteIdent, whereClause } from './query.ts';

const EXPOSED_SCHEMAS = ['public', 'graphql_public'];
const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

interface FunctionInfo {
  name: string;
  returnsSet: boolean;
  returnType: string;
  returnsComposite: boolean;
  argNames: string[];
  argTypes: string[];
  requiredArgs: number;
  /** Columns of a composite result (OUT/TABLE arguments or the row type); null when unknown. */
  resultColumns: string[] | null;
}

/** The functions named `name` in `schema`, with their input arguments (OUT/TABLE columns left out). */
async function findFunctions(pg: PGlite, schema: string, name: string): Promise<FunctionInfo[]> {
  const { rows } = await pg.query<{
    proname: string;
    proretset: boolean;
    rettype: string;
    typtype: string;
    argnames: string[] | null;
    argmodes: string[] | null;
    argtypes: string[];
    pronargs: number;
    pronargdefaults: number;
    result_columns: string[] | null;
  }>(
    `select p.proname, p.proretset, t.typname as rettype, t.typtype, p.proargnames as argnames,
            p.proargmodes::text[] as argmodes,
            array(select format_type(x, null) from unnest(p.proargtypes) with ordinality as a(x, i) order by i) as argtypes,
            p.pronargs, p.pronargdefaults,
            coalesce(
              (select array_agg(a.n order by a.i) from unnest(p.proargnames, p.proargmodes::text[]) with ordinality as a(n, m, i)
               where a.m in ('o', 'b', 't')),
              (select array_agg(c.attname::text order by c.attnum) from pg_catalog.pg_attribute c
               where c.attrelid = t.typrelid and c.attnum > 0 and not c.attisdropped)
            ) as result_columns
     from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     join pg_catalog.pg_type t on t.oid = p.prorettype
     where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
    [schema, name],
  );
  return rows.map((row) => {
    const allNames = row.argnames ?? [];
    const inNames = row.argmodes
      ? allNames.filter((_, i) => ['i', 'b', 'v'].includes(row.argmodes![i]))
      : allNames.slice(0, row.pronargs);
    return {
      name: row.proname,
      returnsSet: row.proretset,
      returnType: row.rettype,
      returnsComposite: row.typtype === 'c' || row.rettype === 'record',
      argNames: inNames,
      argTypes: row.argtypes,
      requiredArgs: row.pronargs - row.pronargdefaults,
      resultColumns: row.result_columns,
    };
  });
}

/** A PostgREST-style choice among overloads: every given name is an argument and no required one is missing. */
function pickFunction(candidates: FunctionInfo[], given: string[]): FunctionInfo | undefined {
  return candidates
    .filter((fn) => given.every((g) => fn.argNames.includes(g)) && fn.argNames.slice(0, fn.requiredArgs).every((a) => given.includes(a)))
    .sort((a, b) => a.argNames.length - b.argNames.length)[0];
}

/** Turns a JSON argument into the text Postgres casts to the argument's type. */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value) && type.endsWith('[]')) {
    return `{${value.map((item) => (item === null ? 'NULL' : `"${String(typeof item === 'object' ? JSON.stringify(item) : item).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function wantsSingleObject(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').startsWith(SINGLE_OBJECT);
}

function stripsNulls(req: IncomingMessage): boolean {
  return /nulls=stripped/.test(req.headers.accept ?? '');
}

function preferences(req: IncomingMessage): Map<string, string> {
  const prefer = new Map<string, string>();
  for (const part of String(req.headers.prefer ?? '').split(/[,;]/)) {
    const [key, value] = part.trim().split('=');
    if (key) prefer.set(key, value ?? '');
  }
  return prefer;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  return value;
}

/** Sends a JSON array result, as an object when the single-object Accept header asked for one. */
function sendRows(req: IncomingMessage, res: ServerResponse, status: number, rowsJson: string, headers: Record<string, string> = {}) {
  let body: unknown = JSON.parse(rowsJson);
  if (wantsSingleObject(req)) {
    const rows = body as unknown[];
    if (rows.length !== 1) throw restErrors.singular(rows.length);
    body = rows[0];
  }
  if (stripsNulls(req)) body = withoutNulls(body);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': `${wantsSingleObject(req) ? SINGLE_OBJECT : 'application/json'}; charset=utf-8`, ...headers });
  res.end(req.method === 'HEAD' ? undefined : text);
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  let raw: string;
  try {
    raw = decodeUtf8(await readBody(req));
  } catch (error) {
    if (error instanceof SyntaxError) throw restErrors.invalidBody(error.message);
    throw error;
  }
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw restErrors.invalidBody(`Empty or invalid json${error instanceof Error ? `: ${error.message}` : ''}`);
  }
}

export const restService: ServiceModule = {
  name: 'rest',
  prefix: '/rest/v1',
  create(ctx: StackContext): Service {
    const { pg } = ctx;

    function run<T>(caller: Caller, fn: (tx: Transaction) => Promise<T>, method: string): Promise<T> {
      return withRequestContext(pg, { role: caller.role, claims: caller.claims }, fn, { readOnly: method === 'GET' || method === 'HEAD' });
    }

    async function rpc(req: IncomingMessage, res: ServerResponse, url: URL, caller: Caller, schema: string, name: string) {
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
        const query = parseQuery(url.searchParams, target, { skip: new Set(given), paramOffset: params.length, range: parseRangeHeader(req.headers.range) });
        const sql = fn.returnsComposite
          ? `select coalesce(json_agg(_s), '[]')::text as body from (select ${query.columns} from ${call} _r
               ${whereClause(query)} ${query.orderBy} ${limitClause(query)}) _s`
          : `select coalesce(json_agg(_r), '[]')::text as body from (select _r from ${call} _r ${limitClause(query)}) _s`;
        const { rows } = await run(caller, (tx) => tx.query<{ body: string }>(sql, [...params, ...query.params]), method);
        return sendRows(req, res, 200, rows[0].body);
      }
      if (fn.returnType === 'void') {
        await run(caller, (tx) => tx.query(`select ${call}`, params), method);
        res.writeHead(204);
        return res.end();
      }
      const sql = fn.returnsComposite ? `select to_json(_r)::text as body from ${call} _r` : `select to_json(${call})::text as body`;
      const { rows } = await run(caller, (tx) => tx.query<{ body: string | null }>(sql, params), method);
      const text = rows[0]?.body ?? 'null';
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(method === 'HEAD' ? undefined : stripsNulls(req) ? JSON.stringify(withoutNulls(JSON.parse(text))) : text);
    }

    async function table(req: IncomingMessage, res: ServerResponse, url: URL, caller: Caller, schema: string, name: string) {
      const { rows: found } = await pg.query<{ columns: string[] }>(
        `select array(select a.attname::text from pg_catalog.pg_attribute a
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
        [schema, name],
      );
      if (found.length === 0) throw restErrors.tableNotFound(schema, name);
      const columns = new Set(found[0].columns);
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
        const { rows, total } = await run(caller, async (tx) => {
          const result = await tx.query<{ body: string; n: number }>(sql, query.params);
          const exact = ['exact', 'planned', 'estimated'].includes(prefer.get('count') ?? '') ? (await tx.query<{ total: number }>(countSql, query.params)).rows[0].total : undefined;
          return { rows: result.rows, total: exact };
        }, method);
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
        if (rows.length === 0 || rows.some((r) => !r || typeof r !== 'object')) throw restErrors.invalidBody('Insert body must be a JSON object or array of objects');
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
        await run(caller, (tx) => tx.query(sql, params), method);
        res.writeHead(status);
        return res.end();
      }
      const { rows } = await run(caller, (tx) =>
        tx.query<{ body: string }>(`with _w as (${sql}) select coalesce(json_agg(_w), '[]')::text as body from _w`, params),
      method);
      return sendRows(req, res, status === 204 ? 200 : status, rows[0].body);
    }

    async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
      let caller: Caller;
      try {
        caller = await resolveCaller(req, url);
      } catch (error) {
        if (error instanceof MissingApiKeyError) return sendMissingApiKey(res);
        if (error instanceof InvalidJwtError) throw restErrors.jwt(error.message);
        if (error instanceof RoleNotAllowedError) throw restErrors.role(error.message);
        throw error;
      }
      let path: string;
      try {
        path = decodeURIComponent(url.pathname.slice('/rest/v1'.length)).replace(/^\/+/, '');
      } catch {
        throw restErrors.badPath();
      }
      if (/[\u0000-\u001f]/.test(path)) throw restErrors.badPath();
      const method = req.method ?? 'GET';
      const profileHeader = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
      const schema = (Array.isArray(profileHeader) ? profileHeader[0] : profileHeader) ?? 'public';
      if (!EXPOSED_SCHEMAS.includes(schema)) throw restErrors.schema(schema);
      if (path === '') throw restErrors.unsupported('The OpenAPI description (GET /rest/v1/)');
      try {
        const rpcMatch = /^rpc\/([^/]+)$/.exec(path);
        if (rpcMatch) await rpc(req, res, url, caller, schema, rpcMatch[1]);
        else if (path.includes('/')) throw restErrors.tableNotFound(schema, path);
        else await table(req, res, url, caller, schema, path);
      } catch (error) {
        if (isPgError(error)) throw fromPgError(error, caller.role);
        throw error;
      }
    }

    return {
      async handle(req, res, url) {
        try {
          await route(req, res, url);
        } catch (error) {
          if (error instanceof RestError) return sendRestError(res, error);
          if (error instanceof BodyTooLargeError) return sendRestError(res, new RestError(413, 'PGRST413', error.message));
          throw error;
        }
      },
    };
  },
};
