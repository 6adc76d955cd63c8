/**
 * Public reads without supabase-js: a plain request to the REST API with the anon key, for what anyone may
 * read (a tournament's state, a pod, a bracket). A match-day page's data then arrives right after the first
 * paint, without waiting for the Supabase client or the session. Answers are checked with zod; failures are
 * ApiErrors, as from every api module (lib/api-answer.ts). A page that already holds the player's stored
 * token may read the player's own rows the same way (selectRowsAs): RLS judges the token as it would
 * supabase-js's.
 */
import type * as z from 'zod/mini';
import { ApiError, parseAnswer } from '@/lib/api-answer';
import { publicRestApi } from './live-states';

async function request<Schema extends z.ZodMiniType>(
  call: string,
  path: string,
  schema: Schema,
  body?: unknown,
  accessToken?: string,
): Promise<z.output<Schema>> {
  const { url, anonKey } = await publicRestApi();
  const response = await fetch(`${url}/rest/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${accessToken ?? anonKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = (answer ?? {}) as { message?: string; code?: string; hint?: string };
    throw new ApiError(
      'refused',
      refusal.message ?? `${call} answered ${response.status}`,
      call,
      refusal.code ?? null,
      refusal.hint ?? null,
    );
  }
  return parseAnswer(schema, answer, call);
}

/**
 * A public database function (`rpc`), its answer checked against `schema`. With the player's stored access token
 * the function knows who asks (a public function that answers a signed-in player with their own part first).
 */
export function callPublicFunction<Schema extends z.ZodMiniType>(
  name: string,
  args: Record<string, unknown>,
  schema: Schema,
  accessToken?: string,
) {
  return request(`rpc ${name}`, `rpc/${name}`, schema, args, accessToken);
}

/** Rows of a public table: `query` is PostgREST's (`select=…&id=eq.…`); values must be URL-encoded. */
export function selectPublicRows<Schema extends z.ZodMiniType>(call: string, table: string, query: string, schema: Schema) {
  return request(call, `${table}?${query}`, schema);
}

/** Rows as the player whose access token this is may read them (RLS applies); `query` as for selectPublicRows. */
export function selectRowsAs<Schema extends z.ZodMiniType>(
  accessToken: string,
  call: string,
  table: string,
  query: string,
  schema: Schema,
) {
  return request(call, `${table}?${query}`, schema, undefined, accessToken);
}
