/**
 * Users as GoTrue stores and returns them (auth.users of shim.sql, auth.mfa_factors of gotrue.sql),
 * and the /user endpoints. Everything here runs as the database superuser, as GoTrue does.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import { sendJson } from '../../http.ts';
import { authErrors } from './errors.ts';
import type { AuthContext, Queryable, UserRow } from './context.ts';

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

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, raw_app_meta_data,
  raw_user_meta_data, is_anonymous, created_at, updated_at, last_sign_in_at, banned_until`;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`, [
    email,
  ]);
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
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: user.raw_user_meta_data ?? {},
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
    // GoTrue omits `factors` when the user has none.
    factors: factors.length ? factors.map(factorJson) : undefined,
  };
}

const factorJson = ({ id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at }: FactorRow) => ({
  ...{ id, friendly_name: friendly_name ?? '', factor_type, status },
  ...{ created_at: iso(created_at), updated_at: iso(updated_at), last_challenged_at: iso(last_challenged_at) },
});

export async function getUser({ pg, authenticate }: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const { user } = await authenticate(req);
  sendJson(res, 200, userJson(user, await listFactors(pg, user.id)));
}

export async function updateUser({ pg, authenticate, body }: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const { user } = await authenticate(req);
  const input = await body(req);
  if (typeof input.email === 'string' && input.email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
    throw authErrors.notSupported('Changing the email address');
  }
  if (typeof input.phone === 'string') throw authErrors.notSupported('Changing the phone number');
  if (input.password !== undefined) {
    if (typeof input.password !== 'string' || input.password.length < 6) throw authErrors.weakPassword();
    await pg.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
      user.id,
      await bcrypt.hash(input.password, 10),
    ]);
  }
  if (input.data && typeof input.data === 'object') {
    // GoTrue merges the given keys into user_metadata; a null value removes the key.
    const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
    for (const [key, value] of Object.entries(input.data as Record<string, unknown>)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    await pg.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [user.id, merged]);
  }
  // The row was just written in this request; the pre-update row only stands in if it vanished meanwhile.
  const updated = (await findUserById(pg, user.id)) ?? user;
  sendJson(res, 200, userJson(updated, await listFactors(pg, user.id)));
}
