/**
 * What every Auth endpoint is given (AuthContext, built by index.ts) and the rows of auth.users and
 * auth.sessions the endpoints share.
 */
import type { IncomingMessage } from 'node:http';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { AuthSettings } from '../../config.ts';
import type { Inbox } from '../../doubles/mailbox.ts';
import type { JwtClaims } from '../../keys.ts';
import type { FailedAttemptThrottle } from './throttle.ts';

export type Queryable = Pick<PGlite | Transaction, 'query'>;

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

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  factor_id: string | null;
}

/** What every Auth endpoint is given. */
export interface AuthContext {
  pg: PGlite;
  settings: AuthSettings;
  apiUrl: string;
  inbox: Inbox;
  guesses: Record<'code' | 'password' | 'totp', FailedAttemptThrottle>;
  /** The JSON object body; anything else answers GoTrue's bad_json. */
  body(req: IncomingMessage): Promise<Record<string, unknown>>;
  /** The signed-in caller of a bearer token whose user and session still exist. */
  authenticate(req: IncomingMessage): Promise<{ claims: JwtClaims; user: UserRow; session: SessionRow }>;
}
