/**
 * Sessions and their tokens: a session per sign-in, rotating refresh tokens, the methods that
 * proved it (amr) and the signed access token with GoTrue's claims.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { signJwt } from '../../keys.ts';
import { findUserById, listFactors, userJson, type Queryable } from './users.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  factor_id: string | null;
}

/** GoTrue's refresh tokens are short random strings; 12 URL-safe characters here too. */
function newRefreshToken(): string {
  return randomBytes(9).toString('base64url');
}

export type AuthMethod = 'password' | 'otp' | 'totp';

/** Starts a session for a user who just proved a first factor. Runs inside the caller's transaction. */
export async function startSession(
  tx: Queryable,
  userId: string,
  method: AuthMethod,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await tx.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')`, [sessionId, userId]);
  await tx.query(`insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)`, [sessionId, method]);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  const refreshToken = await issueRefreshToken(tx, userId, sessionId, null);
  return { sessionId, refreshToken };
}

export async function issueRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
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
  const { rows } = await db.query<SessionRow>('select id, user_id, aal, factor_id from auth.sessions where id = $1', [sessionId]);
  return rows[0];
}

export interface SessionOptions {
  apiUrl: string;
  expirySeconds: number;
}

/**
 * The session body GoTrue returns from /token, /verify and /factors/{id}/verify, with an access
 * token carrying GoTrue's claims: aal and amr (newest method first), session_id, role, aud, ...
 */
export async function sessionJson(
  db: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
  options: SessionOptions,
): Promise<Record<string, unknown>> {
  const user = await findUserById(db, userId);
  const session = await findSession(db, sessionId);
  if (!user || !session) throw new Error('session or user vanished while signing in');
  const factors = await listFactors(db, userId);
  const { rows: amrRows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  const now = Math.floor(Date.now() / 1000);
  const exp = now + options.expirySeconds;
  const userObject = userJson(user, factors);
  const accessToken = await signJwt({
    aud: 'authenticated',
    exp,
    iat: now,
    iss: `${options.apiUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: userObject.app_metadata,
    user_metadata: userObject.user_metadata,
    role: user.role ?? 'authenticated',
    aal: session.aal,
    amr: amrRows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000) })),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: options.expirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userObject,
  };
}
