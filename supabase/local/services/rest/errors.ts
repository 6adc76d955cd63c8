/**
 * PostgREST's error bodies ({ code, details, hint, message }) and how it maps a Postgres error
 * code to an HTTP status, so a function's `raise exception` reaches the browser as it would
 * from a hosted project.
 */
import { HttpError } from '../../http.ts';
import { InvalidJwtError, type ApiRole } from '../../keys.ts';

function restError(status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
  return new HttpError(status, { code, details, hint, message });
}

/** PostgREST's table from SQLSTATE to HTTP status (the classes the product can meet); anything else is 400. */
const STATUS_BY_SQLSTATE: [RegExp, number][] = [
  [/^(23503|23505)$/, 409], // foreign key / unique violation
  [/^25006$/, 405], // read-only transaction
  [/^P0001$/, 400], // raise exception
  [/^(42883|42P01)$/, 404], // undefined function / table
  [/^42P17$/, 500], // infinite recursion (usually a policy)
  [/^(08|53)/, 503],
  [/^(28|0L|0P)/, 403],
  [/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/, 500],
];

function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403; // insufficient privilege
  // `raise sqlstate 'PT404'` picks its own status, as in PostgREST.
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom) return Number(custom[1]);
  return STATUS_BY_SQLSTATE.find(([pattern]) => pattern.test(code))?.[1] ?? 400;
}

export function isPgError(error: unknown): error is Error & { code: string; detail?: string; hint?: string } {
  return error instanceof Error && /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code));
}

export function fromPgError(error: Error & { code: string; detail?: string; hint?: string }, role: ApiRole): HttpError {
  return restError(statusForSqlState(error.code, role), error.code, error.message, error.detail ?? null, error.hint ?? null);
}

const functionLabel = (schema: string, name: string, args: string[]) => `${schema}.${name}${args.length ? `(${args.join(', ')})` : ''}`;

export const restErrors = {
  /** A bad or expired token, or a role the API does not switch to. */
  caller: (error: Error) =>
    new HttpError(
      401,
      { code: 'PGRST301', details: null, hint: null, message: error.message },
      error instanceof InvalidJwtError ? { 'www-authenticate': `Bearer error="invalid_token", error_description="${error.message}"` } : {},
    ),
  schema: (schema: string, exposed: string[]) =>
    restError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`),
  functionNotFound: (schema: string, name: string, args: string[]) =>
    restError(
      404,
      'PGRST202',
      `Could not find the function ${functionLabel(schema, name, args)}${args.length ? '' : ' without parameters'} in the schema cache`,
      `Searched for the function ${schema}.${name}${args.length ? ` with parameters ${args.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    ),
  tableNotFound: (schema: string, name: string) =>
    restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`),
  parse: (message: string, details: string) => restError(400, 'PGRST100', message, details),
  unknownColumn: (relation: string, column: string) => restError(400, '42703', `column ${relation}.${column} does not exist`),
  range: (value: string) =>
    restError(416, 'PGRST103', 'Requested range not satisfiable', `"${value.slice(0, 40)}" is not a range of rows (first-last)`),
  unknownBodyColumn: (relation: string, column: string) =>
    restError(400, 'PGRST204', `Could not find the '${column.slice(0, 63)}' column of '${relation}' in the schema cache`),
  method: (method: string) => restError(405, 'PGRST117', `Unsupported HTTP method: ${method.slice(0, 20)}`),
  functionMethod: () => restError(405, 'PGRST101', 'Only GET and POST verbs are allowed for functions'),
  badPath: () => restError(400, 'PGRST100', 'Invalid request path: bad percent-encoding or control characters'),
  invalidBody: (message: string) => restError(400, 'PGRST102', message),
  tooLarge: (message: string) => restError(413, 'PGRST413', message),
  singular: (rows: number) =>
    restError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`),
  whereRequired: (command: string) => restError(400, '21000', `${command} requires a WHERE clause`),
  unsupported: (feature: string) => restError(501, 'PGRST501', `${feature} is not supported by the local stack`),
};
