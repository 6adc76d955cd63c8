/**
 * Who is calling an edge function, from their access token. A player who enrolled an authenticator app
 * counts as signed in only once their token says aal2: the e-mail step alone opens nothing, here as in
 * the database (private.require_player).
 */
import { ERROR_CODES } from './error-codes.ts';
import type { CallingUser, SupabaseGateway } from './supabase-gateway.ts';

export type Caller =
  | { ok: true; user: CallingUser }
  | { ok: false; status: 401 | 403; code: 'not_signed_in' | 'second_step_required'; error: string };

const refuse = (code: 'not_signed_in' | 'second_step_required'): Caller => ({
  ok: false,
  status: ERROR_CODES[code].status,
  code,
  error: ERROR_CODES[code].message,
});

export async function resolveCaller(gateway: Pick<SupabaseGateway, 'userFromAccessToken'>, accessToken: string | null): Promise<Caller> {
  const user = accessToken ? await gateway.userFromAccessToken(accessToken) : null;
  if (!user) return refuse('not_signed_in');
  if (user.hasVerifiedFactor && user.aal !== 'aal2') return refuse('second_step_required');
  return { ok: true, user };
}
