/**
 * PostgREST's error bodies ({ code, details, hint, message }) and how it maps a Postgres error
 * code to an HTTP status, so a function's `raise exception` reaches the browser as it would
 * from a hosted project.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../../http.ts';
import type { ApiRole } from '../../keys.ts';

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }
}

export function sendRestError(res: ServerResponse, error: RestError): void {
  sendJson(res, error.status, { code: error.code, details: error.details, hint: error.hint, message: error.message }, error.headers);
}

interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgErrorLike {
  return (
    error instanceof Error &&
    typeof (error as unknown as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as unknown as { code: string }).code)
  );
}

/** PostgREST's table from SQLSTATE to HTTP status (the classes the product can meet). */
export function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403; // insufficient privilege
  if (code === '23503' || code === '23505') return 409; // foreign key / unique violation
  if (code === '25006') return 405; // read-only transaction
  if (code === 'P0001') return 400; // raise exception
  if (code === '42883' || code === '42P01') return 404; // undefined function / table
  if (code === '42P17') return 500; // infinite recursion (usually a policy)
  if (code.startsWith('PT')) {
    const custom = Number(code.slice(2));
    return custom >= 100 && custom <= 599 ? custom : 400;
  }
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (code.startsWith('28') || code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].some((c) => code.startsWith(c)))
    return 500;
  return 400; // 22xxx data errors, other 23xxx integrity errors, 42xxx syntax errors, ...
}

export function fromPgError(error: PgErrorLike, role: ApiRole): RestError {
  const code = error.code ?? 'XX000';
  return new RestError(statusForSqlState(code, role), code, error.message, error.detail ?? null, error.hint ?? null);
}

export const restErrors = {
  jwt: (message: string) =>
    new RestError(401, 'PGRST301', message, null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    }),
  role: (message: string) => new RestError(401, 'PGRST301', message),
  schema: (schema: string) =>
    new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, 'Only the following schemas are exposed: public, graphql_public'),
  functionNotFound: (schema: string, name: string, args: string[]) =>
    new RestError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${args.length ? `(${args.join(', ')})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${schema}.${name}${args.length ? ` with parameters ${args.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    ),
  tableNotFound: (schema: string, name: string) =>
    new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`),
  parse: (message: string, details: string) => new RestError(400, 'PGRST100', message, details),
  unknownColumn: (relation: string, column: string) => new RestError(400, '42703', `column ${relation}.${column} does not exist`),
  range: (value: string) =>
    new RestError(416, 'PGRST103', 'Requested range not satisfiable', `"${value.slice(0, 40)}" is not a range of rows (first-last)`),
  unknownBodyColumn: (relation: string, column: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column.slice(0, 63)}' column of '${relation}' in the schema cache`),
  method: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method.slice(0, 20)}`),
  functionMethod: () => new RestError(405, 'PGRST101', 'Only GET and POST verbs are allowed for functions'),
  badPath: () => new RestError(400, 'PGRST100', 'Invalid request path: bad percent-encoding or control characters'),
  invalidBody: (message: string) => new RestError(400, 'PGRST102', message),
  singular: (rows: number) =>
    new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`),
  whereRequired: (command: string) => new RestError(400, '21000', `${command} requires a WHERE clause`),
  unsupported: (feature: string) => new RestError(501, 'PGRST501', `${feature} is not supported by the local stack`),
};
