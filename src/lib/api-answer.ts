/**
 * How every feature's *.api.ts hands back what the backend said: a value of the type its zod schema
 * promises, or an ApiError. An island never receives a half-read answer that breaks later in the UI.
 *
 * - `refused`: the database or a function said no (its message, PostgREST code and hint kept, so the
 *   island can show the server's words or branch on the hint).
 * - `malformed`: the answer came but has another shape than the schema (a changed function, a proxy's
 *   error page); the message says so in words a player can read, `call` names the call for the logs.
 */
import type * as z from 'zod/mini';

type ApiErrorKind = 'refused' | 'malformed';

export const MALFORMED_ANSWER_MESSAGE = 'The server sent an answer this page cannot read. Please try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The call that failed, e.g. `rpc get_my_payments`. */
    readonly call: string,
    readonly code: string | null = null,
    readonly hint: string | null = null,
    /** For the logs: where a malformed answer went wrong. */
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

/** A refusal as supabase-js reports it (PostgrestError, FunctionsError ...). */
interface ServiceError {
  message: string;
  code?: string;
  hint?: string | null;
}

function refusedBy(call: string, error: ServiceError): ApiError {
  return new ApiError('refused', error.message, call, error.code ?? null, error.hint ?? null);
}

/** The answer as `schema` describes it, or an ApiError('malformed') naming `call`. */
export function parseAnswer<Schema extends z.ZodMiniType>(schema: Schema, data: unknown, call: string): z.output<Schema> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const detail = `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'unexpected shape'}`;
  throw new ApiError('malformed', MALFORMED_ANSWER_MESSAGE, call, null, null, detail);
}

/** Set-returning functions answer arrays, row functions objects: the one row either way. */
export function oneRow(data: unknown): unknown {
  return Array.isArray(data) ? data[0] : data;
}

/**
 * Answers of supabase-js: `{ data, error }`. Throws the refusal, else parses `data`.
 */
export function readAnswer<Schema extends z.ZodMiniType>(
  call: string,
  schema: Schema,
  answer: { data: unknown; error: ServiceError | null },
): z.output<Schema> {
  if (answer.error) throw refusedBy(call, answer.error);
  return parseAnswer(schema, answer.data, call);
}
