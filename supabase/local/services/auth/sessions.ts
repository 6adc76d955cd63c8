/**
 * Sessions (/token, /logout): password sign-in and refresh-token rotation, where a rotated token
 * still answers within config.toml's reuse interval (two tabs refreshing at once) and a replay after
 * it ends the session, as GoTrue does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import { sendEmpty, sendJson } from '../../http.ts';
import { authErrors } from './errors.ts';
import type { AuthContext } from './request.ts';
import { issueRefreshToken, sessionJson, startSession } from './tokens.ts';
import { findUserByEmail } from './users.ts';

async function passwordGrant(auth: AuthContext, input: Record<string, unknown>) {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (typeof input.phone === 'string') throw authErrors.notSupported('Phone sign-in');
  if (!email || !password) throw authErrors.invalidCredentials();
  const key = email.toLowerCase();
  const wait = auth.guesses.password.retryAfterSeconds(key);
  if (wait > 0) throw authErrors.tooManyAttempts(wait);
  const user = await findUserByEmail(auth.pg, email);
  if (!user?.encrypted_password || !(await bcrypt.compare(password, user.encrypted_password))) {
    auth.guesses.password.fail(key);
    throw authErrors.invalidCredentials();
  }
  auth.guesses.password.clear(key);
  if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
  return auth.pg.transaction(async (tx) => {
    const { sessionId, refreshToken } = await startSession(tx, user.id, 'password');
    return sessionJson(tx, user.id, sessionId, refreshToken, auth.sessionOptions);
  });
}

async function refreshGrant(auth: AuthContext, input: Record<string, unknown>) {
  const presented = typeof input.refresh_token === 'string' ? input.refresh_token : '';
  if (!presented) throw authErrors.refreshTokenNotFound();
  const verdict = await auth.pg.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; session_id: string; revoked: boolean; age: number }>(
      `select user_id, session_id, revoked, extract(epoch from now() - updated_at)::float8 as age
       from auth.refresh_tokens where token = $1 for update`,
      [presented],
    );
    const token = rows[0];
    if (!token) return { error: authErrors.refreshTokenNotFound() };
    if (token.revoked) {
      const { rows: children } = await tx.query<{ token: string }>(
        'select token from auth.refresh_tokens where parent = $1 and revoked = false',
        [presented],
      );
      if (children[0] && token.age <= auth.settings.refreshTokenReuseSeconds) {
        return { session: await sessionJson(tx, token.user_id, token.session_id, children[0].token, auth.sessionOptions) };
      }
      // A used token presented again outside the reuse window may be stolen: end the session.
      await tx.query('delete from auth.sessions where id = $1', [token.session_id]);
      return { error: authErrors.refreshTokenAlreadyUsed() };
    }
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [presented]);
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [token.session_id]);
    const next = await issueRefreshToken(tx, token.user_id, token.session_id, presented);
    return { session: await sessionJson(tx, token.user_id, token.session_id, next, auth.sessionOptions) };
  });
  if ('error' in verdict && verdict.error) throw verdict.error;
  return verdict.session;
}

export async function token(auth: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const grantType = url.searchParams.get('grant_type') ?? '';
  const input = await auth.body(req);
  if (grantType === 'password') return sendJson(res, 200, await passwordGrant(auth, input));
  if (grantType === 'refresh_token') return sendJson(res, 200, await refreshGrant(auth, input));
  throw authErrors.grantTypeUnsupported(grantType || '(none)');
}

export async function logout(auth: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const { user, session } = await auth.authenticate(req);
  const scope = url.searchParams.get('scope') ?? 'global';
  if (scope === 'local') await auth.pg.query('delete from auth.sessions where id = $1', [session.id]);
  else if (scope === 'others') await auth.pg.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
  else await auth.pg.query('delete from auth.sessions where user_id = $1', [user.id]);
  sendEmpty(res, 204);
}
