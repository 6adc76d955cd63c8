/**
 * Users, sessions and tokens of the local Auth server, stored in auth.users (shim.sql) and the
 * GoTrue tables of gotrue.sql. Everything here runs as the database superuser, as GoTrue does.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { signJwt } from '../../keys.ts';

type Queryable = Pick<PGlite | Transaction, 'query'>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
  last_sign_in_at: Date | null;
  banned_until: Date | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  factor_id: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, raw_app_meta_data,
  raw_user_meta_data, is_anonymous, created_at, updated_at, last_sign_in_at, banned_until`;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return rows[0];
}

/** A new email user, unconfirmed until their first code is verified (as GoTrue creates it on /otp). */
export async function createEmailUser(db: Queryable, email: string, metadata: Record<string, unknown>): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', lower($2), $3, $4, now(), now())
     returning ${USER_COLUMNS}`,
    [randomUUID(), email, { provider: 'email', providers: ['email'] }, metadata],
  );
  return rows[0];
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [userId]);
  return rows;
}

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** The user object GoTrue returns (GET /user, sessions, verify). */
export function userJson(user: UserRow, factors: FactorRow[]): Record<string, unknown> {
  const appMetadata = user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] };
  const userMetadata = user.raw_user_meta_data ?? {};
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata,
    user_metadata: userMetadata,
    identities: user.email
      ? [
          {
            identity_id: user.id,
            id: user.id,
            user_id: user.id,
            identity_data: { email: user.email, email_verified: Boolean(user.email_confirmed_at), phone_verified: false, sub: user.id },
            provider: 'email',
            last_sign_in_at: iso(user.last_sign_in_at),
            created_at: iso(user.created_at),
            updated_at: iso(user.updated_at),
            email: user.email,
          },
        ]
      : [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  // GoTrue omits `factors` when the user has none.
  if (factors.length > 0) {
    json.factors = factors.map((f) => ({
      id: f.id,
      friendly_name: f.friendly_name ?? '',
      factor_type: f.factor_type,
      status: f.status,
      created_at: iso(f.created_at),
      updated_at: iso(f.updated_at),
      ...(f.last_challenged_at ? { last_challenged_at: iso(f.last_challenged_at) } : {}),
    }));
  }
  return json;
}

/** GoTrue's refresh tokens are short random strings; 12 URL-safe characters here too. */
function newRefreshToken(): string {
  return randomBytes(9).toString('base64url');
}

export type AuthMethod = 'password' | 'otp' | 'totp';

/** Starts a session for a user who just proved a first factor. Runs inside the caller's transaction. */
export async function startSession(tx: Queryable, userId: string, method: AuthMethod): Promise<{ sessionId: string; refreshToken: string }> {
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

/** One-time codes are stored hashed together with the address they were sent to. */
export function hashOneTimeCode(email: string, code: string): string {
  return createHash('sha256').update(`${email.toLowerCase()}:${code}`).digest('hex');
}
