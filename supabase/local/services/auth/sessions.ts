/**
 * Sessions (/token, /logout): a session per sign-in, the methods that proved it (amr), rotating refresh
 * tokens and the signed access token with GoTrue's claims. Password sign-in; refresh-token rotation,
 * where a rotated token still answers within config.toml's reuse interval (two tabs refreshing at once)
 * and a replay after it ends the session, as GoTrue does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import { sendJson } from '../../http.ts';
import { signJwt } from '../../keys.ts';
import { authErrors } from './errors.ts';
import type { AuthContext, Queryable, SessionRow } from './context.ts';
import { refuseWhileThrottled } from './throttle.ts';
import { findUserByEmail, findUserById, listFactors, userJson } from './users.ts';

type AuthMethod = 'password' | 'otp' | 'totp';

/** Starts a session for a user who just proved a first factor; answers GoTrue's session body. Runs inside the caller's transaction. */
export async function startSession(auth: AuthContext, tx: Queryable, userId: string, method: AuthMethod) {
  const sessionId = randomUUID();
  await tx.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')`, [sessionId, userId]);
  await recordAmr(tx, sessionId, method);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  return sessionJson(auth, tx, userId, sessionId, await issueRefreshToken(tx, userId, sessionId, null));
}

/** GoTrue's refresh tokens are short random strings: 12 URL-safe characters. */
export async function issueRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = randomBytes(9).toString('base64url');
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
    token,
    userId,
    sessionId,
    parent,
  ]);
  return token;
}

/** Adds an authentication method to a session (a TOTP verify) or refreshes its timestamp. */
export async function recordAmr(tx: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

export async function findSession(db: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  return (await db.query<SessionRow>('select id, user_id, aal, factor_id from auth.sessions where id = $1', [sessionId])).rows[0];
}

/**
 * The session body GoTrue returns from /token, /verify and /factors/{id}/verify, with an access
 * token carrying GoTrue's claims: aal and amr (newest method first), session_id, role, aud, ...
 */
export async function sessionJson(auth: AuthContext, db: Queryable, userId: string, sessionId: string, refreshToken: string) {
  const user = await findUserById(db, userId);
  const session = await findSession(db, sessionId);
  if (!user || !session) throw new Error('session or user vanished while signing in');
  const { rows: amr } = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = auth.settings.jwtExpirySeconds;
  const userObject = userJson(user, await listFactors(db, userId));
  const accessToken = await signJwt({
    aud: 'authenticated',
    exp: now + expiresIn,
    iat: now,
    iss: `${auth.apiUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: userObject.app_metadata,
    user_metadata: userObject.user_metadata,
    role: user.role ?? 'authenticated',
    aal: session.aal,
    amr: amr.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000) })),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    refresh_token: refreshToken,
    user: userObject,
  };
}

async function passwordGrant(auth: AuthContext, input: Record<string, unknown>) {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (typeof input.phone === 'string') throw authErrors.notSupported('Phone sign-in');
  if (!email || !password) throw authErrors.invalidCredentials();
  const key = email.toLowerCase();
  refuseWhileThrottled(auth.guesses.password, key);
  const user = await findUserByEmail(auth.pg, email);
  if (!user?.encrypted_password || !(await bcrypt.compare(password, user.encrypted_password))) {
    auth.guesses.password.fail(key);
    throw authErrors.invalidCredentials();
  }
  auth.guesses.password.clear(key);
  if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
  return auth.pg.transaction((tx) => startSession(auth, tx, user.id, 'password'));
}

async function refreshGrant(auth: AuthContext, input: Record<string, unknown>) {
  const presented = typeof input.refresh_token === 'string' ? input.refresh_token : '';
  if (!presented) throw authErrors.refreshTokenNotFound();
  // A replayed token ends its session, which must commit even though the request fails: the
  // transaction returns the error instead of throwing it.
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
        return { session: await sessionJson(auth, tx, token.user_id, token.session_id, children[0].token) };
      }
      // A used token presented again outside the reuse window may be stolen: end the session.
      await tx.query('delete from auth.sessions where id = $1', [token.session_id]);
      return { error: authErrors.refreshTokenAlreadyUsed() };
    }
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [presented]);
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [token.session_id]);
    const next = await issueRefreshToken(tx, token.user_id, token.session_id, presented);
    return { session: await sessionJson(auth, tx, token.user_id, token.session_id, next) };
  });
  if (verdict.error) throw verdict.error;
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
  res.writeHead(204).end();
}
